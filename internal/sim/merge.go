package sim

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sandtable/sandtable/internal/engine"
)

// Piece is the summary of one run (`sandtable simulate --json`) read back
// to be merged with others, and the name it came under (its file).
type Piece struct {
	Name    string
	Summary Summary
}

// seeds returns the piece's seeds as "a-b" (or "a" for one game).
func (p *Piece) seeds() string {
	s := p.Summary
	if s.Games == 1 {
		return fmt.Sprint(s.Seed)
	}
	return fmt.Sprintf("%d-%d", s.Seed, s.Seed+uint64(s.Games)-1)
}

// ReadPiece reads the summary that `sandtable simulate --json` wrote to r;
// name (a file name) starts every error, with the line and column of a
// syntax error. Anything else is refused: other JSON, a summary whose
// figures do not add up (edited, or cut short), or more than one value.
func ReadPiece(name string, r io.Reader) (Piece, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Piece{}, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Summary
	if err := dec.Decode(&s); err != nil {
		return Piece{}, jsonError(name, data, err)
	}
	if off := dec.InputOffset(); len(bytes.TrimSpace(data[off:])) > 0 {
		for strings.ContainsRune(" \t\r\n", rune(data[off])) {
			off++ // to where the rest starts
		}
		line, col := lineCol(data, off)
		return Piece{}, fmt.Errorf("%s:%d:%d: more after the summary: one `simulate --json` summary a file", name, line, col)
	}
	// Keys named exactly and none twice, as a log's lines: encoding/json
	// alone takes "Games" for "games", and the last of two.
	if err := engine.DecodeStrict(data, new(Summary)); err != nil {
		return Piece{}, fmt.Errorf("%s: not a `simulate --json` summary: %v", name, err)
	}
	return NewPiece(name, s)
}

// NewPiece is the piece of summary s, named name, if s is one that a run
// could have written (see ReadPiece); errors start with name.
func NewPiece(name string, s Summary) (Piece, error) {
	p := Piece{Name: name, Summary: s}
	if err := p.check(); err != nil {
		return Piece{}, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// jsonError is a decoding error of file name's data, with where it lies
// as name:line:column (the errors' offsets count the bytes read, the
// offending one included).
func jsonError(name string, data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset-1)
		return fmt.Errorf("%s:%d:%d: not a `simulate --json` summary: %v", name, line, col, err)
	case errors.As(err, &typ):
		line, col := lineCol(data, valueStart(data, typ.Offset))
		if typ.Field == "" {
			return fmt.Errorf("%s:%d:%d: not a `simulate --json` summary: the file holds a JSON %s, want an object", name, line, col, typ.Value)
		}
		return fmt.Errorf("%s:%d:%d: not a `simulate --json` summary: %s holds a JSON %s, want %s", name, line, col, typ.Field, typ.Value, engine.JSONKind(typ.Type))
	case errors.Is(err, io.EOF):
		return fmt.Errorf("%s: empty: no `simulate --json` summary in it", name)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s: cut short: the summary's JSON ends before it is complete", name)
	case strings.HasPrefix(err.Error(), "json: unknown field"):
		return fmt.Errorf("%s: not a `simulate --json` summary: %s", name, strings.TrimPrefix(err.Error(), "json: "))
	}
	return fmt.Errorf("%s: not a `simulate --json` summary: %w", name, err)
}

// valueStart returns where the JSON value that ends at byte end of data
// (exclusive, as a type error's offset says) starts: back over a string
// to its opening quote, over an object or array to its opening bracket,
// or over a number or a literal.
func valueStart(data []byte, end int64) int64 {
	i := min(end, int64(len(data))) - 1
	if i < 0 {
		return 0
	}
	switch data[i] {
	case '"':
		for i--; i > 0 && (data[i] != '"' || data[i-1] == '\\'); i-- {
		}
		return max(i, 0)
	case '}', ']':
		depth, inString := 0, false
		for ; i >= 0; i-- {
			switch c := data[i]; {
			case c == '"' && (i == 0 || data[i-1] != '\\'):
				inString = !inString
			case inString:
			case c == '}' || c == ']':
				depth++
			case c == '{' || c == '[':
				if depth--; depth == 0 {
					return i
				}
			}
		}
		return 0
	}
	for i > 0 && strings.IndexByte("0123456789+-.eEtruefalsn", data[i-1]) >= 0 {
		i--
	}
	return i
}

