package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Battle 2's set-up rules: the StuGs together behind a hedge (the Champ
// du Moulin's), the Pumas and the M5s on their own table edges.
var (
	battle2German = [][2]float64{{35, 33.55}, {38, 33.55}, {41, 33.55}, {10, 46.8}, {14, 46.8}}
	battle2US     = [][2]float64{{20, 1.2}, {25, 1.2}, {30, 1.2}}
)

// TestSpectator watches a two-player game of Battle 2 through its
// spectator link while both players play by clicking: the spectator's
// page has no controls and its token is refused an action with a clear
// message; it follows the game live (the log grows and the units appear
// without a reload), shows both sides' units on the table, and never
// learns of the German StuGs set up hidden.
func TestSpectator(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "human", "seed": 2})
	browser := newBrowser(t)
	sp := newTab(t, browser, "spectator", 1280, 800)
	sp.do(chromedp.Navigate(g["spectator_url"].(string)))
	sp.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	if side := eval[string](sp, `String(window.sandtable.mySide())`); side != "null" {
		t.Fatalf("the spectator link seats side %q", side)
	}
	noControls := func(when string) {
		t.Helper()
		if c := eval[string](sp, `[...document.querySelectorAll("[data-testid=decision] button, [data-testid=decision] input, [data-testid=decision] select")].map((e) => e.outerHTML.slice(0, 80)).join(" | ")`); c != "" {
			t.Errorf("%s: the spectator's panel offers controls: %s", when, c)
		}
		if !sp.exists(`[data-testid="spectator-note"]`) || !strings.Contains(eval[string](sp, `document.getElementById("status").innerText`), "Spectating") {
			t.Errorf("%s: the spectator's page does not say it is spectating", when)
		}
	}
	// hiddenStuGs are the German units set up hidden, as the German page
	// sees them (a StuG revealed later may be seen by everyone).
	var de *tab
	hiddenStuGs := func() []string {
		t.Helper()
		if de == nil {
			return []string{"de-ag-1", "de-ag-2", "de-ag-3"}
		}
		return eval[[]string](de, `window.sandtable.view().units.filter((u) => u.hidden).map((u) => u.id)`)
	}
	neverHidden := func(when string) {
		t.Helper()
		for _, id := range hiddenStuGs() {
			for what, expr := range map[string]string{
				"view":  `JSON.stringify(window.sandtable.view())`,
				"log":   `document.querySelector("[data-testid=log]").innerText`,
				"page":  `document.body.innerHTML`,
				"store": `JSON.stringify(localStorage)`,
			} {
				if s := eval[string](sp, expr); strings.Contains(s, id) {
					t.Errorf("%s: the spectator's %s mentions the hidden %s", when, what, id)
				}
			}
		}
		if s := eval[string](sp, `document.body.innerHTML`); strings.Contains(s, "Sturmgeschütz") || strings.Contains(s, "StuG") {
			t.Errorf("%s: the spectator's page names a hidden StuG", when)
		}
	}
	logLen := func() int { return eval[int](sp, `document.querySelectorAll("[data-testid=log] li").length`) }
	noControls("before the set-up")
	neverHidden("before the set-up")

	de = newTab(t, browser, "german", 1280, 800)
	us := newTab(t, browser, "us-player", 1280, 800)
	de.do(chromedp.Navigate(g["seat_url"].(string)))
	us.do(chromedp.Navigate(g["join_url"].(string)))
	for _, b := range []*tab{de, us} {
		b.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	}

	// The Germans set up: the spectator sees the Pumas arrive live, and
	// not the StuGs.
	before := logLen()
	de.deployAt(battle2German)
	sp.waitFor("the Pumas on the spectator's table", `document.querySelector('[data-testid="unit-de-rc-1"]') && document.querySelector('[data-testid="unit-de-rc-2"]')`, 15*time.Second)
	sp.waitFor("the German deployments in the spectator's log", fmt.Sprintf(`document.querySelectorAll("[data-testid=log] li").length >= %d`, before+2), 10*time.Second)
	if got := hiddenStuGs(); len(got) != 3 {
		t.Fatalf("the German page shows %v hidden, want the three StuGs", got)
	}
	neverHidden("after the German set-up")
	noControls("after the German set-up")

	// The Americans set up and move by clicking.
	us.waitFor("the American set-up", `document.body.dataset.pending === "deploy" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	us.deployAt(battle2US)
	sp.waitFor("the Americans on the spectator's table", `document.querySelectorAll('[data-testid^="unit-us-"]').length >= 3`, 15*time.Second)
	neverHidden("after the American set-up")
	sp.shot("set-up")

	// The Americans play on by clicking; the Germans hold their fire and
	// pass (their StuGs stay hidden), until an American unit has moved.
	did := played{}
	moved := `[...document.querySelectorAll("[data-testid=log] li.ev-move")].some((li) => /us-/.test(li.innerText))`
	for step := 0; step < 40 && !eval[bool](sp, moved); step++ {
		us.waitFor("a decision", `document.body.dataset.busy !== "1"`, 15*time.Second)
		de.waitFor("a decision", `document.body.dataset.busy !== "1"`, 15*time.Second)
		if s := us.state(); s.Mine {
			us.step(s, did)
			continue
		}
		if s := de.state(); s.Mine {
			de.holdBack(s.Pending)
			continue
		}
		time.Sleep(200 * time.Millisecond)
	}
	// The spectator's log shows the move without a reload.
	sp.waitFor("an American move in the spectator's log", moved, 10*time.Second)
	mover := eval[string](sp, `[...document.querySelectorAll("[data-testid=log] li.ev-move")].pop().innerText`)
	if !strings.Contains(mover, "us-") {
		t.Errorf("the spectator's last move line is %q", mover)
	}
	// Both sides' units stand on the spectator's table.
	for _, id := range []string{"de-rc-1", "de-rc-2", "us-d1", "us-d2", "us-d3"} {
		if !sp.exists(fmt.Sprintf(`[data-testid="unit-%s"]`, id)) {
			t.Errorf("the spectator's table lacks %s", id)
		}
	}
	neverHidden("after the first move")
	noControls("during the Americans' turn")

	// The keys do nothing for a spectator, and its token is refused an
	// action with a clear message.
	n := eval[int](sp, `window.sandtable.game.pos.n`)
	sp.key("\r")
	sp.key("p")
	sp.key("e")
	if got := eval[int](us, `window.sandtable.game.pos.n`); got != n {
		t.Errorf("the spectator's keys changed the game: n %d → %d", n, got)
	}
	msg := eval[string](sp, `(async () => { const g = window.sandtable.game; try { await fetch("/api/games/" + g.id + "/actions", {method: "POST",
		headers: {"Content-Type": "application/json", Authorization: "Bearer " + g.token}, body: JSON.stringify({after: g.pos.last_event, n: g.pos.n, action: {kind: "pass"}})}).then(async (r) => { throw new Error(r.status + " " + await r.text()); }); } catch (e) { return e.message; } })()`)
	if !strings.HasPrefix(msg, "403") || !strings.Contains(msg, "spectators cannot act") {
		t.Errorf("a spectator's action is answered %q, want 403 spectators cannot act", msg)
	}
	sp.shot("watching")
	for _, b := range []*tab{sp, de, us} {
		if errs := b.pageErrors(); len(errs) > 0 {
			t.Errorf("%s page errors: %v", b.name, errs)
		}
	}
}
