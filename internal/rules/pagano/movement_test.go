package pagano

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/table"
	"pgregory.net/rapid"
)

// TestPropPathChecksMatchEverySample moves a German vehicle among others
// and buildings, near the table's edges too, and checks planMove's answer
// against the plain check: at every sample of the path, every vehicle,
// every building and the table's edge, in that order.
func TestPropPathChecksMatchEverySample(t *testing.T) {
	kinds := map[string]int{}
	rapid.Check(t, func(rt *rapid.T) {
		var terrain []table.Feature
		for i := range rapid.IntRange(0, 3).Draw(rt, "buildings") {
			x, y := rapid.Float64Range(0, 8).Draw(rt, fmt.Sprint("bx", i)), rapid.Float64Range(0, 8).Draw(rt, fmt.Sprint("by", i))
			terrain = append(terrain, rect(table.KindBuilding, x, y, x+rapid.Float64Range(0.2, 2).Draw(rt, fmt.Sprint("bw", i)), y+rapid.Float64Range(0.2, 2).Draw(rt, fmt.Sprint("bh", i))))
		}
		units := []placed{{id: "mover", typ: "panzer-iv-h", side: german, x: rapid.Float64Range(0.6, 9.4).Draw(rt, "x"), y: rapid.Float64Range(0.6, 9.4).Draw(rt, "y"), facing: rapid.Float64Range(-180, 180).Draw(rt, "facing"), motion: Moving}}
		for i := range rapid.IntRange(0, 5).Draw(rt, "others") {
			units = append(units, placed{id: fmt.Sprint("v", i), typ: rapid.SampledFrom([]string{"m4-75", "tiger-i", "stug-iii"}).Draw(rt, fmt.Sprint("t", i)),
				side: rapid.IntRange(0, 1).Draw(rt, fmt.Sprint("s", i)), x: units[0].x + rapid.Float64Range(-3, 3).Draw(rt, fmt.Sprint("x", i)), y: units[0].y + rapid.Float64Range(-3, 3).Draw(rt, fmt.Sprint("y", i)),
				facing: rapid.Float64Range(-180, 180).Draw(rt, fmt.Sprint("f", i))})
		}
		f := newFixture(t, terrain, 3, units...)
		s := f.s
		s.b.table = smallTable(t, terrain) // for the edges to matter
		for k := range 20 {
			var to [][2]float64
			for i := range rapid.IntRange(1, 3).Draw(rt, fmt.Sprint("waypoints", k)) {
				to = append(to, [2]float64{units[0].x + rapid.Float64Range(-4, 4).Draw(rt, fmt.Sprint("wx", k, i)), units[0].y + rapid.Float64Range(-4, 4).Draw(rt, fmt.Sprint("wy", k, i))})
			}
			a := Move{Unit: "mover", To: to, Stop: true}
			_, err := s.planMove(a)
			got := ""
			if err != nil {
				got = err.Error()
			}
			want, ok := plainPathCheck(s, a)
			if !ok {
				continue // refused before the path is checked (budget, say)
			}
			if got != want {
				rt.Fatalf("planMove says %q, checking every sample %q", got, want)
			}
			kinds[answerKind(want)]++
		}
	})
	t.Logf("answers by kind: %v", kinds)
}

// smallTable makes a 10×10" table with the terrain.
func smallTable(t *testing.T, terrain []table.Feature) *table.Table {
	tb := table.New(10, 10)
	for _, f := range terrain {
		if _, err := tb.Add(f); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// answerKind names what planMove's answer msg is about.
func answerKind(msg string) string {
	switch {
	case msg == "":
		return "allowed"
	case strings.Contains(msg, "run into"):
		return "vehicle"
	case strings.Contains(msg, "enter"):
		return "building"
	case strings.Contains(msg, "off the table"):
		return "edge"
	}
	return "end"
}

// plainPathCheck is planMove's path check without its shortcuts; ok is
// false when planMove refuses the move before its path check.
func plainPathCheck(s *State, a Move) (string, bool) {
	p, err := s.planMove(Move{Unit: a.Unit, To: a.To, Stop: a.Stop, Facing: a.Facing, Turret: a.Turret})
	if err != nil && !strings.Contains(err.Error(), "along its path") && !strings.Contains(err.Error(), "would end") {
		return "", false
	}
	u := s.unitIndex(a.Unit)
	pl := geom.Polyline(p.path)
	for d := pathCheckStep; d < pl.Length()-1e-9; d += pathCheckStep {
		pt, h := pl.At(d)
		b := s.boxAt(u, pt, h)
		for i := range s.Units {
			if i != u && s.Units[i].Active() && s.box(i).Overlaps(b) {
				return errorf("move: %s would run into %s %.1f\" along its path", a.Unit, s.Units[i].ID, d).Error(), true
			}
		}
		if f := s.inBuilding(b); f != nil {
			return errorf("move: %s's hull would enter %s %.1f\" along its path; vehicles cannot enter buildings (ruling P16)", a.Unit, f, d).Error(), true
		}
		if !p.exit && !s.b.table.ContainsBox(b) {
			return errorf("move: %s would run off the table %.1f\" along its path", a.Unit, d).Error(), true
		}
	}
	box := s.boxAt(u, pl[len(pl)-1], p.facing)
	switch {
	case p.exit:
	case !s.b.table.ContainsBox(box):
		return errorf("move: %s would end partly off the table", a.Unit).Error(), true
	case s.overlapping(u, box) >= 0:
		return errorf("move: %s would end on top of %s", a.Unit, s.Units[s.overlapping(u, box)].ID).Error(), true
	case s.inBuilding(box) != nil:
		return errorf("move: %s would end with its hull in %s; vehicles cannot enter buildings (ruling P16)", a.Unit, s.inBuilding(box)).Error(), true
	}
	return "", true
}
