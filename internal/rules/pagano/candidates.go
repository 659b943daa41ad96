package pagano

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
)

// Candidates appends a small set of sensible legal actions for the pending
// decision: the options agents search over. Every candidate passes
// Validate; there is at least one unless the game is over.
func (s *State) Candidates(dst []engine.Action) []engine.Action {
	if s.Over {
		return dst
	}
	base := len(dst)
	kind := s.pending().Kind
	switch kind {
	case KindDeploy:
		dst = s.deployCandidates(dst)
	case KindReady:
		dst = append(dst, Begin{})
	case KindFire:
		dst = s.fireCandidates(dst)
	case KindMove:
		dst = s.moveCandidates(dst)
	case KindAmbush:
		dst = s.ambushCandidates(dst)
	}
	// Keep only what validates (candidates are generated loosely), but
	// for moves, which moveCandidates validates as it makes them.
	out := dst
	if kind != KindMove {
		out = dst[:base]
		for _, a := range dst[base:] {
			if s.Validate(a) == nil {
				out = append(out, a)
			}
		}
	}
	if len(out) == base {
		switch kind {
		case KindMove:
			out = append(out, EndMovement{})
		case KindFire:
			out = append(out, HoldFire{})
		case KindAmbush:
			out = append(out, AmbushPass{})
		}
	}
	return out
}

// Sample draws one of the candidates uniformly at random
// (engine.Sampler). For a movement decision it works out and validates
// only the options it draws (sampleMove), where Candidates validates them
// all; otherwise it lists the candidates and picks one.
func (s *State) Sample(pick func(n int) int, buf []engine.Action) (engine.Action, []engine.Action) {
	if !s.Over && s.pending().Kind == KindMove {
		if a := s.sampleMove(pick); a != nil {
			return a, buf
		}
		return EndMovement{}, buf // as Candidates offers when nothing validates
	}
	buf = s.Candidates(buf[:0])
	if len(buf) == 0 {
		return nil, buf
	}
	return buf[pick(len(buf))], buf
}

// nextToDeploy returns the deploying side's first vehicle not yet
// placed, or -1.
func (s *State) nextToDeploy() int {
	for i := range s.Units {
		if s.Units[i].Side == s.Deployer && !s.Units[i].Placed {
			return i
		}
	}
	return -1
}

func (s *State) deployCandidates(dst []engine.Action) []engine.Action {
	u := s.nextToDeploy()
	if u < 0 {
		return dst
	}
	facing := s.b.towardEnemy(s.Deployer)
	var spots []geom.Point
	for _, z := range s.b.sides[s.Deployer].zones {
		r := z.Bounds()
		for _, y := range []float64{r.Center().Y} {
			for x := r.Min.X + 2; x <= r.Max.X-2; x += 2 {
				p := geom.Point{X: x, Y: y}
				if s.deployFree(u, p, facing) {
					spots = append(spots, p)
				}
			}
		}
	}
	// Off the middle row (a narrow zone, an odd shape, a building or
	// units in the way): look over the whole zone, by the inch, then by
	// the quarter inch.
	for _, step := range []float64{1, 0.25} {
		if len(spots) > 0 {
			break
		}
		for _, z := range s.b.sides[s.Deployer].zones {
			for p := range z.Bounds().Grid(step) {
				if s.deployFree(u, p, facing) {
					spots = append(spots, p)
				}
			}
		}
	}
	n := len(spots)
	k := min(8, n)
	for i := 0; i < k; i++ {
		p := spots[i*n/k]
		dst = append(dst, Deploy{Unit: s.Units[u].ID, X: p.X, Y: p.Y, Facing: round2(facing.Degrees())})
	}
	return dst
}

// deployFree reports whether unit u may set up at p facing h: wholly in
// its side's zone, on no other unit and in no building.
func (s *State) deployFree(u int, p geom.Point, h geom.Angle) bool {
	b := s.boxAt(u, p, h)
	return s.b.inZone(s.Units[u].Side, b) && s.overlapping(u, b) < 0 && s.inBuilding(b) == nil
}

