package table

import (
	"fmt"
	"iter"
	"math"

	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

// FromScenario builds the table of a scenario with its terrain.
func FromScenario(sc *scenario.Scenario) (*Table, error) {
	t := New(sc.Table.Width, sc.Table.Height)
	for _, ts := range sc.Terrain {
		f := Feature{Kind: ts.Kind, Name: ts.Name, Level: ts.Level}
		if len(ts.Polygon) > 0 {
			f.Area = Polygon(ts.Polygon)
		} else {
			f.Line = geom.Polyline(Polygon(ts.Line))
		}
		if _, err := t.Add(f); err != nil {
			return nil, fmt.Errorf("table: %s: terrain %s %q: %w", sc.ID, ts.Kind, ts.Name, err)
		}
	}
	return t, nil
}

// Polygon converts scenario points to a polygon.
func Polygon(pts [][2]float64) geom.Polygon {
	out := make(geom.Polygon, len(pts))
	for i, p := range pts {
		out[i] = geom.Point{X: p[0], Y: p[1]}
	}
	return out
}

// ContainsBox reports whether the whole footprint lies on the table
// (boundary included).
func (t *Table) ContainsBox(b geom.Box) bool { return boxOnTable(b, t.width, t.height) }

// sizeOK reports whether a table dimension is a size at all: above 0 and
// finite.
func sizeOK(v float64) bool { return v > 0 && !math.IsInf(v, 1) }

func boxOnTable(b geom.Box, width, height float64) bool {
	// A box whose bounding circle is on the table is: most boxes asked
	// about are, and need no corners (and no sines) for the answer.
	if r := b.RoughRadius(); b.Center.X >= r && b.Center.Y >= r && b.Center.X <= width-r && b.Center.Y <= height-r {
		return true
	}
	for _, c := range b.Corners() {
		if c.X < -geom.Epsilon || c.Y < -geom.Epsilon || c.X > width+geom.Epsilon || c.Y > height+geom.Epsilon {
			return false
		}
	}
	return true
}

// CheckPlacements checks a scenario's set-up against the table: each
// pre-placed unit's footprint (at:), turned to its facing (or facing the
// enemy, as the rulesets set it up), lies wholly on the table and
// overlaps no other pre-placed unit; and the units a side sets up fit in
// its deployment zones, footprint area against zone area (a necessary
// condition only: a crowded zone may still run out of room; not for a
// side with a free set-up, which may hold companies back). Rulesets call
// it from their scenario checks.
func CheckPlacements(sc *scenario.Scenario) []scenario.Problem {
	if !sizeOK(sc.Table.Width) || !sizeOK(sc.Table.Height) {
		return nil // the table's own check says what is wrong with it; nothing fits a table of no size
	}
	var ps []scenario.Problem
	for _, sd := range sc.Sides {
		if sd.FreeSetup != nil {
			continue // the side chooses which companies set up at all
		}
		need, n := 0.0, 0
		for _, co := range sd.Forces {
			for _, ref := range co.Units {
				if ut := sc.Units[ref.ID]; ut != nil && ref.At == nil && !co.MayJoinReserves {
					need += ut.Footprint.Length * ut.Footprint.Width
					n++
				}
			}
		}
		room := 0.0
		for _, z := range sd.Zones {
			room += Polygon(z.Polygon).Area()
		}
		if n > 0 && need > room+geom.Epsilon {
			ps = append(ps, sd.Pos.Problemf("side %q: its %d units to set up cover %.3g square inches, more than its deployment zones' %.3g", sd.ID, n, need, room))
			continue
		}
		// Each kind of unit to set up must fit in a zone somewhere,
		// facing the enemy as it sets up.
		zones := ZonePolygons(sd)
		tried := map[*scenario.UnitType]bool{}
		for _, co := range sd.Forces {
			for _, ref := range co.Units {
				ut := sc.Units[ref.ID]
				if ut == nil || ref.At != nil || tried[ut] || ut.Footprint.Length <= 0 || ut.Footprint.Width <= 0 || len(zones) == 0 {
					continue
				}
				tried[ut] = true
				onTable := geom.Rect{Max: geom.Point{X: sc.Table.Width, Y: sc.Table.Height}}
				if !fitsSomewhere(zones, onTable, InwardHeading(sd.Edge), ut.Footprint.Length, ut.Footprint.Width) {
					ps = append(ps, ref.Pos.Problemf("unit %q (%s, %g×%g\") fits nowhere wholly inside side %q's deployment zones, facing the enemy: make a zone deeper or wider", ref.ID, ut.Name, ut.Footprint.Length, ut.Footprint.Width, sd.ID))
				}
			}
		}
	}
	type placed struct {
		id  string
		box geom.Box
	}
	var done []placed
	for _, sd := range sc.Sides {
		for _, co := range sd.Forces {
			for _, ref := range co.Units {
				ut := sc.Units[ref.ID]
				if ref.At == nil || ut == nil {
					continue
				}
				if ut.Footprint.Length <= 0 || ut.Footprint.Width <= 0 {
					ps = append(ps, ref.Pos.Problemf("unit %q (%s) never stands on the table: drop its at:", ref.ID, ut.Name))
					continue
				}
				h := InwardHeading(sd.Edge)
				if ref.Facing != nil {
					h = geom.Deg(*ref.Facing)
				}
				b := geom.Box{Center: geom.Point{X: ref.At[0], Y: ref.At[1]}, Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
				if !boxOnTable(b, sc.Table.Width, sc.Table.Height) {
					ps = append(ps, ref.Pos.Problemf("unit %q at [%g, %g]: its %g×%g\" footprint reaches off the %g×%g\" table", ref.ID, ref.At[0], ref.At[1], ut.Footprint.Length, ut.Footprint.Width, sc.Table.Width, sc.Table.Height))
					continue
				}
				for _, o := range done {
					if b.Overlaps(o.box) {
						ps = append(ps, ref.Pos.Problemf("unit %q at [%g, %g] overlaps unit %q", ref.ID, ref.At[0], ref.At[1], o.id))
						break
					}
				}
				done = append(done, placed{ref.ID, b})
			}
		}
	}
	return ps
}

// InwardHeading returns the heading that points from the named table edge
// ("north" is y = height, "south" y = 0, "east" x = width, "west" x = 0)
// into the table: the way a side deployed on that edge faces the enemy.
func InwardHeading(edge string) geom.Angle {
	switch edge {
	case "north":
		return geom.Deg(-90)
	case "east":
		return geom.Deg(180)
	case "west":
		return 0
	}
	return geom.Deg(90)
}

// EdgeDistance returns how far p stands inside a width×height table from
// its edge named edge (north, south, east or west), 0 beyond it.
func EdgeDistance(edge string, width, height float64, p geom.Point) float64 {
	var d float64
	switch edge {
	case "north":
		d = height - p.Y
	case "east":
		d = width - p.X
	case "west":
		d = p.X
	default:
		d = p.Y
	}
	return math.Max(0, d)
}

// ZonePolygons returns the polygons of side sd's deployment zones, leaving
// out any too broken to be one (fewer than three points: reported when the
// scenario is read).
func ZonePolygons(sd *scenario.Side) []geom.Polygon {
	var zones []geom.Polygon
	for _, z := range sd.Zones {
		if len(z.Polygon) > 2 {
			zones = append(zones, Polygon(z.Polygon))
		}
	}
	return zones
}

// InAnyZone reports whether the whole footprint (its four corners) lies in
// one of the zones.
func InAnyZone(zones []geom.Polygon, b geom.Box) bool {
	cs := b.Corners()
	for _, z := range zones {
		if z.Contains(cs[0]) && z.Contains(cs[1]) && z.Contains(cs[2]) && z.Contains(cs[3]) {
			return true
		}
	}
	return false
}

// fitsSomewhere reports whether a length×width footprint turned to
// heading h lies wholly inside one of zones somewhere on the table
// (onTable), trying centres a quarter of an inch apart. A zone reaching
// off the table (an error reported elsewhere) is tried where it is on it,
// so that a point given as 1e9 costs no more than one on the edge.
func fitsSomewhere(zones []geom.Polygon, onTable geom.Rect, h geom.Angle, length, width float64) bool {
	for i, z := range zones {
		r := z.Bounds()
		r.Min.X, r.Min.Y = max(r.Min.X, onTable.Min.X), max(r.Min.Y, onTable.Min.Y)
		r.Max.X, r.Max.Y = min(r.Max.X, onTable.Max.X), min(r.Max.Y, onTable.Max.Y)
		if !(r.Min.X <= r.Max.X && r.Min.Y <= r.Max.Y) {
			continue
		}
		for p := range r.Grid(0.25) {
			if InAnyZone(zones[i:i+1], geom.Box{Center: p, Heading: h, Length: length, Width: width}) {
				return true
			}
		}
	}
	return false
}

// PackingOrder yields, step by step, the centres at which a length×width
// footprint facing into the table from edge lies within r: row by row
// from the back (the side's own edge) forward, each row from the side's
// left. Taking the first free one for each unit in turn packs a crowded
// zone as a player would.
func PackingOrder(edge string, r geom.Rect, length, width, step float64) iter.Seq[geom.Point] {
	return func(yield func(geom.Point) bool) {
		// u runs across the table (a row), v into it (rows), both from
		// the corner at the side's back left.
		var across, depth float64
		var at func(u, v float64) geom.Point
		switch edge {
		case "north":
			across, depth = r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
			at = func(u, v float64) geom.Point { return geom.Point{X: r.Max.X - u, Y: r.Max.Y - v} }
		case "east":
			across, depth = r.Max.Y-r.Min.Y, r.Max.X-r.Min.X
			at = func(u, v float64) geom.Point { return geom.Point{X: r.Max.X - v, Y: r.Min.Y + u} }
		case "west":
			across, depth = r.Max.Y-r.Min.Y, r.Max.X-r.Min.X
			at = func(u, v float64) geom.Point { return geom.Point{X: r.Min.X + v, Y: r.Max.Y - u} }
		default: // south
			across, depth = r.Max.X-r.Min.X, r.Max.Y-r.Min.Y
			at = func(u, v float64) geom.Point { return geom.Point{X: r.Min.X + u, Y: r.Min.Y + v} }
		}
		for v := length / 2; v <= depth-length/2+1e-9; v += step {
			for u := width / 2; u <= across-width/2+1e-9; u += step {
				if !yield(at(u, v)) {
					return
				}
			}
		}
	}
}
