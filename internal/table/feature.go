package table

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/internal/geom"
)

// Conventional feature kinds. Kinds are free-form strings; rulesets may add
// their own.
const (
	KindWoods    = "woods"
	KindHill     = "hill" // an area with Level ≥ 1; hills may nest
	KindField    = "field"
	KindBuilding = "building"
	KindHedge    = "hedge"
	KindWall     = "wall"
	KindRoad     = "road"
	KindSmoke    = "smoke"  // temporary area, e.g. a 1"×12" screen
	KindImpact   = "impact" // temporary circular marker
)

// IsLineKind reports whether kind is one of the conventional line kinds
// (hedge, wall, road), which ParseASCII draws as polylines.
func IsLineKind(kind string) bool {
	return kind == KindHedge || kind == KindWall || kind == KindRoad
}

// Feature is one piece of terrain. Exactly one of Area, Line and Circle is
// set.
type Feature struct {
	ID        int           // assigned by Table.Add when zero
	Kind      string        // e.g. KindWoods
	Name      string        // optional, e.g. "Bois de Bezange"
	Area      geom.Polygon  // an area feature's outline
	Line      geom.Polyline // a line feature's course
	Circle    *geom.Circle  // a circular area, e.g. an impact marker
	Level     int           // height level of a hill (≥ 1); 0 otherwise
	Temporary bool          // smoke, markers: added and removed during play
}

// IsArea reports whether f covers an area: it has an Area polygon or a
// Circle.
func (f *Feature) IsArea() bool { return len(f.Area) > 0 || f.Circle != nil }

// IsLine reports whether f is a line feature (a hedge, wall, road...).
func (f *Feature) IsLine() bool { return len(f.Line) > 0 }

// Bounds returns the smallest Rect containing f's shape.
func (f *Feature) Bounds() geom.Rect {
	switch {
	case f.Circle != nil:
		return f.Circle.Bounds()
	case len(f.Area) > 0:
		return f.Area.Bounds()
	default:
		return f.Line.Bounds()
	}
}

// Contains reports whether p lies in an area feature (boundary included);
// it is false for line features.
func (f *Feature) Contains(p geom.Point) bool {
	switch {
	case f.Circle != nil:
		return f.Circle.Contains(p)
	case len(f.Area) > 0:
		return f.Area.Contains(p)
	}
	return false
}

// label returns `kind "name"`, or `kind #id` when f has no name.
func (f *Feature) label() string {
	if f.Name != "" {
		return fmt.Sprintf("%s %q", f.Kind, f.Name)
	}
	return fmt.Sprintf("%s #%d", f.Kind, f.ID)
}

// String returns a short description such as `woods "Bois de Bezange"` or
// `hill #4 (level 2)`.
func (f *Feature) String() string {
	if f.Level > 0 {
		return fmt.Sprintf("%s (level %d)", f.label(), f.Level)
	}
	return f.label()
}

// validate checks f's shape and level, and returns a copy whose slices are
// not shared with the caller.
func (f Feature) validate() (Feature, error) {
	shapes := 0
	if len(f.Area) > 0 {
		shapes++
	}
	if len(f.Line) > 0 {
		shapes++
	}
	if f.Circle != nil {
		shapes++
	}
	if shapes != 1 {
		return f, fmt.Errorf("table: feature %s: exactly one of Area, Line, Circle must be set (got %d)", f.label(), shapes)
	}
	if f.Kind == "" {
		return f, errors.New("table: feature has no kind")
	}
	switch {
	case len(f.Area) > 0:
		if err := f.Area.Validate(); err != nil {
			return f, fmt.Errorf("table: feature %s: %v", f.label(), err)
		}
		f.Area = slices.Clone(f.Area)
	case len(f.Line) > 0:
		if len(f.Line) < 2 {
			return f, fmt.Errorf("table: feature %s: a line needs at least 2 points", f.label())
		}
		for _, p := range f.Line {
			if !finite(p.X) || !finite(p.Y) {
				return f, fmt.Errorf("table: feature %s: non-finite point", f.label())
			}
		}
		if f.Line.Length() <= geom.Epsilon {
			return f, fmt.Errorf("table: feature %s: line has no length", f.label())
		}
		f.Line = slices.Clone(f.Line)
	default:
		c := *f.Circle
		if !finite(c.C.X) || !finite(c.C.Y) || !finite(c.R) || c.R <= 0 {
			return f, fmt.Errorf("table: feature %s: circle needs a finite centre and positive radius", f.label())
		}
		f.Circle = &c
	}
	if f.Level < 0 {
		return f, fmt.Errorf("table: feature %s: negative level %d", f.label(), f.Level)
	}
	if f.Kind == KindHill && (f.Level < 1 || !f.IsArea()) {
		return f, fmt.Errorf("table: feature %s: a hill must be an area with level ≥ 1", f.label())
	}
	return f, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
