package table

import (
	"math/rand/v2"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/geom"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZCPURay(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := rand.New(rand.NewPCG(42, 7))
	tb := randomTable(r, 60)
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
	var length float64
	var level int
	visit := func(c Crossing) bool { length += c.Length; return true }
	var res []float64
	const n = 200000
	for k := 0; k < 15; k++ {
		c0 := threadCPU()
		for i := 0; i < n; i++ {
			s := rays[i&1023]
			tb.VisitSegment(s, visit)
			l, _ := tb.HighestLevel(s)
			level += l
		}
		res = append(res, float64(threadCPU()-c0)/n)
	}
	sort.Float64s(res)
	t.Logf("cpu ns/ray: min %.0f median %.0f max %.0f", res[0], res[len(res)/2], res[len(res)-1])
}
