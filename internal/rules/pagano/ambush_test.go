package pagano

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// TestAmbushSpansMatchReference checks the ambush spans of every move
// chosen in random games of each Pagano scenario (those that open no
// window too: a move without spans ends within Apply), started on a copy
// of the state with the game's sight memo and on one without, against
// referenceAmbushSpans, which asks every eligible enemy at every step of
// the path the plain way (no shortcut past the hulls' exact range).
func TestAmbushSpansMatchReference(t *testing.T) {
	games := 20
	if testing.Short() {
		games = 4
	}
	moves, spans := 0, 0
	eachRandomMove(t, games, func(where string, s *State, memo *any, mv Move) {
		var want []Span
		for k, withMemo := range []bool{false, true} {
			c := s.clone() // no memo
			if withMemo {
				c.WithMemo(memo)
			}
			p, err := c.planMove(mv)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			c.startMove(p, engine.Discard)
			if k == 0 {
				want = referenceAmbushSpans(c, c.Move.Unit, c.Move)
			}
			if got := c.Move.Spans; !reflect.DeepEqual(got, want) {
				t.Fatalf("%s (memo %v): spans %+v, want %+v", where, withMemo, got, want)
			}
		}
		moves++
		spans += len(want)
	})
	if moves == 0 || spans == 0 {
		t.Fatalf("%d moves, %d spans: the test proves nothing", moves, spans)
	}
	t.Logf("%d moves, %d ambush spans", moves, spans)
}

// eachRandomMove plays the given number of random games of each Pagano
// scenario, the state keeping a sight memo of its own, and calls f with
// every move chosen, before it is applied: where names the scenario, seed
// and action.
func eachRandomMove(t *testing.T, games int, f func(where string, s *State, memo *any, mv Move)) {
	t.Helper()
	var memo *any
	fresh := func() *any {
		memo = new(any)
		return memo
	}
	eachRandomPosition(t, games, 3000, fresh, func(where string, s *State, a engine.Action) {
		if mv, ok := a.(Move); ok {
			f(where, s, memo, mv)
		}
	})
}

// eachRandomPosition plays the given number of random games of each
// Pagano scenario, at most limit actions each, and calls f at every
// position with the action chosen there, before it is applied: where
// names the scenario, seed and action. A game's state keeps the memo
// memo returns at its start (memo nil: none).
func eachRandomPosition(t *testing.T, games, limit int, memo func() *any, f func(where string, s *State, a engine.Action)) {
	t.Helper()
	for _, sc := range paganoScenarios(t) {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := Rules{}.New(sc)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if memo != nil {
				s.WithMemo(memo())
			}
			src := dice.NewPCG(seed)
			agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
			for n := 0; !s.Over && n < limit; n++ {
				a := agents[s.Pending().Side].Choose(s)
				f(fmt.Sprintf("%s seed %d action %d", sc.ID, seed, n), s, a)
				s.Apply(a, src, engine.Discard)
			}
		}
	}
}

// referenceAmbushSpans is ambushSpans worked out the plain way: whether
// each enemy may fire at every step of the path, then its first run of
// such steps, kept when a step without a shot follows it.
func referenceAmbushSpans(s *State, mover int, m *Transit) []Span {
	var spans []Span
	n := int(math.Ceil(m.Length / ambushStep))
	at := func(k int) float64 { return min(float64(k)*ambushStep, m.Length) }
	for e := range s.Units {
		if s.Units[e].Side == s.Units[mover].Side || !s.ambushEligible(e) {
			continue
		}
		eb := s.box(e)
		if _, _, r := s.shotOK(e, eb, mover, s.box(mover)); r == shotFine {
			continue
		}
		shot := make([]bool, n+2) // by step, 1 to n; shot[n+1] stays false
		for k := 1; k <= n; k++ {
			p, h := geom.Polyline(m.Path).At(at(k))
			_, _, r := s.shotOK(e, eb, mover, s.boxAt(m.Unit, p, h))
			shot[k] = r == shotFine
		}
		from := slices.Index(shot, true)
		if from < 0 {
			continue
		}
		to := from
		for shot[to+1] {
			to++
		}
		if to < n {
			spans = append(spans, Span{Unit: e, From: at(from), To: at(to)})
		}
	}
	return spans
}

