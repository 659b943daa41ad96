package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTwoPlayersSeeOnlyTheirOwnHiddenUnits plays the set-up of Battle 2
// between two browsers with their own seat tokens: the German player
// places the StuG company hidden and sees it drawn as hidden; the American
// player's page never learns of it (not on the table, not in the view, not
// in the log).
func TestTwoPlayersSeeOnlyTheirOwnHiddenUnits(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "human"})
	browser := newBrowser(t)
	de := newTab(t, browser, "german", 1280, 800)
	us := newTab(t, browser, "us", 1024, 768) // a tablet in landscape
	de.do(chromedp.Navigate(g["seat_url"].(string)))
	us.do(chromedp.Navigate(g["join_url"].(string)))
	for _, b := range []*tab{de, us} {
		b.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	}
	if got := eval[string](us, `window.sandtable.mySide()`); got != "us" {
		t.Fatalf("the join link seats %q, want us", got)
	}
	for round := 0; round < 6; round++ {
		progressed := false
		for _, b := range []*tab{de, us} {
			b.waitFor("the page to catch up", `document.body.dataset.busy !== "1"`, 10*time.Second)
			if s := b.state(); s.Pending == "deploy" && s.Mine {
				// Battle 2's set-up rules: the StuGs together behind a
				// hedge (the Champ du Moulin's), the Pumas and the M5s on
				// their own table edges.
				at := [][2]float64{{20, 1.2}, {25, 1.2}, {30, 1.2}}
				if s.Side == "german" {
					at = [][2]float64{{35, 33.55}, {38, 33.55}, {41, 33.55}, {10, 46.8}, {14, 46.8}}
				}
				b.deployAt(at)
				progressed = true
			}
		}
		if !progressed && de.state().Pending != "deploy" {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	// Both pages follow the game through the WebSocket.
	for _, b := range []*tab{de, us} {
		b.waitFor("deployment to end", `document.body.dataset.pending !== "deploy" && document.body.dataset.busy !== "1"`, 15*time.Second)
	}
	de.shot("hidden-set-up")
	us.shot("hidden-set-up")

	// The Germans see their StuGs, drawn as hidden.
	for _, id := range []string{"de-ag-1", "de-ag-2", "de-ag-3"} {
		if !eval[bool](de, `!!document.querySelector('[data-unit="`+id+`"].hidden [data-testid="unit-`+id+`"]')`) {
			t.Errorf("the German page does not draw %s as a hidden unit of its own", id)
		}
	}
	if !eval[bool](de, `[...document.querySelectorAll(".hidden-label")].length >= 3`) {
		t.Errorf("the German page labels fewer than 3 units hidden")
	}
	// The Americans see the Pumas but nothing of the StuGs.
	if !eval[bool](us, `!!document.querySelector('[data-testid="unit-de-rc-1"]')`) {
		t.Errorf("the US page does not show the German armoured car de-rc-1")
	}
	if eval[bool](us, `!!document.querySelector('[data-testid^="unit-de-ag"]')`) {
		t.Errorf("the US page draws a hidden StuG")
	}
	for what, expr := range map[string]string{
		"view":  `JSON.stringify(window.sandtable.view())`,
		"log":   `document.querySelector("[data-testid=log]").innerText`,
		"page":  `document.body.innerHTML`,
		"store": `JSON.stringify(localStorage)`,
	} {
		if s := eval[string](us, expr); strings.Contains(s, "de-ag") || strings.Contains(s, "Sturmgeschütz") {
			t.Errorf("the US %s mentions the hidden StuGs", what)
		}
	}
	for _, b := range []*tab{de, us} {
		if errs := b.pageErrors(); len(errs) > 0 {
			t.Errorf("%s page errors: %v", b.name, errs)
		}
	}
}

// TestDecoyWindowSaysNothingCanFire: in Battle 2 the German player's
// StuGs set up hidden, so every American move pauses for the German
// answer even when no German unit can fire (a decoy window, ruling R56).
// The German page says so and offers holding fire, and, as the opponent
// is the AI, holding fire by itself from then on: the next decoy windows
// pass with no German decision shown.
func TestDecoyWindowSaysNothingCanFire(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "scripted", "seed": 3})
	browser := newBrowser(t)
	de := newTab(t, browser, "german", 1280, 800)
	de.do(chromedp.Navigate(g["seat_url"].(string)))
	// decide waits for a German decision and reports whether it is a
	// decoy window; any other it answers holding the StuGs back, so that
	// they stay hidden.
	decide := func() (decoy, over bool) {
		de.waitFor("a decision of ours", `document.body.dataset.over === "1" || (document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1")`, 90*time.Second)
		s := de.state()
		if s.Over {
			return false, true
		}
		if s.Pending == "opportunity-fire" && eval[bool](de, `!!(window.sandtable.view().window || {}).decoy`) {
			return true, false
		}
		switch s.Pending {
		case "deploy":
			de.deployAt([][2]float64{{4, 46.6}, {7, 46.6}, {10, 46.6}, {60, 46.8}, {64, 46.8}})
		case "ready":
			de.click(`[data-testid="begin"]`)
		default:
			de.holdBack(s.Pending)
		}
		de.waitFor("the page to take it", fmt.Sprintf(`window.sandtable.game.pos.n > %d || document.body.dataset.busy === "1"`, s.N), 15*time.Second)
		return false, false
	}
	for step := 0; ; step++ {
		if step > 150 {
			t.Fatalf("no decoy window after %d German decisions", step)
		}
		decoy, over := decide()
		if over {
			t.Fatal("the battle ended with no decoy window")
		}
		if decoy {
			break
		}
	}
	s := de.state()
	de.shot("decoy-window")
	text := eval[string](de, `(document.querySelector("[data-testid=opp-decoy]") || {}).textContent || ""`)
	if !strings.Contains(text, "None of your units can fire") {
		t.Errorf("a decoy window's panel says %q, want that none of the side's units can fire", text)
	}
	if de.exists(`[data-testid^="opp-fire-"]`) {
		t.Errorf("a decoy window offers a unit to fire")
	}
	if panel := eval[string](de, `(document.querySelector("[data-testid=opp-decoy]") || document.body).parentElement.innerText`); strings.Contains(panel, "ringed units") {
		t.Errorf("a decoy window's panel asks to aim with units that cannot fire:\n%s", panel)
	}
	if !de.exists(`[data-testid="opp-pass"]`) {
		t.Errorf("a decoy window offers no pass")
	}
	// Against the AI: hold fire by ourselves from now on.
	de.click(`[data-testid="opp-auto-hold"]`)
	de.waitFor("the pass taken", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, s.N), 15*time.Second)
	// The server refuses the next pass held by the page itself, once, as
	// a store too slow to answer would: the page must try again.
	eval[bool](de, `(() => {
		const real = window.fetch;
		window.refusedHold = false;
		window.fetch = (url, opts) => {
			const w = window.sandtable.view().window || {};
			if (!window.refusedHold && opts && opts.method === "POST" && String(opts.body).includes('"opportunity-pass"') && w.decoy) {
				window.refusedHold = true;
				return Promise.resolve(new Response(JSON.stringify({ error: "the store did not answer in time", code: "timeout" }), { status: 503, headers: { "Content-Type": "application/json" } }));
			}
			return real(url, opts);
		};
		return true;
	})()`)
	for step := 0; step < 40; step++ {
		decoy, over := decide()
		if over {
			break
		}
		if decoy {
			de.shot("decoy-window-shown")
			t.Fatalf("after asking to hold fire by itself, the page shows a decoy window (German decision %d after); the page: %s; page errors: %v", step,
				eval[string](de, `JSON.stringify({n: window.sandtable.game.pos.n, last_event: window.sandtable.game.pos.last_event, autoHeld: window.sandtable.game.autoHeld, autoHolds: window.sandtable.game.autoHolds, busy: window.sandtable.game.busy, acting: !!window.sandtable.game.acting, lastError: window.sandtable.game.lastError || "", autoHold: localStorage.getItem("sandtable.autoHold." + window.sandtable.game.id)})`),
				de.pageErrors())
		}
	}
	if !eval[bool](de, `window.refusedHold`) {
		t.Errorf("no pass held by the page itself was refused: the test did not try the page's second attempt")
	}
	if n := eval[int](de, `window.sandtable.game.autoHolds || 0`); n < 2 {
		t.Errorf("the page held fire by itself %d times, want the first and at least one more", n)
	}
	if errs := de.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
