package agent

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// MCTSConfig sets an MCTS agent's budget and shape.
type MCTSConfig struct {
	// Iterations per decision, split over the trees: each runs
	// Iterations/Trees, and the first Iterations%Trees one more, so that
	// a search runs exactly Iterations (at least 1), or fewer when it
	// settles first (Settle). Ignored when Budget is set.
	Iterations int
	// Budget is a time budget per decision (not deterministic).
	Budget time.Duration
	// Trees are searched in parallel (root parallelisation) on up to as
	// many goroutines; their statistics are merged in tree order, so a
	// fixed iteration count gives the same choice on any machine.
	Trees int
	// Depth bounds the actions of one iteration (tree walk plus rollout)
	// before the ruleset's evaluation scores the position.
	Depth int
	// C is the UCB1 exploration constant.
	C float64
	// Determinizations, when above 0, is how many samples of the hidden
	// information each tree draws: its iterations take them in turn, and
	// the tree keeps the states each reaches while no die is rolled, as
	// it does for a position that hides nothing (see iterate). 0 draws a
	// fresh sample at every iteration, whose states cannot be kept.
	Determinizations int
	// Settle ends a search of Iterations as soon as no outcome of the
	// iterations left could change its choice (see settler), and one of
	// a Budget when, by its pace so far, none likely could.
	Settle bool
}

// DefaultMCTS is the "mcts" agent's configuration. It draws a fresh
// determinization at every iteration: twenty a tree ran Battle 3's long
// search about a tenth faster, but won fewer of the paired games that
// measured it there, and stays off until a comparison at the full
// search size says otherwise (ruling R60 in docs/rulings/armour-battles.md).
// An iteration takes at most DefaultDepth actions (ruling R61), and the
// tree walk explores by DefaultC (ruling R62).
var DefaultMCTS = MCTSConfig{Iterations: 200, Trees: 2, Depth: DefaultDepth, C: DefaultC, Settle: true}

// DefaultC is the "mcts" agent's UCB1 exploration constant. The
// evaluation's scores of the positions a search compares differ by a few
// hundredths, so 1.2, the constant until the forty-first session, spread
// a search almost evenly over the candidates. 0.4 spends more of it on
// the best of them: at 2,000 iterations it won more paired games against
// the doctrine on every Armour Battles battle, at the same speed; at a
// second's search the games so far show no difference (ruling R62 in
// docs/rulings/armour-battles.md).
const DefaultC = 0.4

// DefaultDepth is the most actions an "mcts" iteration takes, tree walk
// and rollout together, before the evaluation scores its position. Six
// made an iteration about twice as cheap and won more of Battle 3's
// paired games against the doctrine, but drew where ten won on Battle 1
// and, as the Americans, on Battle 2 (the shorter look sees an advance's
// risk sooner than its gain): ten stays (ruling R61 in
// docs/rulings/armour-battles.md).
const DefaultDepth = 10

// OwnDeterminizations is the number of determinizations a tree draws
// when it draws its own (MCTSConfig.Determinizations): the one measured.
const OwnDeterminizations = 20

// ParseMCTSBudget reads the part after "mcts:": an iteration count or a
// duration such as 1s or 250ms, with DefaultMCTS's trees (NewOn gives a
// time budget more).
func ParseMCTSBudget(s string) (MCTSConfig, error) {
	cfg := DefaultMCTS
	// One spelling a budget: "mcts:05" or "mcts:+5" would be another
	// agent name for mcts:5 in a summary's wins by agent.
	if s != "" && (s[0] == '+' || len(s) > 1 && s[0] == '0' && s[1] >= '0' && s[1] <= '9') {
		return cfg, fmt.Errorf("agent: mcts budget %q: write it without a sign or leading zeros (mcts:400, mcts:1s, mcts:0.5s)", s)
	}
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		cfg.Iterations = n
		return cfg, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		cfg.Budget = d
		return cfg, nil
	}
	return cfg, fmt.Errorf("agent: mcts budget %q: want a positive number of iterations (mcts:400) or a positive duration (mcts:1s)", s)
}

