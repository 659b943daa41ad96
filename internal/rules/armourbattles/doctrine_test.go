package armourbattles

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// TestBestMoveBoundSameChoice checks that bestMove, told which scores are
// of use, gives up only on moves it may: at every sixth order decision of
// seeded games (every thirtieth with -short), for each group that may move and a range of bounds, it finds a
// move exactly when the unbounded search finds one of use, and then the
// very same move, risk and score.
func TestBestMoveBoundSameChoice(t *testing.T) {
	games, every := 2, 6
	if testing.Short() {
		games, every = 1, 30
	}
	compared := 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-3"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			s := setupFixture(t, id).s
			src := dice.NewPCG(seed)
			orders := 0
			for n := 0; !s.Over && n < 5000; n++ {
				if s.Pending().Kind == phaseOrders {
					orders++
				}
				if s.Pending().Kind == phaseOrders && orders%every == 0 {
					for _, c := range s.Candidates(nil) {
						a, ok := c.(Activate)
						if !ok || a.Order != OrderMoveFire {
							continue
						}
						units, err := s.group(a.Order, a.Leader, a.Members)
						if err != nil {
							t.Fatal(err)
						}
						plain := s.newDoc(nil)
						plain.plain = true // risk estimates by the plain rule
						want, wantOK := plain.bestMove(units, a.Dice, nil)
						for _, floor := range []float64{-10, -1, 0, 0.5, 1, 2, want.score - 1e-9, want.score} {
							useful := func(score float64) bool { return score > floor }
							got, gotOK := s.newDoc(nil).bestMove(units, a.Dice, useful)
							if gotOK != (wantOK && useful(want.score)) || gotOK && !reflect.DeepEqual(got, want) {
								t.Fatalf("%s seed %d decision %d, %s with %d dice, scores above %v: got %+v (%v), unbounded %+v (%v)",
									id, seed, n, a.Leader, a.Dice, floor, got, gotOK, want, wantOK)
							}
							compared++
						}
					}
				}
				s.Apply(s.Doctrine(), src, engine.Discard)
			}
		}
	}
	t.Logf("%d bounded searches compared", compared)
	if compared == 0 {
		t.Fatal("no move-and-fire order met")
	}
}

// TestOrderSameAsPlain checks the order the doctrine gives (every group's
// moves weighed together, the most promising first, each only as far as
// it could beat the best so far) against the plain rule: every candidate
// scored in full, in turn, the first of the highest score taken, with an
// empty memo and every risk estimate summed in order (plain). It compares
// every order decision of games on the Armour Battles tables, the
// doctrine's own with the memo the game's earlier decisions left. In some
// games a share of the actions are random, for positions the doctrine
// would not reach; the test fails if it met no decision weighing several
// groups' moves, or no tie between a weighed move and the best so far.
func TestOrderSameAsPlain(t *testing.T) {
	ids := []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next"}
	seeds, mixes := 2, []float64{0, 0.3}
	if testing.Short() {
		ids, seeds, mixes = []string{"armour-battles/battle-1", "armour-battles/battle-3"}, 1, []float64{0, 0.3}
	}
	compared, moved, several, ties := 0, 0, 0, 0
	orderCheck = func(groups, tied int) {
		if groups > 1 {
			several++
		}
		ties += tied
	}
	defer func() { orderCheck = nil }()
	for _, id := range ids {
		for _, mix := range mixes {
			for seed := *memoSeed; seed < *memoSeed+uint64(seeds); seed++ {
				s := setupFixture(t, id).s
				src := dice.NewPCG(seed)
				r := rand.New(rand.NewPCG(seed, 99))
				var memo any
				for n := 0; !s.Over && n < 5000; n++ {
					if s.Pending().Kind == phaseOrders {
						cands := s.Candidates(nil)
						m, _ := memo.(*SightMemo) // warm from the decisions before
						got := s.newDoc(m).order(cands)
						plain := s.newDoc(nil)
						plain.plain = true
						if want := plain.order(cands); !reflect.DeepEqual(got, want) {
							t.Fatalf("%s seed %d, random share %v, decision %d, turn %d: order %#v, by the plain rule %#v", id, seed, mix, n, s.Turn, got, want)
						}
						compared++
						if a, ok := got.(Activate); ok && a.Order == OrderMoveFire {
							moved++
						}
					}
					a := s.DoctrineWith(&memo)
					if r.Float64() < mix {
						c := s.Candidates(nil)
						a = c[r.IntN(len(c))]
					}
					s.Apply(a, src, engine.Discard)
				}
			}
		}
	}
	t.Logf("%d order decisions compared, %d of them move-and-fire orders; %d weighed several groups' moves, %d ties met", compared, moved, several, ties)
	if moved == 0 || several == 0 || ties == 0 {
		t.Fatal("no move-and-fire order chosen, or no several groups weighed together, or no tie: the test proves little")
	}
}

