package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// checkAPI asks the server, as the seat, whether the rules take action now.
func (s seatAPI) check(action map[string]any) (legal bool, reason string, preview map[string]any) {
	s.t.Helper()
	var r struct {
		Legal   bool           `json:"legal"`
		Error   string         `json:"error"`
		Preview map[string]any `json:"preview"`
	}
	if code := s.call("POST", "/check", map[string]any{"action": action}, &r); code != 200 {
		s.t.Fatalf("check %v: %d", action, code)
	}
	return r.Legal, r.Error, r.Preview
}

// TestPanelAsksTheRules: the order panel's buttons follow the rules, not a
// guess: Restock staff is enabled exactly when the server would take it
// (a whole, unused chain of two or more dice), both before and after a
// pass spends a die of the chain; a repair of a unit that has not broken
// down is refused on the page with the rules' reason before it is sent,
// while a legal activation is not.
func TestPanelAsksTheRules(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-1", "side": "us", "opponent": "scripted", "seed": 1})
	me := seatAPI{t, base, g["game_id"].(string), g["seat_token"].(string)}
	toOrder := func() {
		t.Helper()
		deadline := time.Now().Add(time.Minute)
		for time.Now().Before(deadline) {
			var st apiGame
			me.call("GET", "", nil, &st)
			switch {
			case st.Result.Over:
				t.Fatal("the game ended before an American order")
			case st.Pending.Side != st.Side:
				time.Sleep(30 * time.Millisecond)
			case st.Pending.Kind == "order":
				return
			default:
				me.playCandidate(false)
			}
		}
		t.Fatal("no American order in time")
	}
	toOrder()
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["seat_url"].(string)))
	ready := `window.sandtable && document.body.dataset.pending === "order" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`
	restockChecked := `(document.querySelector("[data-testid=restock]") || {dataset: {}}).dataset.checked`
	seen := map[bool]bool{}
	for round := 0; round < 12 && !(seen[true] && seen[false]); round++ {
		b.waitFor("an American order", ready, 20*time.Second)
		b.waitFor("the restock check", restockChecked, 10*time.Second)
		legal, reason, _ := me.check(map[string]any{"kind": "restock"})
		got := eval[string](b, restockChecked)
		disabled := eval[bool](b, `document.querySelector("[data-testid=restock]").disabled`)
		if got != map[bool]string{true: "legal", false: "refused"}[legal] || disabled == legal {
			t.Fatalf("round %d: the server says restock legal=%v (%s); the page marks it %q, disabled=%v", round, legal, reason, got, disabled)
		}
		if !legal {
			title := eval[string](b, `document.querySelector("[data-testid=restock]").title`)
			if !strings.Contains(title, "whole, unused chain") {
				t.Errorf("a refused restock explains %q", title)
			}
		}
		seen[legal] = true
		before := b.state().N
		b.click(`[data-testid="pass"]`)
		b.waitFor("the pass to land", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, before), 15*time.Second)
		toOrder()
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("in 12 orders restock was only ever legal=%v", seen)
	}

	// A repair of a unit that is not broken down.
	b.waitFor("an American order", ready, 20*time.Second)
	s := b.state()
	var mine string
	for _, u := range s.Units {
		if u.Side == s.Side && u.Placed && !u.Dispersed && !u.Reserve {
			mine = u.ID
			break
		}
	}
	if mine == "" {
		t.Fatal("no American unit on the table")
	}
	b.click(`[data-testid="order-repair"]`)
	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, mine))
	b.waitFor("the repair check", `document.querySelector("[data-testid=activate]").dataset.checked`, 10*time.Second)
	_, reason, _ := me.check(map[string]any{"kind": "repair", "unit": mine})
	text := eval[string](b, `(document.querySelector("[data-testid=check-reason]") || {}).textContent || ""`)
	if reason == "" || !strings.Contains(text, reason) || !eval[bool](b, `document.querySelector("[data-testid=activate]").disabled`) {
		t.Errorf("repairing %s: the server says %q; the page says %q, the button enabled=%v", mine, reason, text, !eval[bool](b, `document.querySelector("[data-testid=activate]").disabled`))
	}
	b.click(`[data-testid="order-move-fire"]`)
	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, mine))
	b.waitFor("the activation check", `document.querySelector("[data-testid=activate]").dataset.checked`, 10*time.Second)
	if got := eval[string](b, `document.querySelector("[data-testid=activate]").dataset.checked`); got != "legal" || b.exists(`[data-testid=check-reason]`) {
		t.Errorf("activating %s to move and fire is marked %q", mine, got)
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}

