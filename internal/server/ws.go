package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/coder/websocket"

	"github.com/sandtable/sandtable/internal/engine"
)

// headerHas reports whether the comma-separated header name holds token,
// in any letter case.
func headerHas(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for _, t := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// wsMessage is every message the server sends on a WebSocket:
//
//	{"type":"hello",  "role":"seat","side":0, "events":[...], "n":..,"last_event":..,"pending":..,"result":..}
//	{"type":"events", "events":[...], "n":..,"last_event":..,"pending":..,"result":..}
//	{"type":"pong"}
//	{"type":"error", "code":"...", "error":"..."}
//
// A client may send {"type":"ping"}; the stream is otherwise one-way:
// actions go through POST /api/games/{id}/actions.
type wsMessage struct {
	Type   string         `json:"type"`
	Role   string         `json:"role,omitempty"`
	Side   *int           `json:"side,omitempty"`
	Events []engine.Event `json:"events,omitempty"`
	*position
	Code  string `json:"code,omitempty"`
	Error string `json:"error,omitempty"`
}

const (
	wsWriteTimeout = 10 * time.Second
	wsPingEvery    = 30 * time.Second
)

// originAllowed reports whether a WebSocket upgrade's Origin is the
// server's own host or matches an --allow-origin pattern. Requests
// without Origin (not from a browser) pass: they carry a token anyway.
func (s *Server) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range s.cfg.AllowOrigins {
		target := strings.ToLower(u.Host)
		if strings.Contains(p, "://") {
			target = strings.ToLower(u.Scheme + "://" + u.Host)
		}
		if ok, _ := path.Match(strings.ToLower(p), target); ok {
			return true
		}
	}
	return false
}

// serveWS streams the events the requester may see: first those after
// ?after=, then each commit's as it happens. The cursor is the engine's
// event number, so a client that reconnects with the last number it got
// misses nothing and gets nothing twice.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	if !headerHas(r.Header, "Connection", "upgrade") || !headerHas(r.Header, "Upgrade", "websocket") {
		w.Header().Set("Upgrade", "websocket")
		writeError(w, errf(http.StatusUpgradeRequired, codeBadRequest, "this is a WebSocket endpoint: open it with a WebSocket client (Connection: Upgrade, Upgrade: websocket); GET .../events answers plain requests"))
		return
	}
	after, e := intParam(r, "after")
	if e != nil {
		writeError(w, e)
		return
	}
	if !s.originAllowed(r) {
		writeError(w, errf(http.StatusForbidden, codeOrigin, "WebSocket from origin "+r.Header.Get("Origin")+" is not allowed"))
		return
	}
	lg, acc, e := s.open(r, "")
	if e != nil {
		writeError(w, e)
		return
	}
	sub := &subscriber{notify: make(chan struct{}, 1)}
	lg.subs[sub] = struct{}{}
	lg.mu.Unlock()
	defer func() {
		lg.mu.Lock()
		delete(lg.subs, sub)
		lg.mu.Unlock()
	}()

	// The server's read and write timeouts are for plain requests; a
	// stream lives on, with its own write timeouts and pings.
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // Origin checked above
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(s.cfg.WSReadLimit)
	s.bg.Add(1)
	defer s.bg.Done()
	s.metrics.wsClients.Inc()
	defer s.metrics.wsClients.Dec()

	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	send := func(m wsMessage) bool {
		b, _ := json.Marshal(m)
		wctx, wcancel := context.WithTimeout(ctx, wsWriteTimeout)
		defer wcancel()
		return c.Write(wctx, websocket.MessageText, b) == nil
	}
	go func() { // reader: pings from the client; any error ends the stream
		defer cancel()
		for {
			typ, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m struct {
				Type string `json:"type"`
			}
			if typ != websocket.MessageText || json.Unmarshal(b, &m) != nil || m.Type != "ping" {
				send(wsMessage{Type: "error", Code: codeBadRequest, Error: `the only message a client sends is {"type":"ping"}; act with POST /api/games/{id}/actions`})
				continue
			}
			send(wsMessage{Type: "pong"})
		}
	}()

	// cursor is in acc's own event numbering; a cursor beyond the last
	// event acc may see is taken as "everything so far".
	cursor := after
	// next collects what is new since cursor; false when the game was
	// dropped and must be fetched again.
	next := func(typ string) (wsMessage, bool) {
		lg.mu.Lock()
		defer lg.mu.Unlock()
		if lg.dropped {
			return wsMessage{}, false
		}
		p := positionOf(lg, acc)
		cursor = min(cursor, p.LastEvent)
		m := wsMessage{Type: typ, Events: lg.eventsFor(acc, cursor), position: &p}
		cursor = p.LastEvent
		return m, true
	}
	first := true
	var last position
	ping := time.NewTicker(wsPingEvery)
	defer ping.Stop()
	for {
		typ := "events"
		if first {
			typ = "hello"
		}
		m, ok := next(typ)
		if !ok {
			// Follow the game into the cache again.
			lg.mu.Lock()
			delete(lg.subs, sub)
			lg.mu.Unlock()
			nlg, e := s.locked(ctx, lg.id)
			if e != nil {
				send(wsMessage{Type: "error", Code: e.Code, Error: e.Msg})
				c.Close(websocket.StatusTryAgainLater, e.Code)
				return
			}
			lg = nlg
			lg.subs[sub] = struct{}{}
			lg.mu.Unlock()
			continue
		}
		if first {
			m.Role = acc.role.String()
			if acc.role == roleSeat {
				m.Side = &acc.side
			}
		}
		// Send news: events, or a new position (an action may emit no
		// event the requester sees, yet n and the decision change).
		if first || len(m.Events) > 0 || *m.position != last {
			if !send(m) {
				return
			}
			last = *m.position
		}
		first = false
		select {
		case <-sub.notify:
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, wsWriteTimeout)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
			continue
		case <-ctx.Done():
			if s.ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "server shutting down")
			}
			return
		}
	}
}
