package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// BenchmarkScriptedVsScriptedBattle1 measures whole games of Battle 1
// between two scripted agents on the fast path. It cycles through
// benchSeeds games, so that runs of a multiple of them (-benchtime 40x)
// measure the same work. Like a simulation worker, it hands each game the
// memo of the games before it, made afresh at the start of each cycle so
// that no game meets the answers of its own earlier play.
func BenchmarkScriptedVsScriptedBattle1(b *testing.B) {
	benchGames(b, "armour-battles/battle-1", [2]string{"scripted", "scripted"})
}

// BenchmarkScriptedVsScriptedPagano1 measures whole games of Pagano's
// Battle 1 between two scripted agents, as BenchmarkScriptedVsScriptedBattle1
// does for Armour Battles.
func BenchmarkScriptedVsScriptedPagano1(b *testing.B) {
	benchGames(b, "pagano/battle-1", [2]string{"scripted", "scripted"})
}

// benchGames plays whole games of scenario id between agents, cycling
// through benchSeeds seeds, and reports games and actions per second.
func benchGames(b *testing.B, id string, agents [2]string) {
	r, sc := battle(b, id)
	i, actions := uint64(0), 0
	var memo any
	for b.Loop() {
		if i%benchSeeds == 0 {
			memo = nil
		}
		_, n := playCount(b, r, sc, 1+i%benchSeeds, agents, &memo)
		actions += n
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/b.Elapsed().Seconds(), "actions/s")
}

// BenchmarkRandomVsRandomBattle1 measures whole games of Battle 1 between
// two random agents: what the rules engine costs per action (listing
// candidates, applying actions, opportunity fire and spotting) when
// deciding costs next to nothing. Random games are shorter than scripted
// ones, so compare actions per second, not games.
func BenchmarkRandomVsRandomBattle1(b *testing.B) {
	benchGames(b, "armour-battles/battle-1", [2]string{"random", "random"})
}

// benchSeeds is the number of different games the game benchmarks play.
const benchSeeds = 20

// BenchmarkMCTSIterations measures MCTS iterations per second on the
// first turn-1 decisions of Battle 1.
func BenchmarkMCTSIterations(b *testing.B) {
	benchMCTS(b, "armour-battles/battle-1")
}

// BenchmarkMCTSIterationsPagano1 is BenchmarkMCTSIterations on Pagano's
// Battle 1: its first decision after deployment, a German vehicle's move.
func BenchmarkMCTSIterationsPagano1(b *testing.B) {
	benchMCTS(b, "pagano/battle-1")
}

