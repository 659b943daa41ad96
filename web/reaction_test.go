package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReactionOdds: two seats play Battle 1 with seeded random choices
// until a unit is hit and its side is asked whether to boost the
// reaction; that side's page shows each answer's odds, the ones the rules
// give over the API (POST /check's preview), and the toolbar's hint is
// about the reaction, not a panel before it.
func TestReactionOdds(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-1")
	urls := []string{g["seat_url"].(string), g["join_url"].(string)}
	side, _ := playRandomUntil(t, seats, 11, 3000, "reaction to boost", func(g apiGame, _ json.RawMessage) bool {
		return g.Pending.Kind == "reaction-boost"
	})
	legal, reason, pv := seats[side].check(map[string]any{"kind": "boost"})
	if !legal || pv == nil {
		t.Fatalf("no boost: legal %v (%s), preview %v", legal, reason, pv)
	}
	browser := newBrowser(t)
	b := newTab(t, browser, "hit", 1280, 800)
	b.do(chromedp.Navigate(urls[side]))
	b.waitFor("the boost decision", `window.sandtable && document.body.dataset.pending === "reaction-boost" && document.body.dataset.myTurn === "1"`, 15*time.Second)
	b.waitFor("the odds", `document.querySelector("[data-testid=odds-boost-none]")`, 10*time.Second)
	text := eval[string](b, `document.querySelector("[data-testid=odds-boost-none]").textContent`)
	want := fmt.Sprintf("%.0fD at %.0f+: %s no effect, %s disrupted", pv["dice"], pv["tn"], pctText(pv["no_effect"].(float64)), pctText(pv["disrupted"].(float64)))
	if !strings.HasPrefix(text, want) {
		t.Errorf("the page says %q; the rules' preview %v, want it to begin %q", text, pv, want)
	}
	if hint := b.hintText(); !strings.Contains(hint, "reaction") {
		t.Errorf("the toolbar's hint at a reaction boost reads %q", hint)
	}
	b.shot("boost")
}

// hintText is the toolbar's hint.
func (b *tab) hintText() string {
	return eval[string](b, `(document.querySelector(".toolbar .hint") || {}).textContent || ""`)
}

// TestBreakOffOdds: two seats play Battle 3 with seeded random choices
// until an M5 fired on may break off; its side's page shows the odds of
// the shot for standing and for breaking off, as the rules give them.
func TestBreakOffOdds(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-3")
	urls := []string{g["seat_url"].(string), g["join_url"].(string)}
	side, _ := playRandomUntil(t, seats, 5, 4000, "break-off decision", func(g apiGame, _ json.RawMessage) bool {
		return g.Pending.Kind == "break-off"
	})
	browser := newBrowser(t)
	b := newTab(t, browser, "m5", 1280, 800)
	b.do(chromedp.Navigate(urls[side]))
	b.waitFor("the break-off decision", `window.sandtable && document.body.dataset.pending === "break-off" && document.body.dataset.myTurn === "1"`, 15*time.Second)
	for _, yes := range []bool{false, true} {
		action := map[string]any{"kind": "break-off"}
		id := "odds-break-off-no"
		if yes {
			action["yes"], id = true, "odds-break-off-yes"
		}
		_, _, pv := seats[side].check(action)
		if pv == nil {
			t.Fatalf("no preview of %v", action)
		}
		b.waitFor("the odds", `document.querySelector("[data-testid=`+id+`]")`, 10*time.Second)
		text := eval[string](b, `document.querySelector("[data-testid=`+id+`]").textContent`)
		want := fmt.Sprintf("%.0fD at %.0f+ against %.0fD at %.0f+: ", pv["attack_dice"], pv["attack_tn"], pv["reaction_dice"], pv["reaction_tn"])
		if !strings.HasPrefix(text, want) || !strings.Contains(text, pctText(pv["disrupted"].(float64))+" disrupted") {
			t.Errorf("break off %v: the page says %q; the rules' preview %v", yes, text, pv)
		}
	}
	if hint := b.hintText(); !strings.Contains(hint, "Break off") {
		t.Errorf("the toolbar's hint at a break-off reads %q", hint)
	}
	b.shot("break-off")
}