// lineCol returns the 1-based line and column of byte offset off in data.
func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// check refuses a summary that no run could have written: its figures
// must add up as a run's do.
func (p *Piece) check() error {
	s := &p.Summary
	switch {
	case s.Scenario == "" && s.Rules == "":
		return errors.New("not a `simulate --json` summary: no scenario or rules")
	case s.Interrupted && s.Games == 0:
		return fmt.Errorf("interrupted before any of its %d games was over: nothing to merge", s.GamesRequested)
	case len(s.Sides) != 2 || s.Sides[0] == "" || s.Sides[1] == "" || s.Sides[0] == s.Sides[1]:
		return fmt.Errorf("sides %q: want two different side ids", s.Sides)
	case len(s.Agents) != 2 || s.Agents[0] == "" || s.Agents[1] == "":
		return fmt.Errorf("agents %q: want two agent names", s.Agents)
	case s.Games < 1:
		return fmt.Errorf("games %d: want at least 1", s.Games)
	case s.Games > p.mostGames():
		return fmt.Errorf("games %d: want at most %d", s.Games, p.mostGames())
	case ^uint64(0)-uint64(s.Games-1) < s.Seed:
		return fmt.Errorf("seed %d: %d games would need seeds past the largest", s.Seed, s.Games)
	case s.Completed < 0 || s.Completed > s.Games:
		return fmt.Errorf("completed %d of %d games: want 0 to %d", s.Completed, s.Games, s.Games)
	case s.Interrupted && (s.GamesRequested < s.Games || s.GamesRequested > maxCount):
		return fmt.Errorf("interrupted after %d games of %d asked for: want at least as many asked for", s.Games, s.GamesRequested)
	case s.Workers < 0:
		return fmt.Errorf("workers %d: want 0 or more", s.Workers)
	case s.GamesPerSecond != nil && !(*s.GamesPerSecond >= 0 && *s.GamesPerSecond*s.Seconds <= 2*maxCount):
		return fmt.Errorf("games_per_second %v: want a rate of 0 or more, for at most the games played", *s.GamesPerSecond)
	case len(s.Errors) != s.Games-s.Completed:
		return fmt.Errorf("%d failed games listed in errors, but %d of %d games did not finish", len(s.Errors), s.Games-s.Completed, s.Games)
	case !(s.Seconds >= 0 && s.Seconds <= maxSeconds):
		return fmt.Errorf("seconds %v: want a time of 0 or more, at most %g", s.Seconds, float64(maxSeconds))
	}
	failed := map[int]bool{}
	for _, e := range s.Errors {
		if e.Game < 0 || e.Game >= s.Games || e.Seed != s.Seed+uint64(e.Game) {
			return fmt.Errorf("failed game %d with seed %d: not one of games 0 to %d, seeds %s", e.Game, e.Seed, s.Games-1, p.seeds())
		}
		if failed[e.Game] {
			return fmt.Errorf("failed game %d listed twice", e.Game)
		}
		failed[e.Game] = true
	}
	if err := p.checkDecisions(); err != nil {
		return err
	}
	if s.Completed == 0 {
		return nil // the aggregates are null: nothing was measured
	}
	if s.Wins == nil || s.WinsByAgent == nil || s.Draws == nil || s.Turns == nil {
		return fmt.Errorf("%d games finished but wins, wins_by_agent, draws or turns is missing", s.Completed)
	}
	decided := 0
	for id, n := range s.Wins {
		if !slices.Contains(s.Sides, id) {
			return fmt.Errorf("wins of %q, not a side (%s)", id, strings.Join(s.Sides, ", "))
		}
		if n < 0 || n > s.Completed {
			return fmt.Errorf("wins of %s: %d, of %d games finished", id, n, s.Completed)
		}
		decided += n
	}
	if *s.Draws < 0 || *s.Draws > s.Completed || decided+*s.Draws != s.Completed {
		return fmt.Errorf("%d wins and %d draws, but %d games finished", decided, *s.Draws, s.Completed)
	}
	keys := p.agentKeys()
	byAgent := 0
	for key, n := range s.WinsByAgent {
		if !slices.Contains(keys[:], key) || n < 0 || n > s.Completed {
			return fmt.Errorf("wins_by_agent %q: %d, not an agent of the run (%s)", key, n, strings.Join(keys[:], ", "))
		}
		byAgent += n
	}
	if byAgent != decided {
		return fmt.Errorf("wins_by_agent add up to %d, wins to %d", byAgent, decided)
	}
	if !s.Swap || s.Agents[0] == s.Agents[1] {
		// Each agent played one side throughout (or, one agent playing
		// both, is keyed by side): its wins are that side's.
		for side, id := range s.Sides {
			if n := s.WinsByAgent[keys[side]]; n != s.Wins[id] {
				return fmt.Errorf("wins_by_agent of %s: %d, but %s, the side it played, won %d", keys[side], n, id, s.Wins[id])
			}
		}
	}
	inHist, reasons := 0, 0
	for i, h := range s.Turns.Histogram {
		if h.Turns < 0 || h.Turns > maxTurns {
			return fmt.Errorf("turns.histogram: entry %d: %d turns, want 0 to %d", i, h.Turns, maxTurns)
		}
		if h.Games < 1 || h.Games > s.Completed || i > 0 && h.Turns <= s.Turns.Histogram[i-1].Turns {
			return fmt.Errorf("turns.histogram: entry %d (%d turns, %d games) is not a count in ascending order of turns", i, h.Turns, h.Games)
		}
		inHist += h.Games
	}
	if inHist != s.Completed {
		return fmt.Errorf("turns.histogram counts %d games, but %d finished", inHist, s.Completed)
	}
	for reason, n := range s.Reasons {
		if n < 1 || n > s.Completed {
			return fmt.Errorf("reasons: %q ended %d games, of %d finished", reason, n, s.Completed)
		}
		reasons += n
	}
	if reasons != s.Completed {
		return fmt.Errorf("reasons count %d games, but %d finished", reasons, s.Completed)
	}
	if err := bothSides(s.Sides, "units_lost", s.UnitsLost); err != nil {
		return err
	}
	for id, lost := range s.UnitsLost {
		for typ, n := range lost {
			if n < 0 || n > maxCount {
				return fmt.Errorf("units_lost of %s: %d %s", id, n, typ)
			}
		}
	}
	if err := bothSides(s.Sides, "morale_remaining", s.MoraleRemaining); err != nil {
		return err
	}
	for id, m := range s.MoraleRemaining {
		if !(m >= 0 && m <= maxCount) {
			return fmt.Errorf("morale_remaining of %s: %v", id, m)
		}
	}
	return nil
}

