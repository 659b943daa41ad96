package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const chromiumPath = "/usr/bin/chromium"

// newBrowser starts headless Chromium for a test, or skips the test when
// Chromium is missing outside CI.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests skipped in -short mode")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is missing at %s in CI: install it (apt-get install -y chromium)", chromiumPath)
		}
		t.Skipf("Chromium is missing at %s; install it with `apt-get update && apt-get install -y chromium` to run the browser tests", chromiumPath)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	if _, err := chromedp.Run(browser, chromedp.Evaluate[int]("1")); err != nil {
		cancelBrowser()
		cancelAlloc()
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
	})
	return browser
}

// tab is one browser tab in its own browser context (its own
// localStorage), with the page's uncaught errors collected.
type tab struct {
	t    *testing.T
	ctx  context.Context
	name string
}

func newTab(t *testing.T, browser context.Context, name string, w, h int64) *tab {
	t.Helper()
	tb := &tab{t: t, name: name}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	tb.ctx = ctx
	// The first action opens the tab: it must run on the tab's own context,
	// not one with a deadline, or the tab closes with that context.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return tb
}

// do runs actions with a time limit, failing the test on error.
func (b *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, patience*30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.shot("failure")
		b.t.Fatalf("%s: %v (page errors: %v)", b.name, err, b.pageErrors())
	}
}

// pageErrors returns the uncaught errors the page recorded (index.html
// collects them in window.sandtableErrors).
func (b *tab) pageErrors() []string {
	ctx, cancel := context.WithTimeout(b.ctx, 5*time.Second)
	defer cancel()
	errs, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.sandtableErrors || []`))
	return errs
}

// eval evaluates a JavaScript expression into v.
func eval[T any](b *tab, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, patience*20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.shot("failure")
		b.t.Fatalf("%s: evaluating %s: %v", b.name, expr, err)
	}
	return v
}

// strongestOpponent returns the value of the lobby's one opponent
// marked strongest, failing the test unless exactly one is.
func (b *tab) strongestOpponent() string {
	b.t.Helper()
	marked := eval[[]string](b, `[...document.querySelectorAll("[data-testid=opponent] label")].filter((l) => l.textContent.includes("(strongest)")).map((l) => l.querySelector("input").value)`)
	if len(marked) != 1 {
		b.t.Fatalf("the lobby marks %v as strongest, want one opponent", marked)
	}
	return marked[0]
}

// patience stretches every time limit of the browser tests. The limits
// only bound a wait for something that should happen, so a passing test
// pays nothing for them, and the README's test command runs this package
// beside the rules packages' thousand-game tests, which load both cores:
// there a page that answers in two seconds alone can take twenty.
const patience = 3

// waitFor polls a JavaScript condition until it is true, for up to
// limit (stretched by patience).
func (b *tab) waitFor(what, cond string, limit time.Duration) {
	b.t.Helper()
	limit *= patience
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if eval[bool](b, "!!("+cond+")") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.shot("timeout")
	b.t.Fatalf("%s: waited %v for %s (%s); page errors: %v; panel: %s", b.name, limit, what, cond, b.pageErrors(),
		eval[string](b, `(document.querySelector("[data-testid=decision]")||document.body).innerText.slice(0,400)`))
}

// idle waits until the page has no request under way.
func (b *tab) idle() {
	b.t.Helper()
	b.waitFor("the page to settle", `document.body.dataset.busy !== "1"`, 20*time.Second)
	time.Sleep(50 * time.Millisecond)
}

// click clicks the centre of the first element matching a CSS selector
// with a real mouse event (SVG shapes included).
func (b *tab) click(sel string) {
	b.t.Helper()
	pt := b.pointAt(sel)
	b.do(chromedp.MouseClickXY(pt[0], pt[1]))
	b.idle()
}

// pointAt scrolls the first element matching sel into view and returns
// its centre, once the element there is sel's (not one covering it) and
// has stayed put between two looks a poll apart: a smooth scroll the page
// began (the lobby brings a scenario's details up on a narrow screen)
// would otherwise carry it away between the look and the tap.
func (b *tab) pointAt(sel string) []float64 {
	b.t.Helper()
	b.waitFor(sel+" to be shown, uncovered and still", fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		e.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
		const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		const where = [%q, r.left, r.top, r.width, r.height, scrollX, scrollY].join(" ");
		const still = window.__pointAt === where;
		window.__pointAt = where;
		const at = document.elementFromPoint(x, y);
		const same = (k) => !!e.closest(k) && at.closest(k) === e.closest(k); // a unit's shapes, a label's text
		return still && !!at && (at === e || e.contains(at) || same("[data-unit]") || same("label")); })()`, sel, sel), 15*time.Second)
	return eval[[]float64](b, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`, sel))
}

// exists reports whether a CSS selector matches an enabled element.
func (b *tab) exists(sel string) bool {
	b.t.Helper()
	return eval[bool](b, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && !e.disabled; })()`, sel))
}

