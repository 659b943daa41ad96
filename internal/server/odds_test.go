package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

// TestOddsOfAProposedShot plays Armour Battles through the API (both seats
// human, the random agent choosing on a mirror game with the same seed)
// until units face each other, then checks the odds endpoint against
// odds.Compute on the mirror.
func TestOddsOfAProposedShot(t *testing.T) {
	e := newEnv(t, server.Config{})
	const seed = 4
	c := e.create(map[string]any{"scenario": "armour-battles/battle-1", "opponent": "human", "seed": seed})
	toks := []string{c.SeatToken, c.JoinToken}
	cat := newCatalog(t)
	sc, _ := cat.Scenario("armour-battles/battle-1")
	mirror, err := engine.NewGame(ab.Rules{}, sc, seed)
	if err != nil {
		t.Fatal(err)
	}
	pick := agent.NewRandom(9)
	for mirror.State().Result().Turn < 1 || mirror.State().(*ab.State).Phase == "deploy" {
		side := mirror.Pending().Side
		a := pick.Choose(mirror.State())
		raw, _ := engine.EncodeAction(a)
		st := e.state(c.GameID, toks[side])
		if r := e.act(c.GameID, toks[side], st, string(raw)); r.status != 200 {
			t.Fatalf("action %s: %d %s", raw, r.status, r.body)
		}
		if _, err := mirror.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	v := mirror.State().View(0).(ab.View)
	var firer, target string
	for _, u := range v.Units {
		if u.Side == "german" && firer == "" {
			firer = u.ID
		}
		if u.Side == "us" && target == "" {
			target = u.ID
		}
	}
	d, dp, err := mirror.State().(*ab.State).ShotDice(firer, target)
	if err != nil {
		t.Fatal(err)
	}
	want := odds.Compute(d, dp)
	for _, tok := range []string{c.SeatToken, c.JoinToken, c.SpectatorToken} {
		r := e.do("GET", "/api/games/"+c.GameID+"/odds?firer="+firer+"&target="+target, tok, nil)
		if r.status != 200 {
			t.Fatalf("odds: %d %s", r.status, r.body)
		}
		var got odds.Result
		r.decode(t, &got)
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		if string(gb) != string(wb) {
			t.Errorf("odds %s, want %s", gb, wb)
		}
		var fields map[string]any
		r.decode(t, &fields)
		for _, k := range []string{"attack_dice", "attack_tn", "reaction_dice", "reaction_tn", "in_range", "p_disruption", "p_suppressed", "p_forced_back", "p_dispersed", "expected_disruption"} {
			if _, ok := fields[k]; !ok {
				t.Errorf("odds answer lacks %q", k)
			}
		}
	}
	if r := e.do("GET", "/api/games/"+c.GameID+"/odds?firer="+firer+"&target=nobody", c.SeatToken, nil); r.status != 404 || !strings.Contains(string(r.body), `no unit \"nobody\" (the target) on the table in your view`) {
		t.Errorf("odds at an unknown unit: %d %s", r.status, r.body)
	}
	var friend string
	for _, u := range v.Units {
		if u.Side == "german" && u.ID != firer && friend == "" {
			friend = u.ID
		}
	}
	base := "/api/games/" + c.GameID + "/odds?"
	for _, tc := range []struct {
		query, code, says string
		status            int
	}{
		{"firer=" + firer + "&target=" + firer, "no_shot", "a unit cannot fire at itself", 422},
		{"firer=" + firer + "&target=" + friend, "no_shot", firer + " and " + friend + " are on the same side", 422},
		{"firer=" + firer + "&target=" + target + "&range=1e400", "bad_request", "range: no such parameter here; this takes firer, target, token; a game's odds take the range", 400},
		{"firer=" + firer + "&target=" + target + "&cover=banana", "bad_request", "cover: no such parameter here", 400},
		{"firer=" + firer + "&firer=nobody&target=" + target, "bad_request", "firer: given 2 times; give it once", 400},
	} {
		r := e.do("GET", base+tc.query, c.SeatToken, nil)
		if r.status != tc.status || r.errCode() != tc.code || !strings.Contains(string(r.body), tc.says) || strings.Contains(string(r.body), "armourbattles") {
			t.Errorf("odds?%s: %d %s; want %d %s saying %q", tc.query, r.status, r.body, tc.status, tc.code, tc.says)
		}
	}
}

// TestRestartResumesGames closes a server and starts another on the same
// store: a game mid-play reloads by replay, and an AI whose turn it was
// moves.
func TestRestartResumesGames(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "random", "seed": 8})
	for range 3 {
		var st state
		waitFor(t, "red's turn", func() bool { st = e.state(c.GameID, c.SeatToken); return st.Pending.Side == 0 })
		if r := e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
			t.Fatal(r.status)
		}
	}
	waitFor(t, "red's turn", func() bool { return e.state(c.GameID, c.SeatToken).Pending.Side == 0 })
	before := e.state(c.GameID, c.SeatToken)

	e2 := e.second(true)
	after := e2.state(c.GameID, c.SeatToken)
	if after.N != before.N || after.Pending != before.Pending || string(after.View) != string(before.View) {
		t.Errorf("after a restart: n %d pending %+v view %s; before: n %d pending %+v view %s", after.N, after.Pending, after.View, before.N, before.Pending, before.View)
	}
	if r := e2.act(c.GameID, c.SeatToken, after, `{"kind":"move","value":1}`); r.status != 200 {
		t.Errorf("move after restart: %d %s", r.status, r.body)
	}
	waitFor(t, "the AI to move after the restart", func() bool { return e2.state(c.GameID, c.SeatToken).N == before.N+2 })
}

