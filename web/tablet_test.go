package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// tapXY taps the page at client coordinates (x, y) with one finger.
func (b *tab) tapXY(x, y float64) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart,
			TouchPoints: []*input.TouchPoint{{X: x, Y: y}}}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd,
			TouchPoints: []*input.TouchPoint{}})
		return err
	}))
	b.idle()
}

// tap taps the centre of the first element matching sel.
func (b *tab) tap(sel string) {
	b.t.Helper()
	pt := b.pointAt(sel)
	b.tapXY(pt[0], pt[1])
}

// tapTable taps the table at (x, y) inches.
func (b *tab) tapTable(x, y float64) {
	b.t.Helper()
	pt := eval[[]float64](b, fmt.Sprintf(`window.sandtable.toScreen(%g, %g)`, x, y))
	b.tapXY(pt[0], pt[1])
}

// pinch spreads (out > 1) or closes two fingers about (x, y).
func (b *tab) pinch(x, y, from, to float64) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		pts := func(r float64) []*input.TouchPoint {
			one, two := 1.0, 2.0
			return []*input.TouchPoint{{X: x - r, Y: y, ID: &one}, {X: x + r, Y: y, ID: &two}}
		}
		if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: pts(from)}); err != nil {
			return err
		}
		for i := 1; i <= 5; i++ {
			if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchMove, TouchPoints: pts(from + (to-from)*float64(i)/5)}); err != nil {
				return err
			}
		}
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return err
	}))
}

// drag moves one finger from (x, y) by (dx, dy).
func (b *tab) drag(x, y, dx, dy float64) {
	b.t.Helper()
	b.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for i := 0; i <= 6; i++ {
			typ := input.DispatchTouchEventTypeTouchMove
			if i == 0 {
				typ = input.DispatchTouchEventTypeTouchStart
			}
			f := float64(i) / 6
			if _, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{{X: x + dx*f, Y: y + dy*f}}}); err != nil {
				return err
			}
		}
		// Hold still before lifting, as a drag (not a fling) ends.
		time.Sleep(150 * time.Millisecond)
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return err
	}))
	b.idle()
}

type rect struct{ Left, Top, Right, Bottom float64 }

func (r rect) String() string {
	return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", r.Left, r.Top, r.Right, r.Bottom)
}

// rectOf returns the first element matching sel's box in client pixels.
func (b *tab) rectOf(sel string) rect {
	b.t.Helper()
	raw := eval[string](b, fmt.Sprintf(`JSON.stringify((() => { const r = document.querySelector(%q).getBoundingClientRect(); return {Left: r.left, Top: r.top, Right: r.right, Bottom: r.bottom}; })())`, sel))
	var r rect
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		b.t.Fatal(err)
	}
	return r
}

// checkLayout asserts the table and the decision panel both lie in the
// viewport, side by side or one above the other but not overlapping, and
// that the panel's first control is uncovered and within reach.
func (b *tab) checkLayout(what string, w, h float64) {
	b.t.Helper()
	// The page has settled: no scrolling left over from a tap.
	eval[bool](b, `(window.scrollTo(0, 0), true)`)
	board, panel := b.rectOf(`[data-testid="board"]`), b.rectOf(`[data-testid="decision"]`)
	in := func(r rect) bool { return r.Left >= -1 && r.Top >= -1 && r.Right <= w+1 && r.Bottom <= h+1 }
	if !in(board) || board.Right-board.Left < 0.6*w && board.Bottom-board.Top < 0.4*h {
		b.t.Errorf("%s: the table %v is not wholly in the %gx%g viewport, or too small", what, board, w, h)
	}
	if panel.Top > h-120 || panel.Left < -1 || panel.Right > w+1 || panel.Bottom-panel.Top < 100 {
		b.t.Errorf("%s: the decision panel %v is not in the %gx%g viewport with 100px shown", what, panel, w, h)
	}
	if board.Left < panel.Right && panel.Left < board.Right && board.Top < panel.Bottom && panel.Top < board.Bottom {
		b.t.Errorf("%s: the table %v and the decision panel %v overlap", what, board, panel)
	}
	// Controls a finger can hit: at least 32px tall.
	if small := eval[string](b, `[...document.querySelectorAll("[data-testid=decision] button")].filter((e) => e.offsetParent && e.getBoundingClientRect().height < 32).map((e) => e.textContent.trim()).join(", ")`); small != "" {
		b.t.Errorf("%s: buttons too small for a finger: %s", what, small)
	}
}