// TestEnemyRiskByThePlainRule checks each enemy's share of the doctrine's
// risk estimates against the plain rule: the best value of a shot at any
// step of the paths that the enemy has in range and arc and sees, by
// lineOfSight itself (no shadows, no memo), among the shots worth freeing
// a suppressed enemy for (freeing), weighed. It asks about the moves the
// doctrine weighs in games on the Armour Battles tables.
func TestEnemyRiskByThePlainRule(t *testing.T) {
	ids := []string{"armour-battles/battle-1", "armour-battles/battle-3"}
	if testing.Short() {
		ids = ids[1:] // Battle 1's game meets no suppressed enemy with a shot
	}
	// perBattle shares, and perBattleFreed more of suppressed enemy
	// units (which come later in a game).
	const perBattle, perBattleFreed = 6000, 300
	compared, nonzero, freed, limit, limitFreed := 0, 0, 0, 0, 0
	riskCheck = func(d *docCtx, units []int, ends []geom.Point, reach float64, _, _ riskAnswer) {
		if compared >= limit && freed >= limitFreed {
			return
		}
		s := d.State
		fresh := s.newDoc(nil)
		steps := slices.Clone(fresh.riskSteps(units, ends, reach))
		for _, e := range slices.Clone(fresh.readyEnemies()) {
			if compared >= limit && !s.Units[e].Suppressed {
				continue
			}
			got := fresh.enemyRisk(e, steps)
			least, weight := fresh.freeing(e)
			if want := plainEnemyRisk(s, e, steps, least) * weight; math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("turn %d: %s's share of moving %v to %v is %v, by the plain rule %v", s.Turn, s.Units[e].ID, units, ends, got, want)
			}
			compared++
			if got > 0 {
				nonzero++
				if s.Units[e].Suppressed {
					freed++
				}
			}
		}
	}
	defer func() { riskCheck = nil }()
	for _, id := range ids {
		limit += perBattle
		limitFreed += perBattleFreed
		s := setupFixture(t, id).s
		src := dice.NewPCG(*memoSeed)
		var memo any
		for n := 0; !s.Over && n < 5000 && (compared < limit || freed < limitFreed); n++ {
			s.Apply(s.DoctrineWith(&memo), src, engine.Discard)
		}
	}
	t.Logf("%d shares compared, %d of them above 0, %d of those a suppressed unit's", compared, nonzero, freed)
	if nonzero == 0 || freed == 0 {
		t.Fatal("no enemy, or no suppressed one, ever had a shot: the shares were not compared")
	}
}

// plainEnemyRisk is enemy unit e's share of a risk estimate over steps by
// the plain rule, counting only shots worth least or more (the share
// before freeing weighs it).
func plainEnemyRisk(s *State, e int, steps []riskStep, least float64) float64 {
	eb := s.box(e)
	ef := eb.Frame()
	lv := s.b.table.LevelAt(eb.Center)
	rng := float64(s.stats(e).Range[2])
	best := 0.0
	for _, st := range steps {
		dist := ef.Distance(st.mb.Frame())
		if dist > rng || !s.fireArcOK(e, eb, st.mb.Center) || !s.lineOfSight(e, eb, st.u, st.mb) {
			continue
		}
		shot := Shot{
			Firer:            s.b.types[s.Units[e].Type],
			Target:           s.b.types[s.Units[st.u].Type],
			Range:            dist,
			Flank:            st.mb.Frame().Behind(ef),
			Cover:            s.inWoods(st.mb) || s.behindHedge(st.mb, eb.Center),
			Uphill:           s.b.table.LevelAt(st.mb.Center) > lv,
			TargetSuppressed: s.Units[st.u].Suppressed,
		}
		if sd, err := shot.Dice(); err == nil {
			if v := s.shotValue(sd, st.u); v >= least {
				best = max(best, v)
			}
		}
	}
	return best
}

