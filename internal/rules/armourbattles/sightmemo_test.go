package armourbattles

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
)

var memoSeed = flag.Uint64("memo-seed", 1, "first seed of the games in the SightMemo tests")

// TestSightMemoSameAnswers plays seeded random games with a memo attached
// to the state and, before every action, asks it both new line-of-sight
// questions and every question asked before (so answers given before units
// moved or smoke was laid are asked again): each answer must be the one
// worked out afresh. The game must also end as the same game played
// without a memo.
func TestSightMemoSameAnswers(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			rng := rand.New(rand.NewPCG(seed, 99))
			var memo any
			type question struct {
				a, b int
				fb   geom.Box
			}
			var asked []question
			checks, seen := 0, 0
			end, n := playRandomOn(t, battle(t, id), seed, func(s *State, _ engine.Action) error {
				if s.memo == nil {
					s.WithMemo(&memo)
				}
				var on []int
				for i := range s.Units {
					if s.Units[i].Active() {
						on = append(on, i)
					}
				}
				if len(on) < 2 {
					return nil
				}
				for range 4 {
					a, b := on[rng.IntN(len(on))], on[rng.IntN(len(on))]
					if a == b {
						continue
					}
					// b where it stands, or a few inches away facing anywhere.
					fb := s.box(b)
					if rng.IntN(2) == 0 {
						fb = s.boxAt(b, fb.Center.Add(geom.Pt(rng.Float64()*8-4, rng.Float64()*8-4)), geom.Deg(rng.Float64()*360))
					}
					asked = append(asked, question{a, b, fb})
				}
				if len(asked) > 400 {
					asked = asked[len(asked)-400:]
				}
				for _, q := range asked {
					if !s.Units[q.a].Active() {
						continue
					}
					fa := s.box(q.a)
					got, want := s.canSeeBox(q.a, fa, q.b, q.fb), s.lineOfSight(q.a, fa, q.b, q.fb)
					if got != want {
						return fmt.Errorf("memo says %s sees %s at %v: %v, lineOfSight says %v", s.Units[q.a].ID, s.Units[q.b].ID, q.fb, got, want)
					}
					checks++
					if want {
						seen++
					}
				}
				return nil
			})
			plain, pn := playRandomOn(t, battle(t, id), seed, nil)
			if n != pn || end.Hash() != plain.Hash() {
				t.Errorf("%s seed %d: with a memo %d actions to hash %x, without %d to %x", id, seed, n, end.Hash(), pn, plain.Hash())
			}
			t.Logf("%s seed %d: %d answers compared, %d of them seen", id, seed, checks, seen)
		}
	}
}

// TestDoctrineMemoSameChoice plays seeded games with the doctrine on both
// sides and checks at every decision that the doctrine with a memo kept
// for the whole game chooses what the doctrine without one chooses, and
// leaves the state as it found it.
func TestDoctrineMemoSameChoice(t *testing.T) {
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			s := setupFixture(t, id).s
			src := dice.NewPCG(seed)
			var memo any
			n := 0
			for ; !s.Over && n < 5000; n++ {
				want := s.Clone().(*State).Doctrine()
				h := s.Hash()
				got := s.DoctrineWith(&memo)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s seed %d decision %d (%s): with memo %#v, without %#v", id, seed, n, s.Pending().Kind, got, want)
				}
				if s.Hash() != h {
					t.Fatalf("%s seed %d decision %d: the doctrine with memo changed the state", id, seed, n)
				}
				s.Apply(want, src, engine.Discard)
			}
			t.Logf("%s seed %d: %d decisions compared", id, seed, n)
		}
	}
}

// TestExpectedNetTable checks the remembered expected net successes
// against dice.Opposed, asked twice.
func TestExpectedNetTable(t *testing.T) {
	for range 2 {
		for aN := 1; aN <= 15; aN++ {
			for aTN := 2; aTN <= 7; aTN++ {
				for bN := 0; bN <= 15; bN++ {
					for bTN := 2; bTN <= 7; bTN++ {
						want := dice.Opposed(aN, aTN, bN, bTN).ExpectedNet()
						if got := expectedNet(aN, aTN, bN, bTN); got != want {
							t.Fatalf("expectedNet(%d, %d, %d, %d) = %v, want %v", aN, aTN, bN, bTN, got, want)
						}
					}
				}
			}
		}
	}
}

