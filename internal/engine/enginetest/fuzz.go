package enginetest

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// FuzzActions fuzzes a ruleset's handling of actions as a client sends
// them: raw JSON, decoded by the ruleset and put to states met in a
// random game of c's scenario (c.Rules, c.Scenario, c.Seed and
// c.Invariant are used). The corpus starts with the encoded candidates
// of those states, so mutations stay close to real actions, and with
// extra, hand-written inputs.
//
// For every input and every state: decoding either gives an action or an
// error with text; a refused action (Validate) must say why and leave
// the state exactly as it was; an accepted one must apply without a
// panic, keep the invariant, and leave a state that encodes and decodes
// to the same hash. A panic or a hang anywhere is the fuzzer's own
// failure.
func FuzzActions(f *testing.F, c Config, positions int, extra ...string) {
	states := samplePositions(f, c, positions)
	seen := map[string]bool{}
	for _, st := range states {
		for _, a := range st.Candidates(nil) {
			raw, err := engine.EncodeAction(a)
			if err != nil {
				f.Fatalf("encoding candidate %s: %v", a.Kind(), err)
			}
			if !seen[string(raw)] && len(seen) < 400 {
				seen[string(raw)] = true
				f.Add([]byte(raw))
			}
		}
	}
	for _, raw := range extra {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		a, err := c.Rules.DecodeAction(raw)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("DecodeAction(%s): an error without text", raw)
			}
			return
		}
		for i, orig := range states {
			st := orig.Clone()
			h := st.Hash()
			if err := st.Validate(a); err != nil {
				if err.Error() == "" {
					t.Fatalf("position %d: %s refused without a reason", i, raw)
				}
				if st.Hash() != h {
					t.Fatalf("position %d: refusing %s changed the state", i, raw)
				}
				continue
			}
			st.Apply(a, dice.NewPCG(uint64(i)+1), engine.Discard)
			if c.Invariant != nil {
				if err := c.Invariant(st); err != nil {
					t.Fatalf("position %d: after %s: invariant: %v", i, raw, err)
				}
			}
			js, err := st.MarshalJSON()
			if err != nil {
				t.Fatalf("position %d: after %s: encoding the state: %v", i, raw, err)
			}
			back, err := c.Rules.DecodeState(js)
			if err != nil {
				t.Fatalf("position %d: after %s: decoding the state: %v", i, raw, err)
			}
			if back.Hash() != st.Hash() {
				t.Fatalf("position %d: after %s: the state's hash changed in a round trip", i, raw)
			}
		}
	})
}

// samplePositions plays one random game of c's scenario and returns
// clones of n of its states, spread over its length (every kind of
// decision the game met is likely among them).
func samplePositions(f *testing.F, c Config, n int) []engine.State {
	n = max(n, 1)
	st, err := c.Rules.New(c.Scenario)
	if err != nil {
		f.Fatalf("new state: %v", err)
	}
	src := dice.NewPCG(c.Seed)
	pick := rand.New(rand.NewPCG(c.Seed, 0xf022))
	var all []engine.State
	var cands []engine.Action
	for step := 0; step < 5000 && !st.Result().Over; step++ {
		all = append(all, st.Clone())
		cands = st.Candidates(cands[:0])
		if len(cands) == 0 {
			f.Fatalf("step %d: no candidates for %s", step, st.Pending().Kind)
		}
		st.Apply(cands[pick.IntN(len(cands))], src, engine.Discard)
	}
	if len(all) == 0 {
		f.Fatal("the game was over before it began")
	}
	// The first state, and the rest evenly spread, with each kind of
	// decision at least once when n allows.
	var out []engine.State
	kinds := map[string]bool{}
	for _, s := range all {
		if k := s.Pending().Kind; !kinds[k] && len(out) < n {
			kinds[k] = true
			out = append(out, s)
		}
	}
	for i := 0; len(out) < n && i < n; i++ {
		out = append(out, all[i*len(all)/n])
	}
	return out
}
