package web_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The battle TestPlayBattle1AgainstAI plays is the same every run: the
// dice are seeded, the scripted AI plays the ruleset's doctrine (no
// random choices on a battle without hidden units) and the driver's
// clicks depend only on what the page shows. SANDTABLE_PLAY_SEED and
// SANDTABLE_PLAY_OPPONENT try another battle.
const (
	playSeed     = "1"
	playOpponent = "scripted"
	// playTurns is the last turn the driver plays to see every kind of
	// action happen; two full turns are always played.
	playTurns = 4
)

// usDeploy places the American companies side by side in the middle of
// their zone, 3" apart within a company, so each forms a command group
// and the advance meets the Germans on and around Hill 272.
var usDeploy = [][2]float64{{27, 4}, {30, 4}, {33, 4}, {38, 4}, {41, 4}, {44, 4}, {49, 4}, {52, 4}, {55, 4}}

// played counts what the driver did by clicking.
type played map[string]int

// TestPlayBattle1AgainstAI sets up Battle 1 in the lobby against the
// scripted AI and plays at least two full turns by clicking: deployment,
// dice chains, command groups, moves, fire with the odds shown,
// opportunity fire and a rally, and asserts each happened and was
// accepted by the server. Halfway it reloads the page and resumes.
func TestPlayBattle1AgainstAI(t *testing.T) {
	base := newSiteURL(t)
	browser := newBrowser(t)
	b := newTab(t, browser, "us", 1280, 800)
	b.do(chromedp.Navigate(base + "/"))
	b.click(`[data-testid="scenario-armour-battles-battle-1"]`)
	b.waitFor("the map preview", `document.querySelector("[data-testid=map-preview] svg [data-terrain=woods]")`, 10*time.Second)
	b.click(`[data-testid="side-us"]`)
	if got := b.strongestOpponent(); got != "mcts:1s" {
		t.Errorf("under Armour Battles the lobby marks %q strongest, want mcts:1s", got)
	}
	opp, seed := playOpponent, playSeed
	if v := os.Getenv("SANDTABLE_PLAY_OPPONENT"); v != "" {
		opp = v
	}
	if v := os.Getenv("SANDTABLE_PLAY_SEED"); v != "" {
		seed = v
	}
	b.click(`[data-testid="opponent-` + opp + `"]`)
	b.click(`[data-testid="seed"]`)
	b.do(chromedp.KeyEvent(seed))
	if got := eval[string](b, `document.querySelector("[data-testid=opponent] input:checked").value + "/" + document.querySelector("[data-testid=seed]").value`); got != opp+"/"+seed {
		t.Fatalf("the lobby form holds %s, want %s/%s", got, opp, seed)
	}
	b.shot("lobby")
	b.click(`[data-testid="create-game"]`)
	b.waitFor("the battlefield", `window.sandtable && document.querySelector("[data-testid=board] [data-testid=table]")`, 15*time.Second)
	id := eval[string](b, `document.body.dataset.game`)
	if loc := eval[string](b, `location.href`); strings.Contains(loc, "token=") {
		t.Errorf("the address bar keeps the token: %s", loc)
	}

	did := played{}
	reloaded := false
	need := []string{"deploy", "chain", "activate", "move", "fire", "opportunity-fire", "rally", "reload"}
	missing := func() []string {
		var m []string
		for _, k := range need {
			if did[k] == 0 {
				m = append(m, k)
			}
		}
		return m
	}
	for step := 0; ; step++ {
		if step > 600 {
			t.Fatalf("no end of turn %d after %d steps; did %v", playTurns, step, did)
		}
		b.waitFor("a decision of ours or the end", `document.body.dataset.over === "1" || (document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1")`, 90*time.Second)
		s := b.state()
		if len(missing()) == 0 && did["all-done-turn"] == 0 {
			did["all-done-turn"] = s.Turn
		}
		if reloaded && (s.Over || s.Turn > playTurns || s.Turn >= 3 && len(missing()) == 0) {
			t.Logf("stopping at turn %d, over %v: %s", s.Turn, s.Over, eval[string](b, `JSON.stringify(window.sandtable.game.g.result)`))
			break
		}
		if !reloaded && (s.Turn >= 2 || s.Over) {
			// Resume after a reload: the same game, turn and decision.
			b.shot("turn2")
			b.do(chromedp.Reload())
			b.waitFor("the battlefield after reload", `window.sandtable && document.body.dataset.game && document.body.dataset.busy !== "1"`, 15*time.Second)
			if got := eval[string](b, `document.body.dataset.game`); got != id {
				t.Fatalf("after reload the page shows game %q, want %q", got, id)
			}
			if s2 := b.state(); s2.N != s.N || s2.Turn != s.Turn || s2.Pending != s.Pending {
				t.Fatalf("after reload: n %d turn %d %s, want n %d turn %d %s", s2.N, s2.Turn, s2.Pending, s.N, s.Turn, s.Pending)
			}
			reloaded = true
			did["reload"]++
			continue
		}
		t.Logf("step %d: turn %d %s n=%d", step, s.Turn, s.Pending, s.N)
		// The battle log shows its newest entry whatever the decision
		// panel above it has become (nobody has scrolled it up).
		if gap := eval[float64](b, `(() => { const l = document.querySelector("[data-testid=log]"); return l.scrollHeight - l.clientHeight - l.scrollTop; })()`); gap > 8 {
			t.Errorf("step %d (%s): the battle log's newest entries are %.0f px below its view", step, s.Pending, gap)
		}
		b.step(s, did)
	}
	b.shot("end")
	t.Logf("played by clicking: %v", did)
	if m := missing(); len(m) > 0 {
		t.Errorf("by turn %d the player never did %v by clicking (did %v)", playTurns, m, did)
	}
	for _, k := range []string{"opportunity-refused", "fire-refused", "move-refused", "activate-refused", "rally-refused", "opportunity-unsuppress-refused", "boost-unsuppress-refused"} {
		if did[k] > 0 {
			t.Errorf("the server refused %d %s action(s) the page offered (did %v)", did[k], strings.TrimSuffix(k, "-refused"), did)
		}
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
	// The log shows the dice and the turns.
	logText := eval[string](b, `document.querySelector("[data-testid=log]").innerText`)
	if os.Getenv("SANDTABLE_PLAY_LOG") != "" {
		t.Logf("battle log:\n%s", logText)
	}
	for _, want := range []string{"rolls", "chain", "moves"} {
		if !strings.Contains(logText, want) {
			t.Errorf("battle log lacks %q:\n%s", want, logText)
		}
	}

	// The replay places the units from the deploy events' data, one
	// event at a time.
	b.do(chromedp.Navigate(base + "/replay/" + id))
	b.waitFor("the replay", `document.querySelector("[data-testid=replay-step]") && document.querySelectorAll("[data-testid=replay-log] li").length > 0`, 15*time.Second)
	for i := 0; i < 5; i++ {
		b.click(`[data-testid="replay-next"]`)
	}
	want := eval[[]string](b, `[...document.querySelectorAll("[data-testid=replay-log] li")].slice(0, 5).filter((li) => li.classList.contains("ev-deploy")).map((li) => li.innerText.replace(/^\s*\d+\s+/, "").split(" ")[0])`)
	got := eval[[]string](b, `[...document.querySelectorAll("[data-testid=board] .units [data-unit]")].map((e) => e.dataset.unit)`)
	slices.Sort(want)
	slices.Sort(got)
	if len(want) == 0 || !slices.Equal(want, got) {
		t.Errorf("after 5 replay steps the table shows %v, want the deployed %v", got, want)
	}
	b.shot("replay")
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("replay page errors: %v", errs)
	}
}

