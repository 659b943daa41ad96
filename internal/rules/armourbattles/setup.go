package armourbattles

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// Set-up choices made during the deploy phase, before a side's units are
// all on the table: a unit joining another company (the Pumas of Battles 2
// and 3 joining a panzer company; any regrouping in "What Next?") and, in
// "What Next?", whether each company starts on the table, hidden, or in
// reserve. See the rulings document (D19–D23).

// Regroup moves a unit that is not yet on the table into another company
// of its side; it then sets up or arrives with that company.
type Regroup struct {
	Unit    string `json:"unit"`
	Company string `json:"company"`
}

// Station decides how a company of a free set-up side starts the game.
type Station struct {
	Company string `json:"company"`
	As      string `json:"as"` // StationTable, StationHidden or StationReserve
}

// How a company may start under a free set-up.
const (
	StationTable   = "table"
	StationHidden  = "hidden"
	StationReserve = "reserve"
)

func (Regroup) Kind() string { return "regroup" }
func (Station) Kind() string { return "station" }

// Placement tolerances, in inches (rulings D20, D21).
const (
	// EdgeGap is how far a unit set up "on the table edge" may stand from it.
	EdgeGap = 1.0
	// CoverGap is how far a unit set up "behind a hedge or at a wood's
	// edge" may stand from the hedge or the wood's outline.
	CoverGap = 1.0
)

// companyUnits returns side's units in company name, in order.
func (s *State) companyUnits(side int, name string) []int {
	return slices.Collect(s.companyMembers(side, name))
}

// companyMembers yields companyUnits(side, name) one by one, without
// making the list.
func (s *State) companyMembers(side int, name string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range s.Units {
			if s.Units[i].Side == side && s.Units[i].Company == name && !yield(i) {
				return
			}
		}
	}
}

// companies returns side's company names in the order their first unit
// appears.
func (s *State) companies(side int) []string {
	var out []string
	for i := range s.Units {
		if s.Units[i].Side == side && !slices.Contains(out, s.Units[i].Company) {
			out = append(out, s.Units[i].Company)
		}
	}
	return out
}

func (s *State) validateRegroup(a Regroup) error {
	u := s.unitIndex(a.Unit)
	if u < 0 {
		return errorf("regroup: no unit %q", a.Unit)
	}
	un := &s.Units[u]
	side := s.Active
	switch {
	case un.Side != side:
		return errorf("regroup: %s is not %s's unit", a.Unit, s.b.sides[side].id)
	case un.Placed:
		return errorf("regroup: %s is already on the table", a.Unit)
	case un.Regrouped:
		return errorf("regroup: %s has already changed company once", a.Unit)
	case a.Company == un.Company:
		return errorf("regroup: %s is already in %s", a.Unit, a.Company)
	}
	members := s.companyUnits(side, a.Company)
	if len(members) == 0 {
		return errorf("regroup: %s has no company %q (companies: %q)", s.b.sides[side].id, a.Company, s.companies(side))
	}
	home := s.b.home[un.ID]
	switch {
	case s.b.sides[side].free != nil:
	case home != nil && home.MayJoinReserves && !un.Reserve:
		if !s.Units[members[0]].Reserve {
			return errorf("regroup: %s may only join a reserve company, and %s is not in reserve", a.Unit, a.Company)
		}
		for _, m := range members {
			if s.Units[m].Regrouped {
				return errorf("regroup: %s already has %s joined to it; one per company", a.Company, s.Units[m].ID)
			}
		}
		if stay := len(s.companyUnits(side, un.Company)) - 1; stay < home.MinPlaced {
			return errorf("regroup: at least %d of %s must set up on the table", home.MinPlaced, un.Company)
		}
	default:
		return errorf("regroup: %s must set up with %s in this scenario", a.Unit, un.Company)
	}
	recon := s.hasSpecial(u, Recon)
	for _, m := range members {
		recon = recon || s.hasSpecial(m, Recon)
	}
	limit := MaxGroup
	if recon {
		limit++
	}
	if len(members)+1 > limit {
		return errorf("regroup: %s would have %d units; a company is one command group of at most %d", a.Company, len(members)+1, limit)
	}
	return nil
}