// TestWindowMemoSameWindows plays seeded random games and applies every
// action also to two memo-carrying copies of the state before it, one
// after the other: the first works its move windows out and files them,
// the second finds them filed. Both copies must end as the game itself
// (state hash, and the window's spans), and the memo must have served
// some windows.
func TestWindowMemoSameWindows(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	served := 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"} {
		for g := range games {
			seed := *memoSeed + uint64(g)
			var memo any
			st, err := Rules{}.New(battle(t, id))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			agents := []agent.Agent{agent.NewRandom(seed*2 + 1), agent.NewRandom(seed*2 + 2)}
			for n := uint64(0); !s.Over && n < 5000; n++ {
				a := agents[s.Pending().Side].Choose(s)
				want := s.clone()
				want.Apply(a, dice.NewPCG(seed*1000003+n), engine.Discard)
				for k := range 2 {
					c := s.clone()
					c.WithMemo(&memo)
					had := len(c.memo.windows)
					c.Apply(a, dice.NewPCG(seed*1000003+n), engine.Discard)
					if k == 1 && len(c.memo.windows) == had && c.Window != nil && c.Window.Kind == "move" {
						served++
					}
					if c.Hash() != want.Hash() || !reflect.DeepEqual(c.Window, want.Window) {
						t.Fatalf("%s seed %d action %d (%s), copy %d: window %+v, want %+v", id, seed, n, a.Kind(), k, c.Window, want.Window)
					}
				}
				s = want
			}
		}
	}
	if served == 0 {
		t.Fatal("the memo never served a window: the test proves nothing")
	}
	t.Logf("%d move windows served from the memo", served)
}

// eachMover plays games random games of each battle in ids and calls f at
// each decision with a move under way, giving it the mover and a memo
// kept for the game.
func eachMover(t *testing.T, games int, ids []string, f func(s *State, m *Mover, memo *any) error) {
	t.Helper()
	for _, id := range ids {
		for g := range games {
			var memo any
			playRandomOn(t, battle(t, id), *memoSeed+uint64(g), func(s *State, _ engine.Action) error {
				if m := s.currentMover(); m != nil {
					return f(s, m, &memo)
				}
				return nil
			})
		}
	}
}

// TestWindowMemoKeyComplete changes, one at a time, each thing a move
// window depends on (the mover's reach, path, facing and where it stands,
// a watcher's place and facing) and opens the window with a memo that
// already holds the unchanged one: it must be the window worked out
// afresh, never the filed one. It also counts the changes that gave a
// different window, so that it is known to test something.
func TestWindowMemoKeyComplete(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	differed, probes := 0, 0
	eachMover(t, games, []string{"armour-battles/battle-1", "armour-battles/battle-2"},
		func(s *State, m *Mover, memo *any) error {
			if probes > 4000 {
				return nil
			}
			open := func(change func(c *State, m *Mover), withMemo bool) *Window {
				c := s.clone()
				if withMemo {
					c.WithMemo(memo)
				}
				c.Window = nil
				cm := c.currentMover()
				change(c, cm)
				c.openMoveWindow(cm)
				return c.Window
			}
			keep := func(*State, *Mover) {}
			base := open(keep, true)
			w := -1 // a watcher of the mover's enemies
			for _, u := range s.unitsOf(1 - s.Active) {
				if s.oppEligible(u) {
					w = u
					break
				}
			}
			changes := []func(c *State, m *Mover){
				func(c *State, m *Mover) { m.Reach = max(0, m.Reach-1.5) },
				func(c *State, m *Mover) {
					m.Path = append(m.Path[:len(m.Path):len(m.Path)], m.Path[len(m.Path)-1].Add(geom.Pt(3, 2)))
				},
				func(c *State, m *Mover) { m.Back = !m.Back },
				func(c *State, m *Mover) { f := geom.Deg(37); m.Facing = &f },
				func(c *State, m *Mover) { f := geom.Deg(37); m.Facing, m.Diseng = &f, true },
				func(c *State, m *Mover) { c.Units[m.Unit].Heading += geom.Deg(90) },
				func(c *State, m *Mover) { c.Units[m.Unit].Pos = c.Units[m.Unit].Pos.Add(geom.Pt(2, 0)) },
				func(c *State, m *Mover) { m.Path[len(m.Path)-1] = m.Path[len(m.Path)-1].Add(geom.Pt(2, 0)) },
				func(c *State, m *Mover) { m.Path = m.Path[:1] },
				func(c *State, m *Mover) {
					m.Path = m.Path[:1]
					c.Units[m.Unit].Pos = c.Units[m.Unit].Pos.Add(geom.Pt(2, 0))
				},
			}
			for _, o := range s.unitsOf(s.Active) {
				if o != m.Unit && s.Units[o].Type != s.Units[m.Unit].Type {
					// Another unit, of another type, on the same path.
					changes = append(changes, func(c *State, m *Mover) { m.Unit = o })
					break
				}
			}
			if w >= 0 {
				// Smoke between the watcher and the mover's way.
				mid := s.Units[w].Pos.Lerp(m.Path[len(m.Path)-1], 0.5)
				changes = append(changes, func(c *State, m *Mover) {
					c.Smokes = append(c.Smokes, SmokeScreen{Side: s.Active, Center: mid, Orient: s.Units[w].Pos.Sub(mid).Heading() + geom.Deg(90)})
				})
				changes = append(changes,
					func(c *State, m *Mover) { c.Units[w].Pos = c.Units[w].Pos.Add(geom.Pt(2, 0)) },
					func(c *State, m *Mover) { c.Units[w].Pos = c.Units[w].Pos.Add(geom.Pt(0, 2)) },
					func(c *State, m *Mover) { c.Units[w].Heading += geom.Deg(120) },
					func(c *State, m *Mover) {
						c.Units[w].Hidden = !c.Units[w].Hidden
						c.Units[w].Pos = c.Units[w].Pos.Add(geom.Pt(1, 1))
					},
				)
			}
			for i, change := range changes {
				got, want := open(change, true), open(change, false)
				if !reflect.DeepEqual(got, want) {
					return fmt.Errorf("change %d: window %+v, want %+v", i, got, want)
				}
				probes++
				if !reflect.DeepEqual(want, base) {
					differed++
				}
			}
			return nil
		})
	if differed == 0 {
		t.Fatalf("no change of %d gave a different window: the test proves nothing", probes)
	}
	t.Logf("%d changes, %d of them gave a different window", probes, differed)
}