// maxCount bounds every count a summary holds (a merged summary's
// games, one unit type's losses, an agent's decisions and iterations):
// far beyond any batch of runs, low enough that no sum of pieces'
// counts overflows.
const maxCount = 1 << 40

// maxSeconds bounds a summary's machine time, and the time its agents
// spent deciding: a hundred million seconds (over three years), so that
// the sum of many pieces' still fits a time.Duration (about 292 years),
// which a merge checks.
const maxSeconds = 1e8

// maxTurns bounds a game's length in a summary: far beyond any turn
// limit (Armour Battles draws a game at 60), low enough that no sum or
// difference of turn counts overflows.
const maxTurns = 1 << 20

// mostGames is the most games the piece's summary may hold: a run's
// MaxGames, or, merged from several, maxCount.
func (p *Piece) mostGames() int {
	if p.Summary.Pieces >= 2 {
		return maxCount
	}
	return MaxGames
}

// bothSides checks that a by-side map m is empty or holds both sides.
func bothSides[V any](sides []string, what string, m map[string]V) error {
	if len(m) == 0 {
		return nil
	}
	_, a := m[sides[0]]
	_, b := m[sides[1]]
	if len(m) != 2 || !a || !b {
		return fmt.Errorf("%s: want both sides, %s, or neither", what, strings.Join(sides, " and "))
	}
	return nil
}

// checkDecisions checks the decision times: by agent name or agent key,
// counts of 0 or more, no more decisions searched than made, and times and
// iterations that are numbers of 0 or more.
func (p *Piece) checkDecisions() error {
	s := &p.Summary
	keys := p.agentKeys()
	ok := func(x *float64) bool { return x == nil || *x >= 0 && *x <= 1000*maxSeconds }
	for key, dt := range s.DecisionMS {
		known := slices.Contains(s.Agents, key) || slices.Contains(keys[:], key)
		total := 0.0
		if dt.Mean != nil {
			total = *dt.Mean * float64(dt.Decisions)
		}
		if !known || dt.Decisions < 0 || dt.Searched < 0 || dt.Searched > dt.Decisions || dt.Decisions > maxCount ||
			!ok(dt.Mean) || !ok(dt.Max) || total > 1000*maxSeconds || !(dt.IterationsPerSearch >= 0 && dt.IterationsPerSearch <= maxCount) {
			return fmt.Errorf("decision_ms of %q: %d decisions, %d searched, mean %s, longest %s, %v iterations a search: not an agent's decision times", key, dt.Decisions, dt.Searched, orNone(dt.Mean), orNone(dt.Max), dt.IterationsPerSearch)
		}
	}
	return nil
}

