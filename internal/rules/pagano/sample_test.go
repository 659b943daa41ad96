package pagano

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
)

// TestSampleDrawsUniformly plays random games of every scenario and, at
// each movement decision, works out Sample's exact distribution by
// following every sequence of picks it can make; each candidate that
// Candidates lists must come out with probability 1/len(list).
func TestSampleDrawsUniformly(t *testing.T) {
	checked, extra := 0, 0
	for _, sc := range paganoScenarios(t) {
		st, err := Rules{}.New(sc)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		src := dice.NewPCG(3)
		agents := []agent.Agent{agent.NewRandom(5), agent.NewRandom(6)}
		for n := 0; !s.Over && n < 400; n++ {
			if s.pending().Kind == KindMove && n%3 == 0 {
				want := map[string]float64{}
				cands := s.Candidates(nil)
				for _, a := range cands {
					want[actionKey(t, a)] += 1 / float64(len(cands))
				}
				got, runs := sampleDistribution(t, s)
				for k, p := range want {
					if math.Abs(got[k]-p) > 1e-9 {
						t.Fatalf("%s action %d: %s drawn with probability %.6f, want %.6f (of %d candidates)", sc.ID, n, k, got[k], p, len(cands))
					}
				}
				for k, p := range got {
					if _, ok := want[k]; !ok {
						t.Fatalf("%s action %d: Sample drew %s (probability %.6f), which Candidates does not list", sc.ID, n, k, p)
					}
				}
				checked++
				extra += runs - 1
			}
			s.Apply(agents[s.Pending().Side].Choose(s), src, engine.Discard)
		}
	}
	t.Logf("%d movement decisions checked; %d pick sequences beyond one each", checked, extra)
	if checked < 30 || extra == 0 {
		t.Fatalf("%d decisions, %d extra sequences: the test checks too little", checked, extra)
	}
}

// sampleDistribution runs s.Sample under every sequence of picks it can
// make and returns each action's probability, and how many sequences
// there were.
func sampleDistribution(t *testing.T, s *State) (map[string]float64, int) {
	out, runs, ok := enginetest.Distribution(func(pick func(int) int) string {
		a, _ := s.Sample(pick, nil)
		return actionKey(t, a)
	}, 1<<20)
	if !ok {
		t.Fatalf("more than %d pick sequences", runs)
	}
	return out, runs
}

func actionKey(t *testing.T, a engine.Action) string {
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return a.Kind() + string(b)
}
