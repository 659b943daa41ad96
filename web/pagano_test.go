package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "github.com/sandtable/sandtable/internal/rules/pagano" // the Pagano scenarios are offered only with their rules registered
)

// TestPlayPaganoAgainstAI sets up Pagano's Battle 1 in the lobby against
// the scripted AI and plays it through the page's own controls (deploy,
// moves along waypoints, holds, declared shots, ambushes) for two full
// turns or to the end, asserting the turn advances, the status bar,
// standing and tray read sensibly, the page never lacks controls and
// never throws.
func TestPlayPaganoAgainstAI(t *testing.T) {
	base := newSiteURL(t)
	browser := newBrowser(t)
	b := newTab(t, browser, "german", 1280, 800)
	b.do(chromedp.Navigate(base + "/"))
	b.click(`[data-testid="scenario-pagano-battle-1"]`)
	if got := b.strongestOpponent(); got != "scripted" {
		t.Errorf("under Pagano's rules the lobby marks %q strongest, want the doctrine (scripted)", got)
	}
	b.click(`[data-testid="side-german"]`)
	b.click(`[data-testid="opponent-scripted"]`)
	b.click(`[data-testid="seed"]`)
	b.do(chromedp.KeyEvent("3"))
	b.click(`[data-testid="create-game"]`)
	b.waitFor("the battlefield", `window.sandtable && document.querySelector("[data-testid=board] [data-testid=table]")`, 15*time.Second)

	noControls := `document.body.innerText.includes("No controls")`
	if tray := eval[string](b, `[...document.querySelectorAll("[data-testid=board] .tray-item")].map((e) => e.textContent).join("|")`); strings.Contains(tray, "undefined") || !strings.Contains(tray, "Panzer Platoon") {
		t.Errorf("the off-table tray reads %q, want the platoons' names", tray)
	}
	if n := b.deployAll(45); n != 7 {
		t.Fatalf("deployed %d vehicles, want 7", n)
	}
	did := map[string]int{}
	deadline := time.Now().Add(6 * time.Minute)
	firstTurn := 0
	for step := 0; ; step++ {
		if time.Now().After(deadline) || step > 400 {
			b.shot("stuck")
			t.Fatalf("still playing after %d steps (did %v); panel: %s", step, did, eval[string](b, `document.querySelector("[data-testid=decision]").innerText`))
		}
		b.waitFor("the German decision or the end", `document.body.dataset.over === "1" || (document.body.dataset.myTurn === "1" && document.body.dataset.busy !== "1")`, 60*time.Second)
		if eval[bool](b, noControls) {
			b.shot("no-controls")
			t.Fatalf("the panel says it has no controls: %s", eval[string](b, `document.querySelector("[data-testid=decision]").innerText`))
		}
		s := b.state()
		if firstTurn == 0 && s.Turn > 0 {
			firstTurn = s.Turn
			status := eval[string](b, `document.getElementById("status").innerText`)
			if !strings.Contains(status, fmt.Sprintf("Turn %d", s.Turn)) || strings.Contains(status, "Phase: –") || strings.Contains(status, "null") {
				t.Errorf("status bar reads %q, want the turn and the phase's name", status)
			}
			standing := eval[string](b, `document.querySelector("[data-testid=standing]").innerText`)
			if !strings.Contains(standing, "In action") || !strings.Contains(standing, "Germany") || !strings.Contains(standing, "United States") {
				t.Errorf("standing reads %q, want the vehicles in action per side", standing)
			}
		}
		if s.Over || s.Turn >= firstTurn+2 && firstTurn > 0 {
			break
		}
		before := s.N
		acted := func(what string) bool {
			b.waitFor(what+" to land", fmt.Sprintf(`window.sandtable.game.pos.n > %d || document.querySelector("[data-testid=error]")`, before), 20*time.Second)
			ok := b.state().N > before
			if ok {
				did[what]++
			} else {
				eval[bool](b, `(document.querySelectorAll("[data-testid=error]").forEach((e) => e.remove()), true)`)
			}
			return ok
		}
		switch s.Pending {
		case "ready":
			b.click(`[data-testid=begin]`)
			acted("begin")
		case "move":
			sel := `[data-testid^="mover-"]`
			if !b.exists(sel) {
				b.click(`[data-testid=end-movement]`)
				acted("end-movement")
				continue
			}
			b.click(sel)
			id := eval[string](b, `window.sandtable.game.ui.mover`)
			var u unitJ
			for _, x := range s.Units {
				if x.ID == id {
					u = x
				}
			}
			// Two waypoints toward the enemy, the second dog-legged.
			b.clickTable(u.X, u.Y-2.5)
			b.clickTable(u.X+0.8, u.Y-4.5)
			// The server's exact cost replaces the map's estimate.
			b.waitFor("the path's exact cost", `/costs [\d.]+ of [\d.]+ MP/.test(document.querySelector("[data-testid=path-length]").innerText)`, 10*time.Second)
			if did["path-cost"] == 0 {
				got := eval[string](b, `document.querySelector("[data-testid=path-length]").innerText`)
				chk := eval[string](b, `JSON.stringify(window.sandtable.game.ui.check.preview)`)
				var pv struct{ Cost, Budget float64 }
				if err := json.Unmarshal([]byte(chk), &pv); err != nil || !strings.Contains(got, fmt.Sprintf("costs %.1f of %.1f MP", pv.Cost, pv.Budget)) {
					t.Errorf("path shown as %q; the server's preview is %s", got, chk)
				}
				t.Logf("path: %s", got)
				did["path-cost"]++
			}
			if b.exists(`[data-testid=move-confirm]`) {
				b.click(`[data-testid=move-confirm]`)
				if acted("move") {
					continue
				}
			}
			b.click(`[data-testid=hold]`)
			acted("hold")
		case "fire":
			b.waitFor("the firers", `!document.querySelector("[data-testid=firers-loading]")`, 10*time.Second)
			sel := `[data-testid^="firer-"]`
			if b.exists(sel) {
				b.click(sel)
				firer := eval[string](b, `window.sandtable.game.ui.firer`)
				tsel := fmt.Sprintf(`[data-testid^="target-%s-"].priority`, firer)
				if !b.exists(tsel) {
					tsel = fmt.Sprintf(`[data-testid^="target-%s-"]`, firer)
				}
				// Each target shows the server's chance to hit, or that
				// there is no shot; the declared shot its odds.
				b.waitFor("the odds of every target", fmt.Sprintf(`[...document.querySelectorAll('[data-testid^="hit-%s-"]')].every((e) => /\d+%%|no shot/.test(e.textContent))`, firer), 10*time.Second)
				target := strings.TrimPrefix(eval[string](b, `document.querySelector(`+"`"+tsel+"`"+`).dataset.testid`), "target-"+firer+"-")
				b.click(tsel)
				b.waitFor("the shot listed", fmt.Sprintf(`document.querySelector("[data-testid=shot-%s]")`, firer), 5*time.Second)
				b.waitFor("the shot's odds", fmt.Sprintf(`/Hit \d+%%|No shot/.test((document.querySelector("[data-testid=odds-%s]") || {}).textContent || "")`, firer), 10*time.Second)
				if did["fire-odds"] == 0 {
					b.shot("fire-odds")
					want := eval[float64](b, fmt.Sprintf(`fetch("/api/games/" + window.sandtable.game.id + "/odds?firer=%s&target=%s", {headers: {Authorization: "Bearer " + window.sandtable.game.token}}).then((r) => r.json()).then((o) => o.p_hit === undefined ? -1 : Math.round(o.p_hit * 100))`, firer, target))
					line := eval[string](b, fmt.Sprintf(`document.querySelector("[data-testid=odds-%s]").textContent`, firer))
					switch {
					case want < 0 && !strings.Contains(line, "No shot"):
						t.Errorf("the shot of %s at %s shows %q, but the server gives no odds for it", firer, target, line)
					case want >= 0 && !strings.Contains(line, fmt.Sprintf("Hit %.0f%%", want)):
						t.Errorf("the shot of %s at %s shows %q, want the server's hit chance %.0f%%", firer, target, line, want)
					}
					t.Logf("the shot of %s at %s: %s", firer, target, line)
					did["fire-odds"]++
				}
				b.click(`[data-testid=fire-confirm]`)
				if acted("fire") {
					continue
				}
			}
			b.click(`[data-testid=hold-fire]`)
			acted("hold-fire")
		case "ambush":
			b.waitFor("the ambush choices", `!document.body.innerText.includes("Finding who can fire")`, 10*time.Second)
			if sel := `button.fire[data-testid^="ambush-"]`; b.exists(sel) {
				b.click(sel)
				if acted("ambush") {
					continue
				}
			}
			b.click(`[data-testid=ambush-pass]`)
			acted("ambush-pass")
		default:
			b.shot("unknown")
			t.Fatalf("unexpected decision %q", s.Pending)
		}
	}
	s := b.state()
	b.shot("end")
	t.Logf("played to turn %d (over %v): %v", s.Turn, s.Over, did)
	if did["move"] == 0 {
		t.Errorf("no move was accepted: %v", did)
	}
	if did["fire"] == 0 {
		t.Errorf("no shot was fired: %v", did)
	}
	if !s.Over && s.Turn < firstTurn+2 {
		t.Errorf("the turn did not advance: turn %d", s.Turn)
	}
	if eval[bool](b, noControls) {
		t.Errorf("the page says it has no controls")
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
