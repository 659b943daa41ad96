package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/sandtable/sandtable/internal/dice"
	"io"
	"slices"

	"github.com/sandtable/sandtable/internal/scenario"
)

// LogFormat is the "format" field of a log header.
const LogFormat = "sandtable-log/1"

// Header is the first line of a game log.
type Header struct {
	Format   string `json:"format"`
	Rules    string `json:"rules"`
	Scenario string `json:"scenario,omitempty"`
	Version  int    `json:"version,omitempty"`
	Seed     uint64 `json:"seed"`
	// Hash is the hash of the initial state.
	Hash string `json:"hash"`
	// Dice is how the seeded dice were drawn: DiceBatched (pools take the
	// PCG's batched fast path, as simulate does), or 0 in logs written
	// before it, when every die was drawn on its own. Replay draws the way
	// the log was made, so older games still load.
	Dice int `json:"dice,omitempty"`
	// Rev is the rules revision the game was played under (Revised), 0
	// (left out) in logs made before the ruleset's first revision.
	Rev int `json:"rev,omitempty"`
	// Digest is the scenario's scenario.Digest: its table, forces and
	// unit stats. Replay refuses other files with the same id and
	// version. Logs made before it was recorded have none, and are not
	// checked.
	Digest string `json:"digest,omitempty"`
}

// DiceBatched marks logs whose pools were drawn on the PCG's fast path.
const DiceBatched = 1

// Record is one applied action: who decided, what, the dice it rolled (the
// chance outcomes) and the state hash after it.
type Record struct {
	N      int             `json:"n"`
	Side   int             `json:"side"`
	Action json.RawMessage `json:"action"`
	Dice   []int           `json:"dice,omitempty"`
	Hash   string          `json:"hash"`
}

// WriteLog writes the game's log as JSON Lines: the header, then one record
// per action.
func (g *Game) WriteLog(w io.Writer) error {
	return writeLog(w, g.header, g.records)
}

// Write writes the log as JSON Lines, as Game.WriteLog does: the header,
// then one record a line. A log read with ReadLog writes back as it was.
func (l *Log) Write(w io.Writer) error {
	return writeLog(w, l.Header, l.Records)
}

func writeLog(w io.Writer, h Header, records []Record) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	if err := enc.Encode(h); err != nil {
		return err
	}
	for _, r := range records {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Log is a decoded game log.
type Log struct {
	Header  Header
	Records []Record
	// Lines holds the line number of each record, for error messages.
	Lines []int
}

// maxLogLine is the longest line ReadLog reads.
const maxLogLine = 16 << 20

// ReadLog decodes a JSON Lines log strictly: unknown fields, a missing or
// wrong header, blank records and out-of-order record numbers are errors
// naming the line.
func ReadLog(r io.Reader) (*Log, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLogLine)
	var lg Log
	line, header := 0, 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if header == 0 {
			header = line
			if err := DecodeStrict(b, &lg.Header); err != nil {
				var events struct {
					Events json.RawMessage `json:"events"`
				}
				if json.Unmarshal(b, &events) == nil && events.Events != nil {
					// The server's GET /api/games/{id}/log of a game
					// still under way: the viewer's events, no log.
					return nil, fmt.Errorf("log line %d: this is a list of a game's events, as the server gives them while the game is under way, not a game log; the server gives the game log once the game is over", line)
				}
				return nil, fmt.Errorf("log line %d: bad header: %s", line, err)
			}
			if lg.Header.Format != LogFormat {
				return nil, fmt.Errorf("log line %d: format %q, want %q", line, lg.Header.Format, LogFormat)
			}
			if lg.Header.Rules == "" {
				return nil, fmt.Errorf("log line %d: header has no rules", line)
			}
			continue
		}
		var rec Record
		if err := DecodeStrict(b, &rec); err != nil {
			return nil, fmt.Errorf("log line %d: %s", line, err)
		}
		if want := len(lg.Records) + 1; rec.N != want {
			return nil, fmt.Errorf("log line %d: record number %d, want %d", line, rec.N, want)
		}
		if len(rec.Action) == 0 {
			return nil, fmt.Errorf("log line %d: record %d has no action", line, rec.N)
		}
		lg.Records = append(lg.Records, rec)
		lg.Lines = append(lg.Lines, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("log line %d: longer than %d MiB; not a line of a game log", line+1, maxLogLine>>20)
		}
		return nil, fmt.Errorf("reading log after line %d: %w", line, err)
	}
	if header == 0 {
		return nil, errors.New("empty log: no header line, no records")
	}
	return &lg, nil
}

// Divergence reports the first place where a replay differs from its log.
type Divergence struct {
	Record int    // 1-based record number; 0 for the initial state
	Line   int    // line of the log
	What   string // "scenario digest", "hash", "dice" or "action"
	Want   string
	Got    string
}

