package server_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
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

// TestStoredGameKeepsScenarioDigest: a new game records its scenario's
// digest, and a stored game whose scenario data has changed since (same
// id and version, another digest) is refused on loading, saying so,
// rather than played on under other stats.
func TestStoredGameKeepsScenarioDigest(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-1", "side": "german", "opponent": "human", "seed": 3})
	ctx := context.Background()
	row, err := e.store.Game(ctx, c.GameID)
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := newCatalog(t).Scenario("armour-battles/battle-1")
	if want := `"digest":"` + scenario.Digest(sc) + `"`; !strings.Contains(string(row.Config), want) {
		t.Errorf("a new game's config %s lacks %s", row.Config, want)
	}
	other := *row
	other.ID = c.GameID + "x"
	other.Config = []byte(`{"agent_seed":1,"dice":1,"rev":1,"digest":"0123456789abcdef"}`)
	if err := e.store.CreateGame(ctx, &other); err != nil {
		t.Fatal(err)
	}
	r := e.second(false).do("GET", "/api/games/"+other.ID, c.SeatToken, nil)
	if r.status == 200 || !strings.Contains(string(r.body), "scenario digest") {
		t.Errorf("a game stored with another scenario digest: %d %s, want it refused on the digest", r.status, r.body)
	}
}
