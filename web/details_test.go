package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestLobbyNamesJoinedGamesAndReplayKeys: the lobby's subtitle names both
// rulesets; a game joined by link is listed under its title and side name
// (not "armour-battles/battle-3 · us"); a replay opened twice steps once a
// key press (its keyboard handler is not added again on each visit).
func TestLobbyNamesJoinedGamesAndReplayKeys(t *testing.T) {
	base := newSiteURL(t)
	g := createViaAPI(t, base, map[string]any{"scenario": "armour-battles/battle-3", "side": "german", "opponent": "human", "seed": 1})
	id := g["game_id"].(string)
	de := seatAPI{t, base, id, g["seat_token"].(string)}
	for i := 0; i < 20; i++ { // the German deployments, to replay
		var st apiGame
		de.call("GET", "", nil, &st)
		if st.Pending.Side != 0 {
			break
		}
		de.playCandidate(false)
	}
	browser := newBrowser(t)
	us := newTab(t, browser, "us", 1280, 800)
	us.do(chromedp.Navigate(g["join_url"].(string)))
	us.waitFor("the battlefield", `window.sandtable && document.body.dataset.busy !== "1" && document.body.dataset.pending`, 15*time.Second)
	us.click(`[data-testid=home]`)
	us.waitFor("the lobby's games", `document.querySelector("[data-testid=my-games]")`, 10*time.Second)
	if sub := eval[string](us, `document.getElementById("status").innerText`); !strings.Contains(sub, "Pagano") {
		t.Errorf("the lobby's subtitle reads %q, want both rulesets named", sub)
	}
	entry := eval[string](us, `document.querySelector("[data-testid=my-games] li").innerText`)
	if !strings.Contains(entry, "Battle 3: Counter-Attack") || !strings.Contains(entry, "United States") || strings.Contains(entry, "armour-battles/") {
		t.Errorf("the joined game is listed as %q, want its title and side name", entry)
	}

	// The replay, opened twice by the page's own navigation.
	for i := 0; i < 2; i++ {
		eval[bool](us, `(history.pushState({}, "", "/replay/`+id+`"), dispatchEvent(new PopStateEvent("popstate")), true)`)
		us.waitFor("the replay", `document.querySelector("[data-testid=replay-log] li")`, 10*time.Second)
		if i == 0 {
			us.click(`[data-testid=home]`)
			us.waitFor("the lobby", `document.querySelector("[data-testid=my-games]")`, 10*time.Second)
		}
	}
	us.click(`[data-testid=replay-start]`)
	before := eval[string](us, `document.querySelector("[data-testid=replay-step]").textContent`)
	us.key(kb.ArrowRight)
	after := eval[string](us, `document.querySelector("[data-testid=replay-step]").textContent`)
	cur := eval[int](us, `[...document.querySelectorAll("[data-testid=replay-log] li")].findIndex((e) => e.classList.contains("current"))`)
	if cur != 0 {
		t.Errorf("one ArrowRight from the start goes to event %d (%q → %q), want the first", cur+1, before, after)
	}
	if errs := us.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
