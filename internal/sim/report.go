package sim

import (
	"slices"
	"time"
)

// Report is the outcome of a run: every game in game order, then the
// aggregates over the games that finished (failed games are listed in
// Errors and counted nowhere else).
type Report struct {
	Scenario string
	// Digest is the scenario's scenario.Digest (empty for a ruleset
	// played without one): Merge refuses pieces of different files that
	// share an id.
	Digest string
	Rules  string
	// Revision is the rules revision the games were played under
	// (engine.Revised), nil for a ruleset without revisions or pieces
	// that did not record it: Merge refuses pieces of different ones.
	Revision *int
	// Sides holds the side ids by index.
	Sides   []string
	Agents  [2]string
	Swap    bool
	Seed    uint64
	Workers int
	// Elapsed is the wall-clock time of the run. It, Workers and the
	// decision timings (Game.Thinking and Game.MaxThinking, Thinking's
	// Total and Max) are the fields that depend on the machine and the
	// number of workers; with agents of fixed iteration counts everything
	// else is the same for a seed on any machine. (A time-budgeted agent,
	// such as mcts:1s, makes the games themselves depend on the machine.)
	Elapsed time.Duration
	// Played counts the games played to their end (finished or failed)
	// in Elapsed, kept or not (an interrupted run keeps only the first of
	// them): the games per second are worked out from it.
	Played int
	Games  []Game
	// Requested is the number of games asked for. Interrupted is set when
	// the run was cancelled before they were all over: Games then holds
	// the first games, up to the first one not over (see Run).
	Requested   int
	Interrupted bool
	// Pieces is the number of runs a merged report was made of (Merge);
	// 0 for a run. A merged report keeps no games: MergedGames is how
	// many it covers (GameCount).
	Pieces      int
	MergedGames int

	// Completed counts the games that finished.
	Completed int
	// Wins counts wins by side index.
	Wins  [2]int
	Draws int
	// AgentWins counts wins by agent key (see AgentKeys).
	AgentWins map[string]int
	// Reasons counts finished games by the reason they ended.
	Reasons map[string]int
	Turns   Distribution
	// UnitsLost totals each side's losses by unit type; nil if the
	// ruleset's state does not implement Losses.
	UnitsLost []map[string]int
	// Morale is each side's mean army morale at the end; nil if the
	// ruleset's state does not implement Morale.
	Morale []float64
	// Thinking is each agent's decision time, by agent key, over every
	// game played (failed ones too).
	Thinking map[string]Thinking
	Errors   []GameError
}

// GameError is a failed game, with what is needed to replay it.
type GameError struct {
	Game   int       `json:"game"`
	Seed   uint64    `json:"seed"`
	Agents [2]string `json:"agents"`
	Error  string    `json:"error"`
}

// Distribution describes game length in turns over finished games.
// Quartiles interpolate linearly between the nearest games (the usual
// definition, R's and numpy's default): the median of 28 and 31 turns is
// 29.5.
type Distribution struct {
	Min    int     `json:"min"`
	Q1     float64 `json:"q1"`
	Median float64 `json:"median"`
	Q3     float64 `json:"q3"`
	Max    int     `json:"max"`
	Mean   float64 `json:"mean"`
	// Histogram counts games by turn count, ascending, one entry per turn
	// count that occurred.
	Histogram []TurnCount `json:"histogram"`
}

// TurnCount is one bar of the game-length histogram.
type TurnCount struct {
	Turns int `json:"turns"`
	Games int `json:"games"`
}

// GameCount returns the number of games the report covers: those of
// Games, or a merged report's (Merge).
func (r *Report) GameCount() int {
	if r.Pieces > 0 {
		return r.MergedGames
	}
	return len(r.Games)
}

// AgentKeys returns the keys of AgentWins for the agents on side 0 and
// side 1 of the first game: the agent names, or "name@side-id" for both
// when the same agent plays both sides (its wins are then counted per
// side, since a single total would be every decisive game), or
// "agent:name" for both when an agent's name is also a side's id (a
// scenario file's sides may be called anything), so that the summary's
// intervals by side and by agent (Summary.CI95) keep apart.
func (r *Report) AgentKeys() [2]string {
	if r.Agents[0] == r.Agents[1] && len(r.Sides) == 2 {
		return [2]string{r.Agents[0] + "@" + r.Sides[0], r.Agents[1] + "@" + r.Sides[1]}
	}
	if slices.Contains(r.Sides, r.Agents[0]) || slices.Contains(r.Sides, r.Agents[1]) {
		return [2]string{"agent:" + r.Agents[0], "agent:" + r.Agents[1]}
	}
	return r.Agents
}

// agentKey returns the AgentWins key of the agent that won g.
func (r *Report) agentKey(g *Game) string {
	keys := r.AgentKeys()
	switch {
	case r.Agents[0] == r.Agents[1]:
		return keys[g.Winner]
	case g.WinnerAgent == r.Agents[1]:
		return keys[1]
	}
	return keys[0]
}

// Thinking is an agent's decision time over a run.
type Thinking struct {
	Decisions  int
	Total, Max time.Duration
	// Searched and Iterations are the decisions a searching agent
	// searched for and the iterations it ran (see Game).
	Searched, Iterations int
}

