package server_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/server"
)

// TestCheckAnAction: a seat asks whether the rules would take an action
// now. A Pagano move gets its exact cost, budget and reach (as the mirror
// game computes them) whether it is within reach or not, and the reason
// when not; nothing is taken. Spectators and the side not deciding are
// refused, as posting would be.
func TestCheckAnAction(t *testing.T) {
	e := newEnv(t, server.Config{})
	c, toks, mirror := paganoMirror(e, 5, "move")
	side := mirror.Pending().Side
	ps := mirror.State().(*pagano.State)
	var mover pagano.Unit
	for _, u := range ps.Units {
		if u.Side == side && u.Active() {
			mover = u
			break
		}
	}
	before := e.state(c.GameID, toks[side])
	check := func(tok string, to [][2]float64) (int, map[string]json.RawMessage) {
		t.Helper()
		a := pagano.Move{Unit: mover.ID, To: to, Stop: true}
		raw, _ := engine.EncodeAction(a)
		r := e.do("POST", "/api/games/"+c.GameID+"/check", tok, map[string]any{"action": json.RawMessage(raw)})
		var out map[string]json.RawMessage
		json.Unmarshal(r.body, &out)
		if r.status == 200 {
			var want struct {
				Legal   bool                `json:"legal"`
				Preview *pagano.MovePreview `json:"preview"`
			}
			want.Legal = ps.Validate(a) == nil
			p := ps.Preview(a).(pagano.MovePreview)
			want.Preview = &p
			var got struct {
				Legal   bool                `json:"legal"`
				Preview *pagano.MovePreview `json:"preview"`
			}
			json.Unmarshal(r.body, &got)
			if got.Legal != want.Legal || got.Preview == nil || *got.Preview != p {
				t.Errorf("check of %s to %v: %s, want legal %v and preview %+v", mover.ID, to, r.body, want.Legal, p)
			}
		}
		return r.status, out
	}
	x, y := mover.Pos.X, mover.Pos.Y
	dy := 1.0
	if y > 24 {
		dy = -1
	}
	near := [][2]float64{{x, y + 2*dy}}
	far := [][2]float64{{x, y + 40*dy}}
	if status, out := check(toks[side], near); status != 200 || string(out["legal"]) != "true" {
		t.Errorf("a 2\" move: %d %v, want legal", status, out)
	}
	status, out := check(toks[side], far)
	if status != 200 || string(out["legal"]) != "false" || !strings.Contains(string(out["error"]), "movement points") {
		t.Errorf("a 40\" move: %d %v, want illegal on its movement points", status, out)
	}
	// A waypoint off the table: refused as such, with no preview (a path
	// a billion inches long is not priced).
	off, _ := engine.EncodeAction(pagano.Move{Unit: mover.ID, To: [][2]float64{{1e9, y}}, Stop: true})
	if r := e.do("POST", "/api/games/"+c.GameID+"/check", toks[side], map[string]any{"action": json.RawMessage(off)}); r.status != 200 || !strings.Contains(string(r.body), `"legal":false`) || !strings.Contains(string(r.body), "off the table") || strings.Contains(string(r.body), "preview") {
		t.Errorf("a check of a move off the table: %d %s, want illegal, off the table, no preview", r.status, r.body)
	}
	if status, _ := check(toks[1-side], near); status != 409 {
		t.Errorf("a check by the side not deciding: %d, want 409", status)
	}
	if status, _ := check(c.SpectatorToken, near); status != 403 {
		t.Errorf("a check by a spectator: %d, want 403", status)
	}
	if r := e.do("POST", "/api/games/"+c.GameID+"/check", toks[side], map[string]any{"action": json.RawMessage(`{"kind":"fly"}`)}); r.status != 400 {
		t.Errorf("a check of an unknown action: %d %s, want 400", r.status, r.body)
	}
	if after := e.state(c.GameID, toks[side]); after.N != before.N || after.LastEvent != before.LastEvent {
		t.Errorf("checks changed the game: n %d → %d, last event %d → %d", before.N, after.N, before.LastEvent, after.LastEvent)
	}
}

// paganoMirror creates a Pagano Battle 1 game between two human seats
// with the given dice seed and plays it through the API, the random
// agent choosing on a mirror game with the same seed, until the mirror's
// pending decision is of kind until. It returns the game, the seats'
// tokens by side, and the mirror.
func paganoMirror(e *env, seed uint64, until string) (created, []string, *engine.Game) {
	e.t.Helper()
	c := e.create(map[string]any{"scenario": "pagano/battle-1", "opponent": "human", "seed": seed})
	toks := []string{c.SeatToken, c.JoinToken}
	sc, _ := newCatalog(e.t).Scenario("pagano/battle-1")
	mirror, err := engine.NewGame(pagano.Rules{}, sc, seed)
	if err != nil {
		e.t.Fatal(err)
	}
	pick := agent.NewRandom(9)
	for mirror.Pending().Kind != until {
		side := mirror.Pending().Side
		a := pick.Choose(mirror.State())
		raw, _ := engine.EncodeAction(a)
		if r := e.act(c.GameID, toks[side], e.state(c.GameID, toks[side]), string(raw)); r.status != 200 {
			e.t.Fatalf("action %s: %d %s", raw, r.status, r.body)
		}
		if _, err := mirror.Apply(a); err != nil {
			e.t.Fatal(err)
		}
	}
	return c, toks, mirror
}