// MCTS is open-loop, determinized Monte Carlo tree search over the
// ruleset's candidate actions: each iteration takes a sample of the hidden
// information (the next of its tree's determinizations, or a fresh one)
// and the dice afresh, walks the tree by UCB1 over the candidates legal in
// that sample, expands one action, rolls out at random and scores the end
// with the ruleset's evaluation.
type MCTS struct {
	seed uint64
	cfg  MCTSConfig
	n    uint64 // decisions made, to vary the seeds
	// Iterations counts the iterations run so far (for benchmarks).
	Iterations int
	// replay makes every iteration replay its actions from the root, as
	// if no state were fixed (see iterate): the same search, done the
	// slow way, for tests to compare.
	replay bool
	// visits are the last search's root visits, by candidate, and kept
	// the states its trees kept (for tests).
	visits []int
	kept   int
}

// treeMemos holds the memos of searches that have ended, for the next
// search to take up; each is used by one goroutine at a time. Not a
// sync.Pool: a pool drops what it holds at every other garbage
// collection, and a search allocates enough to run several, so the next
// search would start with a cold memo most of the time.
var treeMemos memoShelf

// memoShelf keeps up to shelfSize memos; safe for concurrent use.
type memoShelf struct {
	mu    sync.Mutex
	memos []any
}

// shelfSize returns the most memos a memoShelf keeps: enough for the
// trees of two searches a core (a simulation worker a core, two trees
// each). A memo takes a few megabytes, more when full.
func shelfSize() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// Get returns a shelved memo, the one put last, or nil if there is none.
func (sh *memoShelf) Get() any {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	n := len(sh.memos)
	if n == 0 {
		return nil
	}
	m := sh.memos[n-1]
	sh.memos[n-1] = nil
	sh.memos = sh.memos[:n-1]
	return m
}

// Put shelves memo, unless the shelf is full.
func (sh *memoShelf) Put(memo any) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.memos) < shelfSize() {
		sh.memos = append(sh.memos, memo)
	}
}

// memoUser is implemented by states that can keep work they may reuse
// (line of sight, say) in a memo handed to them: the state behaves the
// same with or without it. A memo is used by one goroutine at a time.
type memoUser interface {
	WithMemo(memo *any)
}

// NewMCTS returns an MCTS agent.
func NewMCTS(seed uint64, cfg MCTSConfig) *MCTS {
	if cfg.Trees < 1 {
		cfg.Trees = 1
	}
	return &MCTS{seed: seed, cfg: cfg}
}

// Config returns the agent's configuration.
func (m *MCTS) Config() MCTSConfig { return m.cfg }

// SearchIterations returns the iterations run so far, over all decisions.
func (m *MCTS) SearchIterations() int { return m.Iterations }

// Name returns "mcts".
func (*MCTS) Name() string { return "mcts" }

type mctsNode struct {
	visits   int
	children map[string]*mctsEdge // nil until the first edge is made
	// fixed[k], when set, is the state at this node under the tree's
	// determinization k (0 when the position hides nothing), the same in
	// every iteration that reaches it so: no die was rolled on the way
	// from the root (see iterate).
	fixed []fixedState
	// all, once a visit has found every candidate's edge made and tried,
	// lists those edges in the candidates' order, so that a later visit
	// with the same candidates looks none of them up (see edgeList).
	all *edgeList
}

// fixedState is a node's state under one determinization, and its
// candidates once listed. Neither may be changed.
type fixedState struct {
	st    engine.State
	cands []engine.Action
}

// fixedAt returns the node's fixed state under determinization k, or nil.
func (n *mctsNode) fixedAt(k int) *fixedState {
	if k < len(n.fixed) && n.fixed[k].st != nil {
		return &n.fixed[k]
	}
	return nil
}

// fix keeps st as the node's state under determinization k.
func (n *mctsNode) fix(k int, st engine.State) {
	if k >= len(n.fixed) {
		n.fixed = slices.Grow(n.fixed, k+1-len(n.fixed))[:k+1]
	}
	n.fixed[k] = fixedState{st: st}
}

// edgeListCheck, when set (by tests), is told at each use of a node's
// edgeList whether looking each candidate's edge up would have found the
// same edges, in the same order.
var edgeListCheck func(same bool)

// edgeList is a node's edges in the order of its candidates. Keyed lists
// were found for the candidates whose keys (candidateKeyer) are keys,
// ending at ends; a later visit uses the list if its candidates' keys are
// the same. An unkeyed list is for a node's fixed candidates under
// determinization det (fixedState.cands), the same at every visit under it.
type edgeList struct {
	keyed bool
	det   int
	keys  []byte
	ends  []int
	edges []*mctsEdge
}

