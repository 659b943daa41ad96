package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// TestScriptedSeatBorrowsMemo plays a Battle 2 game (hidden units, so the
// doctrine plays determinized copies) the way the server's AI seats do: a
// fresh scripted agent for every decision, handed no memo. Each decision
// must be the one a fresh agent with the same seed makes with a memo of
// its own made for it, and every decision after the first must borrow
// the one memo the first shelved.
func TestScriptedSeatBorrowsMemo(t *testing.T) {
	r, sc := battle(t, "armour-battles/battle-2")
	st, err := r.New(sc)
	if err != nil {
		t.Fatal(err)
	}
	agent.EmptyDoctrineMemos()
	src := dice.NewPCG(7)
	var shelved any
	for n := 0; !st.Result().Over; n++ {
		seed := uint64(7)<<32 ^ uint64(n)
		seat, err := agent.New("scripted", seed)
		if err != nil {
			t.Fatal(err)
		}
		a := seat.Choose(st)
		if n == 0 {
			if shelved = agent.ShelvedDoctrineMemo(); shelved == nil {
				t.Fatal("the first decision shelved no memo")
			}
		} else if m := agent.ShelvedDoctrineMemo(); m != shelved {
			t.Fatalf("decision %d: the shelf holds %p, want the first decision's memo %p", n, m, shelved)
		}
		own := agent.NewScripted(seed)
		var fresh any
		own.KeepMemo(&fresh)
		if got, want := actionJSON(t, a), actionJSON(t, own.Choose(st)); got != want {
			t.Fatalf("decision %d (%s): borrowed memo chose %s, own memo %s", n, st.Pending().Kind, got, want)
		}
		if err := st.Validate(a); err != nil {
			t.Fatalf("decision %d: %v", n, err)
		}
		st.Apply(a, src, engine.Discard)
	}
}

func actionJSON(t *testing.T, a engine.Action) string {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