// step makes one decision through the page, choosing deterministically
// among what it offers.
func (b *tab) step(s pageState, did played) {
	b.t.Helper()
	switch s.Pending {
	case "deploy":
		if s.Side == "german" {
			did["deploy"] += b.deployAll(45)
		} else {
			did["deploy"] += b.deployAt(usDeploy)
		}
		b.shot("deployed")
	case "ready":
		b.click(`[data-testid="begin"]`)
	case "choose-chain":
		b.click(`[data-testid^="chain-face-"]`)
		b.key("\r")
		did["chain"]++
	case "order":
		b.order(s, did)
	case "activation":
		b.activation(s, did)
	case "opportunity-fire":
		b.opportunity(s, did)
	case "reaction-boost":
		if b.exists(`[data-testid="boost-unsuppress"]`) {
			// R59: free the suppressed unit first (the prompt then
			// stays for the boost).
			b.click(`[data-testid="boost-unsuppress"]`)
			if b.accepted(s.N, "boost-unsuppress", did) {
				return
			}
		}
		b.click(`[data-testid="boost-none"]`)
		did["boost"]++
	case "break-off":
		b.click(`[data-testid="break-off-no"]`)
		did["break-off"]++
	case "logistics":
		b.click(`[data-testid="end-logistics"]`)
	default:
		b.t.Fatalf("no driver for decision %q", s.Pending)
	}
}

// accepted reports whether the page's last action moved the game on from
// action n; a refusal is counted under what+"-refused" and logged with
// the server's reason.
func (b *tab) accepted(n int, what string, did played) bool {
	b.t.Helper()
	if b.state().N > n {
		did[what]++
		return true
	}
	did[what+"-refused"]++
	b.t.Logf("%s refused: %s", what, eval[string](b, `window.sandtable.lastError()`))
	return false
}

