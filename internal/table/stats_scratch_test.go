package table

import (
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/geom"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_THREAD, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func measure(f func(s geom.Segment), rays []geom.Segment) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Hour
	for rep := 0; rep < 5; rep++ {
		const n = 300000
		c0 := cpuNow()
		for i := 0; i < n; i++ {
			f(rays[i&1023])
		}
		if d := (cpuNow() - c0) / n; d < best {
			best = d
		}
	}
	return best
}

func TestScratchStats(t *testing.T) {
	tb, rays := scratchSetup(nil)
	visit := func(c Crossing) bool { return true }
	n := 0
	t.Logf("search %v", measure(func(s geom.Segment) {
		min, max := key(s.Bounds())
		tb.all.Search(min, max, func(_, _ [2]float64, it *item) bool { n++; return true })
	}, rays))
	t.Logf("search+slab %v", measure(func(s geom.Segment) {
		min, max := key(s.Bounds())
		tb.all.Search(min, max, func(_, _ [2]float64, it *item) bool {
			if it.bounds.IntersectsSegment(s) {
				n++
			}
			return true
		})
	}, rays))
	t.Logf("search+slab+clip %v", measure(func(s geom.Segment) {
		min, max := key(s.Bounds())
		var ivs [8]geom.Interval
		tb.all.Search(min, max, func(_, _ [2]float64, it *item) bool {
			if it.bounds.IntersectsSegment(s) && len(it.f.Area) > 0 {
				n += len(it.f.Area.Clip(s, ivs[:0]))
			}
			return true
		})
	}, rays))
	var hb [24]hit
	t.Logf("appendHits %v", measure(func(s geom.Segment) { n += len(tb.appendHits(s, hb[:0])) }, rays))
	t.Logf("visit %v", measure(func(s geom.Segment) { tb.VisitSegment(s, visit) }, rays))
	t.Logf("highest %v", measure(func(s geom.Segment) { tb.HighestLevel(s) }, rays))
	t.Logf("ray %v", measure(func(s geom.Segment) { tb.VisitSegment(s, visit); tb.HighestLevel(s) }, rays))
}
