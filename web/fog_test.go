package web_test

import (
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
