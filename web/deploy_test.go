package web_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestDeploySnapsToTheEdge: in Battle 2 the American M5s set up on their
// table edge; a click 6" in from it places the M5 against the edge (where
// the rules take it) rather than being refused.
func TestDeploySnapsToTheEdge(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-2", "side": "us", "opponent": "scripted", "seed": 1})
	me := seatAPI{t, base, g["game_id"].(string), g["seat_token"].(string)}
	deadline := time.Now().Add(time.Minute)
	for {
		var st apiGame
		me.call("GET", "", nil, &st)
		if st.Pending.Side == st.Side && st.Pending.Kind == "deploy" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no American deployment in time (pending %+v)", st.Pending)
		}
		time.Sleep(50 * time.Millisecond)
	}
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(g["seat_url"].(string)))
	b.waitFor("the deployment", `window.sandtable && document.body.dataset.pending === "deploy" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	edge := eval[[]string](b, `window.sandtable.game.view.setup.edge || []`)
	if len(edge) == 0 {
		t.Fatalf("the view names no unit to set up on the table edge: %s", eval[string](b, `JSON.stringify(window.sandtable.game.view.setup)`))
	}
	id := edge[0]
	b.click(fmt.Sprintf(`[data-testid="deploy-unit-%s"]`, id))
	before := b.state().N
	b.clickTable(30, 6)
	b.waitFor("the deployment to land", fmt.Sprintf(`window.sandtable.game.pos.n > %d || document.querySelector("[data-testid=error]")`, before), 15*time.Second)
	if b.state().N == before {
		t.Fatalf("placing %s 6\" from the edge was refused: %s", id, eval[string](b, `window.sandtable.lastError()`))
	}
	u := unitOf(b.state(), id)
	if !u.Placed || u.Y > 2 || u.X < 29 || u.X > 31 {
		t.Errorf("%s set up at (%.2f, %.2f), want against the south edge at x 30", id, u.X, u.Y)
	}
}
