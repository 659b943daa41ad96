package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/store"
)

// Run runs the shared suite. open returns a new, empty store for each
// subtest; the suite closes it.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"create and read back", testCreate},
		{"duplicate id", testDuplicate},
		{"unknown game", testUnknown},
		{"append and read actions", testAppend},
		{"stale append changes nothing", testStale},
		{"bad appends", testBadAppend},
		{"racing appends to one game: one wins", testRace},
		{"concurrent appends to many games", testMany},
		{"list games", testList},
		{"ping", func(t *testing.T, s store.Store) {
			if err := s.Ping(context.Background()); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			defer func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			tc.fn(t, s)
		})
	}
}

var ctx = context.Background()

// NewGame returns a game row with distinctive values in every field.
func NewGame(id string) *store.Game {
	return &store.Game{
		ID: id, Rules: "toy-duel", Scenario: "toy/duel", ScenarioVersion: 3,
		Seed: math.MaxUint64 - 7, HeaderHash: "00c0ffee00c0ffee",
		Seats: []store.Seat{
			{Side: 0, Player: store.PlayerHuman, TokenHash: store.HashToken("a-" + id)},
			{Side: 1, Player: "random"},
		},
		SpectatorHash: store.HashToken("s-" + id),
		Config:        json.RawMessage(`{"opponent":"random","agent_seed":9}`),
		Status:        store.StatusActive,
		Created:       time.UnixMilli(1700000000123).UTC(),
		Updated:       time.UnixMilli(1700000000123).UTC(),
	}
}

// Actions returns n records numbered from first.
func Actions(first, n int) []store.Action {
	out := make([]store.Action, n)
	for i := range out {
		k := first + i
		out[i] = store.Action{N: k, Side: k % 2, Action: json.RawMessage(fmt.Sprintf(`{"kind":"attack","dice":%d}`, k%3+1)), Dice: []int{k % 6, 6}, Hash: fmt.Sprintf("%016x", k)}
	}
	out[0].Dice = nil
	return out
}

func mustCreate(t *testing.T, s store.Store, g *store.Game) {
	t.Helper()
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatalf("CreateGame(%s): %v", g.ID, err)
	}
}

func testCreate(t *testing.T, s store.Store) {
	want := NewGame("g1")
	mustCreate(t, s, want)
	got, err := s.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Game(g1) differs from what was created (-want +got):\n%s", diff)
	}
	acts, err := s.Actions(ctx, "g1", 0)
	if err != nil || len(acts) != 0 {
		t.Errorf("Actions of a new game = %v, %v; want none", acts, err)
	}
}

func testDuplicate(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("dup"))
	if err := s.CreateGame(ctx, NewGame("dup")); !errors.Is(err, store.ErrExists) {
		t.Errorf("second CreateGame(dup) = %v, want ErrExists", err)
	}
}

func testUnknown(t *testing.T, s store.Store) {
	if _, err := s.Game(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Game(nope) = %v, want ErrNotFound", err)
	}
	if _, err := s.Actions(ctx, "nope", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Actions(nope) = %v, want ErrNotFound", err)
	}
	err := s.Append(ctx, store.Append{GameID: "nope", After: 0, Actions: Actions(1, 1), Status: store.StatusActive})
	if !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append(nope) = %v, want ErrNotFound", err)
	}
}

