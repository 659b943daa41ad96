package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// BenchmarkScriptedVsScriptedBattle1 measures whole games of Battle 1
// between two scripted agents on the fast path.
func BenchmarkScriptedVsScriptedBattle1(b *testing.B) {
	r, sc := battle(b, "armour-battles/battle-1")
	seed := uint64(0)
	for b.Loop() {
		seed++
		play(b, r, sc, seed, [2]string{"scripted", "scripted"})
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkMCTSIterations measures MCTS iterations per second on the
// first turn-1 decisions of Battle 1.
func BenchmarkMCTSIterations(b *testing.B) {
	r, sc := battle(b, "armour-battles/battle-1")
	st, _ := r.New(sc)
	src := dice.NewPCG(1)
	rnd := agent.NewRandom(1)
	for st.Pending().Kind == "deploy" {
		st.Apply(rnd.Choose(st), src, engine.Discard)
	}
	m := agent.NewMCTS(1, agent.MCTSConfig{Iterations: 100, Trees: 1, Depth: 10, C: 1.2})
	for b.Loop() {
		m.Choose(st)
	}
	b.ReportMetric(float64(m.Iterations)/b.Elapsed().Seconds(), "iterations/s")
}
