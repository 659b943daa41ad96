package armourbattles

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/sandtable/sandtable/internal/dice"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Doctrine returns the choice a sound Armour Battles player would make for
// the pending decision, from what the deciding side can see: deploy near
// cover; spend the biggest chain; remove suppression from units that have
// targets; call artillery on clusters, or smoke on the enemy guns that
// watch the ground ahead when nothing of the side's has a shot; commit reserves as soon as they may
// come; rally disrupted units out of sight; activate the group with the
// most guns in range, firing first at the priority target (flank shots and
// wavering targets preferred) and then moving; otherwise advance by bounds
// toward the enemy or into woods, but only along paths that ready enemy
// guns (unfired, and unsuppressed or free to be freed with a staff order)
// do not watch: a watched move waits until those guns have fired, leaving
// the group on overwatch; opportunity fire only at effective range or
// better; break off from heavy guns; add a
// wild die or staff order to a shot or a reaction where the exact odds
// say it changes the outcome most (boostodds.go). It is what the
// scripted agent plays.
func (s *State) Doctrine() engine.Action { return s.DoctrineMemo(nil) }

// DoctrineWith is Doctrine for an agent that keeps *memo from one decision
// of a game to the next (nil at first): the doctrine keeps its line-of-sight
// answers there (a *SightMemo). The choice is the same as Doctrine's.
func (s *State) DoctrineWith(memo *any) engine.Action {
	m, _ := (*memo).(*SightMemo)
	if m == nil {
		m = &SightMemo{}
		*memo = m
	}
	return s.DoctrineMemo(m)
}

// DoctrineMemo is Doctrine reusing the line-of-sight answers in memo (nil
// for none); the choice is the same either way.
func (s *State) DoctrineMemo(memo *SightMemo) engine.Action {
	cands := s.candidates(nil, false) // the doctrine plans its own moves
	if len(cands) == 0 {
		return nil
	}
	pick := func(ok func(engine.Action) bool) engine.Action {
		for _, a := range cands {
			if ok(a) {
				return a
			}
		}
		return nil
	}
	d := s.decision()
	switch d.Kind {
	case phaseDeploy:
		return s.doctrineDeploy(cands)
	case phaseChain:
		return s.doctrineChain(cands)
	case phaseLogistics:
		if a := pick(func(a engine.Action) bool { _, ok := a.(MaintainMission); return ok }); a != nil && s.Sides[s.Active].Staff > 1 {
			return a
		}
		return EndLogistics{}
	case phaseOrders:
		return s.newDoc(memo).order(cands)
	case phaseActivation:
		return s.newDoc(memo).activation(cands)
	case "opportunity-fire":
		return s.doctrineOpp(cands)
	case "reaction-boost":
		return s.reactionBoost(cands)
	case "break-off":
		sh := &s.Shots[len(s.Shots)-1]
		return BreakOffChoice{Yes: sh.Dice.AttackDice >= 6 || s.Units[sh.Target].DP >= 1}
	}
	return cands[0]
}

func (s *State) doctrineDeploy(cands []engine.Action) engine.Action {
	best, bestScore := cands[0], math.Inf(-1)
	for i, a := range cands {
		if score, ok := s.deployScore(a); ok {
			if score -= float64(i) * 1e-6; score > bestScore {
				best, bestScore = a, score
			}
		}
	}
	return best
}

// deployScore is how the doctrine rates a set-up action: near woods, and
// away from the side's units already placed, spread along the zone; ok is
// false for an action that is not a deployment (the scenario's set-up is
// kept as it is).
func (s *State) deployScore(a engine.Action) (score float64, ok bool) {
	dp, ok := a.(Deploy)
	if !ok {
		return 0, false
	}
	p := geom.Point{X: dp.X, Y: dp.Y}
	return s.spreadScore(p, -s.distToWoods(p)), true
}

// spreadScore takes from score a little for each unit of the side already
// within 8" of p, to spread the companies along the zone.
func (s *State) spreadScore(p geom.Point, score float64) float64 {
	for _, o := range s.unitsOf(s.Active) {
		if d := s.Units[o].Pos.Dist(p); d < 8 {
			score -= (8 - d) * 0.3
		}
	}
	return score
}

// SetUpMargin is how much worse than its best a deployment the doctrine
// may choose when it varies its set-up: about two inches further from
// cover.
const SetUpMargin = 2.0

// DoctrineSetUpOptions returns, for the deployment of a unit that sets
// up hidden, the deployments the doctrine rates within SetUpMargin of its
// best, for an AI that varies its hidden set-up from game to game (a
// player who has met the doctrine's single best set-up once would
// otherwise know where every hidden unit of the next game stands); nil
// for any other decision. It reads only the deciding side's own units
// and the terrain.
func (s *State) DoctrineSetUpOptions() []engine.Action {
	if s.Over || s.decision().Kind != phaseDeploy {
		return nil
	}
	cands := s.Candidates(nil)
	// Only a unit setting up hidden is varied: one the enemy sees as it
	// deploys gives nothing away, and the doctrine's best stands.
	hidden := false
	for _, a := range cands {
		if d, ok := a.(Deploy); ok {
			if u := s.unitIndex(d.Unit); u >= 0 && s.Units[u].Hidden {
				hidden = true
				break
			}
		}
	}
	if !hidden {
		return nil
	}
	scores := make([]float64, len(cands))
	best := math.Inf(-1)
	for i, a := range cands {
		scores[i] = math.Inf(-1)
		d, ok := a.(Deploy)
		if !ok {
			continue
		}
		// deployScore's rating; on a table with no woods (where that is
		// -Inf everywhere) the spread alone.
		p, near := geom.Point{X: d.X, Y: d.Y}, 0.0
		if len(s.b.woods) > 0 {
			near = -s.distToWoods(p)
		}
		scores[i] = s.spreadScore(p, near)
		best = math.Max(best, scores[i])
	}
	var out []engine.Action
	for i, a := range cands {
		if !math.IsInf(scores[i], -1) && scores[i] >= best-SetUpMargin {
			out = append(out, a)
		}
	}
	return out
}

// distToWoods returns the distance from p to the nearest wood (0 inside).
func (s *State) distToWoods(p geom.Point) float64 {
	best := math.Inf(1)
	for _, w := range s.b.woods {
		best = math.Min(best, w.f.Area.DistToPoint(p))
	}
	return best
}

