package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/server"
)

// faultyAgent answers every decision with nothing (nil) or, made with an
// odd seed, with an action no rules accept: an agent's bug, which must
// not stall a game.
type faultyAgent struct{ odd bool }

func (faultyAgent) Name() string { return "test-faulty" }

func (f faultyAgent) Choose(engine.State) engine.Action {
	if f.odd {
		return flyAction{}
	}
	return nil
}

// flyAction is no action of the test rules.
type flyAction struct{}

func (flyAction) Kind() string { return "fly" }

func init() {
	agent.Register("test-faulty", func(seed uint64) agent.Agent { return faultyAgent{odd: seed%2 == 1} })
}

// TestAISeatThatChoosesNothingLegalPlaysOn: an AI seat whose agent picks
// no action, or an illegal one, plays the first legal candidate instead,
// so the game goes on to its end.
func TestAISeatThatChoosesNothingLegalPlaysOn(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "test-faulty", "seed": 3})
	moves := 0
	for {
		var st state
		waitFor(t, "red's turn or the end", func() bool {
			st = e.state(c.GameID, c.SeatToken)
			return st.Result.Over || st.Pending.Side == 0
		})
		if st.Result.Over {
			break
		}
		if r := e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
			t.Fatalf("red's move: %d %s", r.status, r.body)
		}
		moves++
	}
	if moves < 2 {
		t.Errorf("red made %d moves before the end; want the faulty AI to have answered each", moves)
	}
}

// TestAISeatOfAnUnknownAgentPlaysOn: a saved game whose AI seat names an
// agent this build lacks (saved by a build that had it) is played on by
// the doctrine, not left waiting.
func TestAISeatOfAnUnknownAgentPlaysOn(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "random", "seed": 8})
	ctx := context.Background()
	row, err := e.store.Game(ctx, c.GameID)
	if err != nil {
		t.Fatal(err)
	}
	renamed := 0
	for i := range row.Seats {
		if row.Seats[i].Player == "random" {
			row.Seats[i].Player = "minimax"
			renamed++
		}
	}
	if renamed != 1 {
		t.Fatalf("the game's seats %+v: want one played by random", row.Seats)
	}
	row.ID = c.GameID + "-old"
	if err := e.store.CreateGame(ctx, row); err != nil {
		t.Fatal(err)
	}
	e2 := e.second(true)
	st := e2.state(row.ID, c.SeatToken)
	if r := e2.act(row.ID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
		t.Fatalf("red's move: %d %s", r.status, r.body)
	}
	waitFor(t, "the unknown agent's seat to move", func() bool { return e2.state(row.ID, c.SeatToken).N == st.N+2 })
}

// slowAgent searches until it is told to stop (ChooseContext's ctx), as
// a search with more iterations than the machine runs in the server's
// time would; asked without a context (Choose), it waits for release.
// It says on searching when it starts.
type slowAgent struct{}

var (
	slowSearching = make(chan struct{}, 16)
	slowRelease   = make(chan struct{})
)

func (slowAgent) Name() string { return "test-slow" }

func (slowAgent) Choose(st engine.State) engine.Action {
	slowSearching <- struct{}{}
	<-slowRelease
	return st.Candidates(nil)[0]
}

func (slowAgent) ChooseContext(ctx context.Context, st engine.State) engine.Action {
	slowSearching <- struct{}{}
	<-ctx.Done()
	return st.Candidates(nil)[0]
}

func init() {
	agent.Register("test-slow", func(uint64) agent.Agent { return slowAgent{} })
}

// TestAISearchStopsAtTheServersTime: an AI's decision is cut short at the
// server's time for one (Config.AIBudget), however long its search would
// run; and when the server shuts down mid-search the decision is not
// committed, so the next server takes it again.
func TestAISearchStopsAtTheServersTime(t *testing.T) {
	e := newEnv(t, server.Config{AIBudget: 50 * time.Millisecond})
	t.Cleanup(func() {
		// Run first (cleanups run last in, first out): a search asked
		// without a context must not outlive the test.
		select {
		case <-slowRelease:
		default:
			close(slowRelease)
		}
	})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "test-slow", "seed": 3})
	for range 2 {
		var st state
		waitFor(t, "red's turn", func() bool { st = e.state(c.GameID, c.SeatToken); return st.Pending.Side == 0 })
		if r := e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
			t.Fatalf("red's move: %d %s", r.status, r.body)
		}
		waitFor(t, "the AI's decision, cut short", func() bool { return e.state(c.GameID, c.SeatToken).N == st.N+2 })
	}

	// A server that gives a decision an hour, shut down mid-search.
	long := newEnv(t, server.Config{AIBudget: time.Hour})
	g := long.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "test-slow", "seed": 4})
	for len(slowSearching) > 0 {
		<-slowSearching
	}
	st := long.state(g.GameID, g.SeatToken)
	if r := long.act(g.GameID, g.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
		t.Fatalf("red's move: %d %s", r.status, r.body)
	}
	select {
	case <-slowSearching:
	case <-time.After(10 * time.Second):
		t.Fatal("the AI never started its search")
	}
	long.srv.Close()
	recs, err := long.store.Actions(context.Background(), g.GameID, 0)
	if err != nil || len(recs) != st.N+1 {
		t.Fatalf("after a shutdown mid-search the store holds %d records (%v); want the %d before the AI's", len(recs), err, st.N+1)
	}
	long.second(true)
	waitFor(t, "the next server to take the decision", func() bool {
		select {
		case <-slowSearching:
			return true
		default:
			return false
		}
	})
}

// TestGameListTimesToTheMinute: GET /api/games gives a game going on its
// last time to the minute (or its making, if later), as a hidden move
// must not show in it to the millisecond.
func TestGameListTimesToTheMinute(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "human", "seed": 2})
	st := e.state(c.GameID, c.SeatToken)
	if r := e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
		t.Fatalf("red's move: %d %s", r.status, r.body)
	}
	var list struct {
		Games []struct {
			GameID  string    `json:"game_id"`
			Updated time.Time `json:"updated"`
		} `json:"games"`
	}
	e.do("GET", "/api/games", "", nil).decode(t, &list)
	row, err := e.store.Game(context.Background(), c.GameID)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, g := range list.Games {
		if g.GameID == c.GameID {
			found = true
			// To the minute, but never before the game was made.
			want := row.Updated.Truncate(time.Minute)
			if want.Before(row.Created) {
				want = row.Created
			}
			if !g.Updated.Equal(want) || g.Updated.Equal(row.Updated) && !row.Updated.Equal(row.Created) {
				t.Errorf("the game going on was last played at %v in the list; stored %v, made %v; want %v", g.Updated, row.Updated, row.Created, want)
			}
		}
	}
	if !found {
		t.Fatalf("the game is not listed: %+v", list)
	}
}
