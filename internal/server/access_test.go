package server_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/sandtable/sandtable/internal/server"
)

// TestAccessMatrix checks every endpoint and stream message for each kind
// of requester: red's seat, blue's seat, the spectator, a player of another
// game and an anonymous caller; and that no answer to one side holds the
// other side's secrets.
func TestAccessMatrix(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 11})
	other := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human", "seed": 12})
	id := c.GameID
	// Private events for both sides exist before anyone looks.
	for _, tok := range []string{c.SeatToken, c.JoinToken, c.SeatToken} {
		if r := e.act(id, tok, e.state(id, tok), `{"kind":"move","value":2}`); r.status != 200 {
			t.Fatalf("setup move: %d %s", r.status, r.body)
		}
	}
	e.act(other.GameID, other.SeatToken, e.state(other.GameID, other.SeatToken), `{"kind":"move","value":1}`)

	type who struct {
		name    string
		token   string
		secrets []string // what its answers must never hold
	}
	red := who{"red seat", c.SeatToken, []string{"SECRET-blue"}}
	blue := who{"blue seat", c.JoinToken, []string{"SECRET-red"}}
	spec := who{"spectator", c.SpectatorToken, []string{"SECRET"}}
	stranger := who{"player of another game", other.SeatToken, []string{"SECRET"}}
	anon := who{"anonymous", "", []string{"SECRET"}}
	all := []who{red, blue, spec, stranger, anon}

	endpoints := []struct {
		method, path string
		body         func() any
		want         map[string]int // by who; the rest as below
	}{
		{"GET", "/api/games/" + id, nil, nil},
		{"GET", "/api/games/" + id + "/events?after=0", nil, nil},
		{"GET", "/api/games/" + id + "/log", nil, nil},
		{"GET", "/api/games/" + id + "/odds?firer=a&target=b", nil, map[string]int{"red seat": 404, "blue seat": 404, "spectator": 404}},
		{"POST", "/api/games/" + id + "/actions", func() any {
			st := e.state(id, c.JoinToken) // blue is to move
			return map[string]any{"after": st.LastEvent, "n": st.N, "action": map[string]any{"kind": "wait"}}
		}, map[string]int{"red seat": 409, "spectator": 403}},
	}
	wantDefault := map[string]int{"red seat": 200, "blue seat": 200, "spectator": 200, "player of another game": 403, "anonymous": 401}
	for _, ep := range endpoints {
		for _, w := range all {
			t.Run(ep.method+" "+strings.SplitN(ep.path, "?", 2)[0]+" as "+w.name, func(t *testing.T) {
				want := wantDefault[w.name]
				if s, ok := ep.want[w.name]; ok {
					want = s
				}
				var body any
				if ep.body != nil {
					body = ep.body()
				}
				r := e.do(ep.method, ep.path, w.token, body)
				if r.status != want {
					t.Errorf("status %d, want %d: %s", r.status, want, r.body)
				}
				if r.status >= 400 && r.errCode() == "" {
					t.Errorf("error answer is not {error, code}: %s", r.body)
				}
				mustContainNone(t, "the answer", r.body, w.secrets...)
			})
		}
	}
	// The blue wait above was applied once; blue's view of its own game
	// still holds its own secret and not red's.
	for _, w := range []who{red, blue} {
		r := e.do("GET", "/api/games/"+id, w.token, nil)
		mustContainNone(t, w.name+"'s view", r.body, w.secrets...)
		mine := strings.Replace(w.secrets[0], "blue", "X", 1)
		mine = strings.Replace(strings.Replace(mine, "red", "blue", 1), "X", "red", 1)
		if !strings.Contains(string(r.body), mine) {
			t.Errorf("%s's view lacks its own secret %q: %s", w.name, mine, r.body)
		}
	}
	// Tokens also work as ?token= and in the body; a token of another
	// game does not open this one, nor does it reveal whether it exists.
	if r := e.do("GET", "/api/games/"+id+"?token="+c.JoinToken, "", nil); r.status != 200 {
		t.Errorf("?token=: %d", r.status)
	}
	if r := e.do("GET", "/api/games/ffffffffffffffff", c.SeatToken, nil); r.status != 404 {
		t.Errorf("unknown game: %d, want 404", r.status)
	}

	// The stream: the same matrix for the upgrade, then each message.
	for _, w := range all {
		t.Run("WebSocket as "+w.name, func(t *testing.T) {
			ws, resp, err := dialWS(t, e, id, w.token, 0)
			want := wantDefault[w.name]
			if want != 200 {
				if err == nil || resp == nil || resp.StatusCode != want {
					t.Fatalf("upgrade: %v %v; want status %d", err, resp, want)
				}
				b, _ := io.ReadAll(resp.Body)
				mustContainNone(t, "the refusal", b, "SECRET")
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer ws.CloseNow()
			m, b := readWS(t, ws)
			wantRole := map[bool]string{true: "spectator", false: "seat"}[w.name == "spectator"]
			if m.Type != "hello" || m.Role != wantRole || len(m.Events) == 0 {
				t.Errorf("hello %s; want role %s with the backlog", b, wantRole)
			}
			mustContainNone(t, "the hello", b, w.secrets...)
			// A new move pushes events filtered for this requester.
			st := e.state(id, c.SeatToken)
			tok := []string{c.SeatToken, c.JoinToken}[st.Pending.Side]
			if r := e.act(id, tok, e.state(id, tok), `{"kind":"move","value":1}`); r.status != 200 {
				t.Fatalf("move: %d %s", r.status, r.body)
			}
			m, b = readWS(t, ws)
			if m.Type != "events" || len(m.Events) == 0 {
				t.Errorf("after a move: %s", b)
			}
			mustContainNone(t, "the pushed events", b, w.secrets...)
		})
	}
	t.Run("WebSocket from a foreign origin", func(t *testing.T) {
		ctx := context.Background()
		u := strings.Replace(e.url, "http://", "ws://", 1) + "/api/games/" + id + "/ws"
		h := http.Header{"Authorization": {"Bearer " + c.SeatToken}, "Origin": {"http://evil.example"}}
		_, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
		if err == nil || resp == nil || resp.StatusCode != 403 {
			t.Fatalf("foreign origin: %v %v; want 403", err, resp)
		}
		b, _ := io.ReadAll(resp.Body)
		if !strings.Contains(string(b), `"code":"bad_origin"`) {
			t.Errorf("refusal body %s", b)
		}
		h.Set("Origin", e.url) // the server's own page
		ws, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			t.Fatalf("same origin refused: %v", err)
		}
		ws.CloseNow()
	})
}