func (s *State) applyRegroup(a Regroup, src dice.Source, out engine.Emitter) {
	u := s.unitIndex(a.Unit)
	un := &s.Units[u]
	ref := &s.Units[s.companyUnits(un.Side, a.Company)[0]]
	un.Company, un.Regrouped = a.Company, true
	un.Reserve, un.Arrive, un.Hidden = ref.Reserve, ref.Arrive, ref.Hidden
	how := "to set up"
	switch {
	case un.Reserve:
		how = fmt.Sprintf("in reserve from turn %d", un.Arrive)
	case un.Hidden:
		how = "to set up hidden"
	}
	out.Emit(engine.Event{Kind: "regroup", Text: fmt.Sprintf("%s joins %s, %s", s.name(u), a.Company, how), To: un.Side,
		Data: map[string]any{"unit": un.ID, "company": a.Company}})
	s.nextSetup(src, out)
}

func (s *State) validateStation(a Station) error {
	side := s.Active
	free := s.b.sides[side].free
	if free == nil {
		return errorf("station: %s sets up as the scenario says; only a free set-up (What Next?) chooses", s.b.sides[side].id)
	}
	if a.As != StationTable && a.As != StationHidden && a.As != StationReserve {
		return errorf("station: as %q is not one of %q, %q, %q", a.As, StationTable, StationHidden, StationReserve)
	}
	members := s.companyUnits(side, a.Company)
	if len(members) == 0 {
		return errorf("station: %s has no company %q (companies: %q)", s.b.sides[side].id, a.Company, s.companies(side))
	}
	for _, m := range members {
		if s.Units[m].Placed {
			return errorf("station: %s of %s is already on the table", s.Units[m].ID, a.Company)
		}
		if s.Units[m].Stationed {
			return errorf("station: %s has already been given its start", a.Company)
		}
	}
	if a.As == StationHidden {
		hidden := 0
		for _, c := range s.companies(side) {
			if c != a.Company && s.Units[s.companyUnits(side, c)[0]].Hidden {
				hidden++
			}
		}
		if hidden+1 > free.MaxHiddenGroups {
			return errorf("station: %s already has %d hidden companies; at most %d", s.b.sides[side].id, hidden, free.MaxHiddenGroups)
		}
	}
	return nil
}

func (s *State) applyStation(a Station, src dice.Source, out engine.Emitter) {
	side := s.Active
	free := s.b.sides[side].free
	for _, m := range s.companyUnits(side, a.Company) {
		un := &s.Units[m]
		un.Stationed = true
		un.Reserve, un.Hidden, un.Arrive = a.As == StationReserve, a.As == StationHidden, 0
		if un.Reserve {
			un.Arrive = free.ReserveFrom
		}
	}
	text := map[string]string{StationTable: "sets up on the table", StationHidden: "sets up hidden", StationReserve: fmt.Sprintf("waits in reserve from turn %d", free.ReserveFrom)}[a.As]
	out.Emit(engine.Event{Kind: "station", Text: fmt.Sprintf("%s %s", a.Company, text), To: side,
		Data: map[string]any{"company": a.Company, "as": a.As}})
	s.nextSetup(src, out)
}

// nextSetup passes the set-up to the next side with units to place, or
// starts the game.
func (s *State) nextSetup(src dice.Source, out engine.Emitter) {
	if s.Active = s.nextDeployer(); s.Active < 0 {
		s.startGame(src, out)
	}
}

// placementErr says why unit u may not set up at box, or nil: its
// company's placement (table edge, cover) and keeping together.
func (s *State) placementErr(u int, box geom.Box) error {
	un := &s.Units[u]
	home := s.b.home[un.ID]
	if home != nil && !un.Regrouped {
		if d, limit := s.placementGap(un.Side, home.Placement, box); d > limit+1e-9 {
			if home.Placement == scenario.PlaceEdge {
				return errorf("deploy: %s must set up on %s's table edge (within %g\"); it would be %.1f\" from it", un.ID, s.b.sides[un.Side].id, EdgeGap, d)
			}
			return errorf("deploy: %s must set up behind a hedge or at the edge of a wood (within %g\"); the nearest is %.1f\" away", un.ID, CoverGap, d)
		}
	}
	if s.together(u) {
		nearest, best := -1, math.Inf(1)
		for _, m := range s.companyUnits(un.Side, un.Company) {
			if m != u && s.Units[m].Placed {
				if d := box.DistToPoint(s.Units[m].Pos); d < best {
					nearest, best = m, d
				}
			}
		}
		if nearest >= 0 && best > GroupRadius+1e-9 {
			return errorf("deploy: %s sets up together with %s: it must be within %g\" of one already placed; the nearest, %s, is %.1f\" away", un.ID, un.Company, GroupRadius, s.Units[nearest].ID, best)
		}
	}
	return nil
}