// Stuck says why the rules offer no action for the pending decision, or
// "" if they offer some: only a set-up can run out of choices, when the
// next vehicle to deploy has no free spot left in its side's zones.
func (s *State) Stuck() string {
	if s.pending().Kind != KindDeploy || len(s.Candidates(nil)) > 0 {
		return ""
	}
	if u := s.nextToDeploy(); u >= 0 {
		un := &s.Units[u]
		ut := s.b.types[un.Type]
		return fmt.Sprintf("there is no room left in %s's deployment zones for %s (%g×%g\"): no spot wholly inside a zone, clear of the vehicles already placed and of buildings; make the zones larger or set fewer vehicles up", s.b.sides[s.Deployer].id, un.ID, ut.Footprint.Length, ut.Footprint.Width)
	}
	return ""
}

// fireCandidates offers: hold fire; every loaded vehicle at its best
// target; everyone who can at the single most exposed target; and the best
// single shot alone.
func (s *State) fireCandidates(dst []engine.Action) []engine.Action {
	dst = append(dst, HoldFire{})
	side := s.pending().Side
	// opt is a shot of u at t worth v; a vehicle's best shot keeps where
	// its shots lie in opts, [from, to).
	type opt struct {
		u, t     int
		v        float64
		from, to int
	}
	var optBuf, bestBuf [32]opt
	var byBuf [64]float64
	var hasBuf [64]bool
	opts, best := optBuf[:0], bestBuf[:0]
	// What each target's shots are worth, summed, and which have any.
	var byTarget []float64
	var hasTarget []bool
	if n := len(s.Units); n <= len(byBuf) {
		byTarget, hasTarget = byBuf[:n], hasBuf[:n]
	} else {
		byTarget, hasTarget = make([]float64, n), make([]bool, n)
	}
	for u := range s.Units {
		if s.Units[u].Side != side || s.fireBar(u) != barNone {
			continue
		}
		bo := opt{u: u, t: -1, from: len(opts)}
		s.eachTarget(u, func(t int) bool {
			v := s.shotValue(u, t, false)
			opts = append(opts, opt{u: u, t: t, v: v})
			byTarget[t] += v
			hasTarget[t] = true
			if bo.t < 0 || v > bo.v {
				bo.t, bo.v = t, v
			}
			return true
		})
		bo.to = len(opts)
		if bo.t >= 0 {
			best = append(best, bo)
		}
	}
	if len(best) == 0 {
		return dst
	}
	slices.SortStableFunc(best, func(a, b opt) int { return cmp.Compare(b.v, a.v) })
	all := Fire{Shots: make([]Shot, 0, len(best))}
	for _, b := range best {
		all.Shots = append(all.Shots, Shot{Unit: s.Units[b.u].ID, Target: s.Units[b.t].ID})
	}
	dst = append(dst, all)
	// The most exposed target: the greatest sum, the first of equals.
	focus, fv := -1, -1.0
	for t, v := range byTarget {
		if hasTarget[t] && v > fv {
			focus, fv = t, v
		}
	}
	var f Fire
	for _, b := range best {
		for _, o := range opts[b.from:b.to] {
			if o.t == focus {
				if f.Shots == nil {
					f.Shots = make([]Shot, 0, len(best))
				}
				f.Shots = append(f.Shots, Shot{Unit: s.Units[b.u].ID, Target: s.Units[focus].ID})
			}
		}
	}
	if len(f.Shots) > 0 && (len(f.Shots) != len(all.Shots) || f.Shots[0] != all.Shots[0]) {
		dst = append(dst, f)
	}
	if len(best) > 1 {
		dst = append(dst, Fire{Shots: all.Shots[:1]})
	}
	return dst
}

