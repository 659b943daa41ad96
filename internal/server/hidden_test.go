package server_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/server"
)

// checkNumbering fails unless evs are numbered 1, 2, ... with no gap and
// the last is last: a viewer's event numbers count only the events it
// may see, so they cannot betray how many it may not.
func checkNumbering(t *testing.T, who string, evs []engine.Event, last int) {
	t.Helper()
	for i, e := range evs {
		if e.Seq != i+1 {
			t.Fatalf("%s: event %d of %d is numbered %d; want %d (numbers 1..k, no gap)", who, i+1, len(evs), e.Seq, i+1)
		}
	}
	if len(evs) != last {
		t.Fatalf("%s: %d events, last_event %d; want equal", who, len(evs), last)
	}
}

// usTranscript plays Battle 2 between two human seats, every unit set up
// where the rules' candidates first suggest except the German hidden
// StuGs, set up at the last suggested spot when hiddenLast, both sides
// then passing, and returns every
// answer the US seat receives (views, positions with their event numbers,
// events, and what its WebSocket streamed), checking that the US seat's
// event numbers run 1..k with no gap where the hidden deployments were.
func usTranscript(t *testing.T, hiddenLast bool) (usAnswers []string, germanEvents string) {
	t.Helper()
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "human", "seed": 7})
	ger, us := c.SeatToken, c.JoinToken
	ws, _, err := dialWS(t, e, c.GameID, us, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	var out []string
	record := func() {
		r := e.do("GET", "/api/games/"+c.GameID, us, nil)
		var s map[string]json.RawMessage
		r.decode(t, &s)
		out = append(out, string(s["view"]), string(s["pending"]), string(s["n"]), string(s["last_event"]))
		ev := e.do("GET", "/api/games/"+c.GameID+"/events?after=0", us, nil)
		out = append(out, string(ev.body))
		// The rules' suggestions for the US seat's decisions too.
		cands := e.do("GET", "/api/games/"+c.GameID+"/candidates", us, nil)
		if cands.status != 200 {
			t.Fatalf("candidates: %d %s", cands.status, cands.body)
		}
		out = append(out, string(cands.body))
		var evs state
		ev.decode(t, &evs)
		checkNumbering(t, "the US seat's events", evs.Events, evs.LastEvent)
	}
	sc, err := newCatalog(t).Scenario("armour-battles/battle-2")
	if err != nil {
		t.Fatal(err)
	}
	mirror, err := engine.NewGame(ab.Rules{}, sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	hidden := 0
	for step := 0; step < 120; step++ {
		gs := e.state(c.GameID, ger)
		if gs.Result.Over {
			break
		}
		token := ger
		if gs.Pending.Side == 1 {
			token = us
		}
		st := e.state(c.GameID, token)
		var view struct {
			Units []struct {
				ID     string `json:"id"`
				Placed bool   `json:"placed"`
				Hidden bool   `json:"hidden"`
				Side   string `json:"side"`
			} `json:"units"`
			Sides []struct {
				Dice [7]int `json:"dice"`
				Wild int    `json:"wild"`
			} `json:"sides"`
		}
		json.Unmarshal(st.View, &view)
		var action string
		switch st.Pending.Kind {
		case "deploy":
			// Legal spots from the rules' own candidates on a mirror
			// game: the first for every unit, or for the hidden ones
			// the last when hiddenLast (spread over the zone).
			var spots []ab.Deploy
			for _, a := range mirror.State().Candidates(nil) {
				if d, ok := a.(ab.Deploy); ok && (len(spots) == 0 || d.Unit == spots[0].Unit) {
					spots = append(spots, d)
				}
			}
			if len(spots) == 0 {
				t.Fatalf("step %d: no deploy candidates", step)
			}
			d := spots[0]
			// The Pumas, which the Americans see, stand at fixed spots:
			// the rules' first suggestion for them depends on where the
			// Germans' own StuGs are, which would make the two games
			// differ by the Germans' choice rather than by a leak.
			if at, ok := map[string][2]float64{"de-rc-1": {40, 46.8}, "de-rc-2": {44, 46.8}}[d.Unit]; ok {
				d.X, d.Y = at[0], at[1]
			}
			for _, u := range view.Units {
				if u.ID == d.Unit && u.Hidden {
					hidden++
					if hiddenLast {
						d = spots[len(spots)-1]
					}
				}
			}
			raw, _ := engine.EncodeAction(d)
			action = string(raw)
		case "choose-chain":
			d := view.Sides[gs.Pending.Side]
			for f := 2; f <= 5; f++ {
				if d.Dice[f] > 0 {
					action = fmt.Sprintf(`{"kind":"choose-chain","face":%d}`, f)
					break
				}
			}
			if action == "" {
				action = fmt.Sprintf(`{"kind":"choose-chain","face":6,"wild":%d}`, d.Wild)
			}
		case "order":
			action = `{"kind":"pass"}`
		case "logistics":
			action = `{"kind":"end-logistics"}`
		case "opportunity-fire":
			action = `{"kind":"opportunity-pass"}`
		case "reaction-boost":
			action = `{"kind":"boost"}`
		case "break-off":
			action = `{"kind":"break-off"}`
		default:
			t.Fatalf("unexpected decision %s", st.Pending.Kind)
		}
		if r := e.act(c.GameID, token, st, action); r.status != 200 {
			t.Fatalf("step %d %s: %d %s", step, action, r.status, r.body)
		}
		if a, err := mirror.Rules().DecodeAction(json.RawMessage(action)); err != nil {
			t.Fatal(err)
		} else if _, err := mirror.Apply(a); err != nil {
			t.Fatalf("step %d: the mirror refuses %s: %v", step, action, err)
		}
		if gs.Pending.Side == 1 || st.Pending.Kind != "deploy" {
			record()
		}
	}
	if hidden < 2 {
		t.Fatalf("%d hidden units deployed; the test needs hidden set-ups", hidden)
	}
	final := e.state(c.GameID, us)
	streamed := collect(t, ws, final.N)
	checkNumbering(t, "the US seat's stream", streamed, final.LastEvent)
	b, _ := json.Marshal(streamed)
	gerEvents := e.do("GET", "/api/games/"+c.GameID+"/events", ger, nil)
	return append(out, string(b)), string(gerEvents.body)
}

// TestHiddenPositionsNeverReachTheOtherSide: two games differing only in
// where the hidden StuGs stand give byte-identical answers to the US seat.
func TestHiddenPositionsNeverReachTheOtherSide(t *testing.T) {
	a, gerA := usTranscript(t, false)
	b, gerB := usTranscript(t, true)
	if gerA == gerB {
		t.Fatal("the Germans' events are the same in both games: the hidden StuGs did not move")
	}
	if len(a) != len(b) || len(a) < 20 {
		t.Fatalf("transcripts of %d and %d answers", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("answer %d to the US seat differs with the StuGs elsewhere:\n%s\n%s", i, a[i], b[i])
		}
	}
}

// sneakTranscript plays the server-test duel between two human seats:
// red makes hidden moves along the given paths (one private event per
// waypoint), blue moves and now and then waits. It returns every answer
// blue receives (states without the game id, action answers, refusals,
// event lists, the log and the WebSocket's events) and red's events.
func sneakTranscript(t *testing.T, paths [][][2]float64, redWaits bool) (blue []string, red []engine.Event) {
	t.Helper()
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "human", "seed": 11})
	redTok, blueTok := c.SeatToken, c.JoinToken
	ws, _, err := dialWS(t, e, c.GameID, blueTok, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	var out []string
	record := func(what string, r reply) {
		var m map[string]json.RawMessage
		if json.Unmarshal(r.body, &m) == nil {
			delete(m, "game_id") // random, and not about the battle
			b, _ := json.Marshal(m)
			r.body = b
		}
		out = append(out, fmt.Sprintf("%s %d %s", what, r.status, r.body))
	}
	blueState := func() {
		r := e.do("GET", "/api/games/"+c.GameID, blueTok, nil)
		record("state", r)
		ev := e.do("GET", "/api/games/"+c.GameID+"/events?after=0", blueTok, nil)
		record("events", ev)
		var evs state
		ev.decode(t, &evs)
		checkNumbering(t, "blue's events", evs.Events, evs.LastEvent)
		// Once the game is over the log shows both sides' events (the fog
		// lifts), so it is checked below instead.
		if lg := e.do("GET", "/api/games/"+c.GameID+"/log?format=events", blueTok, nil); !e.state(c.GameID, blueTok).Result.Over {
			record("log", lg)
		}
		if evs.LastEvent > 1 {
			record("events after 1", e.do("GET", fmt.Sprintf("/api/games/%s/events?after=%d", c.GameID, evs.LastEvent-1), blueTok, nil))
		}
	}
	for step := 0; ; step++ {
		st := e.state(c.GameID, redTok)
		if st.Result.Over {
			break
		}
		if st.Pending.Side == 0 {
			if redWaits {
				// A wait is silent: blue sees nothing of it.
				if r := e.act(c.GameID, redTok, st, `{"kind":"wait"}`); r.status != 200 {
					t.Fatalf("step %d: red's wait: %d %s", step, r.status, r.body)
				}
				st = e.state(c.GameID, redTok)
			}
			p, _ := json.Marshal(paths[step%len(paths)])
			if r := e.act(c.GameID, redTok, st, `{"kind":"sneak","path":`+string(p)+`}`); r.status != 200 {
				t.Fatalf("step %d: red's sneak: %d %s", step, r.status, r.body)
			}
			blueState()
			continue
		}
		bst := e.state(c.GameID, blueTok)
		action := fmt.Sprintf(`{"kind":"move","value":%d}`, step%3+1)
		if step%4 == 1 {
			r := e.act(c.GameID, blueTok, bst, `{"kind":"wait"}`)
			record("wait", r)
			record("repeated wait", e.act(c.GameID, blueTok, bst, `{"kind":"wait"}`))
			bst = e.state(c.GameID, blueTok)
		}
		r := e.act(c.GameID, blueTok, bst, action)
		if r.status != 200 {
			t.Fatalf("step %d: blue's move: %d %s", step, r.status, r.body)
		}
		record("move", r)
		stale := bst
		stale.LastEvent++
		record("move claiming an unseen event", e.act(c.GameID, blueTok, stale, action))
		blueState()
	}
	final := e.state(c.GameID, blueTok)
	var whole state
	e.do("GET", "/api/games/"+c.GameID+"/log?format=events", blueTok, nil).decode(t, &whole)
	checkNumbering(t, "the finished game's log", whole.Events, len(whole.Events))
	if whole.LastEvent != len(whole.Events) || whole.LastEvent <= final.LastEvent {
		t.Errorf("the finished game's log: last_event %d with %d events numbered among the game's all (blue saw %d); want last_event to count them all", whole.LastEvent, len(whole.Events), final.LastEvent)
	}
	if !slices.ContainsFunc(whole.Events, func(ev engine.Event) bool { return strings.HasPrefix(ev.Text, "SECRET-red") }) {
		t.Errorf("the finished game's log shows blue none of red's hidden moves: %v", whole.Events)
	}
	streamed := collect(t, ws, final.N)
	checkNumbering(t, "blue's stream", streamed, final.LastEvent)
	b, _ := json.Marshal(streamed)
	out = append(out, "stream "+string(b))
	// A stream resumed part-way gives the rest, numbered alike.
	ws2, _, err := dialWS(t, e, c.GameID, blueTok, final.LastEvent/2)
	if err != nil {
		t.Fatal(err)
	}
	defer ws2.Close(websocket.StatusNormalClosure, "")
	m, raw := readWS(t, ws2)
	if len(m.Events) != final.LastEvent-final.LastEvent/2 || m.Events[0].Seq != final.LastEvent/2+1 {
		t.Fatalf("stream resumed after %d of %d: %s", final.LastEvent/2, final.LastEvent, raw)
	}
	out = append(out, "resumed "+string(raw))

	var rs state
	e.do("GET", "/api/games/"+c.GameID+"/events", redTok, nil).decode(t, &rs)
	checkNumbering(t, "red's events", rs.Events, rs.LastEvent)
	return out, rs.Events
}

