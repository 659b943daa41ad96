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

// KeptStates returns the states the last search's trees kept (fixed).
func (m *MCTS) KeptStates() int { return m.kept }

// EmptyDoctrineMemos drops the memos shelved for scripted agents handed
// none, so that a benchmark's game starts cold.
func EmptyDoctrineMemos() {
	for doctrineMemos.Get() != nil {
	}
}

// ShelvedDoctrineMemo returns the memo a scripted agent handed none would
// borrow next, leaving it on the shelf (nil if there is none).
func ShelvedDoctrineMemo() any {
	m := doctrineMemos.Get()
	if m != nil {
		doctrineMemos.Put(m)
	}
	return m
}

// CheckEdgeLists has every search, until undone, tell check at each use
// of a node's edge list whether looking the candidates' edges up would
// have found the same edges (nil stops it).
func CheckEdgeLists(check func(same bool)) { edgeListCheck = check }
