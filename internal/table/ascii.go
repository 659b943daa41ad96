package table

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/geom"
)

// Legend says what a character of an ASCII drawing stands for.
type Legend struct {
	Kind  string // feature kind, e.g. KindWoods
	Level int    // hill level; required (≥ 1) for KindHill
	Name  string // optional name given to every feature drawn with the rune
	Line  bool   // draw as a line feature even if Kind is not a line kind
}

func (l Legend) isLine() bool { return l.Line || IsLineKind(l.Kind) }

// ParseASCII builds a table from a drawing, one string per row of cells,
// each cell × cell inches. Row 0 is the top of the table (the far edge, at
// Y = Height); column 0 is the left edge (X = 0). The table is as wide as
// the longest row and as deep as the number of rows; short rows are padded
// with open ground. ' ' and '.' are open ground; every other rune must be in
// legend.
//
// Runes of area kinds become rectangular area features: each maximal run of
// the rune along a row is extended downward over following rows where the
// same run repeats, so a rectangle drawn with one rune becomes one feature,
// and an irregular blob becomes a few rectangles that share edges.
//
// Runes of line kinds (hedge, wall, road, or Legend.Line) become polylines
// through the centres of their cells, extended to the cells' outer edges so
// that "---" over 1" cells is a 3" hedge. The rune gives the direction:
// '-' runs along rows, '|' down columns, '/' and '\' along diagonals; any
// other rune draws a line along each horizontal run and each vertical run
// of two or more cells, and an isolated cell becomes a one-cell horizontal
// line.
//
// The drawing below is a 6"×3" table with a wood at the top left, a level-1
// hill at the right and a hedge along the bottom:
//
//	ParseASCII([]string{
//		"WW..11",
//		"WW..11",
//		"------",
//	}, 1, map[rune]Legend{'W': {Kind: KindWoods}, '1': {Kind: KindHill, Level: 1}, '-': {Kind: KindHedge}})
func ParseASCII(rows []string, cell float64, legend map[rune]Legend) (*Table, error) {
	if !(cell > 0) {
		return nil, fmt.Errorf("table: ascii: cell size %v must be positive", cell)
	}
	grid := make([][]rune, len(rows))
	cols := 0
	for r, row := range rows {
		grid[r] = []rune(row)
		cols = max(cols, len(grid[r]))
	}
	if len(rows) == 0 || cols == 0 {
		return nil, fmt.Errorf("table: ascii: empty drawing")
	}
	for r := range grid {
		for c, ch := range grid[r] {
			if ch == ' ' || ch == '.' {
				continue
			}
			if _, ok := legend[ch]; !ok {
				return nil, fmt.Errorf("table: ascii: row %d column %d: rune %q is not in the legend", r, c, ch)
			}
		}
	}
	nr := len(rows)
	at := func(r, c int) rune {
		if r < 0 || r >= nr || c < 0 || c >= len(grid[r]) {
			return 0
		}
		return grid[r][c]
	}
	// Cell corners in table coordinates.
	x := func(c int) float64 { return float64(c) * cell }
	y := func(r int) float64 { return float64(nr-r) * cell } // top edge of row r
	t := New(float64(cols)*cell, float64(nr)*cell)
	add := func(lg Legend, f Feature, r, c int) error {
		f.Kind, f.Level, f.Name = lg.Kind, lg.Level, lg.Name
		if _, err := t.Add(f); err != nil {
			return fmt.Errorf("table: ascii: row %d column %d: %w", r, c, err)
		}
		return nil
	}
	line := func(lg Legend, r, c int, a, b geom.Point) error {
		return add(lg, Feature{Line: geom.Polyline{a, b}}, r, c)
	}

	used := make([][]bool, nr)
	for r := range used {
		used[r] = make([]bool, cols)
	}
	for r := 0; r < nr; r++ {
		for c := 0; c < len(grid[r]); c++ {
			ch := grid[r][c]
			lg, ok := legend[ch]
			if !ok || used[r][c] {
				continue
			}
			if lg.isLine() {
				continue
			}
			// Area: grow a rectangle right, then down.
			w := 0
			for at(r, c+w) == ch && !used[r][c+w] {
				w++
			}
			h := 1
		grow:
			for r+h < nr {
				for k := 0; k < w; k++ {
					if at(r+h, c+k) != ch || used[r+h][c+k] {
						break grow
					}
				}
				// Do not swallow part of a wider run below.
				if at(r+h, c-1) == ch && !used[r+h][c-1] || at(r+h, c+w) == ch {
					break
				}
				h++
			}
			for i := 0; i < h; i++ {
				for k := 0; k < w; k++ {
					used[r+i][c+k] = true
				}
			}
			rect := geom.Rect{Min: geom.Point{X: x(c), Y: y(r + h)}, Max: geom.Point{X: x(c + w), Y: y(r)}}
			if err := add(lg, Feature{Area: rect.Polygon()}, r, c); err != nil {
				return nil, err
			}
		}
	}

	// Lines.
	for r := 0; r < nr; r++ {
		for c := 0; c < len(grid[r]); c++ {
			ch := grid[r][c]
			lg, ok := legend[ch]
			if !ok || !lg.isLine() {
				continue
			}
			xc := x(c) + cell/2
			yc := y(r) - cell/2
			horizontalStart := at(r, c-1) != ch
			verticalStart := at(r-1, c) != ch
			hlen, vlen := 0, 0
			for at(r, c+hlen) == ch {
				hlen++
			}
			for at(r+vlen, c) == ch {
				vlen++
			}
			switch ch {
			case '-':
				if horizontalStart {
					if err := line(lg, r, c, geom.Point{X: x(c), Y: yc}, geom.Point{X: x(c + hlen), Y: yc}); err != nil {
						return nil, err
					}
				}
			case '|':
				if verticalStart {
					if err := line(lg, r, c, geom.Point{X: xc, Y: y(r)}, geom.Point{X: xc, Y: y(r + vlen)}); err != nil {
						return nil, err
					}
				}
			case '/': // runs up and to the right; start at the bottom-left cell
				if at(r+1, c-1) == ch {
					continue
				}
				n := 0
				for at(r-n, c+n) == ch {
					n++
				}
				if err := line(lg, r, c, geom.Point{X: x(c), Y: y(r + 1)}, geom.Point{X: x(c + n), Y: y(r - n + 1)}); err != nil {
					return nil, err
				}
			case '\\': // runs down and to the right; start at the top-left cell
				if at(r-1, c-1) == ch {
					continue
				}
				n := 0
				for at(r+n, c+n) == ch {
					n++
				}
				if err := line(lg, r, c, geom.Point{X: x(c), Y: y(r)}, geom.Point{X: x(c + n), Y: y(r + n)}); err != nil {
					return nil, err
				}
			default:
				inH := at(r, c-1) == ch || at(r, c+1) == ch
				inV := at(r-1, c) == ch || at(r+1, c) == ch
				if inH && horizontalStart {
					if err := line(lg, r, c, geom.Point{X: x(c), Y: yc}, geom.Point{X: x(c + hlen), Y: yc}); err != nil {
						return nil, err
					}
				}
				if inV && verticalStart {
					if err := line(lg, r, c, geom.Point{X: xc, Y: y(r)}, geom.Point{X: xc, Y: y(r + vlen)}); err != nil {
						return nil, err
					}
				}
				if !inH && !inV {
					if err := line(lg, r, c, geom.Point{X: x(c), Y: yc}, geom.Point{X: x(c + 1), Y: yc}); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return t, nil
}
