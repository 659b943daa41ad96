package sim

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Summary is the JSON form of a report's aggregates, as `sandtable simulate
// --json` prints it. Side-keyed maps use the side ids; agent-keyed maps use
// the keys of [Report.AgentKeys]. Rates and intervals are over Completed
// games.
//
// With no finished game (every game failed, or a run interrupted before
// its first game was over) there is nothing to measure: the aggregates
// over finished games are then nil, null in JSON, rather than zeros that
// would read as measured. So is GamesPerSecond when no game was played
// to its end, and an agent's decision times when it made no decision.
type Summary struct {
	Scenario string `json:"scenario"`
	// ScenarioDigest is the scenario's scenario.Digest: two runs of files
	// that give the same id to different battles differ in it.
	ScenarioDigest string `json:"scenario_digest,omitempty"`
	Rules          string `json:"rules"`
	// RulesRevision is the rules revision the games were played under;
	// absent from summaries made before it was kept.
	RulesRevision *int     `json:"rules_revision,omitempty"`
	Sides         []string `json:"sides"`
	// Agents names the agent on side 0 and side 1 (of the even games when
	// Swap is set).
	Agents  []string `json:"agents"`
	Swap    bool     `json:"swap"`
	Seed    uint64   `json:"seed"`
	Workers int      `json:"workers"`
	// Games is the number of games played; Completed those that finished.
	Games     int `json:"games"`
	Completed int `json:"completed"`
	// Interrupted is set when the run was stopped (Ctrl-C, SIGTERM) before
	// all GamesRequested were over: the summary covers the first Games
	// games, those a run of that many would play.
	Interrupted    bool `json:"interrupted,omitempty"`
	GamesRequested int  `json:"games_requested,omitempty"`
	// Pieces is the number of runs merged into this summary (`simulate
	// merge`), absent for a run.
	Pieces int `json:"pieces,omitempty"`
	// Wins counts wins by side id; WinsByAgent by agent key. Both, Draws
	// and every field down to MoraleRemaining are nil when Completed is 0.
	Wins        map[string]int `json:"wins"`
	WinsByAgent map[string]int `json:"wins_by_agent"`
	Draws       *int           `json:"draws"`
	// CI95 holds the Wilson 95% interval [lo, hi] of the win rate of each
	// side id and each agent key.
	CI95 map[string][2]float64 `json:"ci95"`
	// DrawsCI95 is the Wilson 95% interval of the draw rate.
	DrawsCI95 *[2]float64 `json:"draws_ci95"`
	// Balance says which side the decided games favour (Report.Balance);
	// absent when the side rows measure the agents as well.
	Balance   *Balance       `json:"balance,omitempty"`
	Reasons   map[string]int `json:"reasons"`
	MeanTurns *float64       `json:"mean_turns"`
	Turns     *Distribution  `json:"turns"`
	// UnitsLost totals losses by side id then unit type; MoraleRemaining is
	// the mean army morale left by side id. Both are empty when the ruleset
	// does not report them (and nil when no game finished).
	UnitsLost       map[string]map[string]int `json:"units_lost"`
	MoraleRemaining map[string]float64        `json:"morale_remaining"`
	Errors          []GameError               `json:"errors"`
	Seconds         float64                   `json:"seconds"`
	// GamesPerSecond is nil when no game was played to its end.
	GamesPerSecond *float64 `json:"games_per_second"`
	// DecisionMS is each agent's decision time, by agent key: mean and
	// longest in milliseconds, and the number of decisions.
	DecisionMS map[string]DecisionTime `json:"decision_ms"`
}

// DecisionTime is an agent's decision time in a Summary. Mean and Max are
// nil when the agent made no decision.
type DecisionTime struct {
	Mean      *float64 `json:"mean"`
	Max       *float64 `json:"max"`
	Decisions int      `json:"decisions"`
	// Searched is the number of decisions a searching agent searched
	// for, and IterationsPerSearch its mean iterations for each of them.
	Searched            int     `json:"searched,omitempty"`
	IterationsPerSearch float64 `json:"iterations_per_search,omitempty"`
}