// IterationsPerSearch returns the mean iterations of a searched decision.
func (t Thinking) IterationsPerSearch() float64 {
	if t.Searched == 0 {
		return 0
	}
	return float64(t.Iterations) / float64(t.Searched)
}

// MeanMS returns the mean time of a decision in milliseconds.
func (t Thinking) MeanMS() float64 {
	if t.Decisions == 0 {
		return 0
	}
	return float64(t.Total.Microseconds()) / 1000 / float64(t.Decisions)
}

// aggregate fills in the aggregates from r.Games, in game order.
func (r *Report) aggregate() {
	keys := r.AgentKeys()
	r.AgentWins = map[string]int{keys[0]: 0, keys[1]: 0}
	r.Reasons = map[string]int{}
	r.Errors = []GameError{}
	var turns []float64
	var morale [2]int
	moraleGames := 0
	r.Thinking = map[string]Thinking{}
	for i := range r.Games {
		g := &r.Games[i]
		for side := range 2 {
			key := g.Agents[side]
			if r.Agents[0] == r.Agents[1] {
				key = keys[side]
			}
			th := r.Thinking[key]
			th.Decisions += g.Decisions[side]
			th.Total += g.Thinking[side]
			th.Max = max(th.Max, g.MaxThinking[side])
			th.Searched += g.Searched[side]
			th.Iterations += g.Iterations[side]
			r.Thinking[key] = th
		}
		if g.Err != "" {
			r.Errors = append(r.Errors, GameError{Game: g.Index, Seed: g.Seed, Agents: g.Agents, Error: g.Err})
			continue
		}
		r.Completed++
		r.Reasons[g.Reason]++
		if g.Winner == 0 || g.Winner == 1 {
			r.Wins[g.Winner]++
			r.AgentWins[r.agentKey(g)]++
		} else {
			r.Draws++
		}
		turns = append(turns, float64(g.Turns))
		if g.Morale != nil {
			moraleGames++
			morale[0] += g.Morale[0]
			morale[1] += g.Morale[1]
		}
		if g.UnitsLost != nil {
			if r.UnitsLost == nil {
				r.UnitsLost = []map[string]int{{}, {}}
			}
			for side, lost := range g.UnitsLost {
				for typ, n := range lost {
					r.UnitsLost[side][typ] += n
				}
			}
		}
	}
	if moraleGames > 0 {
		r.Morale = []float64{float64(morale[0]) / float64(moraleGames), float64(morale[1]) / float64(moraleGames)}
	}
	r.Turns = distribution(turns)
}

func distribution(x []float64) Distribution {
	hist := make([]TurnCount, len(x))
	for i, v := range x {
		hist[i] = TurnCount{Turns: int(v), Games: 1}
	}
	return distributionOf(sumHistograms(hist))
}

// distributionOf is the Distribution of the games hist counts (ascending
// turns, as Distribution.Histogram), worked out from the counts: the
// same figures as from the games' turns one by one, without them (a
// merged report may cover more games than fit in memory). Quartiles are
// Hyndman and Fan's type 7, as Distribution says: gonum's stat.Quantile
// offers only the empirical and LinInterp definitions. The mean is the
// sum of whole turns over the games, exact below 2⁵³ turns in all.
func distributionOf(hist []TurnCount) Distribution {
	d := Distribution{Histogram: hist}
	n := 0
	sum := 0.0
	for _, h := range hist {
		n += h.Games
		sum += float64(h.Turns) * float64(h.Games)
	}
	if n == 0 {
		d.Histogram = []TurnCount{}
		return d
	}
	// at returns the k-th game's turns, in ascending order.
	at := func(k int) float64 {
		for _, h := range hist {
			if k < h.Games {
				return float64(h.Turns)
			}
			k -= h.Games
		}
		return float64(hist[len(hist)-1].Turns)
	}
	quantile := func(p float64) float64 {
		h := float64(n-1) * p
		i := int(h)
		if i+1 >= n {
			return at(n - 1)
		}
		lo, hi := at(i), at(i+1)
		return lo + (h-float64(i))*(hi-lo)
	}
	d.Min, d.Max = hist[0].Turns, hist[len(hist)-1].Turns
	d.Q1, d.Median, d.Q3 = quantile(0.25), quantile(0.5), quantile(0.75)
	d.Mean = sum / float64(n)
	return d
}

// GamesPerSecond returns the games played to their end (finished or
// failed, kept or not: Played) per second of wall-clock time.
func (r *Report) GamesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Played) / r.Elapsed.Seconds()
}

// SideCI returns the Wilson 95% interval of side's win rate over finished
// games.
func (r *Report) SideCI(side int) (lo, hi float64) {
	return Wilson(r.Wins[side], r.Completed, Z95)
}

// AgentCI returns the Wilson 95% interval of the win rate of the agent with
// AgentWins key key over finished games.
func (r *Report) AgentCI(key string) (lo, hi float64) {
	return Wilson(r.AgentWins[key], r.Completed, Z95)
}
