package web_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/web"
)

// ownCatalog is the built-in catalog with a scenario file of a user's own
// (testdata/skirmish.yaml) and the unit file it needs on top, as `sandtable
// serve --scenario FILE --units FILE` loads them.
func ownCatalog(t *testing.T) *scenario.Catalog {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.AddFiles("testdata/jumbo.yaml", "testdata/skirmish.yaml", "testdata/ambush.yaml"); err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestMapsOfTheCatalog: the UI's maps come from the catalog it is handed,
// and from the built-in scenarios when it is handed none.
func TestMapsOfTheCatalog(t *testing.T) {
	own := httptest.NewServer(web.Handler(ownCatalog(t)))
	defer own.Close()
	builtIn := httptest.NewServer(web.Handler(nil))
	defer builtIn.Close()
	for _, tc := range []struct {
		base, id string
		code     int
	}{
		{own.URL, "my/skirmish", 200},
		{own.URL, "armour-battles/battle-1", 200},
		{builtIn.URL, "armour-battles/battle-1", 200},
		{builtIn.URL, "my/skirmish", 404},
	} {
		code, _, body := get(t, tc.base+"/maps/"+tc.id+".json")
		if code != tc.code {
			t.Errorf("%s's map from the %s handler: %d %s, want %d", tc.id, map[bool]string{true: "own", false: "built-in"}[tc.base == own.URL], code, body, tc.code)
		}
		if code == 200 && !strings.Contains(body, `"id":"`+tc.id+`"`) {
			t.Errorf("%s's map: %s", tc.id, body)
		}
	}
	// The units the file places itself are on the map where they start:
	// us-2 at (30, 3) facing north as written, us-1 left to deploy.
	_, _, body := get(t, own.URL+"/maps/my/skirmish.json")
	var m struct {
		Sides []struct {
			ID        string
			Companies []struct {
				Units  []string
				Placed []struct {
					ID, Type                     string
					X, Y, Heading, Length, Width float64
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	us := m.Sides[1].Companies[0]
	if len(us.Units) != 2 || len(us.Placed) != 1 || us.Placed[0].ID != "us-2" || us.Placed[0].Type != "M4 75mm" ||
		us.Placed[0].X != 30 || us.Placed[0].Y != 3 || us.Placed[0].Heading != 90 || us.Placed[0].Length == 0 {
		t.Errorf("the Americans' company on the map: %+v; want us-2 placed at (30, 3) facing 90", us)
	}
	if len(m.Sides[0].Companies[0].Placed) != 0 {
		t.Errorf("the Germans, who deploy, have units placed: %+v", m.Sides[0].Companies[0])
	}
	// A hidden company the file places itself: neither its ids nor its
	// places are on the map.
	_, _, body = get(t, own.URL+"/maps/my/ambush.json")
	for _, secret := range []string{"de-1", "de-2", `"x":12`, `"x":36`, `"y":33`, `"heading":270`} {
		if strings.Contains(body, secret) {
			t.Errorf("the map of a hidden company placed by the file gives away %s: %s", secret, body)
		}
	}
	if !strings.Contains(body, `"companies":[{"name":"Panzers","hidden":true,"units":[]}]`) || !strings.Contains(body, `"us-2"`) {
		t.Errorf("the ambush map: %s; want the hidden company marked and the Americans' placed unit", body)
	}
}

// TestLobbyOffersOwnScenario: a scenario file the server was started with
// is in the lobby, marked as the user's file, with its map preview, and a
// game of it against the scripted AI starts on its table.
func TestLobbyOffersOwnScenario(t *testing.T) {
	hs := newSiteOf(t, ownCatalog(t))
	browser := newBrowser(t)
	b := newTab(t, browser, "author", 1280, 800)
	b.do(chromedp.Navigate(hs.URL + "/"))
	b.waitFor("the scenario list", `document.querySelector("[data-testid=scenario-my-skirmish]")`, 10*time.Second)
	if b.exists(`[data-testid="scenario-armour-battles-battle-1"] [data-testid=own-scenario]`) {
		t.Error("a built-in scenario is marked as the user's file")
	}
	if !b.exists(`[data-testid="scenario-my-skirmish"] [data-testid=own-scenario]`) {
		t.Error("the user's scenario is not marked as theirs in the list")
	}
	b.click(`[data-testid="scenario-my-skirmish"]`)
	b.waitFor("the map preview's copse", `document.querySelector("[data-testid=map-preview] svg [data-terrain=woods]")`, 10*time.Second)
	if !b.exists(`[data-testid=map-preview] svg [data-unit=us-2]`) || b.exists(`[data-testid=map-preview] svg [data-unit=us-1]`) {
		t.Error("the preview does not show the one unit the scenario places itself (us-2), alone")
	}
	if got := eval[string](b, `document.querySelector(".scenario-detail h2").textContent`); got != "Skirmishyour file" {
		t.Errorf("the scenario's heading reads %q, want its title and the mark", got)
	}
	b.shot("lobby")
	b.click(`[data-testid="side-us"]`)
	b.click(`[data-testid="opponent-scripted"]`)
	b.click(`[data-testid="create-game"]`)
	b.waitFor("the battlefield", `window.sandtable && document.querySelector("[data-testid=board] [data-testid=table]")`, 15*time.Second)
	id := eval[string](b, `document.body.dataset.game`)
	_, _, list := get(t, hs.URL+"/api/games")
	if !strings.Contains(list, `"game_id":"`+id+`","scenario":"my/skirmish"`) {
		t.Errorf("game %s is not listed as one of my/skirmish: %s", id, list)
	}
	if errs := b.pageErrors(); len(errs) > 0 {
		t.Errorf("page errors: %v", errs)
	}
}