func (d *Divergence) Error() string {
	want := d.What + " " + d.Want + " in the log"
	if d.Want == "" {
		want = "no " + d.What + " in the log"
	}
	if d.Record == 0 {
		return fmt.Sprintf("replay diverges at the initial state: %s, %s replayed", want, d.Got)
	}
	return fmt.Sprintf("replay diverges at record %d (log line %d): %s, %s replayed", d.Record, d.Line, want, d.Got)
}

// Rejected is a log's record whose action the rules refuse on replay: a
// corrupt log, or one made under other rules.
type Rejected struct {
	Record int // 1-based
	Line   int
	Err    error
}

func (r *Rejected) Error() string {
	return fmt.Sprintf("log line %d: record %d rejected: %v", r.Line, r.Record, r.Err)
}

func (r *Rejected) Unwrap() error { return r.Err }

// ScenarioLoader finds the scenario a log names.
type ScenarioLoader func(rules, id string) (*scenario.Scenario, error)

// Replay re-runs a log from its seed and compares, record by record, the dice
// rolled and the state hash. It returns the replayed game and, on the first
// difference, a *Divergence (or an error for an action the rules reject).
func Replay(lg *Log, load ScenarioLoader) (*Game, error) {
	r, ok := Lookup(lg.Header.Rules)
	if !ok {
		return nil, fmt.Errorf("log line 1: unknown rules %q", lg.Header.Rules)
	}
	var sc *scenario.Scenario
	if lg.Header.Scenario != "" {
		if load == nil {
			return nil, errors.New("replay needs a scenario loader")
		}
		var err error
		if sc, err = load(lg.Header.Rules, lg.Header.Scenario); err != nil {
			return nil, fmt.Errorf("log line 1: %w", err)
		}
		if sc.Version != lg.Header.Version {
			return nil, fmt.Errorf("log line 1: scenario %s is version %d, the log was made with version %d", sc.ID, sc.Version, lg.Header.Version)
		}
	}
	g, err := NewGame(r, sc, lg.Header.Seed)
	if err != nil {
		return nil, fmt.Errorf("log line 1: %w", err)
	}
	if rev := lg.Header.Rev; rev != g.header.Rev {
		rv, ok := r.(Revised)
		if rev < 0 || rev > g.header.Rev || !ok {
			return nil, fmt.Errorf("log line 1: rules revision %d of %s; this version of sandtable plays revisions 0 to %d (a log from a newer version?)", rev, r.Name(), g.header.Rev)
		}
		st, err := rv.NewRevision(sc, rev)
		if err != nil {
			return nil, fmt.Errorf("log line 1: %w", err)
		}
		g.state, g.header.Rev, g.header.Hash = st, rev, FormatHash(st.Hash())
		g.reportSetup() // of the state the log's revision sets up
	}
	if lg.Header.Dice == 0 {
		// Made before pools were batched: draw every die on its own.
		g.header.Dice, g.rec = 0, dice.NewPerDieRecorder(g.src)
	} else if lg.Header.Dice != DiceBatched {
		return g, fmt.Errorf("log line 1: unknown dice drawing %d (this version knows %d)", lg.Header.Dice, DiceBatched)
	}
	if d := lg.Header.Digest; d == "" {
		// Made before digests were recorded: nothing to check, and the
		// replayed game's log keeps the header the log has.
		g.header.Digest = ""
	} else if d != g.header.Digest {
		return g, &Divergence{What: "scenario digest", Want: d, Got: g.header.Digest, Line: 1}
	}
	if g.header.Hash != lg.Header.Hash {
		return g, &Divergence{What: "hash", Want: lg.Header.Hash, Got: g.header.Hash, Line: 1}
	}
	for i, rec := range lg.Records {
		line := lg.Lines[i]
		a, err := r.DecodeAction(rec.Action)
		if err != nil {
			return g, fmt.Errorf("log line %d: record %d: %w", line, rec.N, err)
		}
		if g.State().Result().Over {
			return g, &Rejected{Record: rec.N, Line: line, Err: fmt.Errorf("it comes after the game is over (it ended at record %d)", rec.N-1)}
		}
		if side := g.Pending().Side; side != rec.Side {
			return g, &Divergence{Record: rec.N, Line: line, What: "deciding side", Want: fmt.Sprint(rec.Side), Got: fmt.Sprint(side)}
		}
		if _, err := g.Apply(a); err != nil {
			return g, &Rejected{Record: rec.N, Line: line, Err: err}
		}
		got := g.records[len(g.records)-1]
		if !slices.Equal(got.Dice, rec.Dice) {
			return g, &Divergence{Record: rec.N, Line: line, What: "dice", Want: fmt.Sprint(rec.Dice), Got: fmt.Sprint(got.Dice)}
		}
		if got.Hash != rec.Hash {
			return g, &Divergence{Record: rec.N, Line: line, What: "hash", Want: rec.Hash, Got: got.Hash}
		}
	}
	return g, nil
}
