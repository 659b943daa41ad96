package armourbattles

import (
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
)

// TestSampleDrawsUniformly checks Sample at the orders decisions of seeded
// random games of every battle, half of them with a sight memo. The
// options Sample draws among that hold a candidate must be exactly what
// Candidates lists (as a multiset: engine.DrawValid, tested on its own,
// then draws each with probability 1/(the number valid)), and Sample's
// exact distribution, followed through every sequence of picks, must be
// uniform over Candidates' list.
func TestSampleDrawsUniformly(t *testing.T) {
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	checked, missions := 0, 0
	var memo any
	for _, id := range allBattles {
		for seed := uint64(1); seed <= seeds; seed++ {
			playRandomOn(t, battle(t, id), seed, func(s0 *State, _ engine.Action) error {
				if s0.Over || s0.decision().Kind != phaseOrders {
					return nil
				}
				s := s0.Clone().(*State)
				if checked%2 == 0 {
					s.WithMemo(&memo)
				}
				cands := s.Candidates(nil)
				want := map[string]int{}
				for _, a := range cands {
					want[key(t, a)]++
				}
				listed, units, mp := s.orderOptions(nil, nil)
				got := map[string]int{}
				for i := range mp.first + maxMissions {
					if mp.valid(i) {
						got[key(t, mp.action(i, listed, units))]++
					}
				}
				if !sameCounts(got, want) {
					t.Fatalf("%s seed %d: Sample's options hold %v, Candidates lists %v", id, seed, got, want)
				}
				missions += len(mp.missions)
				dist, runs, ok := enginetest.Distribution(func(pick func(int) int) string {
					a, _ := s.Sample(pick, nil)
					return key(t, a)
				}, 1<<16)
				if !ok {
					t.Fatalf("%s seed %d: more than %d pick sequences", id, seed, runs)
				}
				for k, n := range want {
					if p := float64(n) / float64(len(cands)); math.Abs(dist[k]-p) > 1e-9 {
						t.Fatalf("%s seed %d: %s drawn with probability %.6f, want %.6f", id, seed, k, dist[k], p)
					}
				}
				for k := range dist {
					if want[k] == 0 {
						t.Fatalf("%s seed %d: Sample drew %s, which Candidates does not list", id, seed, k)
					}
				}
				checked++
				return nil
			})
		}
	}
	t.Logf("%d orders decisions, %d fire missions among their candidates", checked, missions)
	if checked < 100 || missions < 20 {
		t.Fatalf("the test checks too little")
	}
}

func key(t *testing.T, a engine.Action) string {
	b, err := engine.EncodeAction(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func sameCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, n := range a {
		if b[k] != n {
			return false
		}
	}
	return true
}

// TestSampleActivationPicksAsCandidates checks Sample at the activation
// decisions and opportunity-fire windows of seeded random games of every
// battle, two in three of them with a sight memo: it must ask one pick
// over as many options as Candidates lists, and pick i must give
// Candidates' i-th action. The actions drawn must stay as they were after
// the next decision's draws, which build their group moves in the same
// memo.
func TestSampleActivationPicksAsCandidates(t *testing.T) {
	checked, moves, windows, fires := 0, 0, 0, 0
	var memo any
	var last []engine.Action // the last decision's draws
	var lastKeys []string
	for _, id := range allBattles {
		playRandomOn(t, battle(t, id), 1, func(s0 *State, _ engine.Action) error {
			if s0.Over {
				return nil
			}
			switch s0.decision().Kind {
			case phaseActivation:
			case "opportunity-fire":
				windows++
			default:
				return nil
			}
			s := s0.Clone().(*State)
			if checked%3 != 0 {
				s.WithMemo(&memo)
			}
			cands := s.Candidates(nil)
			var drawn []engine.Action
			var keys []string
			for i := range cands {
				asked := 0
				a, _ := s.Sample(func(n int) int {
					if asked++; n != len(cands) {
						t.Fatalf("%s: Sample picks among %d, Candidates lists %d", id, n, len(cands))
					}
					return i
				}, nil)
				if asked != 1 {
					t.Fatalf("%s: Sample picked %d times, want once", id, asked)
				}
				if got, want := key(t, a), key(t, cands[i]); got != want {
					t.Fatalf("%s: pick %d gives %s, Candidates' %d-th is %s", id, i, got, i, want)
				}
				drawn, keys = append(drawn, a), append(keys, key(t, a))
				switch a.(type) {
				case Move:
					moves++
				case OppFire:
					fires++
				}
			}
			for i, a := range last {
				if got := key(t, a); got != lastKeys[i] {
					t.Fatalf("%s: an action drawn at the last decision changed to %s, was %s", id, got, lastKeys[i])
				}
			}
			last, lastKeys = drawn, keys
			checked++
			return nil
		})
	}
	t.Logf("%d decisions (%d of them windows), %d group moves and %d shots drawn", checked, windows, moves, fires)
	if checked-windows < 100 || moves < 100 || windows < 100 || fires < 100 {
		t.Fatalf("the test checks too little")
	}
}