// nearestEnemy returns the closest enemy vehicle in action, or -1.
func (s *State) nearestEnemy(u int) int {
	best, bd := -1, math.Inf(1)
	p := s.Units[u].Pos
	for e := range s.Units {
		if s.Units[e].Side == s.Units[u].Side || !s.Units[e].Active() {
			continue
		}
		if d := s.Units[e].Pos.Dist(p); d < bd {
			best, bd = e, d
		}
	}
	return best
}

// moveCandidates offers options for the first vehicle of the side that has
// yet to act: hold (turret or hull toward the nearest enemy), advance on
// the nearest enemy (a full move stopping or staying in motion, a half
// move), take a hull-down position on a hill crest facing the enemy, take
// cover at a wood's edge, or swing out to either flank. A retreating
// vehicle heads for its safe edge. Each option is validated here, as it
// is made.
func (s *State) moveCandidates(dst []engine.Action) []engine.Action {
	var mo moveOptions
	s.listMoveOptions(&mo)
	for i := range mo.n {
		if a, ok := s.moveOption(&mo, i); ok {
			dst = append(dst, a)
		}
	}
	return dst
}

// sampleMove returns one of moveCandidates' actions drawn uniformly at
// random with pick, working out only the options it draws: it draws among
// the options left and drops each that fails, so each valid one is as
// likely as any other. It returns nil when none is valid.
func (s *State) sampleMove(pick func(n int) int) engine.Action {
	var mo moveOptions
	s.listMoveOptions(&mo)
	var a engine.Action
	engine.DrawValid(mo.n, pick, func(i int) bool {
		b, ok := s.moveOption(&mo, i)
		if ok {
			a = b
		}
		return ok
	})
	return a
}

// moveOptions are the options moveCandidates offers, before they are
// worked out and validated (moveOption).
type moveOptions struct {
	u      int
	budget float64
	toward geom.Angle
	opts   [10]moveOpt
	n      int
}

// moveOpt is one option: an action to validate as it is (end movement,
// or hold with the turret or hull turned toward the enemy), a move
// straight toward target (line), or one to a crest or a wood's edge found
// when asked (spot).
type moveOpt struct {
	kind   optKind
	turn   holdTurn // hold: what turns toward the enemy
	target geom.Point
	max    float64
	stop   bool
	face   geom.Angle
}

// optKind is the kind of a moveOpt.
type optKind uint8

const (
	optLine optKind = iota
	optEnd
	optHold
	optCrest
	optWoods
)

// holdTurn is what a hold turns toward the enemy.
type holdTurn uint8

const (
	turnNothing holdTurn = iota
	turnTurret
	turnHull
)

func (mo *moveOptions) add(o moveOpt) {
	mo.opts[mo.n] = o
	mo.n++
}

// listMoveOptions fills mo with moveCandidates' options, in order.
func (s *State) listMoveOptions(mo *moveOptions) {
	side := s.pending().Side
	u := -1
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Active() && !s.Units[i].Done {
			u = i
			break
		}
	}
	mo.u = u
	if u < 0 {
		mo.add(moveOpt{kind: optEnd})
		return
	}
	un := &s.Units[u]
	e := s.nearestEnemy(u)
	if e >= 0 {
		mo.toward = s.Units[e].Pos.Sub(un.Pos).Heading()
	} else {
		mo.toward = s.b.towardEnemy(side)
	}
	toward := mo.toward
	hold := moveOpt{kind: optHold}
	switch {
	case un.Stunned:
	case s.stats(u).Mount == MountTurret:
		hold.turn = turnTurret
	case !un.Immobile:
		hold.turn = turnHull
	}
	mo.add(hold)
	if un.Stunned || un.Immobile {
		return
	}
	if mo.budget = s.budget(u); mo.budget <= 0 {
		return
	}
	if un.Retreat {
		mo.add(moveOpt{target: s.b.edgePoint(side, un.Pos), max: math.Inf(1)})
		return
	}
	if e >= 0 {
		ep := s.Units[e].Pos
		gap := math.Max(0, un.Pos.Dist(ep)-6)
		mo.add(moveOpt{target: ep, max: gap, stop: true, face: toward})
		mo.add(moveOpt{target: ep, max: gap, face: toward})
		mo.add(moveOpt{target: ep, max: gap / 2, stop: true, face: toward})
		for _, side := range []float64{60, -60} {
			dir := toward + geom.Deg(side)
			mo.add(moveOpt{target: un.Pos.Add(geom.Dir(dir).Mul(20)), max: 20, stop: true, face: toward})
		}
	}
	mo.add(moveOpt{kind: optCrest})
	mo.add(moveOpt{kind: optWoods})
}

