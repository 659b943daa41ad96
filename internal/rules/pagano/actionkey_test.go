package pagano

import (
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/engine/enginetest"
)

// TestAppendActionKey checks that two actions get the same key exactly
// when their JSON forms are the same, over the candidates of random games
// of each Pagano scenario and actions made to tell apart (strings that a
// key without lengths would run together, a nil list and an empty one, 0
// and -0, a pointer and none), that a key appended to other bytes is
// those bytes and the key, and that only the action with a NaN is
// declined.
func TestAppendActionKey(t *testing.T) {
	zero, negZero, ninety := 0.0, math.Copysign(0, -1), 90.0
	acts := []engine.Action{
		Begin{}, HoldFire{}, EndMovement{}, AmbushPass{},
		Move{Unit: "a", To: nil}, Move{Unit: "a", To: [][2]float64{}},
		Move{Unit: "a", To: [][2]float64{{1, 2}}}, Move{Unit: "a", To: [][2]float64{{1, 2}}, Stop: true},
		Move{Unit: "a", To: [][2]float64{{1, 2}}, Stop: true, Facing: &zero},
		Move{Unit: "a", To: [][2]float64{{1, 2}}, Stop: true, Facing: &negZero},
		Move{Unit: "a", To: [][2]float64{{1, 2}}, Stop: true, Turret: &zero},
		Move{Unit: "a", To: [][2]float64{{1, 2}, {3, 4}}},
		Fire{}, Fire{Shots: []Shot{}}, Fire{Shots: []Shot{{Unit: "a b", Target: "c"}}}, Fire{Shots: []Shot{{Unit: "a", Target: "b c"}}},
		Fire{Shots: []Shot{{Unit: "a", Target: "b"}, {Unit: "c", Target: "d"}}}, Fire{Shots: []Shot{{Unit: "a", Target: "b"}}},
		Ambush{Unit: "a", At: 1.5}, Ambush{Unit: "a", At: 2}, Ambush{Unit: "a", At: math.NaN()},
		Pivot{Unit: "a", Facing: &ninety}, Pivot{Unit: "a", Turret: &ninety}, Hold{Unit: "a"}, Hold{Unit: "a", Facing: &ninety},
		Deploy{Unit: "a", X: 1, Y: 2, Facing: 90}, Deploy{Unit: "a", X: 1, Y: 2, Facing: 90, Turret: &zero},
	}
	made := len(acts)
	for _, sc := range paganoScenarios(t) {
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := Rules{}.New(sc)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			src := dice.NewPCG(seed)
			ags := []agent.Agent{agent.NewRandom(seed), agent.NewRandom(seed + 10)}
			for n := 0; !s.Over && n < 400; n++ {
				acts = s.Candidates(acts)
				s.Apply(ags[s.Pending().Side].Choose(s), src, engine.Discard)
			}
		}
	}
	var s State
	declined, distinct := enginetest.CheckActionKeys(t, s.AppendActionKey, acts)
	if declined != 1 {
		t.Errorf("declined %d actions, want 1 (the ambush at NaN)", declined)
	}
	if len(acts) < made+1000 {
		t.Errorf("only %d candidates from the games", len(acts)-made)
	}
	t.Logf("%d actions, %d distinct keys", len(acts), distinct)
}
