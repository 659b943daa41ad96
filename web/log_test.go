package web_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLobbyOffersFinishedGameLog: once a game is over, the lobby's list
// of the player's games links its whole log, as a file to download, and
// the link gives the log the API gives the seat.
func TestLobbyOffersFinishedGameLog(t *testing.T) {
	cat := ownCatalog(t)
	if err := cat.AddFiles("testdata/brief.yaml"); err != nil {
		t.Fatal(err)
	}
	base := newSiteOf(t, cat).URL
	g := createViaAPI(t, base, map[string]any{"scenario": "my/brief", "side": "german", "opponent": "human", "seed": 2})
	id := g["game_id"].(string)
	seats := []seatAPI{{t, base, id, g["seat_token"].(string)}, {t, base, id, g["join_token"].(string)}}

	browser := newBrowser(t)
	us := newTab(t, browser, "us", 1280, 800)
	us.do(chromedp.Navigate(g["join_url"].(string))) // the browser keeps the American seat
	us.waitFor("the battlefield", `window.sandtable && document.querySelector("[data-testid=board] [data-testid=table]")`, 15*time.Second)
	us.click(`[data-testid=home]`)
	us.waitFor("the lobby's games", `document.querySelector("[data-testid=my-games] li")`, 10*time.Second)
	if us.exists(`[data-testid="log-` + id + `"]`) {
		t.Error("the lobby links the log of a game not yet over")
	}

	for n := 0; ; n++ {
		var st apiGame
		seats[0].call("GET", "", nil, &st)
		if st.Result.Over {
			break
		}
		if n == 400 {
			t.Fatalf("the one-turn game is not over after %d actions (pending %+v)", n, st.Pending)
		}
		seats[st.Pending.Side].playCandidate(false)
	}

	us.do(chromedp.Reload())
	us.waitFor("the finished game's log link", `document.querySelector('[data-testid="log-`+id+`"]')`, 10*time.Second)
	if got := eval[string](us, `document.querySelector('[data-testid="log-`+id+`"]').getAttribute("download")`); got != id+".jsonl" {
		t.Errorf("the log link downloads as %q, want %s.jsonl", got, id)
	}
	fromPage := eval[string](us, `fetch(document.querySelector('[data-testid="log-`+id+`"]').href).then((r) => r.ok ? r.text() : "HTTP " + r.status)`)
	req, _ := http.NewRequest("GET", base+"/api/games/"+id+"/log", nil)
	req.Header.Set("Authorization", "Bearer "+g["join_token"].(string))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	want, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || fromPage != string(want) {
		t.Errorf("the link's log (%.120q) differs from the API's (%d, %.120q)", fromPage, resp.StatusCode, want)
	}
	if errs := us.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