// clickTable clicks the table at (x, y) inches.
func (b *tab) clickTable(x, y float64) {
	b.t.Helper()
	pt := eval[[]float64](b, fmt.Sprintf(`window.sandtable.toScreen(%g, %g)`, x, y))
	b.do(chromedp.MouseClickXY(pt[0], pt[1]))
	b.idle()
}

func (b *tab) key(k string) {
	b.t.Helper()
	b.do(chromedp.KeyEvent(k))
	b.idle()
}

var shotDir = sync.OnceValue(func() string {
	if d := os.Getenv("SANDTABLE_ARTIFACTS"); d != "" {
		d = filepath.Join(d, "screenshots")
		os.MkdirAll(d, 0o755)
		return d
	}
	d, _ := os.MkdirTemp("", "sandtable-screenshots-")
	return d
})

// reviewed are the screenshots kept in testdata/screenshots for review.
var reviewed = map[string]bool{"german-hidden-set-up": true, "us-group": true, "us-odds": true, "us-opportunity": true,
	"tablet-portrait": true, "tablet-landscape": true, "spectator-watching": true}

// shot saves a screenshot of the page as an artefact.
func (b *tab) shot(name string) string {
	ctx, cancel := context.WithTimeout(b.ctx, 15*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Logf("%s: screenshot %s: %v", b.name, name, err)
		return ""
	}
	p := filepath.Join(shotDir(), fmt.Sprintf("%s-%s-%s.png", strings.ReplaceAll(b.t.Name(), "/", "_"), b.name, name))
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Logf("writing %s: %v", p, err)
	}
	if os.Getenv("SANDTABLE_UPDATE_SCREENSHOTS") != "" && reviewed[b.name+"-"+name] {
		os.WriteFile(filepath.Join("testdata", "screenshots", fmt.Sprintf("%s-%s.png", b.name, name)), png, 0o644)
	}
	b.t.Logf("screenshot %s", p)
	return p
}

// state is what the driver reads of the page each step.
type pageState struct {
	Pending string  `json:"pending"`
	Mine    bool    `json:"mine"`
	Turn    int     `json:"turn"`
	Over    bool    `json:"over"`
	N       int     `json:"n"`
	Side    string  `json:"side"`
	Slots   int     `json:"slots"`
	Units   []unitJ `json:"units"`
	Group   *struct {
		Order string   `json:"order"`
		Units []string `json:"units"`
		Moved bool     `json:"moved"`
	} `json:"group"`
}

