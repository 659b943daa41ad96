package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/engine"
)

// apiError is an error answered as {"error": "...", "code": "..."} with
// an HTTP status.
type apiError struct {
	Status int    `json:"-"`
	Code   string `json:"code"`
	Msg    string `json:"error"`
}

func (e *apiError) Error() string { return e.Msg }

func errf(status int, code, msg string) *apiError {
	return &apiError{Status: status, Code: code, Msg: msg}
}

// Error codes, one per kind of refusal; clients switch on them.
const (
	codeBadRequest   = "bad_request"
	codeTooLarge     = "too_large"
	codeTimeout      = "timeout"
	codeUnauthorized = "missing_token"
	codeForbidden    = "forbidden"
	codeNotFound     = "not_found"
	codeStale        = "stale"
	codeNotYourTurn  = "not_your_turn"
	codeGameOver     = "game_over"
	codeIllegal      = "illegal_action"
	codeNoShot       = "no_shot" // odds asked of a shot that cannot be priced
	codeNotOver      = "not_over"
	codeMediaType    = "unsupported_media_type"
	codeRateLimited  = "rate_limited"
	codeOrigin       = "bad_origin"
	codeUnavailable  = "unavailable"
	codeInternal     = "internal"
	codeRulesChanged = "rules_changed"
	codeNoScenario   = "scenario_missing"
	codeBusy         = "busy"
	codeDamaged      = "damaged"
	codeMethod       = "method_not_allowed"
)

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.Status, e)
}

// decodeBody decodes a JSON request body (already limited by
// MaxBytesReader) into the struct v points to, strictly
// (engine.DecodeStrict: the fields named exactly, none twice, nothing
// after the object), mapping oversize and slow bodies to 413 and 408.
func decodeBody(r *http.Request, v any) *apiError {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return bodyError(err)
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) // a byte order mark
	if len(bytes.TrimSpace(b)) == 0 {
		return bodyError(io.EOF)
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		// A browser sends a text/plain or form body from any page without
		// asking (no CORS preflight); JSON it sends only from our own.
		return errf(http.StatusUnsupportedMediaType, codeMediaType, fmt.Sprintf("send the body as JSON, with Content-Type: application/json (got %q)", r.Header.Get("Content-Type")))
	}
	if err := engine.DecodeStrict(b, v); err != nil {
		return errf(http.StatusBadRequest, codeBadRequest, "bad JSON body: "+err.Error())
	}
	return nil
}

// onlyParams refuses a query parameter other than names, naming them.
func onlyParams(r *http.Request, names ...string) *apiError {
	q := r.URL.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if !slices.Contains(names, k) {
			return errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: no such parameter here; this takes %s", k, strings.Join(names, ", ")))
		}
	}
	return nil
}

// onceEach refuses a query parameter given more than once: which of the
// values was meant cannot be told.
func onceEach(r *http.Request) *apiError {
	q := r.URL.Query()
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if n := len(q[k]); n > 1 {
			return errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: given %d times; give it once", k, n))
		}
	}
	return nil
}

func bodyError(err error) *apiError {
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &tooBig):
		return errf(http.StatusRequestEntityTooLarge, codeTooLarge, "request body larger than the limit of "+itoa(int(tooBig.Limit))+" bytes")
	case errors.As(err, &ne) && ne.Timeout():
		return errf(http.StatusRequestTimeout, codeTimeout, "request body not received in time")
	}
	if errors.Is(err, io.EOF) {
		return errf(http.StatusBadRequest, codeBadRequest, "bad JSON body: the body is empty; send a JSON object")
	}
	return errf(http.StatusBadRequest, codeBadRequest, "bad JSON body: "+engine.JSONProblem(err))
}
