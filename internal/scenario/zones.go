package scenario

import (
	"slices"
	"strconv"

	"github.com/sandtable/sandtable/internal/geom"
)

// MaxHillLevel is the highest hill level a scenario may give. No WWII
// table has more than a handful of contour levels; a larger number is a
// slip (an elevation in feet or metres, say), not a hill.
const MaxHillLevel = 10

// minOverlap is the least area, in square inches, that counts as two
// zones overlapping: far below anything a player could see, far above
// the rounding left where two zones only touch along an edge.
const minOverlap = 1e-6

// zoneAt is a deployment zone as written, for the checks between sides.
type zoneAt struct {
	side    int    // index in the file's sides
	sideID  string // the side's id
	name    string
	what    string // e.g. "sides[1].zones[0]"
	pos     Pos
	polygon [][2]float64
	ok      bool // the polygon is a valid one (else already reported)
}

// label names the zone for a message.
func (z zoneAt) label() string {
	if z.name == "" {
		return "unnamed zone " + z.what
	}
	return "zone " + strconv.Quote(z.name)
}

// placedAt is a unit the scenario places with at:.
type placedAt struct {
	side int // index in the file's sides
	id   string
	xy   [2]float64
	what string // e.g. "sides[0].forces[1].units[2].at"
	pos  Pos    // the at: value's position
}

// setupConflicts reports what the sides' set-up puts in each other's way:
// deployment zones of opposing sides that overlap (zones of one side may
// overlap, and zones may touch along an edge), and units placed with at:
// whose centre stands inside an enemy deployment zone (on its edge is not
// inside). An overlap is reported at the later of the two zones in the
// file, a unit at its at: value.
func (d *decoder) setupConflicts(zones []zoneAt, placed []placedAt) {
	for i, z := range zones {
		if !z.ok {
			continue
		}
		for _, o := range zones[:i] {
			if !o.ok || o.side == z.side {
				continue
			}
			if a := overlapArea(z.polygon, o.polygon); a > minOverlap {
				unit := "square inches"
				if r := roundArea(a); r == 1 {
					unit = "square inch"
				}
				d.add(z.pos, "%s: %s of side %q overlaps %s of side %q (line %d) by %s %s; the two sides' deployment zones may touch but not overlap",
					z.what, z.label(), z.sideID, o.label(), o.sideID, o.pos.Line, fmtf(roundArea(a)), unit)
			}
		}
	}
	for _, u := range placed {
		p := geom.Point{X: u.xy[0], Y: u.xy[1]}
		for _, z := range zones {
			if !z.ok || z.side == u.side {
				continue
			}
			if pg := toPolygon(z.polygon); pg.Contains(p) && pg.DistToBoundary(p) > geom.Epsilon {
				d.add(u.pos, "%s: unit %q at [%s, %s] stands in side %q's deployment %s; a unit placed with at must start outside the enemy's deployment zones",
					u.what, u.id, fmtf(u.xy[0]), fmtf(u.xy[1]), z.sideID, z.label())
				break
			}
		}
	}
}

// roundArea rounds an area for a message: to a hundredth of a square inch,
// or to three significant figures below that.
func roundArea(a float64) float64 {
	if a >= 0.01 {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(a, 'f', 2, 64), 64)
		return r
	}
	r, _ := strconv.ParseFloat(strconv.FormatFloat(a, 'g', 3, 64), 64)
	return r
}

func toPolygon(pts [][2]float64) geom.Polygon {
	pg := make(geom.Polygon, len(pts))
	for i, p := range pts {
		pg[i] = geom.Point{X: p[0], Y: p[1]}
	}
	return pg
}

// overlapArea returns the area two simple polygons share. Each is cut into
// triangles whose insides do not meet, so the shared area is the sum of
// what each triangle of one shares with each triangle of the other, and
// two convex shapes share a convex one.
func overlapArea(a, b [][2]float64) float64 {
	ta, tb := triangles(a), triangles(b)
	var sum float64
	for _, s := range ta {
		for _, t := range tb {
			if boxesMeet(s, t) {
				sum += abs(area(clipConvex(s[:], t)))
			}
		}
	}
	return sum
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// boxesMeet reports whether the bounding boxes of two triangles meet.
func boxesMeet(s, t [3][2]float64) bool {
	for k := range 2 {
		if max(s[0][k], s[1][k], s[2][k]) < min(t[0][k], t[1][k], t[2][k]) ||
			max(t[0][k], t[1][k], t[2][k]) < min(s[0][k], s[1][k], s[2][k]) {
			return false
		}
	}
	return true
}

// triangles cuts a simple polygon (one that polygon accepted) into
// counter-clockwise triangles by clipping ears.
func triangles(poly [][2]float64) [][3][2]float64 {
	p := slices.Clone(poly)
	if area(p) < 0 {
		slices.Reverse(p)
	}
	var out [][3][2]float64
	for len(p) >= 3 {
		n := len(p)
		if n == 3 {
			if orient(p[0], p[1], p[2]) > 0 {
				out = append(out, [3][2]float64{p[0], p[1], p[2]})
			}
			break
		}
		cut := -1
		for i := range n {
			a, b, c := p[(i+n-1)%n], p[i], p[(i+1)%n]
			o := orient(a, b, c)
			if o == 0 {
				cut = i // b lies on the straight edge from a to c: drop it
				break
			}
			if o < 0 {
				continue // a reflex corner is no ear
			}
			ear := true
			for j, q := range p {
				if j != i && j != (i+n-1)%n && j != (i+1)%n && inTriangle(a, b, c, q) {
					ear = false
					break
				}
			}
			if ear {
				out = append(out, [3][2]float64{a, b, c})
				cut = i
				break
			}
		}
		if cut < 0 {
			break // only rounding can leave a simple polygon without an ear
		}
		p = slices.Delete(p, cut, cut+1)
	}
	return out
}

// inTriangle reports whether q lies in the counter-clockwise triangle abc,
// its edges included.
func inTriangle(a, b, c, q [2]float64) bool {
	return orient(a, b, q) >= 0 && orient(b, c, q) >= 0 && orient(c, a, q) >= 0
}

// clipConvex returns the part of convex polygon s inside the
// counter-clockwise triangle t (Sutherland–Hodgman).
func clipConvex(s [][2]float64, t [3][2]float64) [][2]float64 {
	out := s
	for k := range 3 {
		a, b := t[k], t[(k+1)%3]
		in := out
		out = nil
		for i, cur := range in {
			prev := in[(i+len(in)-1)%len(in)]
			oc, op := orient(a, b, cur), orient(a, b, prev)
			if oc >= 0 {
				if op < 0 {
					out = append(out, cross(prev, cur, op, oc))
				}
				out = append(out, cur)
			} else if op >= 0 {
				out = append(out, cross(prev, cur, op, oc))
			}
		}
		if len(out) < 3 {
			return nil
		}
	}
	return out
}

// cross returns where segment pq crosses a line that p and q stand op and
// oq from (signed, as orient gives them).
func cross(p, q [2]float64, op, oq float64) [2]float64 {
	t := op / (op - oq)
	return [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])}
}
