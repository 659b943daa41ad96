package pagano

import (
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
	for _, sc := range paganoScenarios(t) {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			st, err := Rules{}.New(sc)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			var memo any
			s.WithMemo(&memo)
			src := dice.NewPCG(seed)
			agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
			for n := 0; !s.Over && n < 3000; n++ {
				a := agents[s.Pending().Side].Choose(s)
				if mv, ok := a.(Move); ok {
					var want []Span
					for k, withMemo := range []bool{false, true} {
						c := s.clone() // no memo
						if withMemo {
							c.WithMemo(&memo)
						}
						p, err := c.planMove(mv)
						if err != nil {
							t.Fatalf("%s seed %d action %d: %v", sc.ID, seed, n, err)
						}
						c.startMove(p, engine.Discard)
						if k == 0 {
							want = referenceAmbushSpans(c, c.Move.Unit, c.Move)
						}
						if got := c.Move.Spans; !reflect.DeepEqual(got, want) {
							t.Fatalf("%s seed %d action %d (memo %v): spans %+v, want %+v", sc.ID, seed, n, withMemo, got, want)
						}
					}
					moves++
					spans += len(want)
				}
				s.Apply(a, src, engine.Discard)
			}
		}
	}
	if moves == 0 || spans == 0 {
		t.Fatalf("%d moves, %d spans: the test proves nothing", moves, spans)
	}
	t.Logf("%d moves, %d ambush spans", moves, spans)
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