// TestHiddenMovesDoNotShowInTheOtherSidesNumbering: two games differing
// only in red's hidden moves, their waypoints and how many there are
// (so how many private events red gets), give byte-identical answers to
// blue, event numbers included, and both sides' numbers run 1..k.
func TestHiddenMovesDoNotShowInTheOtherSidesNumbering(t *testing.T) {
	a, redA := sneakTranscript(t, [][][2]float64{{{1, 1}}, {{2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}}, {{3, 3}, {3, 4}}}, false)
	b, redB := sneakTranscript(t, [][][2]float64{{{50, 2}, {51, 2}, {52, 2}, {53, 2}, {54, 2}, {55, 2}, {56, 2}}, {{9, 9}}, {{40, 1}}}, false)
	if len(a) != len(b) || len(a) < 40 {
		t.Fatalf("transcripts of %d and %d answers", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("answer %d to blue differs with red's hidden moves elsewhere:\n%s\n%s", i, a[i], b[i])
		}
	}
	for _, s := range a {
		mustContainNone(t, "an answer to blue", []byte(s), "SECRET-red")
	}
	if len(redA) == len(redB) {
		t.Errorf("red saw %d events in both games; the test needs hidden moves of different lengths", len(redA))
	}
}

// TestHiddenActionsAreNotCounted: red's silent actions (waits, which emit
// no event) are not counted in the action count blue gets, so two games
// differing only in them give byte-identical answers to blue, n included.
func TestHiddenActionsAreNotCounted(t *testing.T) {
	paths := [][][2]float64{{{1, 1}}, {{2, 3}, {4, 5}}}
	a, _ := sneakTranscript(t, paths, false)
	b, redB := sneakTranscript(t, paths, true)
	if len(a) != len(b) || len(a) < 40 {
		t.Fatalf("transcripts of %d and %d answers", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("answer %d to blue differs with red's silent waits:\n%s\n%s", i, a[i], b[i])
		}
	}
	if len(redB) == 0 {
		t.Fatal("red saw no events")
	}
}