// TestSameBand checks sameBand against the exact distance of random pairs
// of footprints, many of them near a band's edge: whenever it settles a
// band, RangeBand must give the exact distance the same one.
func TestSameBand(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	stats := &UnitStats{Range: []int{8, 16, 30}}
	settled, unsettled := 0, 0
	for i := 0; i < 200000; i++ {
		a := geom.Box{Center: geom.Point{X: rng.Float64() * 4, Y: rng.Float64() * 4}, Length: 0.5 + rng.Float64()*2, Width: 0.5 + rng.Float64(), Heading: geom.Angle(rng.Float64() * 2 * math.Pi)}
		b := a
		// Put b about an edge's distance away (or anywhere in range).
		edge := float64(stats.Range[rng.IntN(3)])
		if rng.IntN(4) == 0 {
			edge = rng.Float64() * 32
		}
		dir := rng.Float64() * 2 * math.Pi
		d := edge + (rng.Float64()-0.5)*4
		b.Center = a.Center.Add(geom.Point{X: math.Cos(dir), Y: math.Sin(dir)}.Mul(d))
		b.Heading = geom.Angle(rng.Float64() * 2 * math.Pi)
		b.Length, b.Width = 0.5+rng.Float64()*2, 0.5+rng.Float64()
		fa, fb := a.Frame(), b.Frame()
		c := a.Center.Dist(b.Center)
		got := sameBand(stats, c-fa.Radius()-fb.Radius(), c)
		if math.IsNaN(got) {
			unsettled++
			continue
		}
		settled++
		exact := fa.Distance(fb)
		wantBand, wantMod, wantIn := RangeBand(stats, exact)
		gotBand, gotMod, gotIn := RangeBand(stats, got)
		if gotBand != wantBand || gotMod != wantMod || gotIn != wantIn {
			t.Fatalf("footprints %v and %v: sameBand gives %v (%s), the exact distance %v (%s)", a, b, got, gotBand, exact, wantBand)
		}
	}
	t.Logf("%d bands settled, %d left to the exact distance", settled, unsettled)
	if settled < 1000 || unsettled < 1000 {
		t.Fatalf("%d settled, %d not: the test proves little", settled, unsettled)
	}
	// Bounds at and about the edges: a band sameBand settles must hold for
	// every distance from lo to hi, and up to 5e-10 beyond them (rounding).
	offsets := []float64{-1e-6, -2e-9, -1e-9, -5e-10, 0, 5e-10, 1e-9, 2e-9, 1e-6}
	edgeCases := 0
	for _, e1 := range stats.Range {
		for _, e2 := range stats.Range {
			for _, o1 := range offsets {
				for _, o2 := range offsets {
					lo, hi := float64(e1)+o1, float64(e2)+o2
					if lo > hi {
						continue
					}
					got := sameBand(stats, lo, hi)
					if math.IsNaN(got) {
						continue
					}
					edgeCases++
					gotBand, _, _ := RangeBand(stats, got)
					for _, x := range []float64{lo - 5e-10, lo, hi, hi + 5e-10} {
						if band, _, _ := RangeBand(stats, x); band != gotBand {
							t.Fatalf("sameBand(%v, %v) = %v (%s), but a distance of %v is %s", lo, hi, got, gotBand, x, band)
						}
					}
				}
			}
		}
	}
	if edgeCases == 0 {
		t.Fatal("no band settled at the edges")
	}
	if !math.IsNaN(sameBand(&UnitStats{Range: []int{8, 16}}, 1, 2)) {
		t.Error("sameBand settled a band for stats without three ranges")
	}
}

// TestPlannedMovesAreLegal plays doctrine games on the Armour Battles
// tables and checks, at every activation whose group may still move, that
// the move the doctrine plans passes Validate. (Planned moves once went
// backwards on a double move, or left a member more than 6" from the
// leader; the activation then ended without moving, every turn, and the
// game stalled.)
func TestPlannedMovesAreLegal(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	checked := 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"} {
		for g := range games {
			seed := uint64(40 + g)
			s := setupFixture(t, id).s
			src := dice.NewPCG(seed)
			for n := 0; !s.Over && n < 5000; n++ {
				if act := s.Act; act != nil && act.Order == OrderMoveFire && !act.MoveDone && s.Pending().Kind == phaseActivation {
					if pm, ok := s.newDoc(nil).bestMove(act.Units, act.Dice, nil); ok {
						if err := s.Validate(pm.m); err != nil {
							t.Fatalf("%s seed %d action %d: the doctrine plans %+v: %v", id, seed, n, pm.m, err)
						}
						checked++
					}
				}
				s.Apply(s.Doctrine(), src, engine.Discard)
			}
		}
	}
	t.Logf("%d planned moves validated", checked)
	if checked < 100 {
		t.Fatalf("only %d planned moves checked", checked)
	}
}
