package armourbattles

import (
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
)

// TestMissionCandidatesByThePlainRule checks the fire-mission candidate
// against the rule worked out the plain way (referenceMissionCandidates:
// the first unit that observes, by observes itself, calls it), after every
// action of seeded random games of the battles with artillery. (The smoke
// screen's candidate only asks observes once per unit now instead of once
// per unit and ready enemy; TestAgentDecisionsUnchanged in internal/agent
// checks that no decision changed.)
func TestMissionCandidatesByThePlainRule(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	offered := 0
	for _, id := range []string{"armour-battles/battle-2", "armour-battles/battle-3"} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			playRandomOn(t, battle(t, id), seed, func(s *State, _ engine.Action) error {
				got := s.missionCandidates(nil)
				want := referenceMissionCandidates(s)
				if len(got) != len(want) {
					t.Fatalf("%s: %v, want %v", id, got, want)
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: candidate %d is %v, want %v", id, i, got[i], want[i])
					}
				}
				offered += len(got)
				return nil
			})
		}
	}
	if offered == 0 {
		t.Fatal("no fire mission was ever offered: the test proves nothing")
	}
	t.Logf("%d fire-mission candidates compared", offered)
}

// referenceMissionCandidates is the fire mission missionCandidates
// offers, by the plain rule, for the first battery free to be called (no
// mission, none cancelled this turn): the first of the side's units (in order)
// that observes (is a forward observer) calls it, on the enemy it sees
// with the most enemies within the burst radius (the first such), and the
// smoke screen follows as smokeCandidate gives it.
func referenceMissionCandidates(s *State) []engine.Action {
	bi := slices.IndexFunc(s.Batteries, func(b Battery) bool { return b.Side == s.Active && b.Marker == nil && b.Cancelled != s.Turn })
	if s.Sides[s.Active].Staff == 0 || bi < 0 {
		return nil
	}
	first := slices.IndexFunc(s.unitsOf(s.Active), s.observes)
	if first < 0 {
		return nil
	}
	u := s.unitsOf(s.Active)[first]
	enemies := s.enemiesOf(s.Active)
	burst := func(e int) int {
		return len(slices.DeleteFunc(slices.Clone(enemies), func(o int) bool { return s.box(o).DistToPoint(s.Units[e].Pos) > BurstRadius }))
	}
	target := -1
	for _, e := range enemies {
		if s.lineOfSight(u, s.box(u), e, s.box(e)) && (target < 0 || burst(e) > burst(target)) {
			target = e
		}
	}
	p := s.Units[target].Pos
	out := []engine.Action{CallMission{Battery: s.Batteries[bi].ID, Observer: s.Units[u].ID, X: round2(p.X), Y: round2(p.Y)}}
	if sm, ok := s.smokeCandidate(bi, s.unitSightFrom(s.Active)); ok {
		out = append(out, sm)
	}
	return out
}
