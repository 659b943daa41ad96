package server_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// TestGameSavedBeforeRulesRevision: a game stored before Armour Battles'
// rules revision 1 (its config has no "rev") loads and goes on under
// revision 0, as it was played: here a Battle 2 game whose records have
// no decoy windows (ruling R56), which revision 1 would have opened. A
// new game records revision 1.
func TestGameSavedBeforeRulesRevision(t *testing.T) {
	raw, err := os.ReadFile("../rules/armourbattles/testdata/rev0/battle-2-seed-2.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lg, err := engine.ReadLog(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "human", "seed": lg.Header.Seed})
	ctx := context.Background()
	row, err := e.store.Game(ctx, c.GameID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(row.Config), `"rev":1`) {
		t.Errorf("a new game's config %s does not record rules revision 1", row.Config)
	}
	if row.HeaderHash != lg.Header.Hash {
		t.Fatalf("the new game starts at %s, the log at %s", row.HeaderHash, lg.Header.Hash)
	}
	// The same game as stored before the revision: no "rev", and the
	// log's first 60 records.
	old := *row
	old.ID = c.GameID + "0"
	old.Config = []byte(`{"agent_seed":1,"dice":1}`)
	if err := e.store.CreateGame(ctx, &old); err != nil {
		t.Fatal(err)
	}
	const n = 60
	var acts []store.Action
	for _, r := range lg.Records[:n] {
		acts = append(acts, store.Action{N: r.N, Side: r.Side, Action: r.Action, Dice: r.Dice, Hash: r.Hash})
	}
	if err := e.store.Append(ctx, store.Append{GameID: old.ID, After: 0, Actions: acts, Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
	e2 := e.second(false)
	st := e2.state(old.ID, c.SeatToken)
	next := lg.Records[n]
	if st.Pending.Side != next.Side {
		t.Fatalf("the old game's pending decision %+v; its next record is side %d's %s", st.Pending, next.Side, next.Action)
	}
}