// TestWatcherMemoSameSpans opens each move window of random games with a
// memo, then again with one of its watchers taken out (it has fired), so
// that the window's key is new but the other watchers' spans are filed
// under their own keys: the window must be the one worked out without a
// memo. It counts the windows whose spans all came from the memo, so
// that it is known to test something.
func TestWatcherMemoSameSpans(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	served, probes := 0, 0
	eachMover(t, games, []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"},
		func(s *State, m *Mover, memo *any) error {
			if probes > 3000 {
				return nil
			}
			open := func(out int, withMemo bool) (*Window, int) {
				return reopenWindow(s, memo, withMemo, func(c *State) {
					if out >= 0 {
						c.Units[out].Fired = true
					}
				})
			}
			open(-1, true)
			for _, w := range s.unitsOf(1 - s.Active) {
				if !s.oppWatcher(w) {
					continue
				}
				got, filed := open(w, true)
				want, _ := open(w, false)
				if !reflect.DeepEqual(got, want) {
					return fmt.Errorf("turn %d, watcher %d out: window %+v, want %+v", s.Turn, w, got, want)
				}
				probes++
				if filed == 0 && want != nil {
					served++
				}
			}
			return nil
		})
	if served == 0 {
		t.Fatalf("no window of %d was served from the watchers' spans: the test proves nothing", probes)
	}
	t.Logf("%d windows opened with a watcher out, %d of them from the watchers' spans", probes, served)
}

// reopenWindow opens the move window of s's mover afresh in a copy of s
// changed by change, with memo when withMemo, and returns the window and
// the number of watchers' spans it filed in the memo.
func reopenWindow(s *State, memo *any, withMemo bool, change func(c *State)) (*Window, int) {
	c := s.clone()
	if withMemo {
		c.WithMemo(memo)
	}
	c.Window = nil
	change(c)
	had := -1
	if withMemo {
		c.memo.reset(c)
		had = c.memo.filed
	}
	c.openMoveWindow(c.currentMover())
	if withMemo {
		return c.Window, c.memo.filed - had
	}
	return c.Window, 0
}

// TestWatcherMemoFriends opens each move window of random games with a
// memo, then again after one of the watchers' friends has moved: into
// the way between a watcher and the mover's path, out of it to a far
// corner, or hidden where it stands. Every window must be the one worked
// out without a memo. The test counts the windows served whole from the
// watchers' spans after a friend left (the friend sets keep those spans
// across environments) and the moves into the way that changed a window
// (so that dropping the friends from the key would fail it).
func TestWatcherMemoFriends(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	served, changed, probes := 0, 0, 0
	eachMover(t, games, []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"},
		func(s *State, m *Mover, memo *any) error {
			if probes > 3000 {
				return nil
			}
			open := func(change func(c *State), withMemo bool) (*Window, int) {
				return reopenWindow(s, memo, withMemo, change)
			}
			base, _ := open(func(*State) {}, true)
			end := m.Path[len(m.Path)-1]
			for _, w := range s.unitsOf(1 - s.Active) {
				if !s.oppWatcher(w) {
					continue
				}
				for _, f := range s.unitsOf(1 - s.Active) {
					if f == w || !s.Units[f].Active() {
						continue
					}
					into := s.Units[w].Pos.Lerp(end, 0.4)
					corner := geom.Pt(-500, -500)
					moves := []struct {
						name   string
						change func(c *State)
					}{
						{"into the way", func(c *State) { c.Units[f].Pos, c.Units[f].Hidden = into, false }},
						{"to a far corner", func(c *State) { c.Units[f].Pos = corner }},
						{"hidden", func(c *State) { c.Units[f].Hidden = !c.Units[f].Hidden }},
					}
					for _, mv := range moves {
						got, filed := open(mv.change, true)
						want, _ := open(mv.change, false)
						if !reflect.DeepEqual(got, want) {
							return fmt.Errorf("turn %d, friend %d of watcher %d %s: window %+v, want %+v", s.Turn, f, w, mv.name, got, want)
						}
						probes++
						switch {
						case mv.name == "to a far corner" && filed == 0 && want != nil:
							served++
						case mv.name == "into the way" && !reflect.DeepEqual(want, base):
							changed++
						}
					}
					break // one friend a watcher
				}
			}
			return nil
		})
	if served == 0 || changed == 0 {
		t.Fatalf("%d windows, %d served from the spans after a friend left, %d changed by a friend in the way: the test proves too little", probes, served, changed)
	}
	t.Logf("%d windows opened after a friend moved, %d served from the watchers' spans, %d changed by a friend in the way", probes, served, changed)
}

