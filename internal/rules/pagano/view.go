package pagano

import "github.com/sandtable/sandtable/internal/engine"

// View is what one side may know, built by allow-list. Pagano's basic
// rules have no hidden units, so both sides see the whole table.
type View struct {
	Scenario  string          `json:"scenario"`
	Side      string          `json:"side"`
	Turn      int             `json:"turn"`
	Phase     int             `json:"phase"`
	PhaseName string          `json:"phase_name"`
	Pending   engine.Decision `json:"pending"`
	Units     []UnitView      `json:"units"`
	Ambush    *AmbushView     `json:"ambush,omitempty"`
	Result    engine.Result   `json:"result"`
}

// UnitView is one vehicle as a side sees it.
type UnitView struct {
	ID       string  `json:"id"`
	Type     string  `json:"type"`
	Name     string  `json:"name"`
	Side     string  `json:"side"`
	Platoon  string  `json:"platoon"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Heading  float64 `json:"heading"`
	Turret   float64 `json:"turret"`
	Length   float64 `json:"length"`
	Width    float64 `json:"width"`
	Placed   bool    `json:"placed"`
	Motion   string  `json:"motion"`
	Shots    int     `json:"shots"`
	Stunned  bool    `json:"stunned"`
	Immobile bool    `json:"immobile"`
	Out      bool    `json:"out"`
	Exited   bool    `json:"exited"`
	Retreat  bool    `json:"retreat"`
	Done     bool    `json:"done"`
	DugIn    bool    `json:"dug_in,omitempty"`
}

// AmbushView is a move under way, with where each enemy may fire ambush.
type AmbushView struct {
	Mover string     `json:"mover"`
	At    float64    `json:"at"`
	Spans []SpanView `json:"spans"`
}

// SpanView is where one vehicle may fire ambush along the mover's path.
type SpanView struct {
	Unit string  `json:"unit"`
	From float64 `json:"from"`
	To   float64 `json:"to"`
}

// View returns what side may know: every vehicle placed on the table and
// the side's own vehicles still to deploy.
func (s *State) View(side int) any {
	v := View{Scenario: s.b.sc.ID, Side: s.b.sides[side].id, Turn: s.Turn, Phase: s.Phase, PhaseName: PhaseName(s.Phase), Pending: s.Pending(), Result: s.Result()}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side && !u.Placed {
			continue
		}
		ut := s.b.types[u.Type]
		v.Units = append(v.Units, UnitView{ID: u.ID, Type: ut.ID, Name: ut.Name, Side: s.b.sides[u.Side].id, Platoon: s.b.platoons[u.Platoon].name,
			X: round2(u.Pos.X), Y: round2(u.Pos.Y), Heading: round2(u.Heading.Degrees()), Turret: round2(u.Turret.Degrees()),
			Length: ut.Footprint.Length, Width: ut.Footprint.Width, Placed: u.Placed, Motion: u.Motion.String(), Shots: u.Shots,
			Stunned: u.Stunned, Immobile: u.Immobile, Out: u.Out, Exited: u.Exited, Retreat: u.Retreat, Done: u.Done, DugIn: u.DugIn})
	}
	if m := s.Move; m != nil {
		av := &AmbushView{Mover: s.Units[m.Unit].ID, At: round2(m.At)}
		for _, sp := range m.Spans {
			av.Spans = append(av.Spans, SpanView{Unit: s.Units[sp.Unit].ID, From: round2(sp.From), To: round2(sp.To)})
		}
		v.Ambush = av
	}
	return v
}

// UnitsLost returns, for side, how many vehicles of each type are out of
// the fight, by unit type name: knocked out, or driven to retreat
// (retreating, or gone off the table). Pagano has no army morale: a side
// loses when it has no vehicle left fighting.
func (s *State) UnitsLost(side int) map[string]int {
	out := map[string]int{}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side && u.Placed && !u.Fighting() {
			out[s.b.types[u.Type].Name]++
		}
	}
	return out
}
