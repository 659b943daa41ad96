package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLentWildDiceExplained plays Battle 1 between two seats with the
// rules' first suggestions until a command failure lends one side the
// other's 1s as wild dice, then opens that side's page: the standing
// counts the lent dice apart, says whose failure lent them, and draws them
// as dashed wild dice.
func TestLentWildDiceExplained(t *testing.T) {
	g, seats := humanGame(t, "armour-battles/battle-1")
	type sideJ struct {
		ID       string `json:"id"`
		Wild     int    `json:"wild"`
		Borrowed int    `json:"borrowed"`
	}
	var st struct {
		apiGame
		View struct {
			Sides []sideJ `json:"sides"`
		} `json:"view"`
	}
	deadline := time.Now().Add(2 * time.Minute)
	lent := -1
	for lent < 0 {
		if time.Now().After(deadline) {
			t.Fatal("no command failure lent dice in time")
		}
		seats[0].call("GET", "", nil, &st)
		if st.Result.Over {
			t.Fatal("the game ended with no dice lent")
		}
		for i, sd := range st.View.Sides {
			if sd.Borrowed > 0 {
				lent = i
			}
		}
		if lent < 0 {
			seats[st.Pending.Side].playCandidate(false)
		}
	}
	sd := st.View.Sides[lent]
	url := g["seat_url"].(string)
	if lent == 1 {
		url = g["join_url"].(string)
	}
	browser := newBrowser(t)
	b := newTab(t, browser, sd.ID, 1280, 800)
	b.do(chromedp.Navigate(url))
	b.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	sel := fmt.Sprintf(`[data-testid="borrowed-%s"]`, sd.ID)
	if !b.exists(sel) {
		t.Fatalf("%s holds %d lent wild dice; the standing does not say so", sd.ID, sd.Borrowed)
	}
	title := eval[string](b, `document.querySelector(`+"`"+sel+"`"+`).title`)
	other := st.View.Sides[1-lent].ID
	if n := eval[int](b, fmt.Sprintf(`document.querySelectorAll('[data-testid="lent-%s"]').length`, sd.ID)); n != sd.Borrowed {
		t.Errorf("%d lent dice drawn, the view says %d", n, sd.Borrowed)
	}
	if want := map[string]string{"german": "Germany", "us": "United States"}[other]; !strings.Contains(title, want) {
		t.Errorf("the lent dice's note %q does not name %s", title, want)
	}
	b.shot("lent")
}
