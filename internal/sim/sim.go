package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// DefaultMaxActions bounds a game when Config.MaxActions is 0. A random game
// of Armour Battles Battle 1 takes a few hundred actions.
// `sandtable play` uses the same bound, so that a game that fails on it
// here fails the same way there.
const DefaultMaxActions = 100000

// MaxGames bounds Config.Games: Run holds every game's result from the
// start.
const MaxGames = 1_000_000

// Morale is implemented by states that keep an army morale per side, such as
// Armour Battles'. Morale returns side's army morale points.
type Morale interface {
	Morale(side int) int
}

// Losses is implemented by states that count the units each side has lost.
// UnitsLost returns side's losses so far by unit type name; the caller does
// not modify the map.
type Losses interface {
	UnitsLost(side int) map[string]int
}

// Config describes a batch of games.
type Config struct {
	// Rules plays the games; Scenario is passed to Rules.New (nil for
	// rulesets that need none).
	Rules    engine.Rules
	Scenario *scenario.Scenario
	// Games is the number of games, from 1 to MaxGames.
	Games int
	// Agents names the agent on side 0 and on side 1 (see agent.Names).
	Agents [2]string
	// Swap exchanges the agents between sides in the odd-numbered games
	// (1, 3, 5, … counting from 0).
	Swap bool
	// Workers is the number of games played at once; 0 or less means
	// runtime.NumCPU(). It never changes the results, except under a time
	// budget (mcts:1s): a search then runs for as long as its budget on a
	// share of the cores, so the games depend on the machine and its load.
	Workers int
	// Seed is the seed of game 0; game i uses Seed+i.
	Seed uint64
	// MaxActions bounds each game; a game still going after it is an error.
	// 0 means DefaultMaxActions.
	MaxActions int
	// Progress, if set, is called after each finished game with the number
	// of games finished so far, from Run's goroutine (never concurrently).
	Progress func(done int)
}

// Game is the result of one game.
type Game struct {
	// Index is the game's number in the run, from 0.
	Index int `json:"index"`
	// Seed is the dice seed; agent seeds are AgentSeed(Seed, side).
	Seed uint64 `json:"seed"`
	// Agents names the agent on each side in this game.
	Agents [2]string `json:"agents"`
	// Winner is the winning side, or -1 for a draw or a failed game.
	Winner int `json:"winner"`
	// WinnerAgent names the winning side's agent, or "" for a draw.
	WinnerAgent string `json:"winner_agent,omitempty"`
	// Turns is the final turn number; Actions the number of actions applied.
	Turns   int    `json:"turns"`
	Actions int    `json:"actions"`
	Reason  string `json:"reason,omitempty"`
	// Morale is each side's army morale at the end, or nil if the state
	// does not implement Morale.
	Morale []int `json:"morale,omitempty"`
	// UnitsLost is each side's losses by unit type, or nil if the state
	// does not implement Losses.
	UnitsLost []map[string]int `json:"units_lost,omitempty"`
	// Decisions counts the decisions each side's agent made; Thinking is
	// the time they took in all and MaxThinking the longest one (the
	// only fields that depend on the machine, unless an agent has a time
	// budget: then the whole game does).
	Decisions   [2]int           `json:"decisions"`
	Thinking    [2]time.Duration `json:"-"`
	MaxThinking [2]time.Duration `json:"-"`
	// Searched counts the decisions for which a searching agent (see
	// agent.Searcher) ran its search, and Iterations the iterations it
	// ran for them (machine-dependent under a time budget).
	Searched   [2]int `json:"searched"`
	Iterations [2]int `json:"iterations"`
	// Err says why the game failed (length bound, illegal or missing
	// action, panic in the rules); the other fields then describe the game
	// as far as it got, and the aggregates leave it out.
	Err string `json:"error,omitempty"`
}

// AgentSeed returns the seed of the agent playing side in the game with dice
// seed gameSeed. It mixes both (SplitMix64), so agent streams are unrelated
// to each other and to the dice.
func AgentSeed(gameSeed uint64, side int) uint64 {
	return agent.Seed(gameSeed, side)
}

// newAgent makes agents for the given number of cores; tests replace it
// to add agents of their own.
var newAgent = agent.NewOn