// maxFixed bounds the states a tree keeps (mctsNode.fixed), and
// maxFixedDepth how deep below the root they lie.
const (
	maxFixed      = 1 << 11
	maxFixedDepth = 10
)

type mctsEdge struct {
	action engine.Action
	n      int
	w      float64
	next   *mctsNode
}

// actionKey returns a's key in a search tree: its JSON form, which is
// the same for two actions exactly when their kinds and field values are
// (a pointer field by the value it points to). fmt.Sprint would not do:
// it prints a pointer's address, so two candidates listed apart with the
// same facing would never share their statistics.
func actionKey(a engine.Action) string {
	if b, err := engine.EncodeAction(a); err == nil {
		return string(b)
	}
	// Not encodable (a NaN, say): no legal action is, so the printed
	// form will do, marked off from every JSON object.
	return "!" + a.Kind() + fmt.Sprint(a)
}

// actionKeyer is implemented by states that build cheap action keys:
// AppendActionKey appends to dst a key that is equal for two actions
// exactly when their actionKeys are, or reports false for an action it
// leaves to actionKey.
type actionKeyer interface {
	AppendActionKey(dst []byte, a engine.Action) ([]byte, bool)
}

// candidateKeyer is implemented by states that key their candidates
// without making each an action: CandidateKeys appends to keys the key
// AppendActionKey gives each action Candidates lists, in its order, and
// to ends where each ends, or reports false; Candidate(i) then returns the
// i-th action. A search looks most candidates up in the tree and makes
// only those it meets for the first time.
type candidateKeyer interface {
	CandidateKeys(keys []byte, ends []int) ([]byte, []int, bool)
	Candidate(i int) engine.Action
}

// appendKey appends a's key in the tree to dst: the ruleset's key after a
// zero byte (which no actionKey starts with), else actionKey.
func appendKey(dst []byte, st engine.State, a engine.Action) []byte {
	if k, ok := st.(actionKeyer); ok {
		if b, ok := k.AppendActionKey(append(dst, 0), a); ok {
			return b
		}
	}
	return append(dst, actionKey(a)...)
}

// Choose runs the search and returns the most visited root action.
func (m *MCTS) Choose(st engine.State) engine.Action {
	return m.ChooseContext(context.Background(), st)
}