// opportunity fires with the first unit the prompt offers, at the point
// the page proposes, checking the prompt offers only units that may fire
// and draws the mover's path.
func (b *tab) opportunity(s pageState, did played) {
	b.t.Helper()
	if !b.exists(`[data-testid^="opp-fire-"]`) {
		if b.exists(`[data-testid^="opp-unsuppress-"]`) {
			// R59: only suppressed watchers; free one (a staff order),
			// and the window stays open for its shot.
			b.click(`[data-testid^="opp-unsuppress-"]`)
			if b.accepted(s.N, "opportunity-unsuppress", did) {
				return
			}
		}
		b.click(`[data-testid="opp-pass"]`)
		did["opportunity-pass"]++
		return
	}
	// Every unit offered may fire: not suppressed, no fire marker, and
	// still able to see the mover ahead of where it stands.
	if bad := eval[string](b, `(() => { const v = window.sandtable.view(), w = v.window, bad = [];
		for (const e of document.querySelectorAll('[data-testid^="opp-fire-"]')) {
			const id = e.dataset.testid.slice(9), u = v.units.find((x) => x.id === id), sp = w.spans.find((x) => x.unit === id);
			if (!u || !sp || u.fired || u.suppressed || !u.placed || u.dispersed) bad.push(id + " cannot fire");
			else if (w.kind === "move" && sp.to < w.at) bad.push(id + " no longer sees the mover");
		}
		return bad.join("; "); })()`); bad != "" {
		b.t.Errorf("the opportunity-fire prompt offers units that cannot fire: %s", bad)
	}
	if eval[bool](b, `(window.sandtable.view().window || {}).kind === "move"`) {
		for _, sel := range []string{`[data-testid="mover-path"] .path-ahead`, `[data-testid^="span-path-"] > *`, `[data-testid="opp-aim"]`} {
			if !b.exists(sel) {
				b.shot("no-path")
				b.t.Errorf("the opportunity-fire prompt on a move draws no %s", sel)
			}
		}
		did["opportunity-path"]++
		// The chosen unit's odds at the point it aims at, from the rules.
		b.waitFor("the shot's odds at the aim", `document.querySelector('[data-testid^="opp-odds-"]')`, 10*time.Second)
		if text := eval[string](b, `document.querySelector('[data-testid^="opp-odds-"]').textContent`); !strings.Contains(text, "disrupted") || !strings.HasPrefix(text, "There: ") {
			b.t.Errorf("the opportunity shot's odds read %q", text)
		}
		did["opportunity-odds"]++
	}
	if did["opportunity-fire"] == 0 {
		b.shot("opportunity")
	}
	before := s.N
	b.click(`[data-testid^="opp-fire-"]`)
	if !b.accepted(before, "opportunity-fire", did) {
		b.click(`[data-testid="opp-pass"]`)
		did["opportunity-pass"]++
	}
}

func (b *tab) order(s pageState, did played) {
	b.t.Helper()
	var free []unitJ
	for _, u := range s.Units {
		if u.Side == s.Side && u.Placed && !u.Dispersed && !u.Activated {
			free = append(free, u)
		}
	}
	if len(free) == 0 {
		b.key("p")
		did["pass"]++
		return
	}
	// Rally a disrupted unit as soon as there is one; lift its
	// suppression first.
	for _, u := range free {
		if u.DP == 0 {
			continue
		}
		before := s.N
		if u.Suppress {
			b.click(`[data-testid="order-remove-suppression"]`)
			b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, u.ID))
			b.key("\r")
			b.accepted(before, "remove-suppression", did)
			return
		}
		b.click(`[data-testid="order-rally"]`)
		b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, u.ID))
		if !b.exists(`[data-testid="command-radius"]`) {
			b.t.Errorf("no command radius drawn around the rallying %s", u.ID)
		}
		// The rules' odds for the rally, before it is ordered.
		odds := fmt.Sprintf(`[data-testid="rally-odds-%s"]`, u.ID)
		b.waitFor("the rally's odds", `document.querySelector('`+odds+`')`, 10*time.Second)
		if text := eval[string](b, `document.querySelector('`+odds+`').textContent`); !strings.Contains(text, fmt.Sprintf("against %dD at 4+", u.DP)) || !strings.Contains(text, "to remove a point") {
			b.t.Errorf("the rally's odds for %s (%d DP) read %q", u.ID, u.DP, text)
		}
		b.key("\r")
		if b.accepted(before, "rally", did) {
			b.shot("rally")
		}
		return
	}
	leader := free[0]
	if leader.Suppress {
		before := s.N
		b.click(`[data-testid="order-remove-suppression"]`)
		b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, leader.ID))
		b.key("\r")
		b.accepted(before, "remove-suppression", did)
		return
	}
	b.click(`[data-testid="order-move-fire"]`)
	// Two dice for the advance on turn 1, one after.
	dice := min(s.Slots, 2)
	if s.Turn >= 2 {
		dice = 1
	}
	b.key(fmt.Sprint(dice))
	b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, leader.ID))
	// Its company's unsuppressed units within 6" join it (the page draws
	// the radius).
	if !b.exists(`[data-testid="command-radius"]`) {
		b.t.Fatalf("no command radius drawn around leader %s", leader.ID)
	}
	members := 0
	for _, u := range free[1:] {
		if !u.Suppress && members < 2 && math.Hypot(u.X-leader.X, u.Y-leader.Y) < 5.5 {
			b.click(fmt.Sprintf(`[data-testid="unit-%s"]`, u.ID))
			members++
		}
	}
	if did["activate"] == 0 {
		b.shot("group")
	}
	before := b.state().N
	b.key("\r")
	if !b.accepted(before, "activate", did) {
		b.key("p")
		did["pass"]++
	}
}