func TestAllowedOriginPattern(t *testing.T) {
	e := newEnv(t, server.Config{AllowOrigins: []string{"*.example.com"}})
	c := e.create(map[string]any{"scenario": secretScenario.ID, "opponent": "human"})
	u := strings.Replace(e.url, "http://", "ws://", 1) + "/api/games/" + c.GameID + "/ws"
	for origin, ok := range map[string]bool{"https://ui.example.com": true, "https://example.org": false} {
		h := http.Header{"Authorization": {"Bearer " + c.SeatToken}, "Origin": {origin}}
		ws, _, err := websocket.Dial(context.Background(), u, &websocket.DialOptions{HTTPHeader: h})
		if (err == nil) != ok {
			t.Errorf("origin %s: err %v, want allowed=%v", origin, err, ok)
		}
		if ws != nil {
			ws.CloseNow()
		}
	}
}

func TestRequestLimits(t *testing.T) {
	t.Run("413 for a large body", func(t *testing.T) {
		e := newEnv(t, server.Config{})
		r := e.do("POST", "/api/games", "", map[string]any{"scenario": strings.Repeat("x", 70<<10)})
		if r.status != 413 || r.errCode() != "too_large" {
			t.Errorf("70 KiB body: %d %s; want 413 too_large", r.status, r.body)
		}
	})
	t.Run("429 beyond the rate limit", func(t *testing.T) {
		e := newEnv(t, server.Config{RateLimit: 0.5, RateBurst: 2})
		var got []int
		for range 3 {
			got = append(got, e.do("POST", "/api/games", "", map[string]any{"scenario": secretScenario.ID, "opponent": "human"}).status)
		}
		r := e.do("POST", "/api/games", "", map[string]any{"scenario": secretScenario.ID})
		if got[0] != 201 || got[1] != 201 || got[2] != 429 || r.errCode() != "rate_limited" {
			t.Errorf("statuses %v then %s; want 201 201 429 rate_limited", got, r.body)
		}
		if r := e.do("GET", "/api/scenarios", "", nil); r.status != 200 {
			t.Errorf("reads are not rate limited, got %d", r.status)
		}
	})
	t.Run("408 for a body that does not arrive", func(t *testing.T) {
		e := newEnv(t, server.Config{}, func(hs *http.Server) { hs.ReadTimeout = 300 * time.Millisecond })
		conn, err := net.Dial("tcp", strings.TrimPrefix(e.url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"scenario\":")
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 408 || !strings.Contains(string(b), `"code":"timeout"`) {
			t.Errorf("stalled body: %d %s; want 408 timeout", resp.StatusCode, b)
		}
	})
}
