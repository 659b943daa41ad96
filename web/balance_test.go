package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/sim"
)

// TestLobbyBalanceCheck checks Battle 1's balance from the lobby: 200
// scripted games, the sides swapped, followed to the end. The wins shown
// are those `sandtable simulate` gives for the command the page shows,
// and the check and its result outlast the lobby redrawing (choosing a
// side), even before the server has answered.
func TestLobbyBalanceCheck(t *testing.T) {
	base := newSiteURL(t)
	browser := newBrowser(t)
	b := newTab(t, browser, "designer", 1280, 800)
	b.do(chromedp.Navigate(base + "/"))
	b.click(`[data-testid="scenario-armour-battles-battle-1"]`)
	// Ask, and redraw the lobby (choose a side) before the server has
	// answered: the redrawn box follows the check.
	eval[bool](b, `(() => { document.querySelector("[data-testid=balance-check]").click(); document.querySelector("[data-testid=side-us]").click(); return true; })()`)
	b.waitFor("the check to start", `document.querySelector("[data-testid=balance-result] progress") || document.querySelector("[data-testid=balance-verdict]")`, 10*time.Second)
	b.waitFor("the check's verdict", `document.querySelector("[data-testid=balance-verdict]") || document.querySelector("[data-testid=balance-error]")`, 3*time.Minute)
	if b.exists(`[data-testid=balance-error]`) {
		t.Fatalf("the check failed: %s", eval[string](b, `document.querySelector("[data-testid=balance-error]").textContent`))
	}
	b.shot("balance")
	verdict := eval[string](b, `document.querySelector("[data-testid=balance-verdict]").textContent`)
	cmd := eval[string](b, `document.querySelector("[data-testid=balance-command]").textContent`)
	m := regexp.MustCompile(`^sandtable simulate --scenario armour-battles/battle-1 --games 200 --agents scripted,scripted --swap --seed (\d+)$`).FindStringSubmatch(cmd)
	if m == nil {
		t.Fatalf("the command shown: %q", cmd)
	}
	seed, _ := strconv.ParseUint(m[1], 10, 64)
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario("armour-battles/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := sim.Run(context.Background(), sim.Config{Rules: ab.Rules{}, Scenario: sc, Games: 200, Agents: [2]string{"scripted", "scripted"}, Swap: true, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	sum := rep.Summary()
	rows := eval[[]string](b, `[...document.querySelectorAll("[data-testid=balance-result] tr")].slice(1).map((tr) => tr.children[0].textContent + "=" + tr.children[1].textContent)`)
	want := []string{fmt.Sprintf("Germany=%d", sum.Wins["german"]), fmt.Sprintf("United States=%d", sum.Wins["us"]), fmt.Sprintf("Drawn=%d", *sum.Draws)}
	if strings.Join(rows, " ") != strings.Join(want, " ") {
		t.Errorf("the page's rows %v; simulate gives %v", rows, want)
	}
	bal := sum.Balance
	name := map[string]string{"german": "Germany", "us": "United States"}[bal.Side]
	if wantV := fmt.Sprintf("%s won %.1f%% of the %d decided games", name, 100*bal.Share, bal.Decided); !strings.HasPrefix(verdict, wantV) {
		t.Errorf("the verdict %q; want it to start %q", verdict, wantV)
	}
	// Choosing a side redraws the lobby's form: the result stays.
	b.click(`[data-testid="side-german"]`)
	if got := eval[string](b, `(document.querySelector("[data-testid=balance-verdict]") || {}).textContent || ""`); got != verdict {
		t.Errorf("after choosing a side the verdict reads %q, want %q", got, verdict)
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
