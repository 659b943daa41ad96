package table

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

func TestZZDebugCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
	g := tb.grid
	t.Logf("grid %dx%d size %.2f outside %d", g.nx, g.ny, g.size, len(g.outside))
	tot := 0
	for _, c := range g.cells {
		tot += len(c.all)
	}
	t.Logf("entries %d avg/cell %.2f", tot, float64(tot)/float64(len(g.cells)))
	cells, cands, uniq := 0, 0, 0
	n := 1000
	for i := 0; i < n; i++ {
		a := geom.Pt(r.Float64()*72, r.Float64()*48)
		e := a.Add(geom.Dir(geom.Angle(r.Float64() * 6.283)).Mul(5 + 35*r.Float64()))
		s := geom.Segment{A: a, B: e}
		var w walk
		if g.start(&w, s) != walkCells {
			continue
		}
		for {
			cells++
			for _, it := range g.cells[w.iy*g.nx+w.ix].all {
				cands++
				if !w.seen(it) {
					uniq++
				}
			}
			if !w.next() {
				break
			}
		}
	}
	t.Logf("per ray: cells %.1f cands %.1f uniq %.1f", float64(cells)/float64(n), float64(cands)/float64(n), float64(uniq)/float64(n))
}