// agentKeys returns the keys the piece's wins_by_agent uses (AgentKeys).
func (p *Piece) agentKeys() [2]string {
	r := Report{Sides: p.Summary.Sides, Agents: [2]string{p.Summary.Agents[0], p.Summary.Agents[1]}}
	return r.AgentKeys()
}

// Merge combines the summaries of runs that are pieces of one: the same
// scenario, sides, agents and --swap, on seeds that follow one another
// with neither gap nor overlap (in any order: they are sorted by seed).
// With --swap every piece but the last must hold an even number of games,
// as a run's odd-numbered games are the swapped ones. The result is then
// the report of `--seed S --games N` (S the first piece's seed, N the
// pieces' games), as exactly as the summaries allow: every count, rate,
// interval, quartile and mean is the one that run would give (a mean
// over the pieces' own means, such as the army morale left, is rebuilt
// from their sums). What depends on the machine is added up instead:
// Elapsed is the pieces' seconds added together (their machine time,
// whether they ran one after another or at once), games per second the
// games played over that, Workers the most any piece had, and decision
// times are weighed by each piece's decisions. The report keeps no
// games (Games is nil; GameCount says how many it covers) and says how
// many pieces it merged (Pieces).
func Merge(pieces []Piece) (Report, error) {
	if len(pieces) == 0 {
		return Report{}, errors.New("sim: no pieces to merge")
	}
	ps := slices.Clone(pieces)
	slices.SortStableFunc(ps, func(a, b Piece) int { return cmp.Compare(a.Summary.Seed, b.Summary.Seed) })
	first := &ps[0]
	f := first.Summary
	// The scenario's digest is checked against the first piece that has
	// one (summaries from before it was kept lack it).
	digested := first
	for i := range ps {
		if ps[i].Summary.ScenarioDigest != "" {
			digested = &ps[i]
			break
		}
	}
	// So is the rules revision, against the first piece that records it.
	var revised *Piece
	for i := range ps {
		if ps[i].Summary.RulesRevision != nil {
			revised = &ps[i]
			break
		}
	}
	for i := range ps {
		p := &ps[i]
		if err := p.check(); err != nil {
			return Report{}, fmt.Errorf("%s: %w", p.Name, err)
		}
		if err := sameMatch(first, digested, p); err != nil {
			return Report{}, err
		}
		if rv := p.Summary.RulesRevision; revised != nil && rv != nil && *rv != *revised.Summary.RulesRevision {
			return Report{}, fmt.Errorf("%s was played under rules revision %d, %s under revision %d: pieces of one run play the same rules", p.Name, *rv, revised.Name, *revised.Summary.RulesRevision)
		}
		if i == 0 {
			continue
		}
		prev := &ps[i-1]
		last := prev.Summary.Seed + uint64(prev.Summary.Games-1) // check keeps it below 2^64
		switch s := p.Summary; {
		case s.Seed <= last:
			return Report{}, fmt.Errorf("%s (seeds %s) and %s (seeds %s) overlap: their common games would count twice", prev.Name, prev.seeds(), p.Name, p.seeds())
		case s.Seed-last > 1:
			missing := fmt.Sprintf("%d-%d", last+1, s.Seed-1)
			if s.Seed-last == 2 {
				missing = fmt.Sprint(last + 1)
			}
			return Report{}, fmt.Errorf("no piece holds seeds %s, between %s (seeds %s) and %s (seeds %s)%s", missing, prev.Name, prev.seeds(), p.Name, p.seeds(), cutShort(prev))
		case f.Swap && prev.Summary.Games%2 == 1:
			return Report{}, fmt.Errorf("%s: %d games with --swap, then %s: a piece followed by another needs an even number of games, or the next piece's games play the sides the other way round from one run's", prev.Name, prev.Summary.Games, p.Name)
		}
	}

	r := Report{
		Scenario: f.Scenario, Digest: digested.Summary.ScenarioDigest, Rules: f.Rules, Sides: slices.Clone(f.Sides),
		Agents: [2]string{f.Agents[0], f.Agents[1]}, Swap: f.Swap, Seed: f.Seed,
	}
	if revised != nil {
		r.Revision = ptr(*revised.Summary.RulesRevision)
	}
	keys := r.AgentKeys()
	r.AgentWins = map[string]int{keys[0]: 0, keys[1]: 0}
	r.Reasons, r.Thinking, r.Errors = map[string]int{}, map[string]Thinking{}, []GameError{}
	var hist []TurnCount // the pieces' histograms one after another
	var morale [2]float64
	moraleGames := 0
	var elapsed float64
	for i := range ps {
		s := &ps[i].Summary
		offset := int(s.Seed - r.Seed)
		r.MergedGames += s.Games
		r.Pieces += max(s.Pieces, 1)
		r.Requested += s.Games
		if s.Interrupted && i == len(ps)-1 {
			// The last piece was stopped early, and no piece goes on
			// from where it stopped: the run is cut short. (An earlier
			// piece stopped early is one whose games the next piece
			// carries on from.)
			r.Interrupted = true
			r.Requested += s.GamesRequested - s.Games
		}
		r.Workers = max(r.Workers, s.Workers)
		elapsed += s.Seconds
		if elapsed*float64(time.Second) >= math.MaxInt64 {
			return Report{}, fmt.Errorf("%s: the pieces' seconds add up to more than a summary holds (%v)", ps[i].Name, time.Duration(math.MaxInt64))
		}
		if s.GamesPerSecond != nil {
			r.Played += int(math.Round(*s.GamesPerSecond * s.Seconds))
		}
		for _, e := range s.Errors {
			// The message starts with the game's number in its piece.
			if rest, ok := strings.CutPrefix(e.Error, gameErrPrefix(e.Game, e.Seed)); ok {
				e.Error = gameErrPrefix(e.Game+offset, e.Seed) + rest
			}
			e.Game += offset
			r.Errors = append(r.Errors, e)
		}
		for _, key := range slices.Sorted(maps.Keys(s.DecisionMS)) {
			dt := s.DecisionMS[key]
			th := r.Thinking[key]
			th.Decisions += dt.Decisions
			if dt.Mean != nil {
				add := msDuration(*dt.Mean * float64(dt.Decisions))
				if th.Total > math.MaxInt64-add {
					return Report{}, fmt.Errorf("%s: the decision times of %s add up to more than a summary holds (%v)", ps[i].Name, key, time.Duration(math.MaxInt64))
				}
				th.Total += add
			}
			if dt.Max != nil {
				th.Max = max(th.Max, msDuration(*dt.Max))
			}
			th.Searched += dt.Searched
			th.Iterations += int(math.Round(dt.IterationsPerSearch * float64(dt.Searched)))
			r.Thinking[key] = th
		}
		if s.Completed == 0 {
			continue
		}
		r.Completed += s.Completed
		r.Draws += *s.Draws
		for side, id := range r.Sides {
			r.Wins[side] += s.Wins[id]
		}
		for key, n := range s.WinsByAgent {
			r.AgentWins[key] += n
		}
		for reason, n := range s.Reasons {
			r.Reasons[reason] += n
		}
		hist = append(hist, s.Turns.Histogram...)
		if len(s.UnitsLost) > 0 {
			if r.UnitsLost == nil {
				r.UnitsLost = []map[string]int{{}, {}}
			}
			for side, id := range r.Sides {
				for typ, n := range s.UnitsLost[id] {
					r.UnitsLost[side][typ] += n
				}
			}
		}
		if len(s.MoraleRemaining) > 0 {
			moraleGames += s.Completed
			for side, id := range r.Sides {
				// A run's mean is its sum over its games: rebuild the sum.
				morale[side] += math.Round(s.MoraleRemaining[id] * float64(s.Completed))
			}
		}
	}
	r.Elapsed = time.Duration(math.Round(elapsed * float64(time.Second)))
	if moraleGames > 0 {
		r.Morale = []float64{morale[0] / float64(moraleGames), morale[1] / float64(moraleGames)}
	}
	r.Turns = distributionOf(sumHistograms(hist))
	return r, nil
}