// activation moves the group 12" towards the Germans (once), then fires
// each unit that has an enemy in range at the first target the page
// offers, and ends the activation.
func (b *tab) activation(s pageState, did played) {
	b.t.Helper()
	if s.Group != nil && !s.Group.Moved && did["move-tries@"+fmt.Sprint(s.N)] == 0 {
		did["move-tries@"+fmt.Sprint(s.N)]++
		var l unitJ
		for _, u := range s.Units {
			if u.ID == s.Group.Units[0] {
				l = u
			}
		}
		dir := 1.0
		if s.Side == "german" {
			dir = -1
		}
		b.key("v")
		b.clickTable(l.X, math.Max(2, math.Min(40, l.Y+dir*16)))
		if did["move"] == 0 {
			b.shot("move-preview")
		}
		before := b.state().N
		b.key("\r")
		b.accepted(before, "move", did)
		return
	}
	// Fire: only the targets target priority allows are offered, the
	// priority one first, and only they are ringed on the table.
	const inRange = `.fire-row button.target:not(.refused):not(.out)`
	key := "fire-tries@" + fmt.Sprint(s.N)
	if did[key] == 0 && b.exists(`.fire-row button.target`) {
		did[key]++
		b.key("f")
		if bad := eval[string](b, `(() => { const t = window.sandtable.view().targets || {}; const bad = [];
			for (const e of document.querySelectorAll(".fire-row button.target")) {
				const [, f, g] = e.dataset.testid.match(/^fire-([a-z]+-[a-z0-9-]+?)-([a-z]+-[a-z0-9-]+)$/) || [];
				if (!(t[f] || []).includes(g)) bad.push(e.dataset.testid);
			}
			for (const [f, ids] of Object.entries(t)) { const bs = [...document.querySelectorAll('.fire-row button[data-testid^="fire-' + f + '-"]')];
				if (bs.length !== ids.length || (ids.length && bs[0].dataset.testid !== "fire-" + f + "-" + ids[0])) bad.push(f + ": offers " + bs.map((x) => x.dataset.testid) + " for " + ids); }
			const ringed = new Set(Object.values(t).flat());
			for (const r of document.querySelectorAll("[data-testid^=target-ring-]")) if (!ringed.has(r.dataset.testid.slice(12))) bad.push("ring " + r.dataset.testid);
			return bad.join("; "); })()`); bad != "" {
			b.t.Errorf("the fire step offers targets outside the view's targets: %s", bad)
		}
		did["fire-checked"]++
	}
	// On turn 1 the group holds its fire, to answer the Germans' moves
	// and shots with opportunity fire.
	if s.Turn >= 2 && did[key] > 0 && did[key] <= 4 && b.exists(inRange) {
		did[key]++
		b.click(inRange)
		b.waitFor("the odds", `document.querySelector("[data-testid=odds]") && !/Working/.test(document.querySelector("[data-testid=odds]").innerText)`, 10*time.Second)
		if odds := eval[string](b, `document.querySelector("[data-testid=odds]").innerText`); !strings.Contains(odds, "Dispersed") {
			b.t.Errorf("the odds box before firing shows no odds: %q", odds)
		}
		if did["fire"] == 0 {
			b.shot("odds")
		}
		before := b.state().N
		b.key("\r")
		b.accepted(before, "fire", did)
		return
	}
	b.key("e")
	did["end-activation"]++
}