// TestAmbushSpanMemo checks the memo's ambush spans (ambushSpan) on the
// moves chosen in random games of each Pagano scenario: a move started
// again finds every enemy's span in the memo, and the same spans; and a
// move started after one thing its spans depend on has changed (an
// enemy's position, hull, turret or type, the mover's heading, type or
// path)
// gets the spans worked out afresh, not the memo's. Each kind of change
// must alter some move's spans, or the test could not tell.
func TestAmbushSpanMemo(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	type change struct {
		name string
		do   func(s *State, p *movePlan)
	}
	enemies := func(s *State, p *movePlan, f func(u *Unit)) {
		for e := range s.Units {
			if s.Units[e].Side != s.Units[p.unit].Side {
				f(&s.Units[e])
			}
		}
	}
	changes := []change{
		{"enemy position", func(s *State, p *movePlan) {
			enemies(s, p, func(u *Unit) { u.Pos.X += 0.4 })
		}},
		{"enemy hull", func(s *State, p *movePlan) {
			enemies(s, p, func(u *Unit) { u.Heading = (u.Heading + geom.Deg(40)).Normalized() })
		}},
		{"enemy turret", func(s *State, p *movePlan) {
			enemies(s, p, func(u *Unit) { u.Turret = (u.Turret + geom.Deg(40)).Normalized() })
		}},
		{"enemy type", func(s *State, p *movePlan) {
			enemies(s, p, func(u *Unit) { u.Type = (u.Type + 1) % len(s.b.types) })
		}},
		{"mover heading", func(s *State, p *movePlan) {
			s.Units[p.unit].Heading = (s.Units[p.unit].Heading + geom.Deg(90)).Normalized()
		}},
		{"mover type", func(s *State, p *movePlan) {
			s.Units[p.unit].Type = (s.Units[p.unit].Type + 1) % len(s.b.types)
		}},
		{"path's end", func(s *State, p *movePlan) {
			p.path = slices.Clone(p.path)
			p.path[len(p.path)-1].X += 0.4
		}},
	}
	altered := make([]int, len(changes))
	moves, found := 0, 0
	eachRandomMove(t, games, func(where string, s *State, memo *any, mv Move) {
		p, err := s.clone().planMove(mv)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		plain := s.clone()
		plain.startMove(p, engine.Discard)
		want := referenceAmbushSpans(plain, p.unit, plain.Move)
		for pass := range 2 {
			c := s.clone()
			c.WithMemo(memo)
			if pass == 1 {
				found += memoSpans(c, p.unit, p.path)
			}
			c.startMove(p, engine.Discard)
			if got := c.Move.Spans; !reflect.DeepEqual(got, want) {
				t.Fatalf("%s (start %d): spans %+v, want %+v", where, pass+1, got, want)
			}
		}
		for i, ch := range changes {
			c, ref, cp, rp := s.clone(), s.clone(), p, p
			ch.do(c, &cp)
			ch.do(ref, &rp)
			c.WithMemo(memo)
			c.startMove(cp, engine.Discard)
			ref.startMove(rp, engine.Discard)
			w := referenceAmbushSpans(ref, p.unit, ref.Move)
			if got := c.Move.Spans; !reflect.DeepEqual(got, w) {
				t.Fatalf("%s, %s changed: spans %+v, want %+v", where, ch.name, got, w)
			}
			if !reflect.DeepEqual(w, want) {
				altered[i]++
			}
		}
		moves++
	})
	if found == 0 {
		t.Errorf("%d moves started again found no span in the memo", moves)
	}
	for i, ch := range changes {
		if altered[i] == 0 {
			t.Errorf("no move's spans changed with the %s: the test cannot tell whether the memo's key has it", ch.name)
		}
	}
	t.Logf("%d moves, %d enemies' spans found in the memo on the second start; moves whose spans each change altered: %v", moves, found, altered)
}

// memoSpans returns how many of the enemies ambushSpans would ask about
// a move along path find their span in s's memo.
func memoSpans(s *State, mover int, path []geom.Point) int {
	n := 0
	length := geom.Polyline(path).Length()
	for e := range s.Units {
		if s.Units[e].Side == s.Units[mover].Side || !s.ambushEligible(e) || s.Units[e].Pos.Dist(s.Units[mover].Pos) > MaxRange+length+5 || len(path) > maxSpanPath {
			continue
		}
		k := s.spanKeyOf(e, mover, path)
		if _, ok := s.memo.span(&k); ok {
			n++
		}
	}
	return n
}