// Summary returns the report's aggregates in their JSON form.
func (r *Report) Summary() Summary {
	s := Summary{
		Scenario: r.Scenario, ScenarioDigest: r.Digest, Rules: r.Rules, RulesRevision: r.Revision, Sides: r.Sides, Agents: r.Agents[:],
		Swap: r.Swap, Seed: r.Seed, Workers: r.Workers,
		Games: r.GameCount(), Completed: r.Completed, Interrupted: r.Interrupted, Pieces: r.Pieces,
		Errors: r.Errors, Seconds: r.Elapsed.Seconds(),
	}
	if r.Played > 0 && r.Elapsed > 0 {
		s.GamesPerSecond = ptr(r.GamesPerSecond())
	}
	s.DecisionMS = map[string]DecisionTime{}
	for key, th := range r.Thinking {
		dt := DecisionTime{Decisions: th.Decisions, Searched: th.Searched, IterationsPerSearch: th.IterationsPerSearch()}
		if th.Decisions > 0 {
			dt.Mean, dt.Max = ptr(th.MeanMS()), ptr(float64(th.Max.Microseconds())/1000)
		}
		s.DecisionMS[key] = dt
	}
	if s.Errors == nil {
		s.Errors = []GameError{}
	}
	if r.Interrupted {
		s.GamesRequested = r.Requested
	}
	if r.Completed == 0 {
		return s // nothing measured: the aggregates stay nil
	}
	s.Wins, s.WinsByAgent, s.Draws = map[string]int{}, map[string]int{}, ptr(r.Draws)
	s.CI95, s.Reasons = map[string][2]float64{}, r.Reasons
	turns := r.Turns
	s.MeanTurns, s.Turns = ptr(turns.Mean), &turns
	s.UnitsLost, s.MoraleRemaining = map[string]map[string]int{}, map[string]float64{}
	lo, hi := Wilson(r.Draws, r.Completed, Z95)
	s.DrawsCI95 = &[2]float64{lo, hi}
	if bal, ok := r.Balance(); ok {
		s.Balance = &bal
	}
	for side, id := range r.Sides {
		s.Wins[id] = r.Wins[side]
		lo, hi := r.SideCI(side)
		s.CI95[id] = [2]float64{lo, hi}
		if r.UnitsLost != nil {
			s.UnitsLost[id] = r.UnitsLost[side]
		}
		if r.Morale != nil {
			s.MoraleRemaining[id] = r.Morale[side]
		}
	}
	for _, key := range r.AgentKeys() {
		s.WinsByAgent[key] = r.AgentWins[key]
		lo, hi := r.AgentCI(key)
		s.CI95[key] = [2]float64{lo, hi}
	}
	return s
}

func ptr[T any](v T) *T { return &v }

// Balance is what a run says of its scenario's balance: the share of the
// decided games (draws left out) won by the side that won more of them,
// with its Wilson 95% interval, and whether that interval lies wholly
// above a half.
type Balance struct {
	Side     string     `json:"side"`
	Share    float64    `json:"share"`
	CI95     [2]float64 `json:"ci95"`
	Decided  int        `json:"decided"`
	Favoured bool       `json:"favoured"`
}

// Balance returns the run's Balance, when its side rows measure the
// scenario rather than the agents: the same agent on both sides, or two
// that swapped sides over an even number of games, none of them failed
// (each played each side as often). ok is false otherwise, or when no
// game was decided.
func (r *Report) Balance() (bal Balance, ok bool) {
	// Failed games count nowhere, so with one of them the finished games
	// need not have each agent on each side as often.
	fair := r.Agents[0] == r.Agents[1] || r.Swap && r.GameCount()%2 == 0 && len(r.Errors) == 0
	decided := r.Wins[0] + r.Wins[1]
	if !fair || decided == 0 || len(r.Sides) != 2 {
		return Balance{}, false
	}
	side := 0
	if r.Wins[1] > r.Wins[0] {
		side = 1
	}
	lo, hi := Wilson(r.Wins[side], decided, Z95)
	return Balance{Side: r.Sides[side], Share: float64(r.Wins[side]) / float64(decided),
		CI95: [2]float64{lo, hi}, Decided: decided, Favoured: lo > 0.5}, true
}

// rateText gives games a second to a tenth, or, for fewer than one a
// second (searches of a second a decision), to three figures with the
// seconds a game: "0.1 games/s" would say little of 0.0863.
func rateText(gps float64) string {
	if gps >= 1 || gps <= 0 {
		return fmt.Sprintf("%.1f games/s", gps)
	}
	return fmt.Sprintf("%.3g games/s, %.0f s a game", gps, 1/gps)
}

