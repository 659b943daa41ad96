// Package enginetest is the conformance suite every ruleset must pass: fixed
// seed random playouts that check, at every step, that a clone equals the
// original and stays independent of it, that the state survives a
// serialization round trip, that a legal action exists unless the game is
// over, that views encode, that rejected actions change nothing, that games
// stay under a length bound, and that the log replays to the same hash.
package enginetest
