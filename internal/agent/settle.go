package agent

import (
	"sync"
	"time"
)

// settler ends a search early once its choice is settled: once the most
// visited root candidate leads every other by more visits than the
// search has iterations left, no outcome of those iterations can change
// which candidate Choose returns (the most visited; ties, which such a
// lead rules out, by value). So a search of a fixed number of iterations
// that stops there returns what it would have at the end, in less time.
//
// The trees look at their visits together, at the same checkpoints
// (check), so that where a search stops depends only on its trees'
// statistics, not on which goroutine ran ahead: the iterations a search
// reports are then as deterministic as its choice. A tree waits at each
// checkpoint for the others.
type settler struct {
	mu   sync.Mutex
	cond sync.Cond
	keys []string // the root candidates' keys (appendKey)
	// per is the fewest iterations a tree runs under an iteration budget
	// (0 under a time budget); the checkpoints lie below it.
	per      int
	deadline time.Time // a time budget's end
	start    time.Time
	// active counts the trees still searching; arrived those waiting at
	// the current checkpoint, round its number.
	active, arrived, round int
	visits                 [][]int // each tree's root visits by candidate
	left                   []int   // each tree's iterations still to run
	// stop: the search is settled; quit: a tree has left it.
	stop, quit bool
}

// settleFrom is the fraction of a tree's iterations before its first
// checkpoint (a candidate cannot lead by more than the iterations left
// before half of them are run), and settleChecks how many checkpoints
// share the rest.
const (
	settleFrom   = 0.5
	settleChecks = 16
)

func newSettler(keys []string, trees, per int, deadline time.Time) *settler {
	s := &settler{keys: keys, per: per, deadline: deadline, start: time.Now(), active: trees,
		visits: make([][]int, trees), left: make([]int, trees)}
	for t := range s.visits {
		s.visits[t] = make([]int, len(keys))
	}
	s.cond.L = &s.mu
	return s
}

// checkpoint reports whether a tree that has run i iterations has reached
// a checkpoint: under an iteration budget, every per/settleChecks
// iterations from settleFrom of per on, below per; under a time budget,
// every 256 iterations.
func (s *settler) checkpoint(i int) bool {
	if s.per == 0 {
		return i > 0 && i%256 == 0
	}
	first := int(float64(s.per) * settleFrom)
	step := max(1, s.per/settleChecks)
	return i >= first && i < s.per && (i-first)%step == 0
}

// check is tree t's checkpoint after i iterations: it records the tree's
// root visits, waits for the other trees still searching, and reports
// whether the search is settled (or another tree has left it), so that
// every tree stops.
func (s *settler) check(t int, root *mctsNode, i int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop || s.quit {
		return true
	}
	for c, k := range s.keys {
		s.visits[t][c] = 0
		if e := root.children[k]; e != nil {
			s.visits[t][c] = e.n
		}
	}
	if s.per > 0 {
		s.left[t] = s.per - i // a tree with one more to run is counted below
	} else {
		// Under a time budget, what is left is estimated from the tree's
		// pace so far, generously: the choice is not deterministic there
		// anyway, and a margin keeps a close one searched.
		now := time.Now()
		rate := float64(i) / max(now.Sub(s.start).Seconds(), 1e-9)
		s.left[t] = int(2*rate*max(0, s.deadline.Sub(now).Seconds())) + 256
	}
	s.arrived++
	if s.arrived < s.active {
		r := s.round
		for r == s.round && !s.quit {
			s.cond.Wait()
		}
		// The checkpoint's own answer: a tree that ran on after it may
		// have left since, its budget spent.
		return r == s.round || s.stop
	}
	s.settle()
	return s.stop
}

// settle decides, for the last tree to reach a checkpoint, whether the
// search is settled, and releases the others.
func (s *settler) settle() {
	left := 0
	for t := range s.left {
		left += s.left[t]
	}
	if s.per > 0 {
		left += len(s.left) // the trees that run one more than per
	}
	best, second := -1, -1
	for c := range s.keys {
		n := 0
		for t := range s.visits {
			n += s.visits[t][c]
		}
		switch {
		case n > best:
			best, second = n, best
		case n > second:
			second = n
		}
	}
	if len(s.keys) > 1 && best-max(second, 0) > left {
		s.stop = true
	}
	s.arrived = 0
	s.round++
	s.cond.Broadcast()
}

// leave tells the settler tree t stops searching (its budget spent, the
// context done or a tree failed): the others stop too, at their next
// checkpoint, rather than wait for it there.
func (s *settler) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.active--
	s.quit = true
	s.cond.Broadcast()
}
