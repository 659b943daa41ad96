package enginetest

import (
	"bytes"
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

// FuzzLog fuzzes reading and replaying game logs, as the replay command
// and the server read a file a user gives them. The corpus starts with
// the log of a random game of c's scenario (c.Rules, c.Scenario, c.Seed),
// whole, cut short and with a record dropped. For every input, ReadLog
// either reads a log or says why not, and Replay, given what it read,
// either replays it or says why not; a panic or a hang is a failure.
func FuzzLog(f *testing.F, c Config, load engine.ScenarioLoader) {
	g, err := engine.NewGame(c.Rules, c.Scenario, c.Seed)
	if err != nil {
		f.Fatalf("new game: %v", err)
	}
	pick := rand.New(rand.NewPCG(c.Seed, 0x106))
	var cands []engine.Action
	for step := 0; step < 5000 && !g.State().Result().Over; step++ {
		cands = g.State().Candidates(cands[:0])
		if _, err := g.Apply(cands[pick.IntN(len(cands))]); err != nil {
			f.Fatalf("step %d: %v", step, err)
		}
	}
	var buf bytes.Buffer
	if err := g.WriteLog(&buf); err != nil {
		f.Fatalf("writing the log: %v", err)
	}
	whole := buf.Bytes()
	lines := bytes.SplitAfter(whole, []byte("\n"))
	f.Add(whole)
	f.Add(bytes.Join(lines[:len(lines)/2], nil))
	if len(lines) > 3 {
		f.Add(bytes.Join(append(append([][]byte{}, lines[:2]...), lines[3:]...), nil))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		lg, err := engine.ReadLog(bytes.NewReader(raw))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("ReadLog: an error without text")
			}
			return
		}
		if _, err := engine.Replay(lg, load); err != nil && err.Error() == "" {
			t.Fatal("Replay: an error without text")
		}
	})
}