// Run plays cfg.Games games on cfg.Workers goroutines and returns their
// results in game order with the aggregates. A game that fails is recorded
// in Report.Errors with its seed and does not stop the run; Run itself
// fails only for a bad configuration or when ctx is cancelled. A cancelled
// run stops at once, and its error comes with a Report of the games that
// had finished (Report.Interrupted), so that they are not lost.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if err := cfg.check(); err != nil {
		return Report{}, err
	}
	st, err := cfg.Rules.New(cfg.Scenario)
	if err != nil {
		return Report{}, fmt.Errorf("sim: %w", err)
	}
	sides := cfg.Rules.SideNames(st)
	if len(sides) != 2 {
		return Report{}, fmt.Errorf("sim: %d sides; simulation needs two", len(sides))
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, cfg.Games)
	// The games share the cores: an agent that can use several (a time-
	// budgeted search) gets its share.
	cores := max(1, runtime.GOMAXPROCS(0)/workers)

	start := time.Now()
	games := make([]Game, cfg.Games)
	over := make([]bool, cfg.Games) // played to its end (not cut short)
	jobs := make(chan int)
	done := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var memo any // the worker's games' memo (memoUser)
			for i := range jobs {
				g, cut := cfg.play(ctx, i, cores, &memo)
				games[i], over[i] = g, !cut
				done <- struct{}{}
			}
		})
	}
	go func() {
		defer close(jobs)
		for i := range cfg.Games {
			if ctx.Err() != nil {
				return // select alone may still pick the send
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(done) }()
	n := 0
	for range done {
		n++
		if cfg.Progress != nil {
			cfg.Progress(n)
		}
	}
	// A run interrupted before all its games were over keeps the longest
	// unbroken run of them from game 0 (an even number with Swap): the
	// very games a run of that many would play. Games finished after a
	// gap are left out, since the games still going when the run stopped
	// are the long ones, and keeping the rest would favour short games.
	played := 0
	for _, o := range over {
		if o {
			played++
		}
	}
	kept := 0
	for kept < cfg.Games && over[kept] {
		kept++
	}
	interrupted := kept < cfg.Games
	if interrupted {
		if cfg.Swap {
			kept -= kept % 2
		}
		games = games[:kept]
	}
	r := Report{
		Rules:     cfg.Rules.Name(),
		Sides:     sides,
		Agents:    cfg.Agents,
		Swap:      cfg.Swap,
		Seed:      cfg.Seed,
		Workers:   workers,
		Elapsed:   time.Since(start),
		Played:    played,
		Games:     games,
		Requested: cfg.Games,
	}
	if cfg.Scenario != nil {
		r.Scenario, r.Digest = cfg.Scenario.ID, scenario.Digest(cfg.Scenario)
	}
	if rv, ok := cfg.Rules.(engine.Revised); ok {
		r.Revision = ptr(rv.Revision())
	}
	r.aggregate()
	if interrupted {
		r.Interrupted = true
		return r, fmt.Errorf("sim: interrupted: the first %d of %d games kept: %w", len(games), cfg.Games, ctx.Err())
	}
	return r, nil
}

func (cfg *Config) check() error {
	if cfg.Rules == nil {
		return errors.New("sim: no ruleset")
	}
	if cfg.Games < 1 {
		return fmt.Errorf("sim: %d games; want at least 1", cfg.Games)
	}
	if cfg.Games > MaxGames {
		return fmt.Errorf("sim: %d games; want at most %d", cfg.Games, MaxGames)
	}
	if top := ^uint64(0) - uint64(cfg.Games-1); cfg.Seed > top {
		return fmt.Errorf("sim: seed %d: %d games would need seeds past the largest, %d; want a seed of at most %d", cfg.Seed, cfg.Games, ^uint64(0), top)
	}
	if cfg.MaxActions < 0 {
		return fmt.Errorf("sim: negative action bound %d", cfg.MaxActions)
	}
	for _, name := range cfg.Agents {
		if _, err := newAgent(name, 0, 1); err != nil {
			return prefixed(err)
		}
	}
	return nil
}

// prefixed returns err with this package's "sim: " in front, unless its
// message already starts with a package's prefix ("agent: unknown agent
// ..."): that says where it comes from, and two in a row ("sim: agent:
// ...") only stutter.
func prefixed(err error) error {
	if pkg, _, ok := strings.Cut(err.Error(), ": "); ok && pkg != "" && strings.Trim(pkg, "abcdefghijklmnopqrstuvwxyz") == "" {
		return err
	}
	return fmt.Errorf("sim: %w", err)
}

// giveMemo is whether games and their agents get their worker's memo;
// tests turn it off to see that the memo changes no game.
var giveMemo = true

// memoUser is implemented by game states that can keep work they may
// reuse (line-of-sight answers, say) in a memo handed to them; the game is
// the same with or without it. A memo serves one goroutine at a time.
type memoUser interface {
	WithMemo(memo *any)
}

// sideName returns the scenario's id of side i ("side i" if it has none).
func (cfg *Config) sideName(i int) string {
	if cfg.Scenario != nil && i >= 0 && i < len(cfg.Scenario.Sides) {
		return fmt.Sprintf("%q", cfg.Scenario.Sides[i].ID)
	}
	return fmt.Sprint(i)
}

// agentsFor returns the agents on side 0 and 1 of game i.
func (cfg *Config) agentsFor(i int) [2]string {
	if cfg.Swap && i%2 == 1 {
		return [2]string{cfg.Agents[1], cfg.Agents[0]}
	}
	return cfg.Agents
}

// play plays game i on the fast path, with agents made for cores cores;
// cut reports that ctx was cancelled before the game was over. A decision
// during which ctx is cancelled counts as cut short too, and its action is
// not applied: a search stopped early may choose differently, so the game
// would not be the one an uninterrupted run plays.
//
// A game state that can keep work it may reuse (memoUser) keeps it in
// *memo, which the worker hands to each of its games in turn.
func (cfg *Config) play(ctx context.Context, i, cores int, memo *any) (g Game, cut bool) {
	seed := cfg.Seed + uint64(i)
	g = Game{Index: i, Seed: seed, Agents: cfg.agentsFor(i), Winner: -1}
	fail := func(format string, args ...any) (Game, bool) {
		g.Winner, g.WinnerAgent = -1, ""
		g.Err = gameErrPrefix(i, seed) + fmt.Sprintf(format, args...)
		return g, false
	}
	defer func() {
		if r := recover(); r != nil {
			g, cut = fail("panic after %s: %v", count(g.Actions, "action"), r)
			*memo = nil // it may have been left half updated
		}
	}()
	maxActions := cfg.MaxActions
	if maxActions == 0 {
		maxActions = DefaultMaxActions
	}
	st, err := cfg.Rules.New(cfg.Scenario)
	if mu, ok := st.(memoUser); ok && err == nil && giveMemo {
		mu.WithMemo(memo)
	}
	if err != nil {
		return fail("%v", err)
	}
	var agents [2]agent.Agent
	for side, name := range g.Agents {
		if agents[side], err = newAgent(name, AgentSeed(seed, side), cores); err != nil {
			return fail("%v", err)
		}
		if mk, ok := agents[side].(agent.MemoKeeper); ok && giveMemo {
			mk.KeepMemo(memo) // the worker's too: its games run one at a time
		}
	}
	src := dice.NewPCG(seed)
	for {
		res := st.Result()
		g.Turns, g.Reason = res.Turn, res.Reason
		if res.Over {
			g.Winner = res.Winner
			if res.Winner >= 0 && res.Winner < 2 {
				g.WinnerAgent = g.Agents[res.Winner]
			}
			break
		}
		if g.Actions >= maxActions {
			return fail("not over after %s (turn %d)", count(g.Actions, "action"), res.Turn)
		}
		if err := ctx.Err(); err != nil { // before every decision: a search may take long
			g, _ = fail("%v", err)
			return g, true
		}
		d := st.Pending()
		if d.Side < 0 || d.Side > 1 {
			return fail("pending %s decision for side %d", d.Kind, d.Side)
		}
		searcher, _ := agents[d.Side].(agent.Searcher)
		before := 0
		if searcher != nil {
			before = searcher.SearchIterations()
		}
		t0 := time.Now()
		a := agent.Choose(ctx, agents[d.Side], st)
		took := time.Since(t0)
		if err := ctx.Err(); err != nil { // and after: the search may have been cut short
			g, _ = fail("%v", err)
			return g, true
		}
		g.Decisions[d.Side]++
		g.Thinking[d.Side] += took
		g.MaxThinking[d.Side] = max(g.MaxThinking[d.Side], took)
		if searcher != nil {
			if n := searcher.SearchIterations() - before; n > 0 {
				g.Searched[d.Side]++
				g.Iterations[d.Side] += n
			}
		}
		if a == nil {
			return fail("agent %s on side %s: %s", g.Agents[d.Side], cfg.sideName(d.Side), agent.NoAction(st))
		}
		if err := st.Validate(a); err != nil {
			return fail("agent %s on side %s chose an illegal %s: %v", g.Agents[d.Side], cfg.sideName(d.Side), a.Kind(), err)
		}
		st.Apply(a, src, engine.Discard)
		g.Actions++
	}
	if m, ok := st.(Morale); ok {
		g.Morale = []int{m.Morale(0), m.Morale(1)}
	}
	if l, ok := st.(Losses); ok {
		g.UnitsLost = make([]map[string]int, 2)
		for side := range g.UnitsLost {
			g.UnitsLost[side] = map[string]int{}
			for typ, n := range l.UnitsLost(side) {
				if n != 0 {
					g.UnitsLost[side][typ] = n
				}
			}
		}
	}
	return g, false
}