// TestGameSavedUnderOtherRules: a stored game whose records this build's
// rules play otherwise (saved under earlier rules) is not lost: its
// records stay, and the server says why it cannot go on, instead of an
// internal error.
func TestGameSavedUnderOtherRules(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "side": "red", "opponent": "human", "seed": 8})
	st := e.state(c.GameID, c.SeatToken)
	if r := e.act(c.GameID, c.SeatToken, st, `{"kind":"move","value":1}`); r.status != 200 {
		t.Fatal(r.status)
	}
	// A record as earlier rules would have played it: another state hash.
	if err := e.store.Append(context.Background(), store.Append{GameID: c.GameID, After: 1, Status: store.StatusActive,
		Actions: []store.Action{{N: 2, Side: 1, Action: json.RawMessage(`{"kind":"move","value":2}`), Dice: []int{3}, Hash: "0123456789abcdef"}}}); err != nil {
		t.Fatal(err)
	}
	e2 := e.second(false)
	r := e2.do("GET", "/api/games/"+c.GameID, c.SeatToken, nil)
	if r.status != http.StatusConflict || r.errCode() != "rules_changed" || !strings.Contains(string(r.body), "saved under an earlier version of the rules") || !strings.Contains(string(r.body), "up to action 1") {
		t.Errorf("a game saved under other rules: %d %s; want 409 rules_changed saying so", r.status, r.body)
	}
	if recs, err := e.store.Actions(context.Background(), c.GameID, 0); err != nil || len(recs) != 2 {
		t.Errorf("the stored records: %d, %v; want both kept", len(recs), err)
	}
	// Its log, for a build that plays it: withheld while the game is
	// stored as going on, handed out as stored once it is over.
	if r := e2.do("GET", "/api/games/"+c.GameID+"/log", c.SeatToken, nil); r.status != http.StatusConflict || r.errCode() != "rules_changed" || !strings.Contains(string(r.body), "once the game is over") {
		t.Errorf("the log of an unfinished game saved under other rules: %d %s; want 409 rules_changed", r.status, r.body)
	}
	if err := e.store.Append(context.Background(), store.Append{GameID: c.GameID, After: 2, Status: store.StatusOver,
		Actions: []store.Action{{N: 3, Side: 0, Action: json.RawMessage(`{"kind":"move","value":3}`), Dice: []int{1}, Hash: "fedcba9876543210"}}}); err != nil {
		t.Fatal(err)
	}
	r = e2.do("GET", "/api/games/"+c.GameID+"/log", c.SeatToken, nil)
	lg, err := engine.ReadLog(bytes.NewReader(r.body))
	if r.status != 200 || err != nil || len(lg.Records) != 3 || lg.Records[1].Hash != "0123456789abcdef" || lg.Records[2].Hash != "fedcba9876543210" || lg.Header.Scenario != secretScenario.ID {
		t.Errorf("the log of a finished game saved under other rules: %d %.300s (%v); want the three stored records", r.status, r.body, err)
	}
}

