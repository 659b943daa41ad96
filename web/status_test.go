package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestStatusBarReadsWell follows Battle 1 as the Americans against the
// scripted AI to its end: the status bar never shows the text "null",
// names the side with the pulse as "Pulse: United States" (not "United
// States's pulse") and, once the game is over, names no pulse at all.
func TestStatusBarReadsWell(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-1", "side": "us", "opponent": "scripted", "seed": 1})
	me := seatAPI{t, base, g["game_id"].(string), g["seat_token"].(string)}
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["seat_url"].(string)))
	b.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	status := func() string { return eval[string](b, `document.getElementById("status").innerText`) }
	if s := status(); strings.Contains(s, "null") {
		t.Errorf("the status bar reads %q", s)
	}
	sawPulse := false
	deadline := time.Now().Add(3 * time.Minute)
	for !sawPulse || !eval[bool](b, `document.body.dataset.over === "1"`) {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end in time; status %q", status())
		}
		var st apiGame
		me.call("GET", "", nil, &st)
		if st.Result.Over {
			b.waitFor("the page to show the end", `document.body.dataset.over === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
			break
		}
		if st.Pending.Side != st.Side {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		if !sawPulse && st.Pending.Kind == "order" {
			b.waitFor("the page to show the order", `document.body.dataset.pending === "order" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
			s := status()
			if strings.Contains(s, "null") || strings.Contains(s, "'s pulse") || !strings.Contains(s, "Pulse: United States") {
				t.Errorf("with the Americans to give an order the status bar reads %q, want \"Pulse: United States\" and no \"null\"", s)
			}
			sawPulse = true
		}
		me.playCandidate(false)
	}
	s := status()
	b.shot("over")
	if strings.Contains(s, "null") || strings.Contains(strings.ToLower(s), "pulse") {
		t.Errorf("after the game the status bar reads %q, want no pulse and no \"null\"", s)
	}
	if !eval[bool](b, `!!document.querySelector("[data-testid=game-over]")`) {
		t.Errorf("the page does not show the game over")
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
