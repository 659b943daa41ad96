package agent

import (
	"sync"
	"sync/atomic"
	"time"
)

// settler ends a search early once its choice is settled: once the most
// visited root candidate leads every other by more visits than the
// search has iterations left, no outcome of those iterations can change
// which candidate Choose returns (the most visited; ties, which such a
// lead rules out, by value). So a search of a fixed number of iterations
// that stops there returns what it would have at the end, in less time.
//
// The trees note their root visits at the same checkpoints, without
// waiting for one another; the last to note a checkpoint's decides
// whether the search is settled there, and the others stop when they
// see it. What the search reports (its choice, its root visits and its
// iterations) is what the trees had noted at that checkpoint, so it
// depends only on their statistics, not on which goroutine ran ahead. A
// tree that ran past the checkpoint did work nobody counts, except in
// what depends on timing anyway: the states the trees kept (a test's
// figure, MCTS.kept), and whether a panic in that extra work reaches
// the caller.
type settler struct {
	mu   sync.Mutex
	keys []string // the root candidates' keys (appendKey)
	// per is the fewest iterations a tree runs under an iteration budget;
	// the checkpoints lie below it. timed: a time budget instead.
	per      int
	timed    bool
	deadline time.Time // a time budget's end
	start    time.Time
	trees    int
	notes    []note       // by checkpoint
	settled  atomic.Int32 // the checkpoint the search settled at, plus one; 0 while none
}

// note is what the trees noted at one checkpoint.
type note struct {
	visits [][]int // each tree's root visits by candidate
	iters  []int   // each tree's iterations run
	left   []int   // each tree's iterations still to run
	noted  int     // the trees that have noted theirs
}

// settleFrom is the fraction of a tree's iterations before its first
// checkpoint (a candidate cannot lead by more than the iterations left
// before half of them are run); from there on a checkpoint comes every
// 1/settleEvery of them (32 over the second half). paceCheck is the
// iterations between a time budget's checkpoints.
const (
	settleFrom  = 0.5
	settleEvery = 64
	paceCheck   = 256
)

// newSettler returns the settler of a search of trees trees whose
// candidates' keys are keys: under an iteration budget, per is the
// fewest iterations a tree runs; under a time budget (timed), deadline
// is its end.
func newSettler(keys []string, trees, per int, timed bool, deadline time.Time) *settler {
	return &settler{keys: keys, per: per, timed: timed, deadline: deadline, start: time.Now(), trees: trees}
}

// checkpoint returns the checkpoint a tree that has run i iterations has
// reached, or -1: under an iteration budget, every per/settleEvery
// iterations from settleFrom of per on, below per; under a time budget,
// every paceCheck iterations.
func (s *settler) checkpoint(i int) int {
	if s.timed {
		if i > 0 && i%paceCheck == 0 {
			return i/paceCheck - 1
		}
		return -1
	}
	first := int(float64(s.per) * settleFrom)
	step := max(1, s.per/settleEvery)
	if i < first || i >= s.per || (i-first)%step != 0 {
		return -1
	}
	return (i - first) / step
}

// done reports whether the search has settled.
func (s *settler) done() bool { return s.settled.Load() > 0 }

// check notes tree t's root visits at checkpoint k, after i iterations,
// and, if it is the last tree to note them there, decides whether the
// search is settled. It reports whether it is.
func (s *settler) check(t int, root *mctsNode, k, i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done() {
		return true
	}
	for len(s.notes) <= k {
		s.notes = append(s.notes, note{})
	}
	n := &s.notes[k]
	if n.visits == nil {
		n.visits, n.iters, n.left = make([][]int, s.trees), make([]int, s.trees), make([]int, s.trees)
	}
	v := make([]int, len(s.keys))
	for c, key := range s.keys {
		if e := root.children[key]; e != nil {
			v[c] = e.n
		}
	}
	n.visits[t], n.iters[t] = v, i
	if !s.timed {
		n.left[t] = s.per + 1 - i // one more: the trees that run per+1
	} else {
		// Under a time budget what is left is estimated from the tree's
		// pace so far, generously: the choice is not deterministic there
		// anyway, and the margin keeps a close one searched.
		now := time.Now()
		rate := float64(i) / max(now.Sub(s.start).Seconds(), 1e-9)
		n.left[t] = int(2*rate*max(0, s.deadline.Sub(now).Seconds())) + paceCheck
	}
	n.noted++
	if n.noted == s.trees && n.lead() > n.remaining() {
		s.settled.Store(int32(k) + 1)
		return true
	}
	return false
}

// lead is how many more visits the most visited candidate has than the
// next (0 with one candidate: nothing to settle).
func (n *note) lead() int {
	if len(n.visits[0]) < 2 {
		return 0
	}
	best, second := -1, -1
	for c := range n.visits[0] {
		v := 0
		for t := range n.visits {
			v += n.visits[t][c]
		}
		switch {
		case v > best:
			best, second = v, best
		case v > second:
			second = v
		}
	}
	return best - second
}

func (n *note) remaining() int {
	r := 0
	for _, l := range n.left {
		r += l
	}
	return r
}

// result returns, once the search has settled, the root visits by
// candidate and the iterations the trees had run at that checkpoint.
func (s *settler) result() (visits []int, iters int, ok bool) {
	k := int(s.settled.Load()) - 1
	if k < 0 {
		return nil, 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	n := &s.notes[k]
	visits = make([]int, len(s.keys))
	for t := range n.visits {
		for c, v := range n.visits[t] {
			visits[c] += v
		}
		iters += n.iters[t]
	}
	return visits, iters, true
}