func (s *State) doctrineChain(cands []engine.Action) engine.Action {
	best, bestN := cands[0], -1
	sd := &s.Sides[s.Active]
	for _, a := range cands {
		c, ok := a.(ChooseChain)
		if !ok {
			continue
		}
		n := c.Wild + c.Staff
		if c.Face != 6 {
			n += sd.Dice[c.Face]
		}
		if n > bestN {
			best, bestN = a, n
		}
	}
	return best
}

// GoodShot is the least value (expected disruption, plus a bonus for a
// wavering target) for which the doctrine fires.
const GoodShot = 0.6

// shotValue is the doctrine's worth of a shot with dice d at target t.
func (s *State) shotValue(d ShotDice, t int) float64 {
	if !d.InRange {
		return 0
	}
	v := expectedNet(d.AttackDice, d.AttackTN, d.ReactionDice, d.ReactionTN)
	return v * (1 + 0.5*float64(s.Units[t].DP))
}

// netTable remembers expectedNet for small pools: the bits of the value,
// 0 until worked out (a value of +0 is simply worked out again).
var netTable [16 * 8 * 16 * 8]atomic.Uint64

// expectedNet returns dice.Opposed(aN, aTN, bN, bTN).ExpectedNet(),
// remembered for pools of up to 15 dice.
func expectedNet(aN, aTN, bN, bTN int) float64 {
	if uint(aN) >= 16 || uint(aTN) >= 8 || uint(bN) >= 16 || uint(bTN) >= 8 {
		return dice.Opposed(aN, aTN, bN, bTN).ExpectedNet()
	}
	e := &netTable[((aN*8+aTN)*16+bN)*8+bTN]
	if b := e.Load(); b != 0 {
		return math.Float64frombits(b)
	}
	v := dice.Opposed(aN, aTN, bN, bTN).ExpectedNet()
	e.Store(math.Float64bits(v))
	return v
}

// docCtx holds what one doctrine decision has already worked out: which
// units see which (nothing moves while the doctrine decides) and each
// unit's visible enemies.
type docCtx struct {
	*State
	n     int
	see   []int8 // 0 not asked yet, 1 sees, 2 does not
	vis   [][]int
	visOK []bool
	best  []float64 // bestShot, NaN until asked
	near  []int32   // nearestEnemy, unknownUnit until asked
	// ready lists the enemy units that could answer with opportunity
	// fire (readyEnemies); freeable of them are suppressed, last in the
	// list, and freeShot and freeWeight weigh their shares (freeing).
	ready      []int
	readyOK    bool
	freeable   int
	freeShot   float64
	freeWeight float64
	// sight remembers canSeeBox answers, in this decision and (when the
	// agent keeps it) later ones, env numbering each side's sight
	// environment in it; steps and shots are moveRisk's buffers.
	sight  *SightMemo
	gen    uint32
	env    [2]int32
	steps  []riskStep
	shots  []riskShot
	shares []float64 // estimateRisk's, when the memo keeps none
	hot    []int     // estimateRisk's order of the ready units
	// movers, ends and plans are planMoves' buffers.
	movers []int
	ends   []geom.Point
	plans  []groupMove
	// groups and items are order's buffers.
	groups []groupPlans
	items  []orderItem
	// plain (for tests) makes order score every candidate in full, in
	// turn, keeping the first of the highest score, and moveRisk work out
	// the shares in the ready list's order, without the memo: the plain
	// rules.
	plain bool
}

func (s *State) newDoc(memo *SightMemo) *docCtx {
	n := len(s.Units)
	if memo == nil {
		memo = &SightMemo{}
	}
	memo.reset(s)
	// The memo keeps the last decision's lists for the next one to fill
	// in afresh: a doctrine decides one thing at a time, and nothing in a
	// decision calls newDoc with its memo (a fresh check passes nil).
	d := memo.doc
	if d == nil || d.n != n {
		d = &docCtx{n: n, see: make([]int8, n*n), vis: make([][]int, n), visOK: make([]bool, n), best: make([]float64, n), near: make([]int32, n)}
		memo.doc = d
	}
	clear(d.see)
	clear(d.visOK)
	for i := range d.near {
		d.near[i] = unknownUnit
	}
	*d = docCtx{State: s, n: n, see: d.see, vis: d.vis, visOK: d.visOK, best: d.best, near: d.near, sight: memo,
		ready: d.ready[:0], steps: d.steps[:0], shots: d.shots[:0], shares: d.shares[:0], hot: d.hot[:0],
		movers: d.movers[:0], ends: d.ends[:0], plans: d.plans[:0], groups: d.groups[:0], items: d.items[:0]}
	for side := range d.env {
		d.env[side] = memo.env(s, side)
	}
	d.gen = memo.gen
	for i := range d.best {
		d.best[i] = math.NaN()
	}
	return d
}

// sees is canSee, asked once per pair.
func (d *docCtx) sees(a, b int) bool {
	k := a*d.n + b
	switch d.see[k] {
	case 1:
		return true
	case 2:
		return false
	}
	ok := d.seesBox(a, d.box(a), b, d.box(b))
	d.see[k] = 2
	if ok {
		d.see[k] = 1
	}
	return ok
}

// visible is visibleEnemies, worked out once per unit, in the order of
// enemiesOf (its callers need the best shot or whether there is one, not
// the nearest).
func (d *docCtx) visible(u int) []int {
	if d.visOK[u] {
		return d.vis[u]
	}
	out := d.vis[u][:0]
	fb := d.box(u)
	for _, e := range d.enemiesOf(d.Units[u].Side) {
		if d.fireArcOK(u, fb, d.Units[e].Pos) && d.sees(u, e) {
			out = append(out, e)
		}
	}
	d.vis[u], d.visOK[u] = out, true
	return out
}

// bestShot returns the value of u's best allowed shot now.
func (d *docCtx) bestShot(u int) float64 {
	if !math.IsNaN(d.best[u]) {
		return d.best[u]
	}
	s := d.State
	best := 0.0
	for _, e := range d.visible(u) {
		sh := PendingShot{Firer: u, Target: e, Moves: s.movesFor(u), Flank: s.flank(u, e)}
		if sd, err := s.shotFor(&sh).Dice(); err == nil {
			best = max(best, s.shotValue(sd, e))
		}
	}
	d.best[u] = best
	return best
}