// degrees returns a rounded to hundredths of a degree, for an action.
func degrees(a geom.Angle) *float64 { d := round2(a.Normalized().Degrees()); return &d }

// moveOption works option i of mo out: the action, and whether it is
// valid.
func (s *State) moveOption(mo *moveOptions, i int) (engine.Action, bool) {
	o := &mo.opts[i]
	var spot func(int, geom.Angle) (geom.Point, geom.Angle, bool)
	switch o.kind {
	case optEnd:
		return EndMovement{}, s.Validate(EndMovement{}) == nil
	case optHold:
		h := Hold{Unit: s.Units[mo.u].ID}
		switch o.turn {
		case turnTurret:
			h.Turret = degrees(mo.toward)
		case turnHull:
			h.Facing = degrees(mo.toward)
		}
		return h, s.Validate(h) == nil
	case optCrest:
		spot = s.crestSpot
	case optWoods:
		spot = s.woodsSpot
	default:
		return s.moveLine(mo, o.target, o.max, o.stop, o.face)
	}
	p, face, ok := spot(mo.u, mo.toward)
	if !ok {
		return nil, false
	}
	return s.moveLine(mo, p, math.Inf(1), true, face)
}

// moveLine returns a move of mo's vehicle straight toward target, as far
// as its budget allows (and at most max inches), or false. It tries each
// move with its point and directions in the state's moveTrial, and
// copies only the legal one into an action of its own.
func (s *State) moveLine(mo *moveOptions, target geom.Point, max float64, stop bool, face geom.Angle) (engine.Action, bool) {
	u := mo.u
	un := &s.Units[u]
	v := target.Sub(un.Pos)
	dist := math.Min(v.Norm(), max)
	if dist < 0.5 {
		return nil, false
	}
	end := un.Pos.Add(v.Normalize().Mul(dist))
	end.X = math.Max(0, math.Min(s.b.table.Width(), end.X))
	end.Y = math.Max(0, math.Min(s.b.table.Height(), end.Y))
	line := [2]geom.Point{un.Pos, end}
	r := s.reach(line[:], mo.budget)
	turret := s.stats(u).Mount == MountTurret
	t := &s.checked.trial
	for _, frac := range []float64{1, 0.7, 0.4} {
		d := r * frac
		if d < 0.5 {
			break
		}
		p := un.Pos.Add(end.Sub(un.Pos).Normalize().Mul(d))
		t.to[0] = [2]float64{p.X, p.Y}
		m := Move{Unit: un.ID, To: t.to[:], Stop: stop}
		if stop {
			t.facing = round2(face.Normalized().Degrees())
			m.Facing = &t.facing
		}
		if turret {
			t.turret = round2(s.enemyDir(u, p, face).Normalized().Degrees())
			m.Turret = &t.turret
		}
		if s.validateMove(m) == nil {
			m.To = [][2]float64{t.to[0]}
			if m.Facing != nil {
				f := t.facing
				m.Facing = &f
			}
			if m.Turret != nil {
				tu := t.turret
				m.Turret = &tu
			}
			return m, true
		}
	}
	return nil, false
}

// moveTrial holds the point and directions of a move moveLine tries,
// until it is found legal and copied into an action of its own: Go's
// escape analysis would put them on the heap for every try.
type moveTrial struct {
	to             [1][2]float64
	facing, turret float64
}