// TestFriendSetLeavesOutOnlyClearFriends moves a friend of a watcher
// to random places around each move of random games and checks what
// friendSet may leave out: a friend it does not count (the set is the
// same as with the friend far off) must lie clear of every ray from the
// watcher's centre to the points lineOfSight samples of the mover, at
// every step of its path. It also counts the friends left out near the
// rays, so that a tighter bound would be caught. With each friend's
// place it checks that the friends' shadows among the set's friends are
// those among all units, as the move window asks them.
func TestFriendSetLeavesOutOnlyClearFriends(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	rng := rand.New(rand.NewPCG(5, 6))
	near, probes, shadowed := 0, 0, 0
	eachMover(t, games, []string{"armour-battles/battle-1", "armour-battles/battle-3"},
		func(s *State, m *Mover, memo *any) error {
			if probes > 20000 || len(m.Path) < 2 {
				return nil
			}
			ws := s.unitsOf(1 - s.Active)
			if len(ws) < 2 {
				return nil
			}
			w, f := ws[0], ws[1]
			c := s.clone()
			c.WithMemo(memo)
			v := c.sightFrom(1 - c.Active)
			if !v.keepWatchers() {
				return fmt.Errorf("no memo to ask")
			}
			track := geom.Polyline(m.Path)
			rt := c.b.radius[c.Units[m.Unit].Type]
			wb := c.box(w)
			fn := newFan(wb.Center, track)
			c.Units[f].Pos, c.Units[f].Hidden = geom.Pt(-500, -500), false
			away, _ := v.friendSet(w, wb, &fn, rt, nil)
			end := m.Path[len(m.Path)-1]
			for range 20 {
				// Somewhere within a few inches of the rays.
				p := wb.Center.Lerp(end, rng.Float64()*1.2).Add(geom.Pt(rng.Float64()*8-4, rng.Float64()*8-4))
				c.Units[f].Pos = p
				set, list := v.friendSet(w, wb, &fn, rt, nil)
				// friendShadows among the set's friends gives what it
				// gives among all units.
				var bufAll, bufSet [maxFriendShadows]geom.Shadow
				all := c.friendShadows(bufAll[:0], w, wb, &fn, rt, allUnits(c))
				if got := c.friendShadows(bufSet[:0], w, wb, &fn, rt, list); !slices.Equal(got, all) {
					return fmt.Errorf("watcher %d's friends' shadows among its friend set %v differ from those among all units", w, list)
				}
				shadowed += len(all)
				if set != away {
					continue // counted: it may block
				}
				probes++
				ff := c.box(f).Frame()
				closest := math.Inf(1)
				for i := 0; i <= int(math.Ceil(m.Reach/PathStep)); i++ {
					mb := c.moverBox(m, min(m.Reach, float64(i)*PathStep))
					for _, q := range samplePoints(mb) {
						seg := geom.Segment{A: wb.Center, B: q}
						if ff.IntersectsSegment(seg) {
							return fmt.Errorf("friend %d at %v, left out of watcher %d's set, crosses the ray to %v", f, p, w, q)
						}
						closest = min(closest, seg.DistToPoint(p))
					}
				}
				if closest < c.b.radius[c.Units[f].Type]+rt {
					near++
				}
			}
			return nil
		})
	if near == 0 || shadowed == 0 {
		t.Fatalf("of %d friends left out, %d came near a ray; %d friends' shadows compared: the test proves too little", probes, near, shadowed)
	}
	t.Logf("%d friends left out of the sets, %d of them within their radius and the mover's of a ray; %d friends' shadows the same among the set as among all units", probes, near, shadowed)
}

// allUnits returns the indices of all s's units.
func allUnits(s *State) []int {
	all := make([]int, len(s.Units))
	for i := range all {
		all[i] = i
	}
	return all
}

