package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestMissionOdds: two seats play Battle 2 with seeded random choices
// until the Americans may call a fire mission; on their page, choosing
// that battery, observer and point shows the chance that it fires at once
// and what it would do to the units the burst may reach, as the rules'
// preview of the call gives them.
func TestMissionOdds(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-2")
	var call map[string]any
	playRandomUntil(t, seats, 3, 4000, "fire mission to call", func(st apiGame, _ json.RawMessage) bool {
		if st.Pending.Kind != "order" || st.Pending.Side != 1 {
			return false
		}
		var c struct {
			Candidates []map[string]any `json:"candidates"`
		}
		seats[1].call("GET", "/candidates", nil, &c)
		for _, a := range c.Candidates {
			if a["kind"] == "call-mission" && a["smoke"] != true {
				call = a
				return true
			}
		}
		return false
	})
	_, _, pv := seats[1].check(map[string]any{"kind": "call-mission", "battery": call["battery"], "observer": call["observer"], "x": call["x"], "y": call["y"]})
	if pv == nil {
		t.Fatalf("no preview of %v", call)
	}
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["join_url"].(string)))
	b.waitFor("the order", `window.sandtable && document.body.dataset.pending === "order" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	b.click(`[data-testid="call-mission"]`)
	b.click(fmt.Sprintf(`[data-testid="battery-%s"]`, call["battery"]))
	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, call["observer"]))
	b.clickTable(call["x"].(float64), call["y"].(float64))
	b.waitFor("the mission's odds", `document.querySelector("[data-testid=mission-at-once]")`, 10*time.Second)
	text := eval[string](b, `document.querySelector("[data-testid=mission-at-once]").textContent`)
	if want := pctText(pv["at_once"].(float64)) + " that it fires at once"; !strings.HasPrefix(text, want) {
		t.Errorf("the page says %q, the rules' preview %v", text, pv)
	}
	for _, u := range pv["units"].([]any) {
		u := u.(map[string]any)
		line := eval[string](b, fmt.Sprintf(`(document.querySelector("[data-testid=mission-odds-%s]") || {}).textContent || ""`, u["unit"]))
		if want := pctText(u["under"].(float64)) + " under the burst"; !strings.Contains(line, want) {
			t.Errorf("%s: the page says %q, want %q", u["unit"], line, want)
		}
	}
	b.shot("mission")
}

// TestAdjustOdds: two seats play Battle 2 with seeded random choices
// until the Americans, in their logistics phase, hold a plotted fire
// mission and a staff order; choosing a new point 2" from the marker
// shows the burst's odds there, as the rules' preview of the adjustment
// gives them, before Enter adjusts it.
func TestAdjustOdds(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-2")
	type battery struct {
		ID     string    `json:"id"`
		Side   string    `json:"side"`
		Smoke  bool      `json:"smoke"`
		Marker []float64 `json:"marker"`
	}
	var bt battery
	playRandomUntil(t, seats, 11, 6000, "logistics phase with a plotted fire mission", func(st apiGame, raw json.RawMessage) bool {
		var v struct {
			View struct {
				Batteries []battery `json:"batteries"`
				Sides     []struct {
					Staff int `json:"staff"`
				} `json:"sides"`
			} `json:"view"`
		}
		json.Unmarshal(raw, &v)
		if st.Pending.Kind != "logistics" || st.Pending.Side != 1 || v.View.Sides[1].Staff == 0 {
			return false
		}
		for _, b := range v.View.Batteries {
			if b.Side == "us" && !b.Smoke && len(b.Marker) == 2 {
				bt = b
				return true
			}
		}
		return false
	})
	// A point 2" nearer the middle of the table, seen by some observer:
	// tried along four directions until the rules take one.
	var to []float64
	for _, d := range [][2]float64{{0, -2}, {0, 2}, {2, 0}, {-2, 0}} {
		p := []float64{bt.Marker[0] + d[0], bt.Marker[1] + d[1]}
		if legal, _, _ := seats[1].check(map[string]any{"kind": "adjust-mission", "battery": bt.ID, "x": p[0], "y": p[1]}); legal {
			to = p
			break
		}
	}
	if to == nil {
		t.Fatal("no point 2\" from the marker that an observer sees")
	}
	_, _, pv := seats[1].check(map[string]any{"kind": "adjust-mission", "battery": bt.ID, "x": to[0], "y": to[1]})
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["join_url"].(string)))
	b.waitFor("the logistics phase", `window.sandtable && document.body.dataset.pending === "logistics" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	before := b.state().N
	b.click(fmt.Sprintf(`[data-testid="adjust-%s"]`, bt.ID))
	b.clickTable(to[0], to[1])
	b.waitFor("the odds there", `document.querySelector("[data-testid=mission-odds]")`, 10*time.Second)
	if b.state().N != before {
		t.Fatal("a click on the table adjusted the marker before the odds were shown")
	}
	for _, u := range pv["units"].([]any) {
		u := u.(map[string]any)
		line := eval[string](b, fmt.Sprintf(`(document.querySelector("[data-testid=mission-odds-%s]") || {}).textContent || ""`, u["unit"]))
		if want := pctText(u["under"].(float64)) + " under the burst"; !strings.Contains(line, want) {
			t.Errorf("%s: the page says %q, want %q", u["unit"], line, want)
		}
	}
	b.shot("adjust")
	b.key("\r")
	b.waitFor("the adjustment", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, before), 15*time.Second)
}
