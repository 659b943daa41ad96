package web_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
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
		// The reaction pool: one, or each end's with its rolls.
		pools := map[float64]int{}
		ends, _ := pv["ends"].([]any)
		for _, e := range ends {
			pools[e.(map[string]any)["reaction_dice"].(float64)]++
		}
		reaction := fmt.Sprintf("%.0fD", pv["reaction_dice"])
		if len(pools) > 1 {
			var parts []string
			for _, d := range slices.Sorted(maps.Keys(pools)) {
				parts = append(parts, fmt.Sprintf("%.0fD (%d of 6 rolls)", d, pools[d]))
			}
			reaction = strings.Join(parts, " or ")
		}
		want := fmt.Sprintf("%.0fD at %.0f+ against %s at %.0f+: ", pv["attack_dice"], pv["attack_tn"], reaction, pv["reaction_tn"])
		if !strings.HasPrefix(text, want) || !strings.Contains(text, pctText(pv["disrupted"].(float64))+" disrupted") {
			t.Errorf("break off %v: the page says %q, want it to begin %q; the rules' preview %v", yes, text, want, pv)
		}
		if !yes {
			continue
		}
		// Breaking off: a dot on the table where each roll would end,
		// filled where in cover, and the count of those in the note.
		if len(ends) != 6 {
			t.Fatalf("the preview of breaking off has %d ends, want 6: %v", len(ends), pv)
		}
		inCover := 0
		for _, e := range ends {
			e := e.(map[string]any)
			sel := fmt.Sprintf("[data-testid=break-off-end-%.0f]", e["face"])
			b.waitFor("the ends", `document.querySelector("`+sel+`")`, 10*time.Second)
			x := eval[float64](b, `+document.querySelector("`+sel+`").getAttribute("cx")`)
			cover := eval[bool](b, `document.querySelector("`+sel+`").classList.contains("cover")`)
			if math.Abs(x-e["x"].(float64)) > 1e-6 || cover != e["cover"].(bool) {
				t.Errorf("the dot %s is at x %.2f, cover %v; the preview's end %v", sel, x, cover, e)
			}
			if cover {
				inCover++
			}
		}
		note := eval[string](b, `document.querySelector("[data-testid=break-off-cover]").textContent`)
		if wantNote := map[int]string{0: "no roll ends in cover", 6: "every roll ends in cover"}[inCover]; wantNote == "" && !strings.Contains(note, fmt.Sprintf("%d of 6 rolls end in cover", inCover)) || wantNote != "" && !strings.Contains(note, wantNote) {
			t.Errorf("the note reads %q with %d of 6 ends in cover", note, inCover)
		}
	}
	if hint := b.hintText(); !strings.Contains(hint, "Break off") {
		t.Errorf("the toolbar's hint at a break-off reads %q", hint)
	}
	b.shot("break-off")
}

// TestOpportunityOddsOnAMove: two seats play Battle 1 with seeded random
// choices until a side may fire at a moving enemy; its page shows, for
// the unit chosen, the shot's odds at the point it aims at, as the rules'
// preview of that shot gives them, and again for another point once the
// slider is let go there.
func TestOpportunityOddsOnAMove(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-1")
	urls := []string{g["seat_url"].(string), g["join_url"].(string)}
	side, _ := playRandomUntil(t, seats, 9, 4000, "opportunity fire at a mover", func(g apiGame, raw json.RawMessage) bool {
		var v struct {
			View struct {
				Window *struct {
					Kind  string `json:"kind"`
					Spans []struct {
						From float64 `json:"from"`
					} `json:"spans"`
				} `json:"window"`
				Unsuppress []string `json:"unsuppress"`
			} `json:"view"`
		}
		json.Unmarshal(raw, &v)
		w := v.View.Window
		return g.Pending.Kind == "opportunity-fire" && w != nil && w.Kind == "move" && len(w.Spans) > 0 && w.Spans[0].From >= 0 && len(v.View.Unsuppress) == 0
	})
	browser := newBrowser(t)
	b := newTab(t, browser, "watcher", 1280, 800)
	b.do(chromedp.Navigate(urls[side]))
	b.waitFor("the window", `window.sandtable && document.body.dataset.pending === "opportunity-fire" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	check := func(when string) {
		t.Helper()
		unit := eval[string](b, `window.sandtable.game.ui.oppUnit || ""`)
		if unit == "" {
			t.Skip("no unit of the window can fire at the mover")
		}
		sel := `[data-testid="opp-odds-` + unit + `"]`
		at := eval[float64](b, `window.sandtable.game.ui.at["`+unit+`"]`)
		b.waitFor("the odds "+when, `document.querySelector('`+sel+`') && window.sandtable.game.ui.at["`+unit+`"] === `+fmt.Sprint(at), 10*time.Second)
		_, _, pv := seats[side].check(map[string]any{"kind": "opportunity-fire", "unit": unit, "at": math.Round(at*1e4) / 1e4})
		if pv == nil {
			t.Fatalf("no preview of %s's shot at %.2f", unit, at)
		}
		text := eval[string](b, `document.querySelector('`+sel+`').textContent`)
		want := fmt.Sprintf(`There: %.1f" (%s), %.0fD at %.0f+ against %.0fD at %.0f+: %s disrupted`, pv["range"], pv["band"], pv["attack_dice"], pv["attack_tn"], pv["reaction_dice"], pv["reaction_tn"], pctText(pv["disrupted"].(float64)))
		if !strings.HasPrefix(text, want) {
			t.Errorf("%s, aiming at %.2f\": the page says %q, the rules' preview %v", when, at, text, pv)
		}
	}
	check("at first")
	// Let the slider go at its other end: the odds there.
	unit := eval[string](b, `window.sandtable.game.ui.oppUnit`)
	eval[bool](b, `(() => { const i = document.querySelector('[data-testid="opp-at-`+unit+`"]'); i.value = i.value == i.max ? i.min : i.max; i.dispatchEvent(new Event("input")); i.dispatchEvent(new Event("change")); return true; })()`)
	check("after the slider")
}