// sumHistograms returns the histogram of the games that h's entries
// count, in any order: one entry a turn count, ascending.
func sumHistograms(h []TurnCount) []TurnCount {
	slices.SortStableFunc(h, func(a, b TurnCount) int { return a.Turns - b.Turns })
	out := []TurnCount{}
	for _, e := range h {
		if n := len(out); n > 0 && out[n-1].Turns == e.Turns {
			out[n-1].Games += e.Games
		} else {
			out = append(out, e)
		}
	}
	return out
}

// gameErrPrefix starts the message of failed game i, played with seed.
func gameErrPrefix(i int, seed uint64) string { return fmt.Sprintf("game %d (seed %d): ", i, seed) }

// msDuration converts milliseconds to a duration, to the nanosecond.
func msDuration(ms float64) time.Duration {
	return time.Duration(math.Round(ms * float64(time.Millisecond)))
}

// cutShort adds to a gap's message that the piece before it was stopped
// early, when it was: the usual cause.
func cutShort(p *Piece) string {
	if !p.Summary.Interrupted {
		return ""
	}
	return fmt.Sprintf(" (%s was interrupted after %d of the %d games asked for)", p.Name, p.Summary.Games, p.Summary.GamesRequested)
}

// sameMatch refuses piece p unless it plays the match first does, on the
// scenario contents digested has (the first piece with a digest).
func sameMatch(first, digested, p *Piece) error {
	a, b := first.Summary, p.Summary
	differ := func(ref *Piece, what, x, y string) error {
		return fmt.Errorf("%s plays %s %s, %s plays %s: pieces of one run play the same match", p.Name, what, y, ref.Name, x)
	}
	d := digested.Summary.ScenarioDigest
	switch {
	case a.Scenario != b.Scenario:
		return differ(first, "scenario", a.Scenario, b.Scenario)
	case d != "" && b.ScenarioDigest != "" && d != b.ScenarioDigest:
		return differ(digested, "a scenario of the same id but other contents: digest", d, b.ScenarioDigest)
	case a.Rules != b.Rules:
		return differ(first, "rules", a.Rules, b.Rules)
	case !slices.Equal(a.Sides, b.Sides):
		return differ(first, "sides", strings.Join(a.Sides, " v "), strings.Join(b.Sides, " v "))
	case !slices.Equal(a.Agents, b.Agents):
		return differ(first, "agents", strings.Join(a.Agents, ","), strings.Join(b.Agents, ","))
	case a.Swap != b.Swap:
		return differ(first, "--swap", fmt.Sprint(a.Swap), fmt.Sprint(b.Swap))
	}
	return nil
}