// TestRiskMemoSameEstimates plays doctrine games with a memo kept from
// decision to decision, as the scripted agent keeps one, and checks every
// risk estimate the doctrine makes, served whole or in part by the memo,
// against the estimate worked out afresh with an empty memo and the same
// stopping rule (which is the plain rule's estimate: the shares in order):
// where the stopping rule passes the fresh estimate, the two must agree
// bit for bit; where it stops it, it must stop the memo's too.
func TestRiskMemoSameEstimates(t *testing.T) {
	ids := []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next"}
	if testing.Short() {
		ids = []string{"armour-battles/battle-1", "armour-battles/battle-3"}
	}
	checked, early := 0, 0
	riskCheck = func(d *docCtx, units []int, ends []geom.Point, reach float64, got, fresh riskAnswer) {
		switch {
		case fresh.stops && !got.stops:
			t.Fatalf("turn %d: the risk of moving %v to %v is %v with the memo, which the stopping rule passes; afresh %v, which it stops", d.Turn, units, ends, got.risk, fresh.risk)
		case !fresh.stops && math.Float64bits(got.risk) != math.Float64bits(fresh.risk):
			t.Fatalf("turn %d: the risk of moving %v to %v is %v with the memo, %v afresh", d.Turn, units, ends, got.risk, fresh.risk)
		case fresh.stops && got.risk != fresh.risk:
			early++ // stopped on another partial sum, or on a lower bound
		}
		checked++
	}
	defer func() { riskCheck = nil }()
	for _, id := range ids {
		s := setupFixture(t, id).s
		src := dice.NewPCG(*memoSeed)
		var memo any
		for n := 0; !s.Over && n < 5000; n++ {
			s.Apply(s.DoctrineWith(&memo), src, engine.Discard)
		}
	}
	t.Logf("%d risk estimates checked, %d of them stopped at another sum than afresh", checked, early)
	if checked == 0 || early == 0 {
		t.Fatalf("%d risk estimates checked, %d stopped at another sum: the test proves little", checked, early)
	}
}

// TestRiskMemoKeyComplete asks the memo, after a risk estimate, for the
// same move with one thing it depends on changed (the reach, a path's end,
// where a mover starts, its damage or suppression, a ready enemy's fire
// marker, place, facing or suppression, the enemy's staff orders, smoke in
// between): each answer must be the one worked out
// afresh, and each change must alter some estimate, or the probe proves
// nothing.
func TestRiskMemoKeyComplete(t *testing.T) {
	type query struct {
		s     *State
		units []int
		ends  []geom.Point
		reach float64
	}
	var queries []query
	// freed counts the queries with a suppressed enemy unit free to be
	// freed, every third of those asked (the first are all alike).
	freed, freeable := 0, 0
	riskCheck = func(d *docCtx, units []int, ends []geom.Point, reach float64, _, _ riskAnswer) {
		if d.freeable > 0 {
			freeable++
		}
		switch {
		case len(queries)-freed < 400 && d.Turn%3 == 0:
		case freed < 200 && d.freeable > 0 && freeable%3 == 0:
			freed++
		default:
			return
		}
		queries = append(queries, query{d.State.clone(), slices.Clone(units), slices.Clone(ends), reach})
	}
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-3", "armour-battles/battle-2"} {
		s := setupFixture(t, id).s
		src := dice.NewPCG(*memoSeed)
		for n := 0; !s.Over && n < 5000; n++ {
			s.Apply(s.Doctrine(), src, engine.Discard)
		}
	}
	riskCheck = nil
	never := func(float64) bool { return false }
	type change struct {
		name string
		do   func(c *State, q *query)
	}
	firstReady := func(c *State) int {
		if r := c.readyEnemies(c.Active, nil); len(r) > 0 {
			return r[0]
		}
		return -1
	}
	changes := []change{
		{"reach", func(c *State, q *query) { q.reach /= 2 }},
		{"end", func(c *State, q *query) { q.ends = append([]geom.Point{q.ends[0].Add(geom.Pt(3, 1))}, q.ends[1:]...) }},
		{"start", func(c *State, q *query) { c.Units[q.units[0]].Pos = c.Units[q.units[0]].Pos.Add(geom.Pt(-1, 2)) }},
		{"damage", func(c *State, q *query) { c.Units[q.units[0]].DP++ }},
		{"suppression", func(c *State, q *query) { c.Units[q.units[0]].Suppressed = !c.Units[q.units[0]].Suppressed }},
		{"fire marker", func(c *State, q *query) {
			if e := firstReady(c); e >= 0 {
				c.Units[e].Fired = true
			}
		}},
		{"enemy's place", func(c *State, q *query) {
			if e := firstReady(c); e >= 0 {
				c.Units[e].Pos = c.Units[e].Pos.Add(geom.Pt(2, -2))
			}
		}},
		{"enemy's facing", func(c *State, q *query) {
			if e := firstReady(c); e >= 0 {
				c.Units[e].Heading += geom.Deg(120)
			}
		}},
		{"enemy's suppression", func(c *State, q *query) {
			if e := firstReady(c); e >= 0 {
				c.Units[e].Suppressed = true
			}
		}},
		{"enemy's staff orders", func(c *State, q *query) {
			if sd := &c.Sides[1-c.Active]; sd.Staff > 0 {
				sd.Staff = 0
			} else {
				sd.Staff = 2
			}
		}},
		{"enemy's last staff order", func(c *State, q *query) {
			if sd := &c.Sides[1-c.Active]; sd.Staff == 1 {
				sd.Staff = 3
			} else {
				sd.Staff = 1
			}
		}},
		{"smoke", func(c *State, q *query) {
			if e := firstReady(c); e >= 0 {
				mid := c.Units[e].Pos.Lerp(c.Units[q.units[0]].Pos, 0.5)
				c.Smokes = append(c.Smokes, SmokeScreen{Side: c.Active, Center: mid, Orient: c.Units[e].Pos.Sub(mid).Heading() + geom.Deg(90)})
			}
		}},
	}
	altered := make([]int, len(changes))
	for _, q := range queries {
		memo := &SightMemo{}
		q.s.newDoc(memo).moveRisk(q.units, q.ends, q.reach, never)
		for i, ch := range changes {
			c, cq := q.s.clone(), q
			cq.ends = slices.Clone(q.ends)
			ch.do(c, &cq)
			got := c.newDoc(memo).moveRisk(cq.units, cq.ends, cq.reach, never)
			want := c.newDoc(nil).moveRisk(cq.units, cq.ends, cq.reach, never)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("turn %d, %s changed: risk %v from the memo, %v afresh", q.s.Turn, ch.name, got, want)
			}
			if base := q.s.newDoc(nil).moveRisk(q.units, q.ends, q.reach, never); want != base {
				altered[i]++
			}
		}
	}
	for i, ch := range changes {
		if altered[i] == 0 {
			t.Errorf("changing the %s never altered an estimate of the %d probed", ch.name, len(queries))
		}
	}
	t.Logf("%d estimates probed (%d with a suppressed enemy free to be freed); changes that altered them: %v", len(queries), freed, altered)
}