// placementGap returns how far box stands from what placement place asks
// of side's unit (its table edge, a hedge or a wood's edge) and how far it
// may be: 0 and 0 for a placement that asks nothing.
func (s *State) placementGap(side int, place string, box geom.Box) (gap, limit float64) {
	switch place {
	case scenario.PlaceEdge:
		return s.edgeGap(side, box), EdgeGap
	case scenario.PlaceCover:
		d, _ := s.coverGap(box)
		return d, CoverGap
	}
	return 0, 0
}

// edgeGap returns how far box stands from side's own table edge.
func (s *State) edgeGap(side int, box geom.Box) float64 {
	gap := math.Inf(1)
	for _, c := range box.Corners() {
		gap = math.Min(gap, table.EdgeDistance(s.b.sides[side].edge, s.b.table.Width(), s.b.table.Height(), c))
	}
	return gap
}

// coverLine returns the line a unit may set up behind (PlaceCover): a
// hedge's course or a wood's closed outline; nil for other features.
func coverLine(f *table.Feature) []geom.Point {
	switch {
	case f.Kind == table.KindHedge && len(f.Line) > 1:
		return f.Line
	case f.Kind == table.KindWoods && len(f.Area) > 2:
		return append(append([]geom.Point(nil), f.Area...), f.Area[0])
	}
	return nil
}

// coverGap returns the distance from box to the nearest hedge or wood
// outline, and that feature (nil if the table has none).
func (s *State) coverGap(box geom.Box) (float64, *table.Feature) {
	best, near := math.Inf(1), (*table.Feature)(nil)
	for _, f := range s.b.table.Features() {
		pts, n := coverSegments(f)
		for i := range n {
			if d := box.DistToSegment(geom.Segment{A: pts[i], B: pts[(i+1)%len(pts)]}); d < best {
				best, near = d, f
			}
		}
	}
	return best, near
}

// coverSegments returns coverLine(f)'s segments without copying an
// outline: the i-th of the n runs from pts[i] to pts[(i+1)%len(pts)].
func coverSegments(f *table.Feature) (pts []geom.Point, n int) {
	switch {
	case f.Kind == table.KindHedge && len(f.Line) > 1:
		return f.Line, len(f.Line) - 1
	case f.Kind == table.KindWoods && len(f.Area) > 2:
		return f.Area, len(f.Area)
	}
	return nil, 0
}

// setupCandidates appends the set-up choices open to the active side.
func (s *State) setupCandidates(dst []engine.Action) []engine.Action {
	s.eachSetupChoice(func(a engine.Action) bool {
		dst = append(dst, a)
		return true
	})
	return dst
}

// eachSetupChoice calls yield with each legal set-up choice of the active
// side until it returns false. Units that may not change company are
// skipped without building an error for each pair.
func (s *State) eachSetupChoice(yield func(engine.Action) bool) {
	side := s.Active
	free := s.b.sides[side].free != nil
	var cos []string
	for i := range s.Units {
		un := &s.Units[i]
		if un.Side != side || un.Placed || un.Regrouped {
			continue
		}
		if home := s.b.home[un.ID]; !free && (home == nil || !home.MayJoinReserves || un.Reserve) {
			continue
		}
		if cos == nil {
			cos = s.companies(side)
		}
		for _, c := range cos {
			if a := (Regroup{Unit: un.ID, Company: c}); c != un.Company && s.validateRegroup(a) == nil && !yield(a) {
				return
			}
		}
	}
	if free {
		if cos == nil {
			cos = s.companies(side)
		}
		for _, c := range cos {
			for _, as := range []string{StationTable, StationHidden, StationReserve} {
				if a := (Station{Company: c, As: as}); s.validateStation(a) == nil && !yield(a) {
					return
				}
			}
		}
	}
}

// deploySpots returns candidate centres for unit u facing h: along the
// zone's middle, along the table edge, behind hedges and at wood edges,
// (where the unit must) and around a company mate already placed. The
// caller filters them.
func (s *State) deploySpots(u int, h geom.Angle) []geom.Point {
	spots := s.tableSpots(u, h)
	ut := s.b.types[s.Units[u].Type]
	for _, m := range s.companyUnits(s.Units[u].Side, s.Units[u].Company) {
		if m == u || !s.Units[m].Placed {
			continue
		}
		// Rings within the 6" radius around each company mate placed.
		c := s.Units[m].Pos
		for _, r := range []float64{1.6 + ut.Footprint.Width, GroupRadius - 0.4} {
			for k := range 16 {
				spots = append(spots, c.Add(geom.Dir(h+geom.Angle(k)*geom.Deg(22.5)).Mul(r)))
			}
		}
	}
	return spots
}

