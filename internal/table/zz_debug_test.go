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
			for _, e := range g.cells[w.iy*g.nx+w.ix].all {
				it := e.it
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

func TestZZDebugKinds(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
	kinds := map[string]int{}
	hitsK := map[string]int{}
	verts := 0
	n := 1000
	hills := 0
	for i := 0; i < n; i++ {
		a := geom.Pt(r.Float64()*72, r.Float64()*48)
		e := a.Add(geom.Dir(geom.Angle(r.Float64() * 6.283)).Mul(5 + 35*r.Float64()))
		s := geom.Segment{A: a, B: e}
		for _, it := range tb.items {
			if it.bounds.IntersectsSegment(s) {
				kinds[it.f.Kind]++
				verts += len(it.f.Area) + len(it.f.Line)
				var ivs [8]geom.Interval
				if len(it.appendHits(s, nil, ivs[:0])) > 0 {
					hitsK[it.f.Kind]++
				}
			}
		}
		if l, _ := tb.HighestLevel(s); l > 0 {
			hills++
		}
	}
	for k, v := range kinds {
		t.Logf("%s: bounds-hit per ray %.2f, real hits %.2f", k, float64(v)/float64(n), float64(hitsK[k])/float64(n))
	}
	t.Logf("verts per ray %.1f, rays over a hill %.2f", float64(verts)/float64(n), float64(hills)/float64(n))
	cnt := map[string]int{}
	for _, it := range tb.items {
		cnt[it.f.Kind]++
	}
	t.Log(cnt)
}

func zzRays(tb *Table, r *rand.Rand) []geom.Segment {
	rays := make([]geom.Segment, 1024)
	for i := range rays {
		for {
			a := geom.Pt(r.Float64()*72, r.Float64()*48)
			e := a.Add(geom.Dir(geom.Angle(r.Float64() * 6.283)).Mul(5 + 35*r.Float64()))
			if tb.Bounds().Contains(e) {
				rays[i] = geom.Segment{A: a, B: e}
				break
			}
		}
	}
	return rays
}

func BenchmarkZZParts(b *testing.B) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
	rays := zzRays(tb, r)
	b.Run("visit", func(b *testing.B) {
		i := 0
		n := 0
		for b.Loop() {
			tb.VisitSegment(rays[i&1023], func(c Crossing) bool { n++; return true })
			i++
		}
	})
	b.Run("level", func(b *testing.B) {
		i := 0
		n := 0
		for b.Loop() {
			l, _ := tb.HighestLevel(rays[i&1023])
			n += l
			i++
		}
	})
	b.Run("walkonly", func(b *testing.B) {
		i := 0
		n := 0
		g := tb.grid
		for b.Loop() {
			var w walk
			if g.start(&w, rays[i&1023]) == walkCells {
				for {
					for _, e := range g.cells[w.iy*g.nx+w.ix].all {
						it := e.it
						if !w.seen(it) && it.bounds.IntersectsSegment(rays[i&1023]) {
							n++
						}
					}
					if !w.next() {
						break
					}
				}
			}
			i++
		}
	})
	b.Run("emptyhits", func(b *testing.B) {
		i := 0
		n := 0
		for b.Loop() {
			var buf [maxStack]hit
			hs := buf[:0]
			sortHits(hs)
			n += len(hs)
			i++
		}
	})
}

func BenchmarkZZWalk(b *testing.B) {
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
	rays := zzRays(tb, r)
	g := tb.grid
	b.Run("start", func(b *testing.B) {
		i, n := 0, 0
		for b.Loop() {
			var w walk
			n += g.start(&w, rays[i&1023])
			i++
		}
	})
	b.Run("startnext", func(b *testing.B) {
		i, n := 0, 0
		for b.Loop() {
			var w walk
			if g.start(&w, rays[i&1023]) == walkCells {
				for w.next() {
					n++
				}
			}
			i++
		}
	})
	b.Run("cands", func(b *testing.B) {
		i, n := 0, 0
		for b.Loop() {
			var w walk
			if g.start(&w, rays[i&1023]) == walkCells {
				for {
					for _, e := range g.cells[w.iy*g.nx+w.ix].all {
						it := e.it
						if !w.seen(it) {
							n++
						}
					}
					if !w.next() {
						break
					}
				}
			}
			i++
		}
	})
}