// TestSightMemoOtherSize asks the memo about a unit's footprint, then
// about a footprint of another size at the same place and facing (as a
// decoded state that gives the unit's index another type may): the memo
// keys answers by unit index, place and facing, so it must not answer for
// a footprint of another size than New's type for that index.
func TestSightMemoOtherSize(t *testing.T) {
	s, m := deployedWithMemo(t)
	m.reset(s)
	a, b := s.unitsOf(0)[0], s.unitsOf(1)[0]
	differ := 0
	r := rand.New(rand.NewPCG(*memoSeed, 5))
	for range 2000 {
		p := geom.Point{X: 2 + r.Float64()*(s.b.table.Width()-4), Y: 2 + r.Float64()*(s.b.table.Height()-4)}
		fb := s.boxAt(b, p, geom.Deg(r.Float64()*360))
		big := fb
		big.Length, big.Width = fb.Length*4, fb.Width*4
		if s.standard(b, big) || !s.standard(b, fb) {
			t.Fatal("standard: wrong size taken as standard, or the unit's own size not")
		}
		env := m.env(s, 0)
		first := m.seesBox(s, env, a, s.box(a), b, fb) // remembered
		got, want := m.seesBox(s, env, a, s.box(a), b, big), s.lineOfSight(a, s.box(a), b, big)
		if got != want {
			t.Fatalf("a footprint 4 times %s's size at %v: the memo says seen %v, lineOfSight %v", s.Units[b].ID, p, got, want)
		}
		if first != want {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("the larger footprint was never seen differently: the test proves nothing")
	}
	t.Logf("%d of 2000 larger footprints seen differently", differ)
}

// TestSightMemoRaysWithFriends asks the memo the same questions before and
// after a friend of the viewer steps into the line between viewer and
// target, and again after it steps away: the terrain's part of each ray is
// then the memo's (rays), traced for the first question, while the friend
// must still block what it blocks. Every answer must be lineOfSight's.
func TestSightMemoRaysWithFriends(t *testing.T) {
	s, m := deployedWithMemo(t)
	ours := s.unitsOf(0)
	a, f, b := ours[0], ours[1], s.unitsOf(1)[0]
	home := s.Units[f]
	r := rand.New(rand.NewPCG(*memoSeed, 7))
	blockedByFriend, fromRays := 0, 0
	for range 1000 {
		p := geom.Point{X: 2 + r.Float64()*(s.b.table.Width()-4), Y: 2 + r.Float64()*(s.b.table.Height()-4)}
		fb := s.boxAt(b, p, geom.Deg(r.Float64()*360))
		fa := s.box(a)
		ask := func(when string) bool {
			got, want := s.canSeeBox(a, fa, b, fb), s.lineOfSight(a, fa, b, fb)
			if got != want {
				t.Fatalf("%s: the memo says %s sees %s at %v: %v, lineOfSight says %v", when, s.Units[a].ID, s.Units[b].ID, p, got, want)
			}
			return want
		}
		s.Units[f].Pos, s.Units[f].Heading = home.Pos, home.Heading
		before := ask("friend at home")
		// The friend halfway along the line, across it.
		mid := fa.Center.Add(fb.Center.Sub(fa.Center).Mul(0.5))
		s.Units[f].Pos, s.Units[f].Heading = mid, fb.Heading+geom.Deg(90)
		k := sightKey{viewer: int16(a), target: int16(b)}
		boxBits(k.boxes[:3], fa)
		boxBits(k.boxes[3:], fb)
		if e := slotcache.Slot(m.rays, k.hash()); e.gen == m.gen && e.k == k && e.traced != 0 {
			fromRays++
		}
		if between := ask("friend in the way"); before && !between {
			blockedByFriend++
		}
		s.Units[f].Pos, s.Units[f].Heading = home.Pos, home.Heading
		ask("friend back home")
	}
	s.Units[f].Pos, s.Units[f].Heading = home.Pos, home.Heading
	if blockedByFriend == 0 || fromRays == 0 {
		t.Fatalf("of 1000 places, the friend blocked a view %d times and the rays were the memo's %d times: the test proves nothing", blockedByFriend, fromRays)
	}
	t.Logf("of 1000 places: the friend blocked %d views, the memo had the rays of %d", blockedByFriend, fromRays)
}

// deployedWithMemo returns Battle 1 deployed by the doctrine, with a memo.
func deployedWithMemo(t *testing.T) (*State, *SightMemo) {
	t.Helper()
	s := setupFixture(t, "armour-battles/battle-1").s
	src := dice.NewPCG(*memoSeed)
	for n := 0; s.Phase == phaseDeploy && n < 100; n++ {
		s.Apply(s.Doctrine(), src, engine.Discard)
	}
	var memo any
	s.WithMemo(&memo)
	return s, memo.(*SightMemo)
}

// TestSightMemoGrows asks a memo more questions than its caches start
// with: they must grow to their full size, keep the answers they held
// (the answer whose writing made the answer cache grow is still in it
// after), and answer as lineOfSight does all along.
func TestSightMemoGrows(t *testing.T) {
	s, m := deployedWithMemo(t)
	m.reset(s)
	if len(m.answers) != minSightSlots || len(m.rays) != minRaySlots {
		t.Fatalf("a new memo has %d answer and %d ray slots, want %d and %d", len(m.answers), len(m.rays), minSightSlots, minRaySlots)
	}
	a, b := s.unitsOf(0)[0], s.unitsOf(1)[0]
	fa := s.box(a)
	env := m.env(s, 0)
	r := rand.New(rand.NewPCG(*memoSeed, 9))
	growths, kept := 0, 0
	for n := 0; len(m.answers) < sightSlots || len(m.rays) < raySlots; n++ {
		if n > 4*sightSlots {
			t.Fatalf("after %d questions the caches have %d and %d slots, want %d and %d", n, len(m.answers), len(m.rays), sightSlots, raySlots)
		}
		p := geom.Point{X: 2 + r.Float64()*(s.b.table.Width()-4), Y: 2 + r.Float64()*(s.b.table.Height()-4)}
		fb := s.boxAt(b, p, geom.Deg(r.Float64()*360))
		size := len(m.answers)
		got := m.seesBox(s, env, a, fa, b, fb)
		if n%64 == 0 {
			if want := s.lineOfSight(a, fa, b, fb); got != want {
				t.Fatalf("question %d: the memo says %v, lineOfSight %v", n, got, want)
			}
		}
		if len(m.answers) != size {
			growths++
			k := sightKey{env: env, viewer: int16(a), target: int16(b)}
			boxBits(k.boxes[:3], fa)
			boxBits(k.boxes[3:], fb)
			if e := slotcache.Slot(m.answers, k.hash()); e.gen == m.gen && e.k == k && e.ok == got {
				kept++
			}
		}
	}
	if growths != 1 || kept != growths {
		t.Fatalf("the answer cache grew %d times (want 1, from %d to %d slots) and kept the last answer %d times", growths, minSightSlots, sightSlots, kept)
	}
}

// TestFramesKept asks a memo for every unit's footprint frame at every
// decision of random games on two battles, sharing the memo between them
// (other footprints at the same unit indices), and compares each with the
// frame worked out afresh. It counts the frames the memo served, so that
// it is known to test something.
func TestFramesKept(t *testing.T) {
	var memo any
	served, asked := 0, 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-3", "armour-battles/battle-1"} {
		playRandomOn(t, battle(t, id), *memoSeed, func(s *State, _ engine.Action) error {
			c := s.clone()
			c.WithMemo(&memo)
			for u := range c.Units {
				m := c.memo
				kept := u < len(m.frames) && m.frames[u].ok && sameBox(m.frames[u].fr.Box(), c.box(u))
				if got, want := c.frame(u), c.box(u).Frame(); got != want {
					return fmt.Errorf("unit %d: frame %+v, want %+v", u, got, want)
				}
				asked++
				if kept {
					served++
				}
			}
			return nil
		})
	}
	if served == 0 || served == asked {
		t.Fatalf("%d of %d frames served from the memo: the test proves nothing", served, asked)
	}
	t.Logf("%d of %d frames served from the memo", served, asked)
}

