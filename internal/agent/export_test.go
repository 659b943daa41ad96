package agent

// NewMCTSReplaying returns an MCTS agent that keeps no fixed states: each
// iteration replays every action from the root.
func NewMCTSReplaying(seed uint64, cfg MCTSConfig) *MCTS {
	m := NewMCTS(seed, cfg)
	m.replay = true
	return m
}

// RootVisits returns the last search's root visits, by candidate.
func (m *MCTS) RootVisits() []int { return m.visits }