func testAppend(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("g"))
	all := Actions(1, 5)
	if err := s.Append(ctx, store.Append{GameID: "g", After: 0, Actions: all[:2], Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, store.Append{GameID: "g", After: 2, Actions: all[2:], Status: store.StatusOver}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Actions(ctx, "g", 0)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(all, got, cmp.Comparer(func(a, b json.RawMessage) bool { return string(a) == string(b) })); diff != "" {
		t.Errorf("Actions(g, 0) (-want +got):\n%s", diff)
	}
	got, _ = s.Actions(ctx, "g", 3)
	if len(got) != 2 || got[0].N != 4 {
		t.Errorf("Actions(g, 3) = %v, want records 4 and 5", got)
	}
	g, _ := s.Game(ctx, "g")
	if g.Actions != 5 || g.Status != store.StatusOver || g.Updated.Before(g.Created) {
		t.Errorf("game after appends: actions %d status %q updated %v; want 5, over, not before created %v", g.Actions, g.Status, g.Updated, g.Created)
	}
}

func testStale(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("g"))
	if err := s.Append(ctx, store.Append{GameID: "g", After: 0, Actions: Actions(1, 2), Status: store.StatusActive}); err != nil {
		t.Fatal(err)
	}
	for _, after := range []int{0, 1, 3} {
		err := s.Append(ctx, store.Append{GameID: "g", After: after, Actions: Actions(after+1, 1), Status: store.StatusOver})
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append after %d to a game of 2 records = %v, want ErrConflict", after, err)
		}
	}
	g, _ := s.Game(ctx, "g")
	acts, _ := s.Actions(ctx, "g", 0)
	if g.Actions != 2 || g.Status != store.StatusActive || len(acts) != 2 {
		t.Errorf("after stale appends: %d actions (%d rows), status %q; want 2, 2, active", g.Actions, len(acts), g.Status)
	}
}

func testBadAppend(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("g"))
	for _, a := range []store.Append{
		{GameID: "g", After: 0, Status: store.StatusActive},
		{GameID: "g", After: 0, Actions: Actions(2, 1), Status: store.StatusActive},
		{GameID: "g", After: 0, Actions: Actions(1, 1), Status: "paused"},
	} {
		if err := s.Append(ctx, a); err == nil {
			t.Errorf("Append(%+v) = nil, want an error", a)
		}
	}
}

func testRace(t *testing.T, s store.Store) {
	mustCreate(t, s, NewGame("g"))
	const n = 16
	var wins, conflicts atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acts := Actions(1, 1)
			acts[0].Hash = fmt.Sprintf("racer-%d", i)
			err := s.Append(ctx, store.Append{GameID: "g", After: 0, Actions: acts, Status: store.StatusActive})
			switch {
			case err == nil:
				wins.Add(1)
			case errors.Is(err, store.ErrConflict):
				conflicts.Add(1)
			default:
				t.Errorf("racer %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if wins.Load() != 1 || conflicts.Load() != n-1 {
		t.Errorf("%d racers appending record 1: %d won, %d conflicted; want 1 and %d", n, wins.Load(), conflicts.Load(), n-1)
	}
	acts, _ := s.Actions(ctx, "g", 0)
	if len(acts) != 1 {
		t.Errorf("%d records stored, want 1", len(acts))
	}
}

func testMany(t *testing.T, s store.Store) {
	const games, per = 20, 10
	for i := range games {
		mustCreate(t, s, NewGame(fmt.Sprint("m", i)))
	}
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint("m", i)
			for k := 1; k <= per; k++ {
				if err := s.Append(ctx, store.Append{GameID: id, After: k - 1, Actions: Actions(k, 1), Status: store.StatusActive}); err != nil {
					t.Errorf("%s record %d: %v", id, k, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for i := range games {
		id := fmt.Sprint("m", i)
		acts, err := s.Actions(ctx, id, 0)
		if err != nil || len(acts) != per {
			t.Errorf("%s: %d records, %v; want %d", id, len(acts), err, per)
		}
	}
}

func testList(t *testing.T, s store.Store) {
	for i := range 5 {
		g := NewGame(fmt.Sprint("l", i))
		g.Updated = g.Created.Add(time.Duration(i) * time.Second)
		mustCreate(t, s, g)
	}
	if err := s.Append(ctx, store.Append{GameID: "l1", After: 0, Actions: Actions(1, 1), Status: store.StatusOver}); err != nil {
		t.Fatal(err)
	}
	gs, err := s.ListGames(ctx, store.ListOptions{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range gs {
		ids = append(ids, g.ID)
	}
	if diff := cmp.Diff([]string{"l1", "l4", "l3"}, ids); diff != "" {
		t.Errorf("ListGames(limit 3), most recently updated first (-want +got):\n%s", diff)
	}
	gs, _ = s.ListGames(ctx, store.ListOptions{Status: store.StatusOver})
	if len(gs) != 1 || gs[0].ID != "l1" {
		t.Errorf("ListGames(over) = %d games, want l1 only", len(gs))
	}
}
