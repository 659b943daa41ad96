package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
	"github.com/sandtable/sandtable/web"
)

// newSite starts the game server's API and the UI on one loopback server,
// the way `sandtable serve` mounts them.
func newSite(t testing.TB) *httptest.Server {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return newSiteOf(t, cat)
}

// newSiteOf is newSite serving the scenarios of cat.
func newSiteOf(t testing.TB, cat *scenario.Catalog) *httptest.Server {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Catalog: cat, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", srv.Handler())
	mux.Handle("/healthz", srv.Handler())
	mux.Handle("/", web.Handler(cat))
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		hs.Close()
		srv.Close()
		st.Close()
	})
	return hs
}

func get(t testing.TB, url string) (int, string, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

func TestHandlerServesPageAndModules(t *testing.T) {
	hs := newSite(t)
	for _, tc := range []struct{ path, ctype, holds string }{
		{"/", "text/html", `<script type="module" src="/static/js/app.js">`},
		{"/games/0123abcd", "text/html", "<main id=\"app\">"},
		{"/replay/0123abcd", "text/html", "<main id=\"app\">"},
		{"/static/js/app.js", "javascript", "import"},
		{"/static/js/game.js", "javascript", "export class Game"},
		{"/static/css/app.css", "text/css", ".board"},
	} {
		code, ctype, body := get(t, hs.URL+tc.path)
		if code != 200 || !strings.Contains(ctype, tc.ctype) || !strings.Contains(body, tc.holds) {
			t.Errorf("GET %s = %d %q (%d bytes), want 200 %s holding %q", tc.path, code, ctype, len(body), tc.ctype, tc.holds)
		}
	}
	if code, _, _ := get(t, hs.URL+"/static/nope.js"); code != 404 {
		t.Errorf("GET /static/nope.js = %d, want 404", code)
	}
}

func TestMapOfEveryScenario(t *testing.T) {
	hs := newSite(t)
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range cat.Scenarios() {
		code, _, body := get(t, hs.URL+"/maps/"+sc.ID+".json")
		if code != 200 {
			t.Errorf("map of %s: %d %s", sc.ID, code, body)
			continue
		}
		var m struct {
			Table   struct{ Width, Height float64 }
			Terrain []struct{ Kind string }
			Sides   []struct {
				ID    string
				Edge  string
				Zones []struct{ Polygon [][2]float64 }
			}
		}
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			t.Fatalf("map of %s: %v", sc.ID, err)
		}
		if m.Table.Width != sc.Table.Width || len(m.Terrain) != len(sc.Terrain) || len(m.Sides) != len(sc.Sides) {
			t.Errorf("map of %s: table %v, %d terrain, %d sides; want %v, %d, %d", sc.ID, m.Table, len(m.Terrain), len(m.Sides), sc.Table, len(sc.Terrain), len(sc.Sides))
		}
	}
	if code, _, _ := get(t, hs.URL+"/maps/no/such.json"); code != 404 {
		t.Errorf("map of an unknown scenario = %d, want 404", code)
	}
}

// TestMapHidesNoPositions checks the map names hidden companies but
// carries no position of any unit.
func TestMapHidesNoPositions(t *testing.T) {
	hs := newSite(t)
	_, _, body := get(t, hs.URL+"/maps/armour-battles/battle-2.json")
	if !strings.Contains(body, `"hidden":true`) {
		t.Errorf("battle-2 map does not mark the hidden company: %s", body)
	}
	for _, bad := range []string{`"at"`, `"x"`, `"facing"`} {
		if strings.Contains(body, bad) {
			t.Errorf("battle-2 map holds %s: %s", bad, body)
		}
	}
}