// benchMCTS measures MCTS iterations per second on the first decision of
// scenario id after random deployment.
func benchMCTS(b *testing.B, id string) {
	r, sc := battle(b, id)
	st, _ := r.New(sc)
	src := dice.NewPCG(1)
	rnd := agent.NewRandom(1)
	for st.Pending().Kind == "deploy" {
		st.Apply(rnd.Choose(st), src, engine.Discard)
	}
	m := agent.NewMCTS(1, searchConfig(100, 1))
	for b.Loop() {
		m.Choose(st)
	}
	b.ReportMetric(float64(m.Iterations)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkMCTSGameBattle1 measures MCTS iterations per second the way
// a game meets them: it searches, in turn, benchPositions positions of a
// scripted game of Battle 1 (seed 1), every decision with more than one
// candidate from the first move on, each with 100 iterations on one tree.
// BenchmarkMCTSIterations searches one position again and again, which
// flatters any memo the searches keep: here each search meets the
// answers of the positions before it, as in play.
func BenchmarkMCTSGameBattle1(b *testing.B) {
	benchMCTSGame(b, "armour-battles/battle-1")
}

// BenchmarkMCTSGameBattle2 is BenchmarkMCTSGameBattle1 on Battle 2: more
// units, and hidden ones, which every iteration draws afresh.
func BenchmarkMCTSGameBattle2(b *testing.B) {
	benchMCTSGame(b, "armour-battles/battle-2")
}

// BenchmarkMCTSGamePagano1 is BenchmarkMCTSGameBattle1 on Pagano's
// Battle 1.
func BenchmarkMCTSGamePagano1(b *testing.B) {
	benchMCTSGame(b, "pagano/battle-1")
}

// BenchmarkMCTSLongSearchBattle1 is BenchmarkMCTSLongSearchBattle2 on
// Battle 1, which has no hidden units: its root states are kept, so its
// searches are the cheapest of the three battles'.
func BenchmarkMCTSLongSearchBattle1(b *testing.B) {
	benchMCTSLong(b, "armour-battles/battle-1")
}

// BenchmarkMCTSLongSearchBattle2 measures MCTS iterations per second in
// searches the size of a second's in play on this machine: it searches,
// in turn, six positions spread over a scripted game of Battle 2 (seed 1),
// each with 16,000 iterations on two trees (use -benchtime 6x). Unlike
// 100-iteration searches, the tree and the memos grow as they do in play.
func BenchmarkMCTSLongSearchBattle2(b *testing.B) {
	benchMCTSLong(b, "armour-battles/battle-2")
}

// BenchmarkMCTSLongSearchBattle3 is BenchmarkMCTSLongSearchBattle2 on
// Battle 3, the largest battle.
func BenchmarkMCTSLongSearchBattle3(b *testing.B) {
	benchMCTSLong(b, "armour-battles/battle-3")
}

// BenchmarkMCTSLongSearchPagano1 is BenchmarkMCTSLongSearchBattle2 on
// Pagano's Battle 1: a second's search there is the lobby's mcts:1s
// opponent under Pagano's rules.
func BenchmarkMCTSLongSearchPagano1(b *testing.B) {
	benchMCTSLong(b, "pagano/battle-1")
}

// benchMCTSLong searches without settling (MCTSConfig.Settle): every
// search runs its 16,000 iterations, so that the rate is the iterations'
// own, not mixed with how many of a search's later (cheaper) iterations
// settling skips. BenchmarkMCTSSettled* measure that.
func benchMCTSLong(b *testing.B, id string) {
	cfg := searchConfig(16000, 2)
	cfg.Settle = false
	benchSearches(b, id, 6, cfg)
}

// BenchmarkMCTSSettledBattle1 is BenchmarkMCTSLongSearchBattle1 with the
// default search, which settles: its time a search (sec/op) and
// iterations a search are what a second's search costs in play.
func BenchmarkMCTSSettledBattle1(b *testing.B) {
	benchSearches(b, "armour-battles/battle-1", 6, searchConfig(16000, 2))
}

// BenchmarkMCTSSettledBattle3 is BenchmarkMCTSSettledBattle1 on Battle 3.
func BenchmarkMCTSSettledBattle3(b *testing.B) {
	benchSearches(b, "armour-battles/battle-3", 6, searchConfig(16000, 2))
}

// gamePositions plays a scripted game of scenario id (seed 1) and
// returns a copy of every position from the first move on where the
// side to decide has more than one candidate.
func gamePositions(t testing.TB, id string) []engine.State {
	t.Helper()
	r, sc := battle(t, id)
	st, ags, src := startGame(t, r, sc, 1, [2]string{"scripted", "scripted"}, nil)
	var pos []engine.State
	var buf []engine.Action
	for !st.Result().Over {
		d := st.Pending()
		if buf = st.Candidates(buf[:0]); len(buf) > 1 && d.Kind != "deploy" {
			pos = append(pos, st.Clone())
		}
		st.Apply(ags[d.Side].Choose(st), src, engine.Discard)
	}
	return pos
}

// benchPositions is the number of positions BenchmarkMCTSGame* search.
const benchPositions = 40

func benchMCTSGame(b *testing.B, id string) {
	benchSearches(b, id, benchPositions, searchConfig(100, 1))
}

// searchConfig is the "mcts" agent's configuration (DefaultMCTS) with
// iterations a search on trees trees, for the benchmarks and tests.
func searchConfig(iterations, trees int) agent.MCTSConfig {
	cfg := agent.DefaultMCTS
	cfg.Iterations, cfg.Trees = iterations, trees
	return cfg
}

// benchSearches searches, in turn, positions positions spread over a
// scripted game of scenario id (gamePositions) with an MCTS agent of
// configuration cfg, and reports its iterations per second and per
// search (fewer than cfg's when searches settle early: MCTSConfig.Settle).
func benchSearches(b *testing.B, id string, positions int, cfg agent.MCTSConfig) {
	pos := gamePositions(b, id)
	if len(pos) < positions {
		b.Fatalf("%s: %d positions to search, want %d", id, len(pos), positions)
	}
	step := len(pos) / positions
	m := agent.NewMCTS(1, cfg)
	i := 0
	for b.Loop() {
		m.Choose(pos[(i%positions)*step])
		i++
	}
	b.ReportMetric(float64(m.Iterations)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(m.Iterations)/float64(i), "iterations/search")
}

// BenchmarkScriptedVsScriptedBattle3 is BenchmarkScriptedVsScriptedBattle1
// on Battle 3, the largest battle: its games are about three times slower.
func BenchmarkScriptedVsScriptedBattle3(b *testing.B) {
	benchGames(b, "armour-battles/battle-3", [2]string{"scripted", "scripted"})
}

// BenchmarkScriptedSeatBattle2 decides, in turn, the positions of a
// scripted Battle 2 game (gamePositions) the way the server's AI seat
// does: a fresh scripted agent for every decision, handed no memo. Each
// pass over the game starts with no memo shelved. It reports decisions
// per second.
func BenchmarkScriptedSeatBattle2(b *testing.B) {
	pos := gamePositions(b, "armour-battles/battle-2")
	b.Logf("%d positions", len(pos))
	i := 0
	for b.Loop() {
		if i%len(pos) == 0 {
			agent.EmptyDoctrineMemos()
		}
		ag, err := agent.New("scripted", uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		if ag.Choose(pos[i%len(pos)]) == nil {
			b.Fatalf("position %d: no action", i%len(pos))
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
