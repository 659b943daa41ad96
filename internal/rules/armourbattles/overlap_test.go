package armourbattles

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// TestForcedBackOntoFriendsAtTheEdge: an M4 forced back towards the table
// edge onto a friend with no room beyond it halts short of the friend from
// revision 5 (ruling R63); revision 4 left it on top of the friend.
func TestForcedBackOntoFriendsAtTheEdge(t *testing.T) {
	for _, rev := range []int{4, Revision} {
		f := newFixture(t, nil, german, 2, placed{"us-1", "m4-75", us, 36, 42, -90}, placed{"us-2", "m4-75", us, 36, 46.5, -90})
		f.s.Rev = rev
		u := f.s.unitIndex("us-1")
		var evs engine.EventList
		f.s.forceBack(u, geom.Point{X: 36, Y: 20}, 6, dice.NewScripted(), &evs)
		over := f.s.overlappingAny(u, f.s.box(u)) >= 0
		un := f.unit("us-1")
		switch {
		case rev < 5 && !over:
			t.Errorf("revision %d: the M4 at %v is clear of its friend; the test no longer shows the old overlap", rev, un.Pos)
		case rev >= 5 && (over || un.Dispersed || un.Pos.Y < 42 || un.Pos.Y > 44+1e-9):
			t.Errorf("revision %d: the M4 ends at %v (overlapping %v, dispersed %v), want between y 42 and 44, short of its friend", rev, un.Pos, over, un.Dispersed)
		case rev >= 5 && (len(evs) != 1 || !strings.HasSuffix(evs[0].Text, "halts short of friends, with no room beyond them")):
			t.Errorf("revision %d: the events %v do not say it halts short of friends", rev, evs)
		}
	}
}

// TestForcedBackOntoAHiddenEnemy: an M5 forced back 8" towards a Panzer IV
// hidden from the Americans, standing where the M5's walk would end: the
// walk does not meet a unit hidden from its side, so revision 5 left the
// M5 where it stood (ruling R63's fallback); from revision 6 it halts at
// the furthest point of its path clear of the Panzer, and says it halts
// short of a unit without naming it (ruling R64).
func TestForcedBackOntoAHiddenEnemy(t *testing.T) {
	for _, rev := range []int{5, Revision} {
		f := newFixture(t, nil, german, 2, placed{"us-m5", "m5", us, 36, 20, 90}, placed{"de-2", "panzer-iv-h", german, 36, 12, 90})
		f.s.Rev = rev
		f.unit("de-2").Hidden = true
		u := f.s.unitIndex("us-m5")
		var evs engine.EventList
		f.s.forceBack(u, geom.Point{X: 36, Y: 30}, 8, dice.NewScripted(), &evs)
		un := f.unit("us-m5")
		over := f.s.overlappingAny(u, f.s.box(u)) >= 0
		text := ""
		if len(evs) == 1 {
			text = evs[0].Text
		}
		switch {
		case over || un.Dispersed || !f.unit("de-2").Hidden:
			t.Errorf("revision %d: the M5 at %v overlaps %v, dispersed %v; the Panzer hidden %v", rev, un.Pos, over, un.Dispersed, f.unit("de-2").Hidden)
		case rev == 5 && (un.Pos != geom.Point{X: 36, Y: 20} || !strings.Contains(text, "halts where it stands")):
			t.Errorf("revision 5: the M5 ends at %v (%q); the test no longer shows it kept in place", un.Pos, text)
		case rev >= 6 && (un.Pos.Y >= 20 || un.Pos.Y < 12 || strings.Contains(text, "de-2") || !strings.Contains(text, "halts short of a unit in its way")):
			t.Errorf("revision %d: the M5 ends at %v (%q), want it back towards y 12, short of the Panzer, which the event does not name", rev, un.Pos, text)
		}
		// Any further back overlaps the Panzer: the halt is the furthest
		// clear point (to the walk's quarter-inch steps).
		if further := f.s.boxAt(u, un.Pos.Add(geom.Point{Y: -0.25}), un.Heading); rev >= 6 && f.s.overlappingAny(u, further) < 0 {
			t.Errorf("revision %d: the M5 halts at %v though a quarter-inch further back is clear", rev, un.Pos)
		}
	}
}

// TestHashCoversAMoversStartingFacing: two states in the middle of a move
// that differ only in the mover's starting facing (Mover.From, which
// revision 5's halts fall back to) hash alike under revision 5, whose logs
// keep their hashes, and apart from revision 6 (ruling R64).
func TestHashCoversAMoversStartingFacing(t *testing.T) {
	for _, rev := range []int{5, Revision} {
		f := newFixture(t, nil, us, 1, placed{"us-1", "m4-75", us, 30, 10, 90})
		f.s.Rev = rev
		hash := func(from float64) uint64 {
			f.s.Move = &MoveState{Movers: []Mover{{Unit: 0, Path: []geom.Point{{X: 30, Y: 10}, {X: 30, Y: 20}}, From: geom.Deg(from)}}}
			return f.s.Hash()
		}
		if same := hash(90) == hash(0); same != (rev < 6) {
			t.Errorf("revision %d: the hashes of movers that started facing 90° and 0° are the same: %v", rev, same)
		}
	}
}

// TestBlockedMoverKeepsItsFacing: an M4 sent 1.8" east onto the friend
// beside it cannot leave its place; from revision 5 it does not turn east
// where it stands either, which would put its hull over the friend's
// (ruling R63).
func TestBlockedMoverKeepsItsFacing(t *testing.T) {
	for _, rev := range []int{4, Revision} {
		f := newFixture(t, nil, us, 2, placed{"us-1", "m4-75", us, 30, 10, 90}, placed{"us-2", "m4-75", us, 31.8, 10, 90})
		f.s.Rev = rev
		f.do(Activate{Order: OrderMoveFire, Leader: "us-1", Dice: 1})
		f.dice(3)
		f.do(Move{Units: []UnitMove{{Unit: "us-1", To: [][2]float64{{31.8, 10}}}}})
		u := f.s.unitIndex("us-1")
		over := f.s.overlappingAny(u, f.s.box(u)) >= 0
		un := f.unit("us-1")
		switch {
		case rev < 5 && !over:
			t.Errorf("revision %d: the M4 is clear at %v facing %.0f°; the test no longer shows the old overlap", rev, un.Pos, un.Heading.Degrees())
		case rev >= 5 && (over || un.Pos != geom.Point{X: 30, Y: 10} || !near(un.Heading.Degrees(), 90)):
			t.Errorf("revision %d: the M4 ends at %v facing %.0f° (overlapping %v), want it where it stood, facing 90°", rev, un.Pos, un.Heading.Degrees(), over)
		}
	}
}

// TestNoOverlapsInRandomPlay plays random games on every battle and checks
// after each action that no two units stand on one another once no move
// is under way (ruling R63). SANDTABLE_OVERLAP_GAMES sets the games per
// battle (40 by default; the ruling's 200 were run so).
func TestNoOverlapsInRandomPlay(t *testing.T) {
	games := 40
	if v, err := strconv.Atoi(os.Getenv("SANDTABLE_OVERLAP_GAMES")); err == nil && v > 0 {
		games = v
	}
	if testing.Short() {
		games = 5
	}
	// The seeds start at 10,001 so as not to replay the random-game tests'.
	for _, id := range allBattles {
		sc := battle(t, id)
		for seed := uint64(10_001); seed <= uint64(10_000+games); seed++ {
			playRandomOn(t, sc, seed, nil)
		}
	}
}