// TestTabletTouch plays on a tablet in portrait (820×1180, touch only):
// it creates Battle 1 in the lobby, deploys every unit and moves a group
// by tapping, pinches the table to zoom, and checks the table and the
// decision panel are both visible without overlapping, in portrait and
// then in landscape (1024×768).
func TestTabletTouch(t *testing.T) {
	base := newSiteURL(t)
	browser := newBrowser(t)
	b := newTab(t, browser, "tablet", 820, 1180)
	b.do(chromedp.EmulateViewport(820, 1180, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch))
	b.do(chromedp.Navigate(base + "/"))
	if !eval[bool](b, `matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0`) {
		t.Fatalf("the tab does not emulate a touch screen")
	}
	b.tap(`[data-testid="scenario-armour-battles-battle-1"]`)
	b.waitFor("the map preview", `document.querySelector("[data-testid=map-preview] svg [data-terrain=woods]")`, 10*time.Second)
	b.tap(`[data-testid="side-us"]`)
	b.tap(`[data-testid="opponent-scripted"]`)
	b.tap(`[data-testid="seed"]`)
	b.do(chromedp.KeyEvent("4")) // the on-screen keyboard
	b.shot("lobby")
	b.tap(`[data-testid="create-game"]`)
	b.waitFor("our deployment", `window.sandtable && document.body.dataset.pending === "deploy" && document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 30*time.Second)
	b.checkLayout("portrait, deploying", 820, 1180)

	// Deploy by tapping a unit, then the table.
	for n, s := 0, b.state(); s.Pending == "deploy" && s.Mine; n, s = n+1, b.state() {
		if n >= len(usDeploy) {
			t.Fatalf("more than %d units to deploy", len(usDeploy))
		}
		before := b.state().N
		b.tap(`[data-testid^="deploy-unit-"]`)
		b.tapTable(usDeploy[n][0], usDeploy[n][1])
		b.waitFor("the unit placed", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, before), 10*time.Second)
	}
	b.shot("deployed")

	// Pinch out to zoom in on the table, back to the whole table with Fit.
	w0 := eval[float64](b, `window.sandtable.game.board.vb.w`)
	br := b.rectOf(`[data-testid="board"]`)
	b.pinch((br.Left+br.Right)/2, (br.Top+br.Bottom)/2, 40, 160)
	if w1 := eval[float64](b, `window.sandtable.game.board.vb.w`); w1 > w0*0.5 {
		t.Errorf("a pinch out zooms the table from %.1f\" to %.1f\" across, want under half", w0, w1)
	}
	// One finger drags the zoomed table along.
	x0 := eval[float64](b, `window.sandtable.game.board.vb.x`)
	b.drag((br.Left+br.Right)/2, (br.Top+br.Bottom)/2, 120, 0)
	if x1 := eval[float64](b, `window.sandtable.game.board.vb.x`); x1 >= x0-1 {
		t.Errorf("a drag of 120px to the right pans the view from x=%.1f to %.1f, want it further west", x0, x1)
	}
	if n := b.state().N; n != len(usDeploy)+7 {
		t.Errorf("pinching and dragging the table changed the game: n=%d", n)
	}
	b.tap(`[data-testid="tool-fit"]`)
	if !eval[bool](b, `(() => { const b = window.sandtable.game.board; return b.vb.w === b.full.w && b.vb.x === b.full.x; })()`) {
		t.Errorf("Fit does not show the whole table again")
	}

	// Play up to our first activation, tapping the buttons.
	moved := false
	for step := 0; step < 60 && !moved; step++ {
		b.waitFor("a decision of ours", `document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1"`, 60*time.Second)
		s := b.state()
		switch s.Pending {
		case "ready":
			b.tap(`[data-testid="begin"]`)
		case "choose-chain":
			b.tap(`[data-testid^="chain-face-"]`)
			b.tap(`[data-testid="chain-confirm"]`)
		case "order":
			var l unitJ
			for _, u := range s.Units {
				if u.Side == "us" && u.Placed && !u.Dispersed && !u.Activated && !u.Suppress {
					l = u
					break
				}
			}
			b.tap(`[data-testid="order-move-fire"]`)
			b.tap(fmt.Sprintf(`[data-testid="unit-%s"]`, l.ID))
			if !b.exists(`[data-testid="command-radius"]`) {
				t.Fatalf("tapping %s draws no command radius", l.ID)
			}
			if !eval[bool](b, `!document.querySelector("[data-testid=unit-info]").hidden`) {
				t.Errorf("tapping %s shows no unit information", l.ID)
			} else {
				// The card stays on the table, clear of the panel under it.
				tip, board, panel := b.rectOf(`[data-testid="unit-info"]`), b.rectOf(`[data-testid="board"]`), b.rectOf(`[data-testid="decision"]`)
				if tip.Top < board.Top-1 || tip.Bottom > board.Bottom+1 || tip.Bottom > panel.Top && tip.Top < panel.Bottom {
					b.shot("unit-info")
					t.Errorf("the unit card after a tap on %s is at %+v: off the table %+v or over the decision panel %+v", l.ID, tip, board, panel)
				}
			}
			b.checkLayout("portrait, ordering", 820, 1180)
			b.tap(`[data-testid="activate"]`)
		case "activation":
			g := s.Group
			var l unitJ
			for _, u := range s.Units {
				if g != nil && u.ID == g.Units[0] {
					l = u
				}
			}
			b.tapTable(l.X, l.Y+10)
			if !b.exists(`[data-testid="move-confirm"]`) {
				t.Fatalf("tapping the table plans no move")
			}
			b.shot("move-plan")
			before := s.N
			b.tap(`[data-testid="move-confirm"]`)
			b.waitFor("the move", fmt.Sprintf(`window.sandtable.game.pos.n > %d`, before), 10*time.Second)
			after := b.state()
			for _, u := range after.Units {
				if u.ID == l.ID && u.Y <= l.Y+1 {
					t.Errorf("%s stands at (%.1f, %.1f) after the move, from (%.1f, %.1f)", l.ID, u.X, u.Y, l.X, l.Y)
				}
			}
			moved = true
		case "opportunity-fire":
			b.tap(`[data-testid="opp-pass"]`)
		case "reaction-boost":
			b.tap(`[data-testid="boost-none"]`)
		case "break-off":
			b.tap(`[data-testid="break-off-no"]`)
		default:
			t.Fatalf("no tablet driver for %q", s.Pending)
		}
	}
	if !moved {
		t.Fatalf("no move by tapping")
	}
	b.checkLayout("portrait, after the move", 820, 1180)
	// No keyboard shortcuts nor clicks are offered to a finger.
	if txt := eval[string](b, `document.querySelector("[data-testid=decision]").innerText + " " + document.querySelector("[data-testid=hint]").innerText`); regexp.MustCompile(`\((Enter|Esc|[A-Z])\)|\b[Cc]lick\b`).MatchString(txt) {
		t.Errorf("the touch page speaks of keys or clicks: %q", txt)
	}
	b.shot("portrait")

	// The same page turned to landscape.
	b.do(chromedp.EmulateViewport(1024, 768, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateTouch))
	time.Sleep(300 * time.Millisecond)
	b.checkLayout("landscape", 1024, 768)
	b.shot("landscape")
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