// TestSightKeySame checks sightKey.same against == on keys that differ in
// one field each, and on equal keys.
func TestSightKeySame(t *testing.T) {
	base := sightKey{env: 3, viewer: 4, target: 5, boxes: [6]uint64{6, 7, 8, 9, 10, 11}}
	keys := []sightKey{base}
	for f := range 9 {
		k := base
		switch f {
		case 0:
			k.env++
		case 1:
			k.viewer++
		case 2:
			k.target++
		default:
			k.boxes[f-3]++
		}
		keys = append(keys, k)
	}
	for _, a := range keys {
		for _, b := range keys {
			if a.same(&b) != (a == b) {
				t.Errorf("%v same as %v: %v, == says %v", a, b, a.same(&b), a == b)
			}
		}
	}
}

// TestWatcherKeyComplete checks that a watcher's key in a move window
// changes with everything bitsKey.watcher keeps of it (which unit, its
// type, where it stands, its facing), with the window's mover and with
// the friend set, and with nothing else.
func TestWatcherKeyComplete(t *testing.T) {
	s, _ := deployedWithMemo(t)
	v := s.sightFrom(0)
	u := s.unitsOf(0)[0]
	base := v.watcherKeyOf(7, 3, u)
	if again := v.watcherKeyOf(7, 3, u); again != base {
		t.Fatalf("the same watcher keyed twice: %+v, then %+v", base, again)
	}
	s.Units[u].Fired = true // not part of the span's key (the window's watchers are)
	if k := v.watcherKeyOf(7, 3, u); k != base {
		t.Errorf("a fire marker changed the key: %+v, was %+v", k, base)
	}
	changes := map[string]func(){
		"mover":   func() {},
		"friends": func() {},
		"unit":    func() {},
		"type":    func() { s.Units[u].Type++ },
		"x":       func() { s.Units[u].Pos.X += 1e-9 },
		"y":       func() { s.Units[u].Pos.Y += 1e-9 },
		"heading": func() { s.Units[u].Heading += 1e-9 },
	}
	for name, change := range changes {
		saved := s.Units[u]
		change()
		mover, fs, unit := int32(7), int32(3), u
		switch name {
		case "mover":
			mover = 8
		case "friends":
			fs = 4
		case "unit":
			unit = s.unitsOf(0)[1]
		}
		if k := v.watcherKeyOf(mover, fs, unit); k == base {
			t.Errorf("changing the %s left the key as it was", name)
		}
		s.Units[u] = saved
	}
}