// TestPaganoOddsOfAProposedShot: in a Pagano game the odds endpoint
// answers the fields of `sandtable odds --rules pagano --json` for the
// shot where the units stand (as the mirror game computes them), and a
// shot the rules refuse with 422 and the reason.
func TestPaganoOddsOfAProposedShot(t *testing.T) {
	e := newEnv(t, server.Config{})
	c, toks, mirror := paganoMirror(e, 5, "move")
	ps := mirror.State().(*pagano.State)
	var ok, refused, unseen int
	for _, f := range ps.Units {
		for _, g := range ps.Units {
			if f.Side != 0 || g.Side != 1 {
				continue
			}
			want, werr := ps.ShotReport(f.ID, g.ID)
			r := e.do("GET", "/api/games/"+c.GameID+"/odds?firer="+f.ID+"&target="+g.ID, toks[f.Side], nil)
			if r.status == 404 && strings.Contains(string(r.body), `(the target) on the table in your view`) {
				unseen++ // out of the firer's side's sight: as unknown
				continue
			}
			if werr != nil {
				var body struct{ Error string }
				r.decode(t, &body)
				if r.status != 422 || body.Error != werr.Error() {
					t.Errorf("odds %s at %s: %d %s, want 422 saying %q", f.ID, g.ID, r.status, r.body, werr)
				}
				refused++
				continue
			}
			ok++
			if r.status != 200 {
				t.Fatalf("odds %s at %s: %d %s", f.ID, g.ID, r.status, r.body)
			}
			var got pagano.Report
			r.decode(t, &got)
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			if string(gb) != string(wb) || !got.InRange || got.Hit <= 0 {
				t.Errorf("odds %s at %s: %s, want %s", f.ID, g.ID, gb, wb)
			}
			var fields map[string]any
			r.decode(t, &fields)
			for _, k := range []string{"firer", "target", "range", "aspect", "in_range", "hit_modifiers", "effect_modifiers", "p_hit", "p_deflected", "p_stunned", "p_immobilized", "p_wrecked", "given_hit"} {
				if _, has := fields[k]; !has {
					t.Errorf("odds answer lacks %q", k)
				}
			}
		}
	}
	if unseen > 0 {
		t.Errorf("%d targets were out of the firer's side's view; Pagano hides only units not yet deployed", unseen)
	}
	if ok == 0 || refused == 0 {
		t.Errorf("after deployment %d shots have odds and %d are refused (%d targets unseen); want some of each", ok, refused, unseen)
	}
}

// nextVersion is a catalog whose built-in Battle 1 is at version 2, as a
// later build's might be.
type nextVersion struct{ testCatalog }

func (c nextVersion) Scenario(id string) (*scenario.Scenario, error) {
	sc, err := c.testCatalog.Scenario(id)
	if err != nil || id != "armour-battles/battle-1" {
		return sc, err
	}
	next := *sc
	next.Version = 2
	return &next, nil
}

// TestGameOfAnotherBuiltInVersion: a game of a built-in scenario whose
// version this build does not have says so, without advice about files
// that only holds for a user's own scenarios, and keeps its records.
func TestGameOfAnotherBuiltInVersion(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-1", "opponent": "human", "seed": 3})
	srv, err := server.New(server.Config{Store: e.store, Catalog: nextVersion{newCatalog(t)}, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	e2 := *e
	e2.url = hs.URL
	r := e2.do("GET", "/api/games/"+c.GameID, c.SeatToken, nil)
	want := `this game was made with version 1 of the built-in scenario \"armour-battles/battle-1\", and this build of Sandtable has version 2; the game is kept, but only a build with version 1 can continue it`
	if r.status != http.StatusConflict || r.errCode() != "scenario_missing" || !strings.Contains(string(r.body), want) {
		t.Errorf("a game of another built-in version: %d %s; want 409 scenario_missing saying %s", r.status, r.body, want)
	}
	if g, err := e.store.Game(context.Background(), c.GameID); err != nil || g.ScenarioVersion != 1 {
		t.Errorf("the stored game: %+v, %v; want it kept at version 1", g, err)
	}
}