// ChooseContext is Choose that stops searching as soon as ctx is done and
// returns the most visited root action by then.
func (m *MCTS) ChooseContext(ctx context.Context, st engine.State) engine.Action {
	side := st.Pending().Side
	cands := st.Candidates(nil)
	switch len(cands) {
	case 0:
		return nil
	case 1:
		return cands[0]
	}
	m.n++
	// Each tree's goroutine lets its copies keep their work (memoUser) in
	// a memo an earlier search left, so that the searches of the games
	// played one after another reuse it.
	memos := make([]any, m.cfg.Trees)
	for t := range memos {
		memos[t] = treeMemos.Get()
	}
	roots := make([]*mctsNode, m.cfg.Trees)
	counts, kept := make([]int, m.cfg.Trees), make([]int, m.cfg.Trees)
	var deadline time.Time
	if m.cfg.Budget > 0 {
		deadline = time.Now().Add(m.cfg.Budget)
	}
	keys := make([]string, len(cands))
	var key []byte
	for i, c := range cands {
		key = appendKey(key[:0], st, c)
		keys[i] = string(key)
	}
	var settle *settler
	if m.cfg.Settle {
		timed := m.cfg.Budget > 0
		per := m.cfg.treeIterations(m.cfg.Trees - 1) // the fewest
		settle = newSettler(keys, m.cfg.Trees, per, timed, deadline)
	}
	// A panic in a tree's goroutine (the rules failing in a rollout, say)
	// would kill the process; it is caught there, the other trees stop,
	// and the first tree's panic is raised again below, in the caller's
	// goroutine, where the caller may recover it.
	panics := make([]*SearchPanic, m.cfg.Trees)
	var failed atomic.Bool
	var wg sync.WaitGroup
	for t := range roots {
		wg.Add(1)
		go func(t int) {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					panics[t] = &SearchPanic{Tree: t, Value: r, Stack: debug.Stack()}
					failed.Store(true)
				}
			}()
			seed := Seed(m.seed^m.n*0x9e3779b97f4a7c15, t)
			rng := rand.New(rand.NewPCG(seed, 0x3c75))
			src := dice.NewPCG(seed ^ 0xd1ce)
			root := &mctsNode{}
			roots[t] = root
			per := m.cfg.treeIterations(t)
			var buf []engine.Action
			ts := treeState{det: *dice.NewPCG(seed ^ 0xde7e)}
			for i := 0; ; i++ {
				if i > 0 && (ctx.Err() != nil || failed.Load() || settle != nil && settle.done()) {
					break
				}
				if m.cfg.Budget > 0 {
					if i > 0 && time.Now().After(deadline) {
						break
					}
				} else if i >= per {
					break
				}
				if settle != nil {
					if k := settle.checkpoint(i); k >= 0 && settle.check(t, root, k, i) {
						break
					}
				}
				buf = m.iterate(root, &ts, st, side, rng, src, buf, &memos[t])
				counts[t]++
			}
			kept[t] = ts.fixed
		}(t)
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p) // its memos may have been left half updated: not kept
		}
	}
	for _, memo := range memos {
		if memo != nil {
			treeMemos.Put(memo)
		}
	}
	m.kept = 0
	for t := range kept {
		m.kept += kept[t]
	}
	if settle != nil {
		if visits, iters, ok := settle.result(); ok {
			// What the trees had noted where the search settled: the
			// work of a tree that ran on past it is not counted.
			m.Iterations += iters
			m.visits = append(m.visits[:0], visits...)
			return cands[slices.Index(visits, slices.Max(visits))]
		}
	}
	for _, c := range counts {
		m.Iterations += c
	}
	// Merge the trees' root statistics in tree order.
	best, bestN, bestW := -1, -1, 0.0
	m.visits = m.visits[:0]
	for i, k := range keys {
		n, w := 0, 0.0
		for _, r := range roots {
			if e := r.children[k]; e != nil {
				n += e.n
				w += e.w
			}
		}
		m.visits = append(m.visits, n)
		if n > bestN || n == bestN && w > bestW {
			best, bestN, bestW = i, n, w
		}
	}
	return cands[best]
}

// treeIterations returns the iterations tree t runs under an iteration
// budget: an even share of Iterations (at least 1 in all), the first
// Iterations%Trees trees taking one more.
func (c MCTSConfig) treeIterations(t int) int {
	n := max(1, c.Iterations)
	per := n / c.Trees
	if t < n%c.Trees {
		per++
	}
	return per
}

// SearchPanic is what an MCTS search panics with, in the goroutine that
// asked for the decision, when one of its trees panicked (the rules
// failing during a rollout, say): the first such tree's panic value and
// its goroutine's stack.
type SearchPanic struct {
	Tree  int
	Value any
	Stack []byte
}

func (p *SearchPanic) Error() string {
	return fmt.Sprintf("agent: mcts search tree %d: %v", p.Tree, p.Value)
}

// Unwrap returns the panic value when it is an error.
func (p *SearchPanic) Unwrap() error {
	err, _ := p.Value.(error)
	return err
}

type step struct {
	edge    *mctsEdge
	decider int
}

