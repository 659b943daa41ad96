package web_test

import (
	"encoding/json"
	"fmt"
	"math"
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
	want := fmt.Sprintf("%.0fD at %.0f+: %d%% no effect, %d%% disrupted", pv["dice"], pv["tn"], int(math.Round(pv["no_effect"].(float64)*100)), int(math.Round(pv["disrupted"].(float64)*100)))
	if p := pv["no_effect"].(float64); p > 0 && p < 0.005 {
		want = strings.Replace(want, "0% no effect", "<1% no effect", 1)
	}
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