// TestMovePreviewFromTheRules: a planned move shows the server's figures
// for it, the chance that the roll gets each unit there, the same chance
// the check answers over the API.
func TestMovePreviewFromTheRules(t *testing.T) {
	b, s := openActivation(t)
	l := unitOf(s, s.Group.Units[0])
	b.clickTable(l.X, l.Y+9)
	id := l.ID
	sel := fmt.Sprintf(`document.querySelector("[data-testid=plan-ok-%s], [data-testid=plan-warn-%s]")`, id, id)
	b.waitFor("the move preview", sel+` && /get/.test(`+sel+`.textContent)`, 10*time.Second)
	to := eval[[]float64](b, fmt.Sprintf(`window.sandtable.game.ui.moves[%q].to`, id))
	me := seatAPI{t, eval[string](b, `location.origin`), eval[string](b, `window.sandtable.game.id`), eval[string](b, `window.sandtable.game.token`)}
	var units []map[string]any
	for u := range eval[map[string]any](b, `window.sandtable.game.ui.moves`) {
		mv := eval[[]float64](b, fmt.Sprintf(`window.sandtable.game.ui.moves[%q].to`, u))
		units = append(units, map[string]any{"unit": u, "to": [][]float64{mv}})
	}
	legal, reason, pv := me.check(map[string]any{"kind": "move", "units": units})
	if !legal || pv == nil {
		t.Fatalf("the planned move %v to %v: legal %v (%s), preview %v", units, to, legal, reason, pv)
	}
	var chance float64 = -1
	for _, u := range pv["units"].([]any) {
		if u := u.(map[string]any); u["unit"] == id {
			chance = u["chance"].(float64)
		}
	}
	b.shot("preview")
	text := eval[string](b, sel+`.textContent`)
	want := "sure to get there"
	switch {
	case chance <= 0:
		want = "no roll gets it there"
	case chance < 1:
		want = pctText(chance) + " that the roll"
	}
	if !strings.Contains(text, want) {
		t.Errorf("the API gives %s a chance of %.4f; the page says %q, want %q", id, chance, text, want)
	}
	// The label on the table says it too, short.
	label := eval[string](b, fmt.Sprintf(`(document.querySelector("[data-testid=move-label-%s]") || {}).textContent || ""`, id))
	short := ""
	switch {
	case chance <= 0:
		short = " · no roll"
	case chance < 1:
		short = " · " + pctText(chance)
	}
	if !strings.HasSuffix(label, `"`+short) {
		t.Errorf("the table's label for %s reads %q, want it to end %q", id, label, `"`+short)
	}
}

// inSight reports whether the element sel is wholly inside the window and
// is what a tap on its centre reaches (nothing covers it, no scrolling).
func (b *tab) inSight(sel string) bool {
	return eval[bool](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		const r = e.getBoundingClientRect(); if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
		const p = e.closest(".decision"); if (p) { const q = p.getBoundingClientRect(); if (r.top < q.top || r.bottom > q.bottom) return false; }
		const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!at && (at === e || e.contains(at)); })()`, sel))
}

// TestMainButtonInSight: on common laptop windows the decision panel's
// main button stays in sight, unscrolled, with a long move plan (every
// unit of the group has a line) and with a shot chosen and its odds
// shown.
func TestMainButtonInSight(t *testing.T) {
	for _, size := range [][2]int64{{1400, 900}, {1280, 720}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			b, s := openActivationWhere(t, size[0], size[1], "an enemy in sight", func(g apiGame) bool {
				for _, ts := range g.View.Targets {
					if len(ts) > 0 {
						return true
					}
				}
				return false
			})
			l := unitOf(s, s.Group.Units[0])
			b.clickTable(l.X, l.Y+5) // the whole group, in formation
			if n := eval[int](b, `Object.keys(window.sandtable.game.ui.moves).length`); n != len(s.Group.Units) {
				t.Fatalf("%d of %d units have a move planned", n, len(s.Group.Units))
			}
			b.waitFor("the move check", `document.querySelector("[data-testid=move-confirm]").dataset.checked`, 10*time.Second)
			b.shot("move")
			if !b.inSight(`[data-testid=move-confirm]`) {
				t.Errorf("the Move button is out of sight with %d moves planned", len(s.Group.Units))
			}
			b.key("f")
			sel := `.fire-row button.target`
			b.waitFor("the fire panel", `document.querySelector("[data-testid=no-shooters], .fire-row")`, 10*time.Second)
			b.click(sel)
			b.waitFor("the odds", `document.querySelector("[data-testid=fire-confirm]") && document.querySelector("[data-testid=odds]")`, 10*time.Second)
			b.shot("fire")
			if !b.inSight(`[data-testid=fire-confirm]`) {
				t.Errorf("the Fire button is out of sight")
			}
		})
	}
}