// tableSpots is deploySpots without the spots around company mates: those
// that depend only on the table, the unit's type and its company's
// placement.
func (s *State) tableSpots(u int, h geom.Angle) []geom.Point {
	side := s.Units[u].Side
	var spots []geom.Point
	for _, z := range s.b.sides[side].zones {
		r := z.Bounds()
		c := r.Center()
		for x := r.Min.X + 2; x <= r.Max.X-2; x += 3 {
			spots = append(spots, geom.Point{X: x, Y: c.Y})
		}
	}
	ut := s.b.types[s.Units[u].Type]
	in := geom.Dir(h)
	inset := ut.Footprint.Length/2 + 0.2
	w, ht := s.b.table.Width(), s.b.table.Height()
	switch s.b.sides[side].edge {
	case "north", "south":
		y := inset
		if s.b.sides[side].edge == "north" {
			y = ht - inset
		}
		for x := 2.0; x <= w-2; x += 3 {
			spots = append(spots, geom.Point{X: x, Y: y})
		}
	default:
		x := inset
		if s.b.sides[side].edge == "east" {
			x = w - inset
		}
		for y := 2.0; y <= ht-2; y += 3 {
			spots = append(spots, geom.Point{X: x, Y: y})
		}
	}
	home := s.b.home[s.Units[u].ID]
	cover := home != nil && home.Placement == scenario.PlaceCover && !s.Units[u].Regrouped
	for _, f := range s.b.table.Features() {
		pts := coverLine(f)
		if !cover || pts == nil {
			continue // spots by hedges and woods only where they are required
		}
		pl := geom.Polyline(pts)
		for d := 1.0; d < pl.Length(); d += 2 {
			p := pl.PointAt(d)
			spots = append(spots, p.Sub(in.Mul(inset+0.3)), p)
		}
	}
	return spots
}

// deployPrompt tells the deploying side what it may do.
func (s *State) deployPrompt() string {
	any := false
	s.eachSetupChoice(func(engine.Action) bool { any = true; return false })
	if any {
		return "deploy a unit in your zone, or make a set-up choice"
	}
	return "deploy a unit in your zone"
}

// setupView lists the active side's set-up choices for its view.
func (s *State) setupView() *SetupView {
	sv := &SetupView{Regroup: map[string][]string{}, Station: map[string][]string{}, Placement: map[string]string{}}
	for _, a := range s.setupCandidates(nil) {
		switch a := a.(type) {
		case Regroup:
			sv.Regroup[a.Unit] = append(sv.Regroup[a.Unit], a.Company)
		case Station:
			sv.Station[a.Company] = append(sv.Station[a.Company], a.As)
		}
	}
	for i := range s.Units {
		un := &s.Units[i]
		if un.Side != s.Active || un.Placed || un.Reserve {
			continue
		}
		var parts []string
		home := s.b.home[un.ID]
		if home != nil && !un.Regrouped {
			switch home.Placement {
			case scenario.PlaceEdge:
				parts = append(parts, fmt.Sprintf("on your table edge (within %g\")", EdgeGap))
				sv.Edge = append(sv.Edge, un.ID)
			case scenario.PlaceCover:
				parts = append(parts, fmt.Sprintf("behind a hedge or at a wood's edge (within %g\")", CoverGap))
			}
		}
		if s.together(i) {
			parts = append(parts, fmt.Sprintf("within %g\" of a unit of %s already placed", GroupRadius, un.Company))
		}
		if len(parts) > 0 {
			sv.Placement[un.ID] = strings.Join(parts, ", ")
		}
	}
	return sv
}

// together reports whether unit u sets up as one group with its company:
// the scenario says so, or it is a hidden group of a free set-up.
func (s *State) together(u int) bool {
	un := &s.Units[u]
	home := s.b.home[un.ID]
	return home != nil && home.Together && !un.Regrouped || s.b.sides[un.Side].free != nil && un.Hidden
}

