package server_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// TestGameSavedBeforeRulesRevision: a game stored before an Armour
// Battles rules revision loads and goes on under the revision it was
// played under: a Battle 2 game stored before revision 1 (its config has
// no "rev"), whose records have no decoy windows (ruling R56), which
// revision 1 would have opened, one stored under revision 1, whose
// records revision 2 plays differently (a window it closed after a shot),
// one stored under revision 2, where revision 3 asks a side with only
// a wild die about a reaction die against its own logistics fire, and a
// Battle 1 game stored under revision 3, where revision 4 opens a window
// for a suppressed watcher whose side holds a staff order (ruling R59),
// one stored under revision 4, where a unit that revision 5 keeps off
// its neighbours ended on one (ruling R63), and one stored under revision
// 5, whose hashes in the middle of a move revision 6 changes (ruling R64).
// A new game records the current revision.
func TestGameSavedBeforeRulesRevision(t *testing.T) {
	for _, c := range []struct {
		log    string
		config string
		n      int
	}{
		{"../rules/armourbattles/testdata/rev0/battle-2-seed-2.jsonl", `{"agent_seed":1,"dice":1}`, 60},
		{"../rules/armourbattles/testdata/rev1/battle-2-seed-3.jsonl", `{"agent_seed":1,"dice":1,"rev":1}`, 50},
		{"../rules/armourbattles/testdata/rev2/battle-2-seed-2.jsonl", `{"agent_seed":1,"dice":1,"rev":2}`, 420},
		{"../rules/armourbattles/testdata/rev3/battle-1-seed-3.jsonl", `{"agent_seed":1,"dice":1,"rev":3}`, 70},
		{"../rules/armourbattles/testdata/rev4/battle-1-seed-6.jsonl", `{"agent_seed":1,"dice":1,"rev":4}`, 100},
		{"../rules/armourbattles/testdata/rev5/battle-1-seed-7.jsonl", `{"agent_seed":1,"dice":1,"rev":5}`, 100},
	} {
		raw, err := os.ReadFile(c.log)
		if err != nil {
			t.Fatal(err)
		}
		lg, err := engine.ReadLog(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		e := newEnv(t, server.Config{})
		cr := e.create(map[string]any{"scenario": lg.Header.Scenario, "side": "german", "opponent": "human", "seed": lg.Header.Seed})
		ctx := context.Background()
		row, err := e.store.Game(ctx, cr.GameID)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf(`"rev":%d`, armourbattles.Revision); !strings.Contains(string(row.Config), want) {
			t.Errorf("a new game's config %s does not record rules revision %d", row.Config, armourbattles.Revision)
		}
		if row.HeaderHash != lg.Header.Hash {
			t.Fatalf("the new game starts at %s, the log at %s", row.HeaderHash, lg.Header.Hash)
		}
		// The same game as stored under the earlier revision, with the
		// log's first n records; and, to show that the records tell the
		// revisions apart, as if stored under the current one.
		var acts []store.Action
		for _, r := range lg.Records[:c.n] {
			acts = append(acts, store.Action{N: r.N, Side: r.Side, Action: r.Action, Dice: r.Dice, Hash: r.Hash})
		}
		save := func(id, config string) {
			old := *row
			old.ID, old.Config = id, []byte(config)
			if err := e.store.CreateGame(ctx, &old); err != nil {
				t.Fatal(err)
			}
			if err := e.store.Append(ctx, storeAppend(old.ID, acts)); err != nil {
				t.Fatal(err)
			}
		}
		save(cr.GameID+"0", c.config)
		save(cr.GameID+"1", fmt.Sprintf(`{"agent_seed":1,"dice":1,"rev":%d}`, armourbattles.Revision))
		e2 := e.second(false)
		st := e2.state(cr.GameID+"0", cr.SeatToken)
		next := lg.Records[c.n]
		if st.Pending.Side != next.Side {
			t.Fatalf("%s: the old game's pending decision %+v; its next record is side %d's %s", c.log, st.Pending, next.Side, next.Action)
		}
		if r := e2.do("GET", "/api/games/"+cr.GameID+"1", cr.SeatToken, nil); r.status != 409 || !strings.Contains(string(r.body), "rules_changed") {
			t.Errorf("%s: its records under revision %d: %d %s, want them refused as played under other rules", c.log, armourbattles.Revision, r.status, r.body)
		}
	}
}

// storeAppend appends acts to a new stored game as its first actions.
func storeAppend(id string, acts []store.Action) store.Append {
	return store.Append{GameID: id, After: 0, Actions: acts, Status: store.StatusActive}
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