// ShardUnits is the most shards a run of games games may be cut into: a
// game each, or a pair each with swap (the last pair may be one game).
func ShardUnits(games int, swap bool) int {
	unit := shardUnit(swap)
	return (games + unit - 1) / unit
}

// shardUnit is how many games Shard deals out at a time: one, or a pair
// with swap.
func shardUnit(swap bool) int {
	if swap {
		return 2
	}
	return 1
}

// Shard returns the games of shard i of k of a run of games games: the
// first game's offset from the run's seed and the number of games. The
// shards follow one another from game 0, differ in size by at most one
// game (one pair of games with swap, since with swap every shard but the
// last holds an even number of games, as Merge asks), and together hold
// every game, so that merging the k shards' summaries gives the run's.
// With swap and an odd number of games the last shard's last pair is one
// game, so it may hold a game fewer than its pair count says.
func Shard(games int, swap bool, i, k int) (offset, size int, err error) {
	unit, units := shardUnit(swap), ShardUnits(games, swap)
	switch {
	case games < 1:
		return 0, 0, fmt.Errorf("sim: %d games to shard; want at least 1", games)
	case k < 1 || i < 0 || i >= k:
		return 0, 0, fmt.Errorf("sim: shard %d of %d: want 0 <= shard < shards", i, k)
	case k > units && swap:
		return 0, 0, fmt.Errorf("sim: %d shards of %d games with --swap: at most %d (each shard but the last plays a pair of games at least)", k, games, units)
	case k > units:
		return 0, 0, fmt.Errorf("sim: %d shards of %d games: at most %d", k, games, units)
	}
	// The last extra shards get a unit more: the last shard is the one a
	// trimmed pair (an odd number of games with swap) leaves a game short.
	base, extra := units/k, units%k
	big := k - extra // the first shard with a unit more
	from := i*base + max(0, i-big)
	n := base
	if i >= big {
		n++
	}
	offset, size = from*unit, n*unit
	return offset, min(size, games-offset), nil
}

// orNone prints *x, or "none" for nil.
func orNone(x *float64) string {
	if x == nil {
		return "none"
	}
	return strconv.FormatFloat(*x, 'g', -1, 64)
}
