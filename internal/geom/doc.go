// Package geom provides the small 2-D value types Sandtable measures a
// gridless wargames table with: points (also used as vectors), angles,
// segments, polylines, polygons, axis-aligned rectangles, oriented boxes
// (unit footprints) and circles. All lengths are in inches. A Shadow is the
// region a convex polygon hides from a point, answered conservatively, for
// quick "not seen" answers.
//
// Conventions:
//
//   - X runs across the table's width and Y across its depth. Headings follow
//     the mathematical convention: 0 is +X and angles grow counter-clockwise,
//     so 90° is +Y. "Left" of a heading is the direction 90° counter-clockwise
//     of it.
//   - Closed shapes (Polygon, Rect, Box, Circle) include their boundary: a
//     point on an edge or vertex is contained. Boundary tests use the
//     tolerance Epsilon.
//   - Parameters along a segment run from 0 at A to 1 at B. Clip methods
//     return the parameter Intervals of a segment that lie inside a shape,
//     sorted and merged, and append to a caller-supplied slice so that hot
//     paths (line of sight) need not allocate.
//
// The types are plain values; none of them retains the slices passed to it
// and none is safe to mutate while another goroutine reads it.
package geom

// Epsilon is the tolerance, in inches (or in segment parameter units where a
// parameter is compared), below which two positions are treated as the same
// for boundary decisions.
const Epsilon = 1e-9
