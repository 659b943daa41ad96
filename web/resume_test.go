package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReloadAndResume checks a game survives a reload and is listed in the
// lobby for resuming, and that a browser without the token gets no seat.
func TestReloadAndResume(t *testing.T) {
	base := newSiteURL(t)
	browser := newBrowser(t)
	b := newTab(t, browser, "player", 1280, 800)
	b.do(chromedp.Navigate(base + "/"))
	b.click(`[data-testid="scenario-armour-battles-battle-1"]`)
	b.click(`[data-testid="side-german"]`)
	b.click(`[data-testid="create-game"]`)
	b.waitFor("the battlefield", `window.sandtable && document.body.dataset.pending === "deploy" && document.body.dataset.myTurn === "1"`, 15*time.Second)
	id := eval[string](b, `document.body.dataset.game`)
	for i, x := range []float64{10, 20} {
		b.click(`[data-testid^="deploy-unit-"]`)
		b.clickTable(x, 45)
		b.waitFor("the unit placed", `window.sandtable.game.pos.n === `+string(rune('1'+i)), 10*time.Second)
	}
	before := b.state()

	b.do(chromedp.Reload())
	b.waitFor("the game after reload", `window.sandtable && document.body.dataset.busy === "0" && document.body.dataset.pending`, 15*time.Second)
	after := b.state()
	if after.N != before.N || after.Pending != before.Pending || eval[string](b, `document.body.dataset.game`) != id {
		t.Fatalf("after reload: game %s n=%d %s; want %s n=%d %s", eval[string](b, `document.body.dataset.game`), after.N, after.Pending, id, before.N, before.Pending)
	}
	placed := 0
	for _, u := range after.Units {
		if u.Placed && u.Side == "german" {
			placed++
		}
	}
	if placed != 2 {
		t.Errorf("after reload %d German units stand on the table, want 2", placed)
	}

	// The lobby lists the game; its link resumes it.
	b.click(`[data-testid="home"]`)
	b.waitFor("the game list", `document.querySelector("[data-testid=my-games]") && document.querySelector("[data-testid=my-games]").innerText.includes("active")`, 10*time.Second)
	if text := eval[string](b, `document.querySelector("[data-testid=my-games]").innerText`); strings.Contains(text, "undefined") || strings.Contains(text, "NaN") {
		t.Errorf("the lobby's list of games shows %q", text)
	}
	b.click(`[data-testid="resume-` + id + `"]`)
	b.waitFor("the resumed game", `window.sandtable && document.body.dataset.game === "`+id+`" && document.body.dataset.busy === "0" && document.body.dataset.pending === "deploy"`, 15*time.Second)
	b.click(`[data-testid^="deploy-unit-"]`)
	b.clickTable(30, 45)
	b.waitFor("a third unit placed", `window.sandtable.game.pos.n === 3`, 10*time.Second)
	b.shot("resumed")

	// Plotted missions and smoke screens are drawn from the view's
	// batteries and smokes (fed here to the page as the server sends them).
	eval[bool](b, `(() => { const g = window.sandtable.game;
		g.view.batteries = [{id: "de-art-1", name: "10.5cm leFH 18", side: "german", marker: [30, 25]}, {id: "de-art-2", name: "8cm mortar", side: "german", marker: [40, 20], smoke: true, orient: 30}];
		g.view.smokes = [{side: "us", x: 20, y: 24, orient: 90, length: 12, width: 1}];
		g.render(); return true; })()`)
	for _, sel := range []string{`[data-testid="mission-de-art-1"] .burst`, `[data-testid="mission-de-art-2"] .smoke-plot`, `[data-testid="smoke"]`} {
		if !b.exists(sel) {
			t.Errorf("the table lacks %s", sel)
		}
	}
	if r := eval[float64](b, `+document.querySelector('[data-testid="mission-de-art-1"] .burst').getAttribute("r")`); r != 4 {
		t.Errorf("a fire mission's burst is drawn %v\" wide, want the 4\" radius", r)
	}

	// The order panel's disengage sends its maximum-move choice (R48):
	// the panel drawn for an order decision, the choice made in it, and the
	// action the page would send.
	sent := eval[string](b, `(() => { const g = window.sandtable.game;
		const pend = g.g.pending, act = g.act; let sent = null;
		g.g.pending = Object.assign({}, pend, {kind: "order"});
		g.view.sides.find((x) => x.id === "german").staff = 1;
		const own = g.units.find((u) => u.side === "german" && u.placed);
		g.ui = {order: "disengage", leader: own.id, members: [], dice: 1};
		g.render();
		const sel = document.querySelector("[data-testid=disengage-max]");
		sel.value = "staff"; sel.dispatchEvent(new Event("change"));
		g.act = (a) => { sent = a; return true; };
		g.confirm();
		g.act = act; g.g.pending = pend; g.ui = {}; g.render();
		return JSON.stringify(sent); })()`)
	if !strings.Contains(sent, `"order":"disengage"`) || !strings.Contains(sent, `"staff":true`) {
		t.Errorf("the disengage order with a staff order's maximum move sends %s", sent)
	}

	// Another browser, without the token, gets no seat.
	other := newTab(t, browser, "stranger", 1280, 800)
	other.do(chromedp.Navigate(base + "/games/" + id))
	other.waitFor("the no-seat notice", `/No seat/.test(document.body.innerText)`, 10*time.Second)
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
