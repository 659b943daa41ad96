package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReplayLiftsTheFog plays Battle 2 to its end between two seats with
// the rules' first suggestions (the German StuGs set up hidden), then opens
// the American player's replay: the fog lifts once the game is over, so
// the StuGs are drawn where they set up from that very event on, and the
// log holds the Germans' own events too. The end screen counts each side's
// losses as the view does.
func TestReplayLiftsTheFog(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-2")
	deadline := time.Now().Add(3 * time.Minute)
	hiddenAtEnd := false
	for {
		var st apiGame
		seats[0].call("GET", "", nil, &st)
		if st.Result.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the game did not end in time")
		}
		seats[st.Pending.Side].playCandidate(false)
	}
	var us struct {
		View struct {
			Units []unitJ `json:"units"`
		} `json:"view"`
	}
	seats[1].call("GET", "", nil, &us)
	for _, u := range us.View.Units {
		hiddenAtEnd = hiddenAtEnd || u.ID == "de-ag-1" && u.Hidden
	}
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["join_url"].(string)))
	b.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.over === "1"`, 15*time.Second)
	// The end screen's summary: each side's morale and its losses, as
	// the view tells them.
	lost := map[string]int{}
	for _, u := range us.View.Units {
		if u.Dispersed {
			lost[u.Side]++
		}
	}
	for _, side := range []string{"german", "us"} {
		text := eval[string](b, fmt.Sprintf(`(document.querySelector("[data-testid=over-lost-%s]") || {}).textContent || "missing"`, side))
		n := 0
		if text != "none" {
			for _, part := range strings.Split(text, ", ") {
				var k int
				fmt.Sscanf(part, "%d×", &k)
				n += k
			}
		}
		if text == "missing" || n != lost[side] {
			t.Errorf("the end screen gives %s's losses as %q; the view has %d units dispersed", side, text, lost[side])
		}
	}
	if b.exists(`.side-row.active`) {
		t.Errorf("the standing still marks a side's pulse once the game is over")
	}
	b.shot("over")
	id := g["game_id"].(string)
	eval[bool](b, `(history.pushState({}, "", "/replay/`+id+`"), dispatchEvent(new PopStateEvent("popstate")), true)`)
	b.waitFor("the replay", `document.querySelector("[data-testid=replay-log] li")`, 10*time.Second)
	// The StuG's set-up, told to the Germans only while the game ran.
	at := eval[int](b, `[...document.querySelectorAll("[data-testid=replay-log] li")].findIndex((e) => /de-ag-1/.test(e.textContent))`)
	if at < 0 {
		t.Fatalf("the replay's log never names de-ag-1: %s", eval[string](b, `document.querySelector("[data-testid=replay-log]").innerText.slice(0, 600)`))
	}
	b.click(fmt.Sprintf(`[data-testid=replay-log] li:nth-child(%d)`, at+1))
	if !b.exists(`[data-testid="unit-de-ag-1"]`) {
		t.Errorf("at the replay's event %d (%q) the hidden StuG is not drawn", at+1, eval[string](b, fmt.Sprintf(`document.querySelectorAll("[data-testid=replay-log] li")[%d].textContent`, at)))
	} else if !eval[bool](b, `document.querySelector('[data-unit="de-ag-1"]').classList.contains("hidden")`) {
		t.Errorf("the StuG set up hidden is not drawn as hidden")
	}
	b.click(`[data-testid=replay-end]`)
	dispersed := eval[bool](b, `[...document.querySelectorAll("[data-testid=replay-log] li")].some((e) => /de-ag-1 .*dispersed/.test(e.textContent))`)
	if !dispersed && !b.exists(`[data-testid="unit-de-ag-1"]`) {
		t.Errorf("at the replay's end the StuG (hidden to the end: %v) is not drawn", hiddenAtEnd)
	}
	b.shot("end")
	t.Logf("de-ag-1 still hidden when the game ended: %v", hiddenAtEnd)
	if text := eval[string](b, `document.querySelector("[data-testid=replay-log]").innerText`); strings.Count(text, "de-ag-") == 0 {
		t.Errorf("the replay's log names no StuG")
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
