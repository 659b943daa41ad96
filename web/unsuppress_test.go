package web_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFreeSuppressedUnitFromThePage (ruling R59): two human seats play
// Battle 1 through the API, each taking a seeded random one of the rules'
// candidates, until a side is asked about opportunity fire or a reaction
// while its view lists a suppressed unit it may free with a staff order.
// That side's page then offers the unit's button, and clicking it frees
// the unit; in a window the freed unit is then offered to fire.
func TestFreeSuppressedUnitFromThePage(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-1", "side": "german", "opponent": "human", "seed": 3})
	id := g["game_id"].(string)
	seats := []seatAPI{{t, base, id, g["seat_token"].(string)}, {t, base, id, g["join_token"].(string)}}
	urls := []string{g["seat_url"].(string), g["join_url"].(string)}
	type unitJ struct {
		ID         string `json:"id"`
		Suppressed bool   `json:"suppressed"`
	}
	type gameJ struct {
		apiGame
		View struct {
			Unsuppress []string `json:"unsuppress"`
			Units      []unitJ  `json:"units"`
			Sides      []struct {
				Staff int `json:"staff"`
			} `json:"sides"`
		} `json:"view"`
	}
	side, raw := playRandomUntil(t, seats, 7, 3000, "a decision with a unit to free", func(g apiGame, raw json.RawMessage) bool {
		var st gameJ
		json.Unmarshal(raw, &st)
		return (g.Pending.Kind == "opportunity-fire" || g.Pending.Kind == "reaction-boost") && len(st.View.Unsuppress) > 0
	})
	var st gameJ
	json.Unmarshal(raw, &st)
	unit, kind, staff := st.View.Unsuppress[0], st.Pending.Kind, st.View.Sides[side].Staff
	t.Logf("after %d actions, %s for side %d: may free %v", st.N, kind, side, st.View.Unsuppress)

	browser := newBrowser(t)
	b := newTab(t, browser, "freer", 1280, 800)
	b.do(chromedp.Navigate(urls[side]))
	b.waitFor("the decision", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.myTurn === "1"`, 15*time.Second)
	button := `[data-testid="boost-unsuppress"]`
	if kind == "opportunity-fire" {
		button = `[data-testid="opp-unsuppress-` + unit + `"]`
	}
	if !b.exists(button) {
		b.shot("no-unsuppress")
		t.Fatalf("the %s panel offers no %s", kind, button)
	}
	b.shot("unsuppress-offered")
	b.click(button)
	b.waitFor("the order taken", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, st.N), 15*time.Second)
	after := gameJ{}
	seats[side].call("GET", "", nil, &after)
	i := slices.IndexFunc(after.View.Units, func(u unitJ) bool { return u.ID == unit })
	if i < 0 || after.View.Units[i].Suppressed || after.View.Sides[side].Staff != staff-1 {
		t.Fatalf("after the click: %s %+v, staff %d (was %d); want it freed with a staff order", unit, after.View.Units, after.View.Sides[side].Staff, staff)
	}
	if kind == "opportunity-fire" && after.Pending.Kind == "opportunity-fire" {
		// The window is still open: the freed unit is offered to fire.
		b.waitFor("the freed unit offered to fire", `!!document.querySelector('[data-testid="opp-fire-`+unit+`"]')`, 15*time.Second)
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}

// playRandomUntil plays both seats through the API, each taking a seeded
// random one of the rules' candidates, until done holds for the seat whose
// decision is pending (its game, as it sees it); it returns that side and
// its game's JSON. what names the wait in a failure.
func playRandomUntil(t *testing.T, seats []seatAPI, seed uint64, limit int, what string, done func(g apiGame, raw json.RawMessage) bool) (int, json.RawMessage) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	for step := 0; ; step++ {
		if step > limit {
			t.Fatalf("no %s after %d actions", what, limit)
		}
		var st apiGame
		seats[0].call("GET", "", nil, &st)
		if st.Result.Over {
			t.Fatalf("the battle ended after %d actions with no %s", step, what)
		}
		s := seats[st.Pending.Side]
		var raw json.RawMessage
		s.call("GET", "", nil, &raw)
		json.Unmarshal(raw, &st)
		if done(st, raw) {
			return st.Pending.Side, raw
		}
		var c struct {
			Candidates []map[string]any `json:"candidates"`
		}
		s.call("GET", "/candidates", nil, &c)
		if len(c.Candidates) == 0 {
			t.Fatalf("no candidates for %s", st.Pending.Kind)
		}
		a := c.Candidates[rng.IntN(len(c.Candidates))]
		var res map[string]any
		if code := s.call("POST", "/actions", map[string]any{"after": st.LastEvent, "n": st.N, "action": a}, &res); code != http.StatusOK {
			t.Fatalf("acting %v: %d %v", a, code, res)
		}
	}
}