// iterate runs one iteration from a determinization of st: a fresh one,
// or the next of the tree's own (MCTSConfig.Determinizations).
//
// While no die has been rolled, an iteration's state is the same as every
// other's that took the same actions from the same determinization: the
// rules are deterministic but for their dice. So the tree keeps the state
// reached at such nodes under each determinization (fixed, up to
// maxFixedDepth below the root and maxFixed in all), and an iteration
// walks them without replaying their actions or listing their candidates
// again. It makes the very same choices, with the same dice and random
// numbers, as replaying would; it only skips the work. A fresh
// determinization that hides something rolls the iteration's dice to draw
// it, so none of its states can be kept; a tree's own are drawn with dice
// of their own (treeState.det) and kept at the root.
func (m *MCTS) iterate(root *mctsNode, t *treeState, st engine.State, side int, rng *rand.Rand, src *dice.PCG, buf []engine.Action, memo *any) []engine.Action {
	// s is the iteration's own state; nil while it walks fixed nodes,
	// whose state it reads but must not change.
	var s engine.State
	k := 0 // the determinization, in the nodes' fixed states
	if m.cfg.Determinizations > 0 {
		k = t.nextDeterminization(root, st, side, m.cfg.Determinizations, memo)
		if m.replay {
			s = withMemo(cloneReusing(root.fixedAt(k).st, t.spare), memo)
			t.spare = nil
		}
	}
	// Whether a die was rolled shows in the source's state: every roll
	// moves it on (a PCG's state never comes back within 2^128 draws).
	start := *src
	if root.fixedAt(k) == nil {
		s = withMemo(searchCopyReusing(st, side, src, t.spare), memo)
		t.spare = nil
		if !t.rootTried && !m.replay {
			t.rootTried = true
			if *src == start {
				root.fix(0, s.Clone())
				t.fixed++
			}
		}
	}
	node := root
	path, key := t.path[:0], t.key[:0]
	depth := 0
	at := func() engine.State {
		if s != nil {
			return s
		}
		return node.fixedAt(k).st
	}
	for ; depth < m.cfg.Depth && !at().Result().Over; depth++ {
		cur := at()
		decider := engine.DecidingSide(cur)
		fx := node.fixedAt(k)
		if m.replay {
			fx = nil // replaying: every state is the iteration's own
		}
		var cands []engine.Action
		var kl candidateKeyer // keys the candidates when keyed
		keyed := false
		switch {
		case s == nil && fx.cands != nil:
			cands = fx.cands
		case fx != nil && (s == nil || t.fresh == node):
			buf = cur.Candidates(buf[:0])
			cands = buf
			fx.cands = slices.Clone(buf)
		default:
			if kl, keyed = cur.(candidateKeyer); keyed {
				t.keys, t.ends, keyed = kl.CandidateKeys(t.keys[:0], t.ends[:0])
			}
			if !keyed {
				buf = cur.Candidates(buf[:0])
				cands = buf
			}
		}
		n := len(cands)
		if keyed {
			n = len(t.ends)
		}
		if n == 0 {
			break
		}
		// stable: the candidates are the fixed state's own (fx.cands).
		stable := !keyed && fx != nil && (s == nil || t.fresh == node)
		var pick *mctsEdge
		expanded := false
		bestU := math.Inf(-1)
		lnN := math.Log(float64(node.visits + 1))
		// keyOf returns the i-th candidate's key in node.children.
		keyOf := func(i int) []byte {
			if !keyed {
				return appendKey(key[:0], cur, cands[i])
			}
			from := 0
			if i > 0 {
				from = t.ends[i-1]
			}
			// appendKey's form: the ruleset's key after a zero byte.
			return append(append(key[:0], 0), t.keys[from:t.ends[i]]...)
		}
		if l := node.all; l != nil && l.keyed == keyed && (stable && l.det == k ||
			keyed && bytes.Equal(l.keys, t.keys) && slices.Equal(l.ends, t.ends)) {
			// Every edge is made and tried: the same choice as the loop
			// below, without looking the edges up.
			for _, e := range l.edges {
				u := e.w/float64(e.n) + m.cfg.C*math.Sqrt(lnN/float64(e.n))
				if u > bestU {
					bestU, pick = u, e
				}
			}
			if edgeListCheck != nil {
				same := len(l.edges) == n
				for i := 0; same && i < n; i++ {
					key = keyOf(i)
					same = node.children[string(key)] == l.edges[i]
				}
				edgeListCheck(same)
			}
			n = 0
		}
		// listing: every candidate may have its edge tried; edges collects
		// them, in order.
		listing := n > 0 && node.visits >= n && (keyed || stable)
		edges := t.edges[:0]
		for i := range n {
			key = keyOf(i)
			e := node.children[string(key)]
			if e == nil {
				if node.children == nil {
					node.children = map[string]*mctsEdge{}
				}
				var c engine.Action
				if keyed {
					c = kl.Candidate(i)
				} else {
					c = cands[i]
				}
				e = &mctsEdge{action: c}
				node.children[string(key)] = e
			}
			if e.n == 0 {
				pick, expanded = e, true
				break
			}
			u := e.w/float64(e.n) + m.cfg.C*math.Sqrt(lnN/float64(e.n))
			if u > bestU {
				bestU, pick = u, e
			}
			if listing {
				edges = append(edges, e)
			}
		}
		if listing && !expanded {
			// A node's list is rewritten in place: only its tree reads it.
			l := node.all
			if l == nil {
				l = &edgeList{}
				node.all = l
			}
			l.keyed, l.det = keyed, k
			l.edges = append(l.edges[:0], edges...)
			l.keys, l.ends = l.keys[:0], l.ends[:0]
			if keyed {
				l.keys, l.ends = append(l.keys, t.keys...), append(l.ends, t.ends...)
			}
		}
		t.edges = edges[:0]
		if pick.next == nil {
			pick.next = &mctsNode{}
		}
		next := pick.next
		t.fresh = nil
		if s == nil && next.fixedAt(k) == nil {
			s = withMemo(cloneReusing(fx.st, t.spare), memo)
			t.spare = nil
		}
		if s != nil {
			s.Apply(pick.action, src, engine.Discard)
			if *src == start && fx != nil && next.fixedAt(k) == nil && depth < maxFixedDepth && t.fixed < maxFixed {
				next.fix(k, s.Clone())
				t.fixed++
				t.fresh = next // s is still next's fixed state: its candidates may be kept
			}
		}
		path = append(path, step{pick, decider})
		node.visits++
		node = next
		if expanded {
			depth++
			break
		}
	}
	if s == nil {
		s = withMemo(cloneReusing(node.fixedAt(k).st, t.spare), memo)
		t.spare = nil
	}
	buf = rollout(s, m.cfg.Depth-depth, rng.IntN, src, buf, nil)
	v := evaluate(s, side)
	for _, p := range path {
		p.edge.n++
		if p.decider == side {
			p.edge.w += v
		} else {
			p.edge.w -= v
		}
	}
	t.path, t.key = path, key
	// s, a copy made for this iteration (searchCopy, or a fixed state's
	// clone), is nobody else's: the next iteration's copy may reuse it.
	t.spare = s
	return buf
}

