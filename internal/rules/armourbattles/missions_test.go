package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// smokeFixture: two M4s far from two Panthers 3" apart on a ridge of open
// ground, the US with a battery and staff orders, in its orders phase.
func smokeFixture(t *testing.T) *fixture {
	f := newFixture(t, nil, us, 1,
		placed{"us-1", "m4-75", us, 30, 4, 90},
		placed{"us-2", "m4-75", us, 36, 4, 90},
		placed{"de-1", "panther-g", german, 31, 40, -90},
		placed{"de-2", "panther-g", german, 34, 40, -90},
	)
	withBattery(t, f, "us-art", "m7", us)
	f.s.Sides[us].Staff = 2
	return f
}

func TestSmokeCandidateBlindsTheWatchingGuns(t *testing.T) {
	f := smokeFixture(t)
	var smoke *CallMission
	for _, a := range f.s.Candidates(nil) {
		if c, ok := a.(CallMission); ok && c.Smoke {
			smoke = &c
		}
	}
	if smoke == nil {
		t.Fatal("no smoke mission among the candidates")
	}
	screen := SmokeScreen{Center: geom.Point{X: smoke.X, Y: smoke.Y}, Orient: geom.Deg(smoke.Orient)}.Box()
	for _, id := range []string{"de-1", "de-2"} {
		if !screen.Contains(f.unit(id).Pos) {
			t.Errorf("the screen %+v leaves %s out", smoke, id)
		}
	}
	// Laid at once (response 4D: 4, 5 against 3D: 1, 1, 1), the two
	// Panthers see nothing and are seen by nothing.
	f.dice(4, 5, 1, 1, 1, 1, 1)
	f.do(*smoke)
	if len(f.s.Smokes) != 1 {
		t.Fatalf("smokes %+v, want the screen laid", f.s.Smokes)
	}
	for _, e := range []int{f.s.unitIndex("de-1"), f.s.unitIndex("de-2")} {
		for _, u := range []int{f.s.unitIndex("us-1"), f.s.unitIndex("us-2")} {
			if f.s.canSee(e, u) || f.s.canSee(u, e) {
				t.Errorf("%s and %s still see each other through the smoke", f.s.Units[e].ID, f.s.Units[u].ID)
			}
		}
	}
}

func TestDoctrineSmokesWatchingGunsWhenItHasNoShot(t *testing.T) {
	// 36" away the M4s have no good shot, and the Panthers watch them:
	// the doctrine blinds both with smoke rather than shelling one.
	f := smokeFixture(t)
	got, ok := f.s.Doctrine().(CallMission)
	if !ok || !got.Smoke {
		t.Fatalf("doctrine %+v, want a smoke mission", f.s.Doctrine())
	}
	// Within effective range the M4s shoot instead (smoke would blind
	// them too); high explosive is still on offer.
	f = smokeFixture(t)
	f.unit("de-1").Pos.Y, f.unit("de-2").Pos.Y = 14, 14
	if a, ok := f.s.Doctrine().(CallMission); ok && a.Smoke {
		t.Errorf("doctrine calls smoke %+v with targets in effective range", a)
	}
}
