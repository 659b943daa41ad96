package server_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/server"
)

// TestRequestsRefusedPlainly: requests a browser or a script may send
// wrongly get a JSON refusal that says what to send instead, and the
// ones a page elsewhere could send unasked create nothing.
func TestRequestsRefusedPlainly(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-1", "opponent": "human", "seed": 3})
	raw := func(method, path string, header map[string]string, body string) (int, string, http.Header) {
		t.Helper()
		req, err := http.NewRequest(method, e.url+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp.Header
	}
	games := func() int {
		var list struct {
			Games []struct{} `json:"games"`
		}
		e.do("GET", "/api/games", "", nil).decode(t, &list)
		return len(list.Games)
	}
	before := games()
	body := `{"scenario":"armour-battles/battle-1","opponent":"random"}`
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", ""} {
		status, got, _ := raw("POST", "/api/games", map[string]string{"Content-Type": ct}, body)
		if status != http.StatusUnsupportedMediaType || !strings.Contains(got, `"code":"unsupported_media_type"`) || !strings.Contains(got, "Content-Type: application/json") {
			t.Errorf("POST /api/games as %q: %d %s; want 415 asking for application/json", ct, status, got)
		}
	}
	if n := games(); n != before {
		t.Errorf("%d games after the refused creations, were %d", n, before)
	}
	if status, got, _ := raw("POST", "/api/games", map[string]string{"Content-Type": "application/json; charset=utf-8"}, "\xef\xbb\xbf"+body); status != http.StatusCreated {
		t.Errorf("a JSON body after a byte order mark: %d %s; want 201", status, got)
	}

	game := "/api/games/" + c.GameID
	for _, tc := range []struct {
		what, path string
		header     map[string]string
		status     int
		says       string
	}{
		{"a lower-case bearer", game, map[string]string{"Authorization": "bearer " + c.SeatToken}, 200, `"role":"seat"`},
		{"a token twice", game + "?token=" + c.SeatToken + "&token=x", nil, 400, "token: given 2 times; give it once"},
		{"after twice", game + "/events?after=1&after=2", map[string]string{"Authorization": "Bearer " + c.SeatToken}, 400, "after: given 2 times"},
		{"an unknown status", "/api/games?status=bogus", nil, 400, `status \"bogus\": want active or over`},
		{"a status twice", "/api/games?status=active&status=over", nil, 400, "status: given 2 times"},
		{"the action log before the end", game + "/log?format=jsonl", map[string]string{"Authorization": "Bearer " + c.SeatToken}, 409, "comes once the game is over"},
		{"a plain GET of the stream", game + "/ws", map[string]string{"Authorization": "Bearer " + c.SeatToken}, 426, "this is a WebSocket endpoint"},
		{"a long id", "/api/games/" + strings.Repeat("a", 5000), map[string]string{"Authorization": "Bearer " + c.SeatToken}, 404, "no such game: a game id is 16 hex digits"},
		{"units of rules given twice", "/api/units?rules=pagano&rules=armour-battles", nil, 400, "rules: given 2 times"},
		{"units with an unknown parameter", "/api/units?rule=pagano", nil, 400, "rule: no such parameter here; this takes rules"},
		{"scenarios with a parameter", "/api/scenarios?x=1", nil, 400, "/api/scenarios takes no parameters"},
		{"a long balance check id", "/api/balance/" + strings.Repeat("b", 5000), nil, 404, "no balance check"},
		{"a control character in the id", "/api/games/x%0Ay", map[string]string{"Authorization": "Bearer " + c.SeatToken}, 404, "no such game: a game id is 16 hex digits"},
	} {
		status, got, h := raw("GET", tc.path, tc.header, "")
		if status != tc.status || !strings.Contains(got, tc.says) {
			t.Errorf("%s: %d %s; want %d saying %q", tc.what, status, got, tc.status, tc.says)
		}
		if status >= 400 && !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
			t.Errorf("%s: refused as %q, not JSON", tc.what, h.Get("Content-Type"))
		}
		if status >= 400 && len(got) > 400 {
			t.Errorf("%s: a %d-byte answer echoes the request", tc.what, len(got))
		}
	}
	st := e.state(c.GameID, c.SeatToken)
	r := e.act(c.GameID, c.SeatToken, st, `{"kind":"bogus"}`)
	if r.status != 400 || bytes.Count(r.body, []byte("bad action")) > 1 || !strings.Contains(string(r.body), `unknown action kind \"bogus\"`) {
		t.Errorf("an unknown action kind: %d %s; want 400 naming it once", r.status, r.body)
	}
	// A number no float holds is refused by the field it is in, not at
	// a byte of the request that is not where it stands.
	r = e.act(c.GameID, c.SeatToken, st, `{"kind":"deploy","unit":"de-pz1-1","x":1e400,"y":45,"facing":-90}`)
	if r.status != 400 || !strings.Contains(string(r.body), `armour-battles: bad deploy action: field \"x\" wants a number, got a JSON number 1e400`) || strings.Contains(string(r.body), "at byte") {
		t.Errorf("a deploy at x 1e400: %d %s; want 400 naming the field", r.status, r.body)
	}
}
