package pagano

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/slotcache"
	"github.com/sandtable/sandtable/internal/table"
)

// TestSightMemoKeepsAnswers plays random games of every Pagano scenario
// with one memo for all of them and, after every action, asks the memo
// about every pair of vehicles on the table, as they stand and with the
// target turned and moved a little (questions that share a slot or most
// of a key), and checks each answer against one worked out afresh. On
// the same positions it checks shotOpen against shotOKFrom.
func TestSightMemoKeepsAnswers(t *testing.T) {
	var memo any
	asked, hits := 0, 0
	games := 2
	if testing.Short() {
		games = 1
	}
	shared := func() *any { return &memo }
	eachRandomPosition(t, games, 600, shared, func(where string, s *State, _ engine.Action) {
		m := memo.(*SightMemo)
		bare := s.clone() // no memo
		if bare.memo != nil {
			t.Fatal("a clone kept the memo")
		}
		for a := range s.Units {
			for b := range s.Units {
				if a == b || !s.Units[a].Placed || !s.Units[b].Placed {
					continue
				}
				fa, fb := s.box(a), s.box(b)
				turned := s.boxAt(b, fb.Center.Add(geom.Point{X: 0.25}), fb.Heading+geom.Deg(90))
				for _, tb := range []geom.Box{fb, turned, fb} {
					k := keyOf(fa, tb)
					sl := slotcache.Slot(m.slots, k.hash())
					if sl.gen == m.gen && sl.key == k {
						hits++
					}
					got, want := s.sight(a, fa, b, tb), bare.sight(a, fa, b, tb)
					asked++
					if got != want {
						t.Fatalf("%s: %s sees %s at %+v: memo says %+v, worked out afresh %+v",
							where, s.Units[a].ID, s.Units[b].ID, tb, got, want)
					}
				}
			}
		}
		checkShotOpen(t, s)
	})
	t.Logf("%d questions, %d answered from the memo", asked, hits)
	if hits == 0 || hits == asked {
		t.Fatalf("%d of %d questions answered from the memo: the test asks nothing of it", hits, asked)
	}
}

// TestSightMemoForgetsAnotherTable puts the same two vehicles on two
// tables, open ground and with woods between them, and asks one memo.
func TestSightMemoForgetsAnotherTable(t *testing.T) {
	units := []placed{
		{id: "a", typ: "m4-75", side: us, x: 10, y: 24, facing: 0},
		{id: "b", typ: "panzer-iv-h", side: german, x: 30, y: 24, facing: 180},
	}
	open := newFixture(t, nil, 2, units...).s
	woods := newFixture(t, []table.Feature{rect(table.KindWoods, 15, 10, 25, 40)}, 2, units...).s
	var memo any
	for _, tc := range []struct {
		s    *State
		want bool
	}{{open, true}, {woods, false}, {open, true}} {
		tc.s.WithMemo(&memo)
		if q := tc.s.sight(0, tc.s.box(0), 1, tc.s.box(1)); q.OK != tc.want {
			t.Errorf("sight %v, want %v (%s)", q.OK, tc.want, q.Why())
		}
	}
}

// checkShotOpen checks that shotOpen, which an ambusher asks at every
// point of a move, agrees with shotOKFrom for every pair of vehicles of
// opposite sides on the table, with and without the firer's frame, and
// with its arc of fire readied (fireArc).
func checkShotOpen(t *testing.T, s *State) {
	t.Helper()
	for u := range s.Units {
		for v := range s.Units {
			if s.Units[u].Side == s.Units[v].Side || !s.Units[u].Placed || !s.Units[v].Placed {
				continue
			}
			ub, vb := s.box(u), s.box(v)
			ur := ub.Frame()
			_, _, r := s.shotOKFrom(u, ub, nil, v, vb)
			if got := s.shotOpen(u, ub, &ur, nil, v, vb); got != (r == shotFine) {
				t.Fatalf("%s at %s: shotOpen %v, shotOKFrom gives reason %d", s.Units[u].ID, s.Units[v].ID, got, r)
			}
			if got := s.shotOpen(u, ub, nil, nil, v, vb); got != (r == shotFine) {
				t.Fatalf("%s at %s without a frame: shotOpen %v, shotOKFrom gives reason %d", s.Units[u].ID, s.Units[v].ID, got, r)
			}
			arc := s.fireArc(u, ub)
			if got := s.shotOpen(u, ub, &ur, &arc, v, vb); got != (r == shotFine) {
				t.Fatalf("%s at %s with its arc readied: shotOpen %v, shotOKFrom gives reason %d", s.Units[u].ID, s.Units[v].ID, got, r)
			}
		}
	}
}

// TestSightMemoGrows asks a memo more questions than it starts with
// slots for: it must grow to its full size, keep its answers (the answer
// whose writing made it grow is still in it after), and answer as a state
// without a memo does all along.
func TestSightMemoGrows(t *testing.T) {
	units := []placed{
		{id: "a", typ: "m4-75", side: us, x: 10, y: 24, facing: 0},
		{id: "b", typ: "panzer-iv-h", side: german, x: 30, y: 24, facing: 180},
	}
	s := newFixture(t, []table.Feature{rect(table.KindWoods, 15, 10, 25, 40)}, 2, units...).s
	bare := s.clone()
	var memo any
	s.WithMemo(&memo)
	m := memo.(*SightMemo)
	if len(m.slots) != minSightSlots {
		t.Fatalf("a new memo has %d slots, want %d", len(m.slots), minSightSlots)
	}
	fa, fb := s.box(0), s.box(1)
	growths, kept, seen := 0, 0, 0
	for n := 0; len(m.slots) < sightSlots; n++ {
		if n > 4*sightSlots {
			t.Fatalf("after %d questions the memo has %d slots, want %d", n, len(m.slots), sightSlots)
		}
		// Targets on a fine grid over the table, each once.
		tb := s.boxAt(1, geom.Point{X: 1 + float64(n%400)*0.1, Y: 1 + float64(n/400)*0.1}, fb.Heading)
		size := len(m.slots)
		got := s.sight(0, fa, 1, tb)
		if got.OK {
			seen++
		}
		if n%64 == 0 {
			if want := bare.sight(0, fa, 1, tb); got != want {
				t.Fatalf("question %d: the memo says %+v, worked out afresh %+v", n, got, want)
			}
		}
		if len(m.slots) != size {
			growths++
			k := keyOf(fa, tb)
			if sl := slotcache.Slot(m.slots, k.hash()); sl.gen == m.gen && sl.key == k && sl.q == got {
				kept++
			}
		}
	}
	if growths != 1 || kept != 1 || seen == 0 {
		t.Fatalf("the memo grew %d times (want 1, from %d to %d slots), kept the last answer %d times, saw the target %d times", growths, minSightSlots, sightSlots, kept, seen)
	}
}