// name returns the scenario id, or the ruleset's name for a ruleset
// played without a scenario.
func (r *Report) name() string {
	if r.Scenario != "" {
		return r.Scenario
	}
	return r.Rules
}

// histogramWidth is the longest bar of the text histogram, in characters.
const histogramWidth = 40

// maxHistogramRows is the most rows the text histogram has; wider ranges
// of turns are grouped into bins of several turns.
const maxHistogramRows = 20

// WriteText writes a readable summary of the report.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %s (%s) v %s (%s)", r.name(), count(r.GameCount(), "game"), r.Agents[0], r.Sides[0], r.Agents[1], r.Sides[1])
	if r.Swap {
		b.WriteString(", sides swapped in odd games")
	}
	fmt.Fprintf(&b, ", seed %d\n", r.Seed)
	if r.Pieces > 0 {
		fmt.Fprintf(&b, "merged from %s: the games of --seed %d --games %d\n", count(r.Pieces, "piece"), r.Seed, r.GameCount())
	}
	switch {
	case r.Interrupted && r.GameCount() == 0 && r.Requested == 1:
		b.WriteString("interrupted before the one game asked for was over\n")
	case r.Interrupted && r.GameCount() == 0:
		fmt.Fprintf(&b, "interrupted before any of the %d games asked for was over\n", r.Requested)
	case r.Interrupted && r.GameCount() == 1:
		fmt.Fprintf(&b, "interrupted: the first game of the %d asked for (as --games 1 would play it); the rest were left out\n", r.Requested)
	case r.Interrupted:
		fmt.Fprintf(&b, "interrupted: the first %d of the %d games asked for (as --games %d would play them); the rest were left out\n", r.GameCount(), r.Requested, r.GameCount())
	}
	if r.Completed < r.GameCount() {
		fmt.Fprintf(&b, "%s finished, %d failed\n", count(r.Completed, "game"), r.GameCount()-r.Completed)
	}
	if r.Swap && r.Agents[0] != r.Agents[1] && r.GameCount()%2 == 1 {
		// The side rows then mix the agents unevenly.
		fmt.Fprintf(&b, "note: an odd number of games; %s played %s once more than %s did\n", r.Agents[0], r.Sides[0], r.Agents[1])
	}
	b.WriteByte('\n')
	if r.Completed == 0 {
		// Nothing was measured: say so rather than print zeros.
		b.WriteString("no finished games: no win rates, game lengths or losses to report\n")
	} else {
		r.writeResults(&b)
	}

	if len(r.Errors) > 0 {
		fmt.Fprintf(&b, "\nfailed games:\n")
		for _, e := range r.Errors {
			fmt.Fprintf(&b, "  %s\n", e.Error)
		}
	}
	workers := count(r.Workers, "worker")
	if r.Played == 0 {
		fmt.Fprintf(&b, "\nno game played to its end in %.2fs on %s\n", r.Elapsed.Seconds(), workers)
	} else {
		fmt.Fprintf(&b, "\n%s in %.2fs on %s: %s\n",
			count(r.Played, "game"), r.Elapsed.Seconds(), workers, rateText(r.GamesPerSecond()))
	}
	if len(r.Thinking) > 0 {
		b.WriteString("decision time:")
	}
	for i, key := range slices.Sorted(maps.Keys(r.Thinking)) {
		if i > 0 {
			b.WriteByte(';')
		}
		th := r.Thinking[key]
		if th.Decisions == 0 {
			fmt.Fprintf(&b, " %s no decisions", key)
			continue
		}
		fmt.Fprintf(&b, " %s %.2f ms mean, %.1f ms longest, %s", key, th.MeanMS(), float64(th.Max.Microseconds())/1000, count(th.Decisions, "decision"))
		if th.Searched > 0 {
			its := fmt.Sprintf("%.0f", th.IterationsPerSearch())
			noun := "iterations"
			if its == "1" {
				noun = "iteration"
			}
			fmt.Fprintf(&b, " (%d searched, %s %s each on average)", th.Searched, its, noun)
		}
	}
	if len(r.Thinking) > 0 {
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeResults writes the aggregates over the finished games (at least
// one): wins and rates, why the games ended, their length, losses and
// morale.
func (r *Report) writeResults(b *strings.Builder) {
	keys := r.AgentKeys()
	type row struct {
		name string
		k    int
	}
	rows := []row{}
	for side, id := range r.Sides {
		rows = append(rows, row{"side " + id, r.Wins[side]})
	}
	rows = append(rows, row{"draws", r.Draws})
	if r.Agents[0] != r.Agents[1] {
		for _, key := range keys {
			rows = append(rows, row{"agent " + strings.TrimPrefix(key, "agent:"), r.AgentWins[key]})
		}
	}
	nw := 0
	for _, x := range rows {
		nw = max(nw, len(x.name))
	}
	fmt.Fprintf(b, "  %-*s %7s %7s  %s\n", nw, "", "wins", "rate", "95% CI")
	for _, x := range rows {
		fmt.Fprintf(b, "  %-*s %7d %7s", nw, x.name, x.k, pct(x.k, r.Completed))
		lo, hi := Wilson(x.k, r.Completed, Z95)
		fmt.Fprintf(b, "  [%s, %s]\n", pctf(lo), pctf(hi))
	}

	if bal, ok := r.Balance(); ok {
		fmt.Fprintf(b, "\nbalance: %s won %s of the %s [%s, %s]: ", bal.Side, pctf(bal.Share), count(bal.Decided, "decided game"), pctf(bal.CI95[0]), pctf(bal.CI95[1]))
		if bal.Favoured {
			fmt.Fprintf(b, "the battle favours %s\n", bal.Side)
		} else {
			b.WriteString("no side shown to be favoured (telling 55% from 50% reliably takes about 1,500 decided games)\n")
		}
	}

	// One reason a line, its count after a colon: a reason may carry
	// brackets of its own ("turn limit (15 turns)"), so none are added.
	b.WriteString("\nended by:\n")
	for _, reason := range slices.Sorted(maps.Keys(r.Reasons)) {
		fmt.Fprintf(b, "  %s: %s\n", reason, count(r.Reasons[reason], "game"))
	}

	d := r.Turns
	fmt.Fprintf(b, "\ngame length in turns: min %d, q1 %g, median %g, q3 %g, max %d, mean %.2f\n",
		d.Min, d.Q1, d.Median, d.Q3, d.Max, d.Mean)
	writeHistogram(b, d)

	if r.UnitsLost != nil {
		b.WriteString("\nunits lost (total, mean per game):\n")
		for side, id := range r.Sides {
			lost := r.UnitsLost[side]
			fmt.Fprintf(b, "  %s:", id)
			if len(lost) == 0 {
				b.WriteString(" none")
			}
			for i, typ := range slices.Sorted(maps.Keys(lost)) {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(b, " %s %d (%.2f)", typ, lost[typ], float64(lost[typ])/float64(r.Completed))
			}
			b.WriteByte('\n')
		}
	}
	if r.Morale != nil {
		b.WriteString("\narmy morale remaining (mean):")
		for side, id := range r.Sides {
			if side > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, " %s %.2f", id, r.Morale[side])
		}
		b.WriteByte('\n')
	} else {
		b.WriteString("\narmy morale remaining: none kept in these rules\n")
	}
}

// writeHistogram draws one row per turn count (or per bin of turn counts
// when there are more than maxHistogramRows) with a bar scaled to the
// largest row.
func writeHistogram(b *strings.Builder, d Distribution) {
	width := (d.Max-d.Min)/maxHistogramRows + 1
	type bin struct{ lo, hi, n int }
	var bins []bin
	for lo := d.Min; lo <= d.Max; lo += width {
		bins = append(bins, bin{lo: lo, hi: min(lo+width-1, d.Max)}) // the last may be narrower
	}
	most := 0
	for _, h := range d.Histogram {
		i := (h.Turns - d.Min) / width
		bins[i].n += h.Games
		most = max(most, bins[i].n)
	}
	label := func(x bin) string {
		if x.lo == x.hi {
			return fmt.Sprint(x.lo)
		}
		return fmt.Sprintf("%d-%d", x.lo, x.hi)
	}
	lw := 0
	for _, x := range bins {
		lw = max(lw, len(label(x)))
	}
	for _, x := range bins {
		bar := (x.n*histogramWidth + most - 1) / most
		fmt.Fprintf(b, "  %*s | %-*s %d\n", lw, label(x), histogramWidth, strings.Repeat("#", bar), x.n)
	}
}

func pct(k, n int) string {
	if n == 0 {
		return "-"
	}
	return pctf(float64(k) / float64(n))
}

func pctf(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// count returns "1 game", "2 games": n and noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