// gunsInRange counts the group's units that have a good shot (eff) or any
// shot in range.
func (d *docCtx) gunsInRange(units []int, eff bool) int {
	n := 0
	for _, u := range units {
		if d.Units[u].Suppressed || d.Units[u].Fired || d.Units[u].BrokeOff {
			continue
		}
		if v := d.bestShot(u); eff && v >= GoodShot || !eff && v > 0 {
			n++
		}
	}
	return n
}

func (d *docCtx) order(cands []engine.Action) engine.Action {
	s := d.State
	// The choice is the first candidate of the highest score, if above 0.
	// Moves are weighed last, as planning one is costly: by then the best
	// score is known, and bestMove gives up as soon as a move cannot beat
	// it. Candidates are compared as if taken in turn: of equal scores,
	// the earlier wins.
	best, bestScore := -1, 0.0
	beats := func(score float64, i int) bool {
		return score > bestScore || score == bestScore && best >= 0 && i < best
	}
	type move struct {
		i     int
		units []int
		dice  int
	}
	var moves []move
	for i, a := range cands {
		score := 0.0
		switch a := a.(type) {
		case RemoveSuppression:
			u := s.unitIndex(a.Unit)
			s.Units[u].Suppressed = false
			if d.gunsInRange([]int{u}, true) > 0 {
				score = 2.5
			}
			s.Units[u].Suppressed = true
		case CallMission:
			if s.Sides[s.Active].Staff >= 1 {
				score = d.missionScore(a)
			}
		case Activate:
			switch a.Order {
			case OrderReserves:
				score = 4
			case OrderRally:
				units, _ := s.group(a.Order, a.Leader, a.Members)
				dp, seen := 0, false
				for _, u := range units {
					dp += s.Units[u].DP
					seen = seen || len(d.visible(u)) > 0
				}
				if dp >= 2 && !seen {
					score = 2 + float64(dp)*0.3
				}
			case OrderMoveFire:
				units, err := s.group(a.Order, a.Leader, a.Members)
				if err != nil || a.Dice > 2 {
					continue
				}
				if g := d.gunsInRange(units, true); g > 0 {
					if a.Dice == 1 {
						// Shoot from where they stand, better once the
						// enemy's guns that would answer have fired.
						score = 2 + float64(g) - 0.3*float64(d.threats(units))
					}
					break
				}
				far := d.nearestEnemyDist(units[0]) > 24
				if (a.Dice == 2) != far {
					break // single moves near the enemy, double moves far
				}
				covered, hidden, watching := true, false, false
				for _, u := range units {
					covered = covered && s.inWoods(s.box(u))
					hidden = hidden || s.Units[u].Hidden
					watching = watching || len(d.visible(u)) > 0
				}
				if hidden || covered && watching && !(s.Turn > 5 && far) {
					// Hold on overwatch (or in ambush) in cover while
					// there is an enemy to watch; after a few turns,
					// bound forward from far away.
					break
				}
				if d.plain {
					if pm, ok := d.bestMove(units, a.Dice, nil); ok {
						score = moveOrderScore(len(units), pm.score)
					}
					break
				}
				moves = append(moves, move{i, units, a.Dice})
			}
		case Restock:
			if s.Sides[s.Active].Staff < 2 {
				score = 0.8
			}
		}
		if d.plain && score > bestScore || !d.plain && beats(score, i) {
			best, bestScore = i, score
		}
	}
	// A move order scores what its group's best move does. Every group's
	// planned moves are weighed together, the most promising first (by
	// their score if unwatched, which bounds it), so that moveRisk can give
	// up on the others as soon as they cannot beat the best of any group.
	// The choice is the same as weighing the groups in turn: the first
	// candidate of the highest score.
	defer d.keep()()
	groups := slices.Grow(d.groups[:0], len(moves))[:len(moves)]
	items := d.items[:0]
	defer func() { d.groups, d.items = groups[:0], items[:0] }()
	for mi, m := range moves {
		if !beats(moveOrderScore(len(m.units), 5), m.i) {
			continue // no move can score better than the best so far
		}
		g := &groups[mi]
		if !d.planMoves(m.units, m.dice, g) {
			continue
		}
		for pi := range g.plans {
			items = append(items, orderItem{mi, pi, moveOrderScore(len(m.units), g.score(&g.plans[pi], 0))})
		}
	}
	slices.SortStableFunc(items, func(a, b orderItem) int { return cmp.Compare(b.bound, a.bound) })
	limit := math.NaN()   // riskOK, once needed
	weighed, ties := 0, 0 // for orderCheck
	for _, it := range items {
		m, g := &moves[it.m], &groups[it.m]
		if !beats(it.bound, m.i) {
			continue // not better than the best even if unwatched
		}
		weighed |= 1 << min(it.m, 62)
		if math.IsNaN(limit) {
			limit = d.riskOK()
		}
		p := &g.plans[it.p]
		score := func(risk float64) float64 { return moveOrderScore(len(m.units), g.score(p, risk)) }
		// More risk never scores better: moveRisk may stop as soon as the
		// move is too watched or cannot beat the best.
		risk := d.moveRisk(g.movers, p.ends, g.reach, func(risk float64) bool { return risk > limit || !beats(score(risk), m.i) })
		if risk > limit {
			continue
		}
		sc := score(risk)
		if sc == bestScore && best >= 0 {
			ties++
		}
		if beats(sc, m.i) {
			best, bestScore = m.i, sc
		}
	}
	if orderCheck != nil {
		orderCheck(bits.OnesCount64(uint64(weighed)), ties)
	}
	if best >= 0 {
		return cands[best]
	}
	return Pass{}
}

// orderCheck, when a test sets it, is told of every order decision that
// weighs moves: how many groups' moves were weighed (up to 63), and how
// many weighed moves scored the same as the best so far.
var orderCheck func(groups, ties int)

// orderItem is a planned move that order weighs: moves[m]'s group's
// plans[p], and the order's score if the move is unwatched, which bounds
// it.
type orderItem struct {
	m, p  int
	bound float64
}

// moveOrderScore is the score of a move-and-fire order for a group of n
// units whose best move scores plan.
func moveOrderScore(n int, plan float64) float64 {
	return 1 + 0.1*float64(n) + 0.05*math.Max(-5, math.Min(5, plan))
}

// nearestEnemy is State.nearestEnemy, worked out once per unit.
func (d *docCtx) nearestEnemy(u int) int {
	if d.near[u] == unknownUnit {
		d.near[u] = int32(d.State.nearestEnemy(u))
	}
	return int(d.near[u])
}