// checkPlacementRoom reports companies whose placement no spot of their
// side's deployment zones can meet: set up on the table edge when no zone
// comes within EdgeGap of it, or behind cover when no hedge or wood
// outline comes within CoverGap of a zone. A necessary condition only, as
// CheckPlacements' area check is: a zone that only just reaches may still
// have no room for a whole footprint there (play then says so).
func checkPlacementRoom(sc *scenario.Scenario) []scenario.Problem {
	var ps []scenario.Problem
	var lines [][]geom.Point
	for _, ts := range sc.Terrain {
		f := table.Feature{Kind: ts.Kind, Area: table.Polygon(ts.Polygon), Line: geom.Polyline(table.Polygon(ts.Line))}
		if pts := coverLine(&f); pts != nil {
			lines = append(lines, pts)
		}
	}
	for _, sd := range sc.Sides {
		if sd.FreeSetup != nil || !slices.ContainsFunc(sd.Zones, func(z scenario.Zone) bool { return len(z.Polygon) > 2 }) {
			continue // no zone to judge (a broken one is reported already)
		}
		for _, co := range sd.Forces {
			ps = append(ps, preplacedPlacement(sc, sd, co, lines)...)
			if co.MayJoinReserves && co.MinPlaced == 0 || !slices.ContainsFunc(co.Units, func(u scenario.UnitRef) bool { return u.At == nil }) {
				continue
			}
			switch co.Placement {
			case scenario.PlaceEdge:
				if d := zonesToEdge(sc, sd); d > EdgeGap+1e-9 {
					ps = append(ps, co.Pos.Problemf("side %q: company %q must set up on the %s table edge (within %g\"), but the side's deployment zones come no nearer to it than %.3g\"", sd.ID, co.Name, sd.Edge, EdgeGap, d))
				}
			case scenario.PlaceCover:
				if d := zonesToLines(sd, lines); d > CoverGap+1e-9 {
					where := "the table has no hedge or wood"
					if !math.IsInf(d, 1) {
						where = fmt.Sprintf("the nearest hedge or wood edge is %.3g\" from the side's deployment zones", d)
					}
					ps = append(ps, co.Pos.Problemf("side %q: company %q must set up behind a hedge or at a wood's edge (within %g\"), but %s", sd.ID, co.Name, CoverGap, where))
				}
			}
		}
	}
	return ps
}

// checkTogetherRoom reports companies that set up together (within
// GroupRadius of a unit of theirs already placed: a command group, or a
// hidden company under a free set-up) whose units placed by the scenario
// (at:) all stand further than that from every deployment zone of their
// side: no unit of theirs left to set up could be placed (under a free
// set-up, but by regrouping out of the company), and games stop at the
// set-up. A company that may leave what it does not place in reserve is
// not judged. A necessary condition only.
func checkTogetherRoom(sc *scenario.Scenario) []scenario.Problem {
	var ps []scenario.Problem
	for _, sd := range sc.Sides {
		zones := table.ZonePolygons(sd)
		if len(zones) == 0 {
			continue
		}
		for _, co := range sd.Forces {
			if !co.Together && !(sd.FreeSetup != nil && co.Hidden) {
				continue
			}
			var placed []scenario.UnitRef
			toPlace := false
			for _, ref := range co.Units {
				if ref.At != nil {
					placed = append(placed, ref)
				} else if ut := sc.Units[ref.ID]; ut != nil && ut.Footprint.Length > 0 {
					toPlace = true
				}
			}
			if len(placed) == 0 || !toPlace || co.MayJoinReserves && len(placed) >= co.MinPlaced {
				continue // nothing to place, or what is not placed may wait in reserve
			}
			nearest := math.Inf(1)
			for _, ref := range placed {
				for _, z := range zones {
					nearest = math.Min(nearest, z.DistToPoint(geom.Point{X: ref.At[0], Y: ref.At[1]}))
				}
			}
			if nearest > GroupRadius+1e-9 {
				others := "none of the others could set up"
				if sd.FreeSetup != nil {
					others = "its other units could set up only by leaving it for another company"
				}
				ps = append(ps, placed[0].Pos.Problemf("side %q: company %q sets up together, each unit within %g\" of one already placed, but the units the scenario places (at:) stand %.3g\" at the nearest from the side's deployment zones, so %s: place them nearer, or place the whole company", sd.ID, co.Name, GroupRadius, nearest, others))
			}
		}
	}
	return ps
}