// TestSeesUnitSameAnswers plays a seeded random game of each battle with
// one memo kept throughout and, before every action, asks seesUnit of
// every unit of each side about every enemy on the table, hidden ones and
// hidden viewers too (those are not kept in the table), in the state and
// in copies determinized for either side (where the targets' or the
// viewers' hidden units stand elsewhere, as in a search): each answer must be
// lineOfSight's. Most answers must come from tables kept from earlier
// states, so that reusing a table is what the test checks.
func TestSeesUnitSameAnswers(t *testing.T) {
	var memo any
	checks, served := 0, 0
	src := dice.NewPCG(5)
	for _, id := range allBattles {
		playRandomOn(t, battle(t, id), 1, func(s0 *State, _ engine.Action) error {
			for variant := range 6 {
				side, s := variant%2, s0.clone()
				switch variant / 2 {
				case 1: // the targets' hidden units placed afresh
					s = s0.Determinize(side, src).(*State)
				case 2: // the viewers'
					s = s0.Determinize(1-side, src).(*State)
				}
				s.WithMemo(&memo)
				v := s.unitSightFrom(side)
				vt := v.table()
				for a := range s.Units {
					if s.Units[a].Side != side || !s.Units[a].Active() {
						continue
					}
					for b := range s.Units {
						if s.Units[b].Side == side || !s.Units[b].Active() {
							continue
						}
						i := a*vt.n + b
						known := vt.known[i/64]&(1<<(i%64)) != 0
						got, want := v.seesUnit(a, b), s.lineOfSight(a, s.box(a), b, s.box(b))
						if got != want {
							return fmt.Errorf("turn %d: seesUnit says %s sees %s: %v, lineOfSight says %v (from the table: %v)",
								s.Turn, s.Units[a].ID, s.Units[b].ID, got, want, known)
						}
						checks++
						if known {
							served++
						}
					}
				}
			}
			return nil
		})
	}
	t.Logf("%d answers compared, %d of them from a table kept earlier", checks, served)
	if checks < 100000 || served < checks/2 {
		t.Fatalf("the test checks too little")
	}
}