// nextDeterminization returns the determinization of st the tree's next
// iteration takes: its own, in turn, up to n of them, each drawn with the
// tree's own dice (t.det) the first time it is taken and kept as the
// root's fixed state under it. A position that hides nothing draws no die
// for it: it then has the one.
func (t *treeState) nextDeterminization(root *mctsNode, st engine.State, side, n int, memo *any) int {
	if t.plain {
		n = 1
	}
	k := t.iter % n
	t.iter++
	if root.fixedAt(k) == nil {
		before := t.det
		root.fix(k, withMemo(searchCopy(st, side, &t.det), memo))
		t.fixed++
		t.plain = k == 0 && t.det == before
	}
	return k
}

// treeState is what one tree's goroutine keeps between its iterations.
type treeState struct {
	rootTried bool      // the root's fresh determinization has been tried
	fixed     int       // the fixed states the tree keeps
	fresh     *mctsNode // the node whose fixed state the iteration's state still is
	// det draws the tree's own determinizations; iter counts the
	// iterations that took one, and plain says the position hides
	// nothing, so one is all there is.
	det   dice.PCG
	iter  int
	plain bool
	// path and key are an iteration's scratch, kept for the next; spare
	// is the last iteration's state, once it is done with.
	path  []step
	key   []byte
	spare engine.State
	// keys and ends hold the candidates' keys at a step (candidateKeyer).
	keys []byte
	ends []int
	// edges is scratch for a node's edgeList.
	edges []*mctsEdge
}

// withMemo hands s the tree's memo (memoUser) and returns it.
func withMemo(s engine.State, memo *any) engine.State {
	if mu, ok := s.(memoUser); ok {
		mu.WithMemo(memo)
	}
	return s
}

// String describes the configuration.
func (c MCTSConfig) String() string {
	var b strings.Builder
	if c.Budget > 0 {
		fmt.Fprintf(&b, "%v per decision", c.Budget)
	} else {
		fmt.Fprintf(&b, "%d iterations per decision", c.Iterations)
	}
	fmt.Fprintf(&b, ", %d trees, depth %d", c.Trees, c.Depth)
	if c.Determinizations > 0 {
		fmt.Fprintf(&b, ", %d determinizations a tree", c.Determinizations)
	}
	return b.String()
}
