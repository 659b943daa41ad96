package table

import (
	"fmt"
	"slices"
	"sort"

	"github.com/sandtable/sandtable/internal/geom"
)

// item is a feature as stored: immutable once added, shared between clones
// (which have the same grid, so the cell range stays valid).
type item struct {
	f      Feature
	bounds geom.Rect // f's bounds grown by geom.Epsilon, for pruning
	// The range of grid cells listing the item, inclusive; unused when
	// outside is set (the item is on the grid's outside list instead).
	cx0, cy0, cx1, cy1 int32
	outside            bool
}

// Table is a rectangular battlefield [0, Width] × [0, Height] inches with its
// terrain features. The zero value is not usable; call New or ParseASCII.
type Table struct {
	width, height float64
	items         []*item // sorted by ID
	grid          *grid   // spatial index, copy-on-write
}

// New returns an empty table width inches across (X) and height inches deep
// (Y).
func New(width, height float64) *Table {
	return &Table{
		width:  width,
		height: height,
		grid:   newGrid(width, height),
	}
}

// Width returns the table's extent along X in inches.
func (t *Table) Width() float64 { return t.width }

// Height returns the table's extent along Y in inches.
func (t *Table) Height() float64 { return t.height }

// Bounds returns the table's surface as a Rect from (0,0) to (Width,Height).
func (t *Table) Bounds() geom.Rect {
	return geom.Rect{Max: geom.Point{X: t.width, Y: t.height}}
}

// Len returns the number of features on the table.
func (t *Table) Len() int { return len(t.items) }

// Add validates f, stores a copy (the table does not keep f's slices) and
// returns its ID. A zero f.ID is replaced by one more than the highest ID in
// use; a positive f.ID is kept if free.
//
// Add returns an error when f has none or more than one of Area, Line and
// Circle, an invalid shape (a polygon that is not simple or has no area, a
// line of no length, a circle of no radius), no kind, a negative level, is
// a hill without Level ≥ 1, has a negative or taken ID, or is off the
// table. Permanent features must lie entirely on the table (edges
// included); temporary ones (smoke, markers) need only overlap it.
func (t *Table) Add(f Feature) (id int, err error) {
	f, err = f.validate()
	if err != nil {
		return 0, err
	}
	b := f.Bounds()
	tb := t.Bounds()
	if f.Temporary && !tb.Intersects(b) || !f.Temporary && !tb.Expand(geom.Epsilon).ContainsRect(b) {
		return 0, fmt.Errorf("table: feature %s at %v–%v is off the %gx%g table", f.label(), b.Min, b.Max, t.width, t.height)
	}
	switch {
	case f.ID < 0:
		return 0, fmt.Errorf("table: feature %s: negative ID", f.label())
	case f.ID == 0:
		f.ID = 1
		if n := len(t.items); n > 0 {
			f.ID = t.items[n-1].f.ID + 1
		}
	default:
		if t.Feature(f.ID) != nil {
			return 0, fmt.Errorf("table: feature ID %d already in use", f.ID)
		}
	}
	it := &item{f: f, bounds: b.Expand(geom.Epsilon)}
	i := sort.Search(len(t.items), func(i int) bool { return t.items[i].f.ID > f.ID })
	t.items = slices.Insert(t.items, i, it)
	t.grid = t.grid.own()
	t.grid.place(it)
	t.grid.insert(it)
	return f.ID, nil
}

// find returns the index of the item with the given ID, or -1.
func (t *Table) find(id int) int {
	i := sort.Search(len(t.items), func(i int) bool { return t.items[i].f.ID >= id })
	if i < len(t.items) && t.items[i].f.ID == id {
		return i
	}
	return -1
}

// Remove deletes the feature with the given ID and reports whether it was
// there. Other clones of the table are not affected.
func (t *Table) Remove(id int) bool {
	i := t.find(id)
	if i < 0 {
		return false
	}
	it := t.items[i]
	t.items = slices.Delete(t.items, i, i+1)
	t.grid = t.grid.own()
	t.grid.delete(it)
	return true
}

// Feature returns the feature with the given ID, or nil. The feature is
// shared with the table and must not be modified.
func (t *Table) Feature(id int) *Feature {
	if i := t.find(id); i >= 0 {
		return &t.items[i].f
	}
	return nil
}

// Features returns all features sorted by ID, in a new slice. The features
// are shared with the table and must not be modified.
func (t *Table) Features() []*Feature {
	fs := make([]*Feature, len(t.items))
	for i, it := range t.items {
		fs[i] = &it.f
	}
	return fs
}

// Clone returns an independent copy of t: adding or removing features on
// either leaves the other unchanged. It is cheap — features are immutable
// and shared, and the index is copied on write — so games may clone a table
// whenever smoke comes and goes.
func (t *Table) Clone() *Table {
	if !t.grid.shared {
		// Only t refers to its grid until now; once shared, a grid is
		// never written again, so clones of clones need no locking.
		t.grid.shared = true
	}
	return &Table{
		width:  t.width,
		height: t.height,
		items:  slices.Clone(t.items),
		grid:   t.grid,
	}
}
