package armourbattles

import (
	"github.com/sandtable/sandtable/internal/engine"
)

// View is what one side may know, built by allow-list.
type View struct {
	Scenario string          `json:"scenario"`
	Side     string          `json:"side"`
	Turn     int             `json:"turn"`
	Phase    string          `json:"phase"`
	Active   string          `json:"active"`
	Pending  engine.Decision `json:"pending"`
	Sides    []SideView      `json:"sides"`
	Units    []UnitView      `json:"units"`
	Slots    int             `json:"slots"`
	Window   *WindowView     `json:"window,omitempty"`
	Result   engine.Result   `json:"result"`
}

// SideView is a side's public standing: command dice are laid out where
// the opponent can see them.
type SideView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Morale   int    `json:"morale"`
	Staff    int    `json:"staff"`
	StaffNew int    `json:"staff_new"`
	Dice     [7]int `json:"dice"`
	Wild     int    `json:"wild"`
	Failure  bool   `json:"failure"`
}

// UnitView is one unit as a side sees it.
type UnitView struct {
	ID         string  `json:"id"`
	Type       string  `json:"type"`
	Name       string  `json:"name"`
	Side       string  `json:"side"`
	Company    string  `json:"company"`
	X          float64 `json:"x"`
	Y          float64 `json:"y"`
	Heading    float64 `json:"heading"`
	Length     float64 `json:"length"`
	Width      float64 `json:"width"`
	Placed     bool    `json:"placed"`
	Dispersed  bool    `json:"dispersed"`
	DP         int     `json:"dp"`
	Suppressed bool    `json:"suppressed"`
	Fired      bool    `json:"fired"`
	Activated  bool    `json:"activated"`
	Hidden     bool    `json:"hidden,omitempty"`
	Reserve    bool    `json:"reserve,omitempty"`
}

// WindowView is the open opportunity-fire window, shown to the side that
// may fire.
type WindowView struct {
	Kind   string     `json:"kind"`
	Target string     `json:"target"`
	Spans  []SpanView `json:"spans"`
}

// SpanView is where one unit may fire along the mover's path.
type SpanView struct {
	Unit      string  `json:"unit"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	Effective float64 `json:"effective"`
	Short     float64 `json:"short"`
}

// View returns what side may know. Enemy units not yet on the table are
// left out; nothing else is secret in part 1 (hidden units come later).
func (s *State) View(side int) any {
	v := View{Scenario: s.b.sc.ID, Side: s.b.sides[side].id, Turn: s.Turn, Phase: s.Phase, Pending: s.Pending(), Slots: s.Slots, Result: s.Result()}
	v.Active = s.b.sides[s.Active].id
	for i, sd := range s.Sides {
		v.Sides = append(v.Sides, SideView{ID: s.b.sides[i].id, Name: s.b.sides[i].name, Morale: sd.Morale, Staff: sd.Staff, StaffNew: sd.StaffNew, Dice: sd.Dice, Wild: sd.Wild(), Failure: sd.Failure})
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side && (!u.Placed || u.Hidden) {
			continue // never show the enemy's unplaced or hidden units
		}
		ut := s.b.types[u.Type]
		v.Units = append(v.Units, UnitView{ID: u.ID, Type: ut.ID, Name: ut.Name, Side: s.b.sides[u.Side].id, Company: u.Company,
			X: round2(u.Pos.X), Y: round2(u.Pos.Y), Heading: round2(u.Heading.Degrees()), Length: ut.Footprint.Length, Width: ut.Footprint.Width,
			Placed: u.Placed, Dispersed: u.Dispersed, DP: u.DP, Suppressed: u.Suppressed, Fired: u.Fired, Activated: u.Activated, Hidden: u.Hidden, Reserve: u.Reserve})
	}
	if w := s.Window; w != nil && side != s.Active {
		wv := &WindowView{Kind: w.Kind, Target: s.Units[w.Target].ID}
		for _, sp := range w.Spans {
			wv.Spans = append(wv.Spans, SpanView{Unit: s.Units[sp.Unit].ID, From: round2(sp.From), To: round2(sp.To), Effective: round2(sp.Effective), Short: round2(sp.Short)})
		}
		v.Window = wv
	}
	return v
}
