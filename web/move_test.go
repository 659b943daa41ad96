package web_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// openActivation plays Battle 1 as the Americans against the scripted AI
// through the API (the rules' suggestions) until the Americans have a
// group activated to move and fire with one die, and opens the page.
func openActivation(t *testing.T) (*tab, pageState) {
	t.Helper()
	return openActivationAt(t, 1280, 800)
}

// openActivationAt is openActivation in a w×h window.
func openActivationAt(t *testing.T, w, ht int64) (*tab, pageState) {
	t.Helper()
	return openActivationWhere(t, w, ht, "a move-fire group", func(apiGame) bool { return true })
}

// openActivationWhere is openActivationAt at the first American
// activation at which want holds (the group's first moves and shots
// chosen from the rules' suggestions until then).
func openActivationWhere(t *testing.T, w, ht int64, what string, want func(apiGame) bool) (*tab, pageState) {
	t.Helper()
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-1", "side": "us", "opponent": "scripted", "seed": 1})
	me := seatAPI{t, base, g["game_id"].(string), g["seat_token"].(string)}
	deadline := time.Now().Add(time.Minute)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("no American activation with %s in time", what)
		}
		var st apiGame
		me.call("GET", "", nil, &st)
		if st.Pending.Side != st.Side {
			time.Sleep(30 * time.Millisecond)
			continue
		}
		if st.Pending.Kind == "activation" && want(st) {
			break
		}
		if st.Result.Over {
			t.Fatalf("the game ended before %s", what)
		}
		me.playCandidate(true)
	}
	browser := newBrowser(t)
	b := newTab(t, browser, "us", w, ht)
	b.do(chromedp.Navigate(g["seat_url"].(string)))
	b.waitFor("the activation", `window.sandtable && document.body.dataset.pending === "activation" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 15*time.Second)
	s := b.state()
	if s.Group == nil || s.Group.Order != "move-fire" || len(s.Group.Units) < 2 {
		t.Fatalf("activation %+v, want a move-fire group", s.Group)
	}
	return b, s
}

func unitOf(s pageState, id string) unitJ {
	for _, u := range s.Units {
		if u.ID == id {
			return u
		}
	}
	return unitJ{}
}

// TestMovePreviewWithinReach activates a group with one die (6" fixed +
// 1D6, up to 12") and clicks 36" ahead: the destination is brought back to
// the reach and the page says the group goes only as far as the roll
// allows; the previewed move is accepted.
func TestMovePreviewWithinReach(t *testing.T) {
	b, s := openActivation(t)
	dice := eval[int](b, `window.sandtable.group().dice`)
	reach := float64(6*dice + 6*dice)
	l := unitOf(s, s.Group.Units[0])
	b.clickTable(l.X, l.Y+36)
	d := eval[float64](b, fmt.Sprintf(`(() => { const m = window.sandtable.game.ui.moves[%q]; return Math.hypot(m.to[0] - %g, m.to[1] - %g); })()`, l.ID, l.X, l.Y))
	if d > reach+0.02 {
		t.Errorf("the preview sends %s %.1f\", beyond its reach of %.0f\"", l.ID, d, reach)
	}
	label := eval[string](b, `[...document.querySelectorAll(".move-label")].map((e) => e.textContent).join("|")`)
	if strings.Contains(label, "36.0") {
		t.Errorf("the preview still reads %q", label)
	}
	toastText := eval[string](b, `[...document.querySelectorAll("[data-testid=toast]")].map((e) => e.textContent).join("|")`)
	warn := eval[string](b, fmt.Sprintf(`(document.querySelector("[data-testid=plan-warn-%s]") || {}).textContent || ""`, l.ID))
	if !strings.Contains(toastText, "Too far") || !strings.Contains(warn, "roll") {
		t.Errorf("no warning that the group is out of reach: toast %q, plan %q", toastText, warn)
	}
	b.shot("clamped")
	before := b.state().N
	b.key("\r")
	b.waitFor("the move to land", fmt.Sprintf(`window.sandtable.game.pos.n > %d || document.querySelector("[data-testid=error]")`, before), 15*time.Second)
	if b.state().N == before {
		t.Errorf("the clamped move was refused: %s", eval[string](b, `window.sandtable.lastError()`))
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}

// TestMoveClickOnGroupMember selects one unit of the group to move alone
// and clicks where another member stands: that is the selected unit's
// destination, not a change of selection. Enter with nothing to move and a
// click off the table say why nothing happens.
func TestMoveClickOnGroupMember(t *testing.T) {
	b, s := openActivation(t)
	a, o := unitOf(s, s.Group.Units[0]), unitOf(s, s.Group.Units[1])
	toasts := `[...document.querySelectorAll("[data-testid=toast]")].map((e) => e.textContent).join("|")`
	clearToasts := func() {
		eval[bool](b, `(document.querySelectorAll("[data-testid=toast]").forEach((e) => e.remove()), true)`)
	}

	// Enter with nothing planned.
	clearToasts()
	b.key("\r")
	if got := eval[string](b, toasts); !strings.Contains(got, "first") {
		t.Errorf("Enter with nothing to move says %q, want why nothing happens", got)
	}
	// A click off the table.
	clearToasts()
	pt := eval[[]float64](b, fmt.Sprintf(`window.sandtable.toScreen(%g, -1.2)`, a.X))
	b.do(chromedp.MouseClickXY(pt[0], pt[1]))
	b.idle()
	if got := eval[string](b, toasts); !strings.Contains(got, "off the table") {
		t.Errorf("a click off the table says %q", got)
	}

	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, a.ID))
	if sel := eval[string](b, `window.sandtable.game.ui.selected || ""`); sel != a.ID {
		t.Fatalf("clicking %s selects %q", a.ID, sel)
	}
	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, o.ID))
	if sel := eval[string](b, `window.sandtable.game.ui.selected || ""`); sel != a.ID {
		t.Errorf("clicking %s where it stands changed the selection to %q", o.ID, sel)
	}
	to := eval[[]float64](b, fmt.Sprintf(`(window.sandtable.game.ui.moves[%q] || {to: []}).to`, a.ID))
	if len(to) != 2 || math.Hypot(to[0]-o.X, to[1]-o.Y) > 2 {
		t.Errorf("clicking %s at (%.1f, %.1f) set %s's destination to %v, want there", o.ID, o.X, o.Y, a.ID, to)
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