type unitJ struct {
	ID        string  `json:"id"`
	Side      string  `json:"side"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Heading   float64 `json:"heading"`
	Placed    bool    `json:"placed"`
	Dispersed bool    `json:"dispersed"`
	DP        int     `json:"dp"`
	Suppress  bool    `json:"suppressed"`
	Activated bool    `json:"activated"`
	Reserve   bool    `json:"reserve"`
	Hidden    bool    `json:"hidden"`
}

func (b *tab) state() pageState {
	b.t.Helper()
	raw := eval[string](b, `JSON.stringify((() => { const s = window.sandtable; const g = s.game;
		return { pending: g.g.pending.kind, mine: g.myTurn(), turn: g.view.turn, over: g.g.result.over, n: g.pos.n, side: g.mySide,
		  slots: g.view.slots, units: g.view.units, group: g.view.phase === "activation" ? g.group() : null }; })())`)
	var s pageState
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		b.t.Fatalf("%s: page state %s: %v", b.name, raw, err)
	}
	return s
}

// deployAll places every unit the page offers along the middle of the
// zone's depth, 5.5" apart, by clicking the unit and then the table.
func (b *tab) deployAll(y float64) int {
	b.t.Helper()
	var at [][2]float64
	for n := 0; n <= 20; n++ {
		at = append(at, [2]float64{5 + float64(n)*5.5, y})
	}
	return b.deployAt(at)
}

// deployAt places the units the page offers, in its order, at the points
// given (inches), by clicking the unit and then the table.
func (b *tab) deployAt(at [][2]float64) int {
	b.t.Helper()
	n := 0
	// One reading of the page a round: two could straddle a refresh (the
	// first seeing the enemy's deployment, the second a later decision of
	// ours).
	for s := b.state(); s.Pending == "deploy" && s.Mine; s = b.state() {
		sel := `[data-testid^="deploy-unit-"]`
		if !b.exists(sel) {
			b.t.Fatalf("%s: deploy pending but no unit offered; page: %s", b.name, eval[string](b, `JSON.stringify((() => { const g = window.sandtable.game;
				return { n: g.pos.n, pending: g.g.pending, busy: document.body.dataset.busy, acting: g.acting, panel: g.panel.dataset.kind,
				  buttons: [...g.panel.querySelectorAll("button")].map((e) => e.dataset.testid || e.textContent),
				  units: g.view.units.filter((u) => u.side === g.mySide).map((u) => [u.id, u.placed, u.reserve, u.dispersed, u.hidden]) }; })())`))
		}
		if n >= len(at) {
			b.t.Fatalf("%s: deploying more than %d units", b.name, len(at))
		}
		b.click(sel)
		before := b.state().N
		b.clickTable(at[n][0], at[n][1])
		b.waitFor("the deployment to land", fmt.Sprintf(`window.sandtable.game.pos.n > %d || document.querySelector("[data-testid=error]")`, before), 10*time.Second)
		if b.state().N == before {
			b.t.Fatalf("%s: deploying at %v refused: %s", b.name, at[n], eval[string](b, `window.sandtable.lastError()`))
		}
		n++
	}
	return n
}

// newSiteURL starts the site and waits for it to answer.
func newSiteURL(t *testing.T) string {
	hs := newSite(t)
	resp, err := http.Get(hs.URL + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return hs.URL
}

func createViaAPI(t *testing.T, base string, body map[string]any) map[string]any {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(base+"/api/games", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %v", resp.StatusCode, out)
	}
	return out
}

// holdBack makes the page's pending decision of kind without acting: a
// chain of the first face, a pass, holding fire, no boost, no break-off,
// the end of logistics. A side driven so keeps its hidden units hidden.
func (b *tab) holdBack(kind string) {
	b.t.Helper()
	switch kind {
	case "choose-chain":
		b.click(`[data-testid^="chain-face-"]`)
		b.click(`[data-testid="chain-confirm"]`)
	case "order":
		b.click(`[data-testid="pass"]`)
	case "opportunity-fire":
		b.click(`[data-testid="opp-pass"]`)
	case "reaction-boost":
		b.click(`[data-testid="boost-none"]`)
	case "break-off":
		b.click(`[data-testid="break-off-no"]`)
	case "logistics":
		b.click(`[data-testid="end-logistics"]`)
	default:
		b.t.Fatalf("%s: no driver that holds back for %q", b.name, kind)
	}
}