// unknownUnit marks a unit not worked out yet in docCtx.near.
const unknownUnit = -2

// nearestEnemyDist is how far unit u is from its nearest enemy.
func (d *docCtx) nearestEnemyDist(u int) float64 {
	e := d.nearestEnemy(u)
	if e < 0 {
		return math.Inf(1)
	}
	return d.box(u).Distance(d.box(e))
}

// boundGoal is where unit u's bounds lead: the nearest enemy, or 20"
// toward the enemy's edge.
func (d *docCtx) boundGoal(u int) geom.Point {
	if e := d.nearestEnemy(u); e >= 0 {
		return d.Units[e].Pos
	}
	return d.Units[u].Pos.Add(geom.Dir(d.b.towardEnemy(d.Active)).Mul(20))
}

func (d *docCtx) activation(cands []engine.Action) engine.Action {
	s := d.State
	// Fire first: the best allowed shot.
	var best engine.Action
	bestScore := math.Inf(-1)
	for _, a := range cands {
		f, ok := a.(Fire)
		if !ok || f.Scoot {
			continue
		}
		u, t := s.unitIndex(f.Unit), s.unitIndex(f.Target)
		sh := PendingShot{Firer: u, Target: t, Moves: s.movesFor(u), Flank: s.flank(u, t)}
		d, err := s.shotFor(&sh).Dice()
		if err != nil || !d.InRange {
			continue
		}
		// Expected disruption, more for a wavering target.
		score := s.shotValue(d, t)
		if score < GoodShot {
			continue
		}
		if contains(s.Act.FiredAt, t) {
			score += 0.3 // concentrate on the target already under fire
		}
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	if best != nil {
		return s.boostFire(best.(Fire))
	}
	for _, a := range cands {
		if u, ok := a.(Unsuppress); ok && d.gunsInRange([]int{s.unitIndex(u.Unit)}, false) >= 0 {
			return a
		}
	}
	if !s.Act.MoveDone && d.gunsInRange(s.Act.Units, true) == 0 {
		if pm, ok := d.bestMove(s.Act.Units, s.Act.Dice, nil); ok && s.Validate(pm.m) == nil {
			return pm.m
		}
	}
	return EndActivation{}
}

func (s *State) doctrineOpp(cands []engine.Action) engine.Action {
	var best engine.Action
	bestScore := 0.0
	for _, a := range cands {
		if o, ok := a.(OppFire); ok {
			if score, ok := s.oppScore(o); ok && score > bestScore {
				best, bestScore = a, score
			}
		}
	}
	// A suppressed watcher can fire once a staff order removes its
	// suppression (ruling R59): worth it for a shot that beats the others
	// by the order's cost, dearer when it is the last order in hand.
	cost := 1.0
	if s.Sides[1-s.Active].Staff < 2 {
		cost = 2.0
	}
	for _, a := range cands {
		un, ok := a.(Unsuppress)
		if !ok || !un.Staff {
			continue
		}
		if score := s.freedShot(s.unitIndex(un.Unit)) - cost; score >= 1.5 && score > bestScore {
			best, bestScore = a, score
		}
	}
	if best != nil && bestScore >= 1.5 {
		return best
	}
	return OppPass{}
}

// freedShot is the score of the best opportunity shot suppressed watcher
// u would have in the open window with its suppression removed (0 if
// none).
func (s *State) freedShot(u int) float64 {
	un := &s.Units[u]
	un.Suppressed = false
	defer func() { un.Suppressed = true }()
	best := 0.0
	var buf [16]engine.Action
	for _, a := range s.oppCandidates(buf[:0]) {
		if o, ok := a.(OppFire); ok && o.Unit == un.ID && !o.Scoot && s.Validate(o) == nil {
			if score, ok := s.oppScore(o); ok {
				best = max(best, score)
			}
		}
	}
	return best
}

// oppScore values the opportunity shot o in the open window, as it would
// be taken there; ok is false for a shot out of range.
func (s *State) oppScore(o OppFire) (float64, bool) {
	w := s.Window
	u := s.unitIndex(o.Unit)
	tb := s.box(w.Target)
	if w.Kind == "move" {
		tb = s.moverBox(s.currentMover(), o.At)
	}
	band, _, in := RangeBand(s.stats(u), s.frame(u).Distance(tb.Frame()))
	if !in {
		return 0, false
	}
	saved := s.Units[w.Target].Pos
	savedH := s.Units[w.Target].Heading
	s.Units[w.Target].Pos, s.Units[w.Target].Heading = tb.Center, tb.Heading
	sh := PendingShot{Firer: u, Target: w.Target, Flank: s.flank(u, w.Target), AttackWild: 0}
	d, err := s.shotFor(&sh).Dice()
	s.Units[w.Target].Pos, s.Units[w.Target].Heading = saved, savedH
	if err != nil {
		return 0, false
	}
	score := s.shotValue(d, w.Target) * 2.5
	if s.Units[u].Hidden && band != BandShort {
		score -= 1.5 // ambushers wait for short range
	}
	if w.Kind == "fire" {
		// It is shooting at us anyway, and fire back lands with its
		// shot: a suppressed firer no longer threatens the rest of
		// the group.
		score += 0.5
		if d.InRange {
			score += 2.5 * 0.5 * dice.Opposed(d.AttackDice, d.AttackTN, d.ReactionDice, d.ReactionTN).PSup()
		}
	}
	return score, true
}

// threats counts enemy units that could answer the group with opportunity
// fire (readyEnemies: unfired, unsuppressed or free to be freed), in range
// of and seeing one of its units.
func (d *docCtx) threats(units []int) int {
	s := d.State
	n := 0
	for _, e := range d.readyEnemies() {
		st := s.stats(e)
		ef := s.frame(e)
		for _, u := range units {
			if ef.Within(s.frame(u), float64(st.Range[2])) && d.sees(e, u) {
				n++
				break
			}
		}
	}
	return n
}

// readyEnemies is State.readyEnemies for the side deciding, worked out
// once per decision.
//
// From rules revision 4 they include the suppressed enemy units that
// could fire but for their suppression while their side holds a staff
// order (ruling R59: such a unit opens the window, and its side may free
// it and fire). The enemy frees one for a good shot only, and one per
// order: see freeing.
func (d *docCtx) readyEnemies() []int {
	if d.readyOK {
		return d.ready
	}
	s := d.State
	d.ready = s.readyEnemies(d.Active, d.ready[:0])
	d.freeable = 0
	if staff := s.Sides[1-d.Active].Staff; s.Rev >= 4 && staff > 0 {
		for i := range s.Units {
			if s.readyButSuppressed(d.Active, i) == 1 {
				d.ready = append(d.ready, i)
				d.freeable++
			}
		}
		// The enemy's doctrine frees a watcher when its shot, valued
		// as doctrineOpp values it (2.5 times shotValue), beats the
		// order's cost by 1.5; the order costs 1, or 2 when it is the
		// last one in hand.
		cost := 1.0
		if staff < 2 {
			cost = 2
		}
		d.freeShot = (1.5 + cost) / 2.5
		d.freeWeight = min(1, float64(staff)/float64(d.freeable))
	}
	d.readyOK = true
	return d.ready
}

// freeing returns the least value of a shot that ready enemy unit e
// (readyEnemies) takes, and the weight of its share of a risk estimate:
// 0 and 1 for an unsuppressed unit. A suppressed one must first be freed
// with a staff order, which the enemy spends on a good shot only; when
// it has fewer orders than such units, each share counts for the orders
// over the units.
func (d *docCtx) freeing(e int) (least, weight float64) {
	if !d.Units[e].Suppressed {
		return 0, 1
	}
	return d.freeShot, d.freeWeight
}

// maxMove is the longest move a group of units can make with k dice.
func (s *State) maxMove(units []int, k int) float64 {
	fast := true
	for _, u := range units {
		fast = fast && s.stats(u).Move == MoveFast
	}
	v := 6.0
	if fast {
		v = 12
	}
	return float64(k) * (FixedMove + v)
}

// RiskStep is the spacing at which the doctrine checks a planned path for
// the enemy's opportunity fire.
const RiskStep = 2.0

// moveRisk is the doctrine's estimate of what a move costs in opportunity
// fire: for every ready enemy unit (readyEnemies), the value of its best
// shot at any of the group's units anywhere along their straight paths (to
// ends, at most reach inches, each unit facing its move), summed over the
// enemy units (each fires once); a suppressed one's shot counts only if
// worth a staff order, weighed by the orders the enemy holds (freeing).
// Units already seen by a ready enemy are shot at as soon as they move. It may return early, as soon as stop holds for the
// sum so far or for a lower bound of the full sum, with that sum or bound:
// stop must then hold for every larger sum (see estimateRisk).
func (d *docCtx) moveRisk(units []int, ends []geom.Point, reach float64, stop func(risk float64) bool) float64 {
	risk := d.estimateRisk(units, ends, reach, stop)
	if riskCheck != nil {
		fresh := d.State.newDoc(nil).estimateRisk(units, ends, reach, stop)
		riskCheck(d, slices.Clone(units), slices.Clone(ends), reach, // clones: units stays on the stack
			riskAnswer{risk, stop(risk)}, riskAnswer{fresh, stop(fresh)})
	}
	return risk
}

// riskCheck, when set (by tests), is shown every moveRisk question and
// answer, with the answer worked out afresh (with an empty memo, so by the
// plain rule: see estimateRisk).
var riskCheck func(d *docCtx, units []int, ends []geom.Point, reach float64, got, fresh riskAnswer)

// riskAnswer is an answer of moveRisk, and whether its stopping rule
// holds for it.
type riskAnswer struct {
	risk  float64
	stops bool
}

// estimateRisk is moveRisk.
//
// The enemy units' shares are worked out hottest first (the units whose
// shares were above 0 most lately, SightMemo.heat): a move too watched to
// take is then told so after fewer shares. The answer is still the plain
// rule's, the sum of the shares in the order of the ready list, stopped at
// the first partial sum for which stop holds, whenever that sum is reached
// with every share before it known. Otherwise it may stop sooner, with a
// lower bound of the full sum for which stop holds: stop then holds for
// the plain rule's answer too (it holds for every larger sum), and a
// caller that only acts on answers for which stop does not hold acts as
// it would on the plain rule's.
func (d *docCtx) estimateRisk(units []int, ends []geom.Point, reach float64, stop func(risk float64) bool) float64 {
	ready := d.readyEnemies()
	if len(ready) == 0 {
		return 0
	}
	// shares[i] is ready[i]'s share, NaN until worked out; the memo keeps
	// them for later questions about the same move.
	var memo *[]float64
	if !d.plain {
		memo = d.riskMemo(units, ends, reach, ready)
	}
	var shares []float64
	if memo != nil {
		if *memo == nil {
			*memo = unknownShares(nil, len(ready))
		}
		shares = *memo
	} else {
		d.shares = unknownShares(d.shares, len(ready))
		shares = d.shares
	}
	var heat []float64
	var order []int // the shares to work out, hottest first, once needed
	var steps []riskStep
	risk, j := 0.0, 0 // the plain rule's sum of shares[:j]
	for {
		for ; j < len(ready) && !math.IsNaN(shares[j]); j++ {
			risk += shares[j]
			if stop(risk) {
				return risk
			}
		}
		if j == len(ready) {
			return risk
		}
		// Every share known so far bounds the full sum from below. The
		// bound allows for the rounding of sums taken in another order:
		// each of up to n terms is off by at most n·2⁻⁵³ of the sum.
		known, more := risk, false
		for _, c := range shares[j:] {
			if c > 0 {
				known += c
				more = true
			}
		}
		if lb := known * (1 - 1e-12); more && stop(lb) {
			return lb
		}
		if order == nil { // the first share to work out here
			steps = d.riskSteps(units, ends, reach)
			heat = d.sight.heatOf(len(d.Units))
			if d.plain {
				heat = make([]float64, len(d.Units)) // in the ready list's order
			}
			order = d.hottest(ready, heat)
		}
		i := order[0]
		for !math.IsNaN(shares[i]) {
			order = order[1:]
			i = order[0]
		}
		order = order[1:]
		e := ready[i]
		c := d.enemyRisk(e, steps) // +0 or above: never NaN, which marks the shares not worked out
		shares[i] = c
		heat[e] *= riskHeatDecay
		if c > 0 {
			heat[e]++
		}
	}
}

// riskHeatDecay is how much of an enemy unit's heat (SightMemo.heat) is
// left each time its share of a risk estimate is worked out.
const riskHeatDecay = 0.9

// unknownShares returns buf resized to n shares, all unknown (NaN).
func unknownShares(buf []float64, n int) []float64 {
	buf = slices.Grow(buf[:0], n)[:n]
	for i := range buf {
		buf[i] = math.NaN()
	}
	return buf
}

// hottest returns the positions of ready's units, hottest first; of equal
// heat, in ready's order (in d.hot).
func (d *docCtx) hottest(ready []int, heat []float64) []int {
	order := d.hot[:0]
	for i := range ready {
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ { // insertion sort: stable, and the lists are short
		for k := i; k > 0 && heat[ready[order[k]]] > heat[ready[order[k-1]]]; k-- {
			order[k], order[k-1] = order[k-1], order[k]
		}
	}
	d.hot = order
	return order
}

// riskSteps returns the points of the group's paths that moveRisk checks
// (in d.steps).
func (d *docCtx) riskSteps(units []int, ends []geom.Point, reach float64) []riskStep {
	s := d.State
	steps := d.steps[:0]
	for i, u := range units {
		un := &s.Units[u]
		v := ends[i].Sub(un.Pos)
		l := min(v.Norm(), reach)
		if l < 0.1 {
			continue
		}
		h := v.Heading()
		dir := v.Normalize()
		n := int(math.Ceil(l / RiskStep))
		var f geom.Frame // the steps share a heading: Reframe saves the sines
		for k := 0; k <= n; k++ {
			mb := s.boxAt(u, un.Pos.Add(dir.Mul(l*float64(k)/float64(n))), h)
			r := s.b.radius[un.Type]
			f = f.Reframe(mb)
			steps = append(steps, riskStep{u: u, mb: mb, f: f, r: r, level: s.b.table.LevelAt(mb.Center), woods: s.inWoods(mb), hedge: s.nearHedge(mb, r)})
		}
	}
	d.steps = steps
	return steps
}

// enemyRisk is enemy unit e's share of moveRisk: the value of its best
// shot at any of steps it sees, or 0.
func (d *docCtx) enemyRisk(e int, steps []riskStep) float64 {
	s := d.State
	eb := s.box(e)
	ef := eb.Frame()
	re := s.b.radius[s.Units[e].Type]
	lv := s.b.table.LevelAt(eb.Center)
	fs := s.stats(e)
	rng := float64(fs.Range[2])
	// The share is the best value among the steps e sees. The terrain's
	// shadows rule out most steps cheaply, before any shot is valued;
	// the others are valued, and asked for line of sight from the most
	// valuable down, stopping at the first one seen.
	least, weight := d.freeing(e)
	var sc *screens
	shots := d.shots[:0]
	for i := range steps {
		st := &steps[i]
		c := eb.Center.Dist(st.mb.Center)
		if c-re-st.r > rng+1e-6 {
			continue // out of range by far (hull distance ≥ this)
		}
		dist := math.NaN() // the footprints' distance, once needed
		if c > rng {
			if dist = ef.Distance(st.f); dist > rng {
				continue // out of range (hull distance ≤ centre distance)
			}
		}
		if !s.fireArcOK(e, eb, st.mb.Center) {
			continue
		}
		if sc == nil {
			sc = d.sight.screensFrom(s, eb) // the terrain's shadows from e
		}
		if sc.hidesFrame(st.f, st.level, st.r) {
			if screenCheck != nil {
				screenCheck("moveRisk", s, e, eb, st.u, st.mb)
			}
			continue
		}
		// shotFor with st.u standing at st.mb.
		if math.IsNaN(dist) {
			if dist = sameBand(fs, c-re-st.r, c); math.IsNaN(dist) {
				dist = ef.Distance(st.f)
			}
		}
		shot := Shot{
			Firer:            s.b.types[s.Units[e].Type],
			Target:           s.b.types[s.Units[st.u].Type],
			Range:            dist,
			Flank:            st.f.Behind(ef),
			Cover:            st.woods || st.hedge && s.behindHedge(st.mb, eb.Center),
			Uphill:           st.level > lv,
			TargetSuppressed: s.Units[st.u].Suppressed,
		}
		sd, err := shot.Dice()
		if err != nil {
			continue
		}
		if v := s.shotValue(sd, st.u); v > 0 && v >= least {
			shots = append(shots, riskShot{i, v})
		}
	}
	d.shots = shots
	slices.SortFunc(shots, func(a, b riskShot) int { return cmp.Compare(b.v, a.v) })
	for _, sh := range shots {
		st := &steps[sh.step]
		if d.sightOf(e).seesAfter(e, eb, st.u, st.mb, true) { // screened above
			return sh.v * weight
		}
	}
	return 0
}

// seesBox is canSeeBox, remembered.
func (d *docCtx) seesBox(a int, fa geom.Box, b int, fb geom.Box) bool {
	return d.sightOf(a).sees(a, fa, b, fb)
}

// sightOf answers canSeeBox for viewer a's side from d's memo, in this
// decision's environment.
func (d *docCtx) sightOf(a int) sideSight {
	return sideSight{s: d.State, m: d.sight, gen: d.gen, env: d.env[d.Units[a].Side]}
}

// sameBand returns a distance in the same range band of stats (RangeBand)
// as every distance from lo to hi, or NaN when a band's edge lies between
// them. Two footprints whose centres are c apart, with bounding radii r1
// and r2, are from c-r1-r2 to c apart: the band then often follows
// without the exact distance. A margin of 1e-9 keeps rounding from
// settling a band the exact distance would not.
func sameBand(stats *UnitStats, lo, hi float64) float64 {
	if len(stats.Range) != 3 || stats.OffTable() {
		return math.NaN()
	}
	below := math.Inf(-1) // the band's lower edge
	for _, r := range stats.Range {
		edge := float64(r)
		if hi <= edge-1e-9 {
			if lo > below+1e-9 {
				return hi
			}
			return math.NaN()
		}
		below = edge
	}
	return math.NaN()
}

// riskStep is one point of a planned path that moveRisk checks: the
// unit's footprint there, its frame and bounding radius, the level and
// whether it is in a wood or near a hedge.
type riskStep struct {
	u     int
	mb    geom.Box
	f     geom.Frame
	r     float64
	level int
	woods bool
	hedge bool
}

// riskShot is an enemy unit's shot at a riskStep, worth v.
type riskShot struct {
	step int
	v    float64
}

// plannedMove is a group move the doctrine considers.
type plannedMove struct {
	m       Move
	risk    float64
	score   float64
	covered bool
}

// shiftUnits moves every unit the same distance toward target (keeping the
// formation), as shiftGroup does for the activated group: it appends to dst
// where each unit on the table ends, in order (see moveTo).
func (s *State) shiftUnits(dst []geom.Point, units []int, leader int, target geom.Point, dist float64) ([]geom.Point, bool) {
	lp := s.Units[leader].Pos
	v := target.Sub(lp)
	if v.Norm() < 1 || dist < 0.5 {
		return dst, false
	}
	dist = min(dist, v.Norm()-3)
	if dist < 0.5 {
		return dst, false
	}
	off := v.Normalize().Mul(dist)
	n := len(dst)
	for _, u := range units {
		un := &s.Units[u]
		if !un.Active() {
			continue
		}
		p := un.Pos.Add(off)
		p.X = math.Max(1.5, math.Min(s.b.table.Width()-1.5, p.X))
		p.Y = math.Max(1.5, math.Min(s.b.table.Height()-1.5, p.Y))
		dst = append(dst, geom.Point{X: round2(p.X), Y: round2(p.Y)})
	}
	return dst, len(dst) > n
}

// moveTo is the move that takes units on the table to ends (shiftUnits).
// The units farthest ahead along the move go first, so that none is
// stopped short of a unit of the group that has yet to move.
func (s *State) moveTo(units []int, ends []geom.Point) Move {
	type keyed struct {
		um    UnitMove
		ahead float64 // how far ahead of its start along the move
	}
	ks := make([]keyed, 0, len(ends))
	for _, u := range units {
		un := &s.Units[u]
		if !un.Active() {
			continue
		}
		p := ends[len(ks)]
		ks = append(ks, keyed{UnitMove{Unit: un.ID, To: [][2]float64{{p.X, p.Y}}}, un.Pos.Dot(p.Sub(un.Pos))})
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(b.ahead, a.ahead) })
	m := Move{Units: make([]UnitMove, len(ks))}
	for i, k := range ks {
		m.Units[i] = k.um
	}
	return m
}

// cohesive reports whether every mover ends within 6" of the group
// leader's end (where it stands if it does not move), as the rules
// require of a group's move (ruling R11).
func (s *State) cohesive(leader int, movers []int, ends []geom.Point) bool {
	lp := s.Units[leader].Pos
	if i := slices.Index(movers, leader); i >= 0 {
		lp = ends[i]
	}
	for i, u := range movers {
		if u != leader && !s.endsNearLeader(u, ends[i], lp) {
			return false
		}
	}
	return true
}

// backwards reports whether one of the movers would set off backwards to
// its end (more than 90° from its facing), which the rules allow only on
// a single move (Sideways and Backwards Movement).
func (s *State) backwards(movers []int, ends []geom.Point) bool {
	for i, u := range movers {
		un := &s.Units[u]
		if v := ends[i].Sub(un.Pos); v.Norm() > 1e-9 && geom.AngleBetween(v.Heading(), un.Heading) > geom.Deg(90)+1e-9 {
			return true
		}
	}
	return false
}

// endsBlocked reports whether one of the movers, moved to ends facing
// heading, would end on a unit outside the group that the side knows of
// (its own, and enemies not hidden): the rules stop it short there, so
// the plan would not be carried out.
func (s *State) endsBlocked(movers []int, ends []geom.Point, heading geom.Angle) bool {
	for i, u := range movers {
		if s.overlaps(u, s.boxAt(u, ends[i], heading), false, movers) >= 0 {
			return true
		}
	}
	return false
}

// RiskOK is the most opportunity fire (expected disruption) the doctrine
// accepts for a move early in the battle; a move watched by more waits for
// the enemy's guns to fire.
const RiskOK = 0.3

// riskOK is the opportunity fire the doctrine accepts for a move this
// turn: RiskOK while any of the side's units sees an enemy, or until
// StandOffTurn; with no enemy in sight after that, 0.3 more each turn, so
// that two careful commanders out of each other's sight do not wait out
// the battle. After ForceTurn it accepts 0.2 more each turn even with the
// enemy in sight: two commanders watching each other from cover must also
// come to a decision.
func (d *docCtx) riskOK() float64 {
	s := d.State
	if s.Turn <= StandOffTurn {
		return RiskOK
	}
	force := 0.0
	if s.Turn > ForceTurn {
		force = 0.2 * float64(s.Turn-ForceTurn)
	}
	for _, u := range s.unitsOf(s.Active) {
		if len(d.visible(u)) > 0 {
			return RiskOK + force
		}
	}
	return RiskOK + max(force, 0.3*float64(s.Turn-StandOffTurn))
}

// StandOffTurn is the last turn the doctrine waits for watched ground to
// clear before it starts to accept more risk to close with an enemy out of
// sight.
const StandOffTurn = 15

// ForceTurn is the last turn the doctrine waits before it starts to
// accept more risk to close with an enemy in sight.
const ForceTurn = 30

// bestMove returns the move the doctrine would make with the group: of a
// bound to the wood ahead, moves toward the enemy (straight or oblique)
// and a move into the nearest wood, the one that gains most ground and
// cover for the least opportunity fire; none if every move is watched by
// ready enemy guns or gains nothing.
//
// A caller that needs only a good enough move passes useful, the scores of
// use to it: it must be monotone (useful(x) and y >= x imply useful(y)).
// bestMove may then give up early on moves that cannot score that much:
// it returns exactly the unbounded search's move when that move's score is
// of use, and nothing otherwise. useful nil means every score is.
func (d *docCtx) bestMove(units []int, k int, useful func(score float64) bool) (plannedMove, bool) {
	defer d.keep()()
	var g groupPlans
	if !d.planMoves(units, k, &g) {
		return plannedMove{}, false
	}
	best, bestIdx, bestEnds := plannedMove{score: math.Inf(-1)}, g.opts, []geom.Point(nil)
	better := func(score float64, idx int) bool {
		return (score > best.score || score == best.score && idx < bestIdx) && (useful == nil || useful(score))
	}
	limit := d.riskOK()
	for i := range g.plans {
		p := &g.plans[i]
		if !better(g.score(p, 0), p.idx) {
			continue // not better than the best even if unwatched
		}
		// More risk never scores better, so moveRisk may stop as soon as
		// the move is too watched or cannot beat the best.
		risk := d.moveRisk(g.movers, p.ends, g.reach, func(risk float64) bool { return risk > limit || !better(g.score(p, risk), p.idx) })
		if risk > limit {
			continue
		}
		if score := g.score(p, risk); better(score, p.idx) {
			best, bestIdx, bestEnds = plannedMove{risk: risk, score: score, covered: p.covered}, p.idx, p.ends
		}
	}
	if bestEnds == nil {
		return best, false
	}
	best.m = d.moveTo(g.movers, bestEnds)
	return best, true
}

// groupPlans is what bestMove weighs for a group (planMoves): the units
// that can move, how far, and the moves planned for them.
type groupPlans struct {
	movers      []int
	reach       float64
	hereCovered bool
	opts        int // how many options were tried: no option's index
	plans       []groupMove
}

// groupMove is one planned group move: where the movers end, the ground
// the leader gains, whether it ends in a wood, and the index of its
// option (of equal scores the earliest option wins).
type groupMove struct {
	ends     []geom.Point
	progress float64
	covered  bool
	idx      int
}

// score is plan p's score at risk; it never grows with the risk, so
// score(p, 0) bounds it.
func (g *groupPlans) score(p *groupMove, risk float64) float64 {
	score := 0.1*p.progress - 3*risk
	if p.covered {
		score++
	}
	if g.hereCovered && !p.covered {
		score -= 0.5
	}
	return score
}

// keep returns a function that gives planMoves' buffers back as they are
// now: what was planned since is then forgotten.
func (d *docCtx) keep() func() {
	movers, ends, plans := len(d.movers), len(d.ends), len(d.plans)
	return func() { d.movers, d.ends, d.plans = d.movers[:movers], d.ends[:ends], d.plans[:plans] }
}

// planMoves fills in g with the moves bestMove weighs for the group with
// k dice, most promising first (by their score if unwatched; of equal
// scores, in the order of the options), and reports whether there are
// any. g's lists live in d's buffers until given back (keep).
func (d *docCtx) planMoves(units []int, k int, g *groupPlans) bool {
	s := d.State
	n0 := len(d.movers)
	movers := d.movers
	for _, u := range units {
		un := &s.Units[u]
		if !un.Active() || un.BrokeDown != 0 || un.Repaired == s.Turn {
			continue
		}
		if act := s.Act; act != nil && act.index(u) >= 0 && act.Moved[act.index(u)] {
			continue
		}
		if u != units[0] && len(movers) > n0 && movers[n0] == units[0] && !s.endsNearLeader(u, un.Pos, s.Units[units[0]].Pos) {
			continue // too far from the leader to keep within 6" of it: it stays
		}
		movers = append(movers, u)
	}
	d.movers = movers
	movers = movers[n0:len(movers):len(movers)]
	if len(movers) == 0 {
		return false
	}
	leader := movers[0]
	lp := s.Units[leader].Pos
	goal := d.boundGoal(leader)
	reach := s.maxMove(movers, k)
	typical := float64(k) * (FixedMove + 3.5)
	if reach > 12*float64(k) {
		typical = float64(k) * (FixedMove + 7)
	}
	type option struct {
		to   geom.Point
		dist float64
	}
	var optBuf [8]option
	opts := optBuf[:0]
	if wd, ok := s.woodAhead(leader, goal); ok {
		opts = append(opts, option{wd, lp.Dist(wd)})
	}
	if w, ok := s.nearestWood(leader); ok {
		opts = append(opts, option{w, lp.Dist(w)})
	}
	dir := goal.Sub(lp)
	for _, turn := range []float64{0, 35, -35, 70, -70} {
		v := geom.Dir(dir.Heading() + geom.Deg(turn)).Mul(typical + 3)
		opts = append(opts, option{lp.Add(v), typical})
		if turn == 0 {
			opts = append(opts, option{lp.Add(v), 4})
		}
	}
	hereD := lp.Dist(goal)
	hereCovered := s.inWoods(s.box(leader))
	// Score every option as if unwatched first, which bounds its score;
	// then weigh the risk of the most promising first, so that moveRisk
	// can give up on the others as soon as they cannot beat the best.
	// Of equal scores the earliest option wins, as if taken in turn.
	*g = groupPlans{movers: movers, reach: reach, hereCovered: hereCovered, opts: len(opts)}
	p0 := len(d.plans)
	plans := d.plans
	buf := d.ends // every option's ends
	defer func() { d.ends = buf }()
	for i, o := range opts {
		n := len(buf)
		var ok bool
		if buf, ok = s.shiftUnits(buf, movers, leader, o.to, o.dist); !ok {
			continue
		}
		ends := buf[n:len(buf):len(buf)]
		v := ends[0].Sub(lp)
		if !s.cohesive(units[0], movers, ends) {
			continue // the group would end too spread out
		}
		if k > 1 && s.backwards(movers, ends) {
			continue // only a single move may go backwards
		}
		if s.endsBlocked(movers, ends, v.Heading()) {
			continue // a unit would stop short of another and stay put
		}
		lend := ends[0]
		if v.Norm() > typical {
			lend = lp.Add(v.Normalize().Mul(typical))
		}
		progress := hereD - lend.Dist(goal)
		covered := s.inWoods(s.boxAt(leader, lend, v.Heading()))
		if progress < 0.5 && !(covered && !hereCovered) {
			continue
		}
		plans = append(plans, groupMove{ends: ends, progress: progress, covered: covered, idx: i})
	}
	d.plans = plans
	g.plans = plans[p0:len(plans):len(plans)]
	slices.SortStableFunc(g.plans, func(a, b groupMove) int { return cmp.Compare(g.score(&b, 0), g.score(&a, 0)) })
	return len(g.plans) > 0
}

// woodAhead returns the centre of the wood that brings unit u closest to
// goal without crossing open ground for long (boundMove's choice).
func (s *State) woodAhead(u int, goal geom.Point) (geom.Point, bool) {
	lp := s.Units[u].Pos
	here := lp.Dist(goal)
	best, bestScore := geom.Point{}, math.Inf(1)
	for _, w := range s.b.woods {
		if w.f.Area.Contains(lp) {
			continue
		}
		c := w.centre
		if c.Dist(goal) >= here-2 {
			continue // not forward
		}
		if score := lp.Dist(c) + 0.5*c.Dist(goal); score < bestScore {
			best, bestScore = c, score
		}
	}
	return best, !math.IsInf(bestScore, 1) && lp.Dist(best) < 30
}