// enemyDir returns the direction from p to the nearest enemy of unit u,
// or def.
func (s *State) enemyDir(u int, p geom.Point, def geom.Angle) geom.Angle {
	best, bd := def, math.Inf(1)
	for e := range s.Units {
		if s.Units[e].Side == s.Units[u].Side || !s.Units[e].Active() {
			continue
		}
		if d := s.Units[e].Pos.Dist(p); d < bd {
			best, bd = s.Units[e].Pos.Sub(p).Heading(), d
		}
	}
	return best
}

// edgeSample is a point on the boundary of an area feature with the
// outward normal there.
type edgeSample struct {
	p, out geom.Point
	level  int
}

var edgeCache sync.Map // *board → map[string][]edgeSample

// edges returns samples every inch along the boundaries of the board's
// features of the given kind.
func (b *board) edges(kind string) []edgeSample {
	var m *sync.Map
	if v, ok := edgeCache.Load(b); ok {
		m = v.(*sync.Map)
	} else {
		v, _ := edgeCache.LoadOrStore(b, new(sync.Map))
		m = v.(*sync.Map)
	}
	if v, ok := m.Load(kind); ok {
		return v.([]edgeSample)
	}
	var out []edgeSample
	for _, f := range b.table.Features() {
		if f.Kind != kind || len(f.Area) < 3 {
			continue
		}
		sign := 1.0
		if f.Area.SignedArea() < 0 {
			sign = -1
		}
		for i := range f.Area {
			e := f.Area.Edge(i)
			l := e.Length()
			if l == 0 {
				continue
			}
			d := e.B.Sub(e.A).Mul(1 / l)
			n := geom.Point{X: d.Y * sign, Y: -d.X * sign}
			for t := 0.5; t < l; t += 1 {
				out = append(out, edgeSample{p: e.A.Add(d.Mul(t)), out: n, level: f.Level})
			}
		}
	}
	v, _ := m.LoadOrStore(kind, out)
	return v.([]edgeSample)
}

// crestSpot returns a hull-down position for unit u: just inside the edge
// of a hill whose edge faces the enemy (direction toward), with the front
// of the hull 3/4" in from the edge, facing out.
func (s *State) crestSpot(u int, toward geom.Angle) (geom.Point, geom.Angle, bool) {
	return s.edgeSpot(u, toward, table.KindHill, 0.75)
}

// woodsSpot returns a position just inside the edge of a wood facing the
// enemy, the front of the hull 1/4" in from the edge.
func (s *State) woodsSpot(u int, toward geom.Angle) (geom.Point, geom.Angle, bool) {
	return s.edgeSpot(u, toward, table.KindWoods, 0.25)
}

func (s *State) edgeSpot(u int, toward geom.Angle, kind string, depth float64) (geom.Point, geom.Angle, bool) {
	un := &s.Units[u]
	half := s.b.types[un.Type].Footprint.Length / 2
	dir := geom.Dir(toward)
	best, bd := geom.Point{}, math.Inf(1)
	var face geom.Angle
	reach := float64(s.stats(u).MP) * 1.2
	for _, es := range s.b.edges(kind) {
		if es.out.Dot(dir) < 0.6 {
			continue
		}
		p := es.p.Sub(es.out.Mul(depth + half))
		d := p.Dist(un.Pos)
		if d > reach || d >= bd || d < 0.5 {
			continue
		}
		if kind == table.KindHill && s.b.table.LevelAt(p) != es.level {
			continue
		}
		best, bd, face = p, d, es.out.Heading()
	}
	return best, face, !math.IsInf(bd, 1)
}

func (s *State) ambushCandidates(dst []engine.Action) []engine.Action {
	dst = append(dst, AmbushPass{})
	m := s.Move
	for _, sp := range m.Spans {
		if !s.ambushEligible(sp.Unit) || sp.To < m.At {
			continue
		}
		id := s.Units[sp.Unit].ID
		from := math.Max(sp.From, m.At)
		dst = append(dst, Ambush{Unit: id, At: from})
		if sp.To > from {
			dst = append(dst, Ambush{Unit: id, At: sp.To})
		}
	}
	return dst
}
