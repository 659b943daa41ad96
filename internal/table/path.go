package table

import (
	"cmp"
	"slices"

	"github.com/sandtable/sandtable/internal/geom"
)

// PathSpan is the stretch of a movement path inside one feature, as
// distances in inches from the start of the path. For an area feature
// From < To; for a line feature crossed by the path From == To.
type PathSpan struct {
	Feature  *Feature
	From, To float64
}

// Len returns To-From.
func (ps PathSpan) Len() float64 { return ps.To - ps.From }

// AlongPath returns, for movement costs, the spans of path inside each area
// feature and a zero-length span at each line feature crossing, sorted by
// From (then feature ID). A span that continues across a vertex of the path
// is reported as one span; an area left and re-entered gives two. A path
// whose segments graze a feature at a single point gets no span for it (as
// VisitSegment), while touching a line feature counts as crossing it.
func (t *Table) AlongPath(path geom.Polyline) []PathSpan {
	return t.AlongPathInto(nil, path)
}

// AlongPathInto is AlongPath in dst's storage, whatever it held: a
// caller done with the spans soon may pass a buffer of its own.
func (t *Table) AlongPathInto(dst []PathSpan, path geom.Polyline) []PathSpan {
	spans := dst[:0]
	var buf [maxStack]Crossing
	start := 0.0
	for i := 1; i < len(path); i++ {
		s := geom.Segment{A: path[i-1], B: path[i]}
		l := s.Length()
		if l == 0 {
			continue
		}
		for _, c := range t.Crossings(s, buf[:0]) {
			spans = append(spans, PathSpan{Feature: c.Feature, From: start + c.T0*l, To: start + c.T1*l})
		}
		start += l
	}
	if len(path) == 1 || (len(path) > 1 && start == 0) {
		// A path that goes nowhere: report the areas it stands in.
		for _, f := range t.At(path[0], nil) {
			spans = append(spans, PathSpan{Feature: f})
		}
		return spans
	}
	// Group by feature, then merge spans that meet at a path vertex and
	// duplicate line crossings at a vertex.
	slices.SortStableFunc(spans, func(a, b PathSpan) int {
		if a.Feature.ID != b.Feature.ID {
			return cmp.Compare(a.Feature.ID, b.Feature.ID)
		}
		return cmp.Compare(a.From, b.From)
	})
	const eps = 1e-7
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && out[n-1].Feature == sp.Feature && sp.From <= out[n-1].To+eps {
			if sp.To > out[n-1].To {
				out[n-1].To = sp.To
			}
			continue
		}
		out = append(out, sp)
	}
	slices.SortStableFunc(out, func(a, b PathSpan) int {
		if a.From != b.From {
			return cmp.Compare(a.From, b.From)
		}
		return cmp.Compare(a.Feature.ID, b.Feature.ID)
	})
	return out
}
