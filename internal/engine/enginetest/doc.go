// Package enginetest is the conformance suite every ruleset must pass: fixed
// seed random playouts that check, at every step, that a clone equals the
// original and stays independent of it, that the state survives a
// serialization round trip, that a legal action exists unless the game is
// over, that views encode, that rejected actions change nothing, that games
// stay under a length bound, and that the log replays to the same hash.
//
// It also holds two fuzz targets a ruleset calls from its own Fuzz
// functions: FuzzActions (raw JSON actions, as a client sends them, put to
// states of a random game) and FuzzLog (damaged game logs read and
// replayed). `go test` runs their seed corpus; to fuzz, for example:
//
//	go test -run XXX -fuzz FuzzActions -fuzztime 5m ./internal/rules/pagano
package enginetest