// preplacedPlacement reports the units of company co placed by the
// scenario (at:) where its placement would not let a player set them up:
// too far from the side's edge, or from any hedge or wood's edge.
func preplacedPlacement(sc *scenario.Scenario, sd *scenario.Side, co scenario.Company, lines [][]geom.Point) []scenario.Problem {
	var ps []scenario.Problem
	for _, ref := range co.Units {
		ut := sc.Units[ref.ID]
		if ref.At == nil || ut == nil || co.Placement == "" || ut.Footprint.Length <= 0 || ut.Footprint.Width <= 0 {
			continue
		}
		h := table.InwardHeading(sd.Edge)
		if ref.Facing != nil {
			h = geom.Deg(*ref.Facing)
		}
		box := geom.Box{Center: geom.Point{X: ref.At[0], Y: ref.At[1]}, Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
		switch co.Placement {
		case scenario.PlaceEdge:
			gap := math.Inf(1)
			for _, c := range box.Corners() {
				gap = math.Min(gap, table.EdgeDistance(sd.Edge, sc.Table.Width, sc.Table.Height, c))
			}
			if gap > EdgeGap+1e-9 {
				ps = append(ps, ref.Pos.Problemf("unit %q at [%g, %g]: company %q sets up on the %s table edge (within %g\"), but it stands %.3g\" from it", ref.ID, ref.At[0], ref.At[1], co.Name, sd.Edge, EdgeGap, gap))
			}
		case scenario.PlaceCover:
			gap := math.Inf(1)
			for _, pts := range lines {
				for i := 1; i < len(pts); i++ {
					gap = math.Min(gap, box.DistToSegment(geom.Segment{A: pts[i-1], B: pts[i]}))
				}
			}
			if gap > CoverGap+1e-9 {
				ps = append(ps, ref.Pos.Problemf("unit %q at [%g, %g]: company %q sets up behind a hedge or at a wood's edge (within %g\"), but it stands %.3g\" from the nearest", ref.ID, ref.At[0], ref.At[1], co.Name, CoverGap, gap))
			}
		}
	}
	return ps
}

// zonesToEdge returns how near side sd's deployment zones come to its own
// table edge.
func zonesToEdge(sc *scenario.Scenario, sd *scenario.Side) float64 {
	best := math.Inf(1)
	for _, z := range sd.Zones {
		for _, p := range z.Polygon {
			best = math.Min(best, table.EdgeDistance(sd.Edge, sc.Table.Width, sc.Table.Height, geom.Point{X: p[0], Y: p[1]}))
		}
	}
	return best
}

// zonesToLines returns how near side sd's deployment zones come to any of
// the lines (+Inf for none).
func zonesToLines(sd *scenario.Side, lines [][]geom.Point) float64 {
	best := math.Inf(1)
	for _, z := range sd.Zones {
		pg := table.Polygon(z.Polygon)
		for _, pts := range lines {
			for i := 1; i < len(pts); i++ {
				seg := geom.Segment{A: pts[i-1], B: pts[i]}
				if pg.IntersectsSegment(seg) || pg.Contains(seg.A) {
					return 0
				}
				best = math.Min(best, math.Min(pg.DistToPoint(seg.A), pg.DistToPoint(seg.B)))
				for _, v := range pg {
					best = math.Min(best, seg.DistToPoint(v))
				}
			}
		}
	}
	return best
}

// Stuck says why the rules offer no action for the pending decision, or
// "" if they offer some. Only a set-up can run out of choices: the next
// unit to deploy has no room left in its side's zones, or no free spot
// there meets its company's placement.
func (s *State) Stuck() string {
	if s.Phase != phaseDeploy || len(s.Candidates(nil)) > 0 {
		return ""
	}
	u := s.nextToDeploy()
	if u < 0 {
		return ""
	}
	un, sd := &s.Units[u], &s.b.sides[s.Active]
	h := s.b.towardEnemy(s.Active)
	var why error // why the first free spot fails its placement
	for _, z := range sd.zones {
		for p := range z.Bounds().Grid(0.5) {
			box := s.boxAt(u, p, h)
			if !s.b.inZone(un.Side, box) || s.overlapping(u, box) >= 0 {
				continue
			}
			err := s.placementErr(u, box)
			if err == nil {
				// A legal spot the candidates missed: the rules'
				// search is at fault, not the scenario.
				return fmt.Sprintf("%s could set up at (%g, %g), but the rules' search for deploy spots missed it (a bug: please report it with the scenario)", un.ID, p.X, p.Y)
			}
			if why == nil {
				why = err
			}
		}
	}
	ut := s.b.types[un.Type]
	if why == nil {
		return fmt.Sprintf("there is no room left in %s's deployment zones for %s (%g×%g\"): make the zones larger or set fewer units up", sd.name, un.ID, ut.Footprint.Length, ut.Footprint.Width)
	}
	return fmt.Sprintf("no free spot in %s's deployment zones meets %s's set-up rule; at one of them: %v", sd.name, un.ID, why)
}
