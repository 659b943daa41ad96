package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/store"
)

// tokenBytes is the entropy of a seat or spectator token: 256 bits, hex.
const tokenBytes = 32

func newToken() string {
	b := make([]byte, tokenBytes)
	rand.Read(b) // never fails (crypto/rand panics instead)
	return hex.EncodeToString(b)
}

func newGameID() string {
	b := make([]byte, gameIDBytes)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// gameIDBytes is the size of a game id: 16 hex digits.
const gameIDBytes = 8

// isGameID reports whether id has the form of a game id, lower-case hex
// of gameIDBytes bytes (so that an answer never echoes anything else).
func isGameID(id string) bool {
	if len(id) != 2*gameIDBytes {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil && strings.ToLower(id) == id
}

// role is what a token lets its holder do in one game.
type role int

const (
	roleSeat      role = iota + 1 // plays one side
	roleSpectator                 // watches: public events, the shared view
)

func (r role) String() string {
	if r == roleSeat {
		return "seat"
	}
	return "spectator"
}

// access is an authorised requester of one game.
type access struct {
	role role
	side int // roleSeat only
}

// sees reports whether the requester may see e: a seat sees public events
// and its own side's, a spectator public ones only.
func (a access) sees(e engine.Event) bool {
	if a.role == roleSeat {
		return e.VisibleTo(a.side)
	}
	return e.To == engine.Everyone
}

// requestToken returns the token of a request: an Authorization: Bearer
// header, else body (when given), else the token query parameter.
func requestToken(r *http.Request, body string) string {
	if h := r.Header.Get("Authorization"); h != "" {
		// The scheme is case-insensitive (RFC 9110, section 11.1).
		if scheme, t, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(t)
		}
	}
	if body != "" {
		return body
	}
	return r.URL.Query().Get("token")
}

// authorize maps a token to its access to the game. No token is 401; a
// token of another game, or none at all, is 403.
func authorize(row *store.Game, token string) (access, *apiError) {
	if token == "" {
		return access{}, errf(http.StatusUnauthorized, codeUnauthorized, "a seat or spectator token is needed (Authorization: Bearer, or ?token=)")
	}
	h := []byte(store.HashToken(token))
	found := access{}
	// Compare with every hash, in constant time, whatever matches.
	for _, st := range row.Seats {
		if st.TokenHash != "" && subtle.ConstantTimeCompare(h, []byte(st.TokenHash)) == 1 {
			found = access{role: roleSeat, side: st.Side}
		}
	}
	if row.SpectatorHash != "" && subtle.ConstantTimeCompare(h, []byte(row.SpectatorHash)) == 1 {
		found = access{role: roleSpectator}
	}
	if found.role == 0 {
		return access{}, errf(http.StatusForbidden, codeForbidden, "this token gives no access to this game")
	}
	return found, nil
}
