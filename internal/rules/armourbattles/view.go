package armourbattles

import (
	"math"

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
	// Batteries are every side's off-table batteries with any plotted
	// marker (markers stand on the table in plain sight); Smokes the smoke
	// screens.
	Batteries []BatteryView `json:"batteries,omitempty"`
	// Act is the command group being activated (both sides see it);
	// Targets, for the side in its activation only, lists each group
	// unit's allowed targets in priority order.
	Act     *ActView            `json:"act,omitempty"`
	Targets map[string][]string `json:"targets,omitempty"`
	Smokes  []SmokeView         `json:"smokes,omitempty"`
	// Setup, for the side deploying only, lists its open set-up choices
	// and where each of its units waiting to deploy may be placed.
	Setup *SetupView `json:"setup,omitempty"`
	// Unsuppress, for the side deciding an opportunity-fire window or a
	// reaction-boost, lists its suppressed units that it may now free
	// with a staff order to fire or react (ruling R59): the window's
	// suppressed watchers, or the unit fired on; UnsuppressWild those it
	// may free with a wild die (in its own pulse, a unit of the
	// activated group fired on).
	Unsuppress     []string      `json:"unsuppress,omitempty"`
	UnsuppressWild []string      `json:"unsuppress_wild,omitempty"`
	Result         engine.Result `json:"result"`
}

// SetupView is the deploying side's set-up choices.
type SetupView struct {
	// Regroup lists, by unit, the companies it may join.
	Regroup map[string][]string `json:"regroup,omitempty"`
	// Station lists, by company, the starts it may take (table, hidden,
	// reserve).
	Station map[string][]string `json:"station,omitempty"`
	// Placement describes, by unit waiting to deploy, any limit on where
	// it sets up beyond the deployment zone.
	Placement map[string]string `json:"placement,omitempty"`
	// Edge lists the units waiting to deploy that set up on the side's
	// own table edge (the page places them against it).
	Edge []string `json:"edge,omitempty"`
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
	// Borrowed is how many of the wild dice are the other side's 1s,
	// lent by its command failure this turn.
	Borrowed int  `json:"borrowed,omitempty"`
	Failure  bool `json:"failure"`
}

// ActView is the activated command group.
type ActView struct {
	Order    string   `json:"order"`
	Units    []string `json:"units"`
	Dice     int      `json:"dice"`
	Moved    []bool   `json:"moved"`
	MoveDone bool     `json:"move_done"`
	FiredAt  []string `json:"fired_at"`
}

// BatteryView is an off-table battery and its plotted mission.
type BatteryView struct {
	ID     string      `json:"id"`
	Name   string      `json:"name"`
	Side   string      `json:"side"`
	Marker *[2]float64 `json:"marker,omitempty"`
	Smoke  bool        `json:"smoke,omitempty"`
	Orient float64     `json:"orient,omitempty"`
}

// SmokeView is a smoke screen: a Length × Width rectangle at (X, Y) along
// Orient degrees.
type SmokeView struct {
	Side   string  `json:"side"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Orient float64 `json:"orient"`
	Length float64 `json:"length"`
	Width  float64 `json:"width"`
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
	// Path, At and Reach describe a move window: the mover's path, how
	// far along it the mover stands and how far it will get.
	Path  [][2]float64 `json:"path,omitempty"`
	At    float64      `json:"at,omitempty"`
	Reach float64      `json:"reach,omitempty"`
	// Decoy: none of the side's units can fire (any more); the window is
	// offered, or kept open, only so that the enemy cannot tell when a
	// hidden unit sees (R56).
	Decoy bool `json:"decoy,omitempty"`
}

// SpanView is where one unit may fire along the mover's path.
type SpanView struct {
	Unit      string  `json:"unit"`
	From      float64 `json:"from"`
	To        float64 `json:"to"`
	Effective float64 `json:"effective"`
	Short     float64 `json:"short"`
	// Seen: the stretches of the path in sight, when sight is broken
	// between From and To.
	Seen [][2]float64 `json:"seen,omitempty"`
}

// View returns what side may know: enemy units not yet on the table and
// enemy hidden units are left out, and only the deciding side sees its
// opportunity-fire window. A side of engine.Everyone (-1) gives the
// spectators' view: what both sides may know. Once the game is over the
// fog lifts: every unit is shown, hidden ones where they stand.
func (s *State) View(side int) any {
	v := View{Scenario: s.b.sc.ID, Side: "spectator", Turn: s.Turn, Phase: s.Phase, Pending: s.Pending(), Slots: s.Slots, Result: s.Result()}
	if side >= 0 {
		v.Side = s.b.sides[side].id
	}
	v.Active = s.b.sides[s.Active].id
	for i, sd := range s.Sides {
		v.Sides = append(v.Sides, SideView{ID: s.b.sides[i].id, Name: s.b.sides[i].name, Morale: sd.Morale, Staff: sd.Staff, StaffNew: sd.StaffNew, Dice: sd.Dice, Wild: sd.Wild(), Borrowed: sd.Borrowed, Failure: sd.Failure})
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side && (!u.Placed || u.Hidden) && !s.Over {
			continue // never show the enemy's unplaced or hidden units, till the game is over
		}
		ut := s.b.types[u.Type]
		// An order given with hidden units names none of its units to
		// the enemy (sayActivate): nor does the activated marker.
		activated := u.Activated && (u.Side == side || !u.SecretOrder)
		v.Units = append(v.Units, UnitView{ID: u.ID, Type: ut.ID, Name: ut.Name, Side: s.b.sides[u.Side].id, Company: u.Company,
			X: round2(u.Pos.X), Y: round2(u.Pos.Y), Heading: round2(u.Heading.Degrees()), Length: ut.Footprint.Length, Width: ut.Footprint.Width,
			Placed: u.Placed, Dispersed: u.Dispersed, DP: u.DP, Suppressed: u.Suppressed, Fired: u.Fired, Activated: activated, Hidden: u.Hidden, Reserve: u.Reserve})
	}
	for _, bt := range s.Batteries {
		bv := BatteryView{ID: bt.ID, Name: s.b.types[bt.Type].Name, Side: s.b.sides[bt.Side].id, Smoke: bt.Smoke, Orient: round2(bt.Orient.Degrees())}
		if bt.Marker != nil {
			bv.Marker = &[2]float64{round2(bt.Marker.X), round2(bt.Marker.Y)}
		}
		v.Batteries = append(v.Batteries, bv)
	}
	for _, sm := range s.Smokes {
		v.Smokes = append(v.Smokes, SmokeView{Side: s.b.sides[sm.Side].id, X: round2(sm.Center.X), Y: round2(sm.Center.Y), Orient: round2(sm.Orient.Degrees()), Length: SmokeLength, Width: SmokeWidth})
	}
	if w := s.Window; w != nil && side >= 0 && side != s.Active {
		wv := &WindowView{Kind: w.Kind, Target: s.Units[w.Target].ID, Decoy: w.Decoy}
		m := s.currentMover()
		for _, sp := range w.Spans {
			if !s.oppWatcher(sp.Unit) || w.Kind != "move" && !s.canAnswerFire(sp.Unit, w.Target) ||
				w.Kind == "move" && (m == nil || sp.To < m.At-1e-9) {
				continue // fired already, can no longer answer, or passed by
			}
			spv := SpanView{Unit: s.Units[sp.Unit].ID, From: round2(sp.From), To: round2(sp.To), Effective: round2(sp.Effective), Short: round2(sp.Short)}
			for _, st := range sp.Seen {
				spv.Seen = append(spv.Seen, [2]float64{round2(st[0]), round2(st[1])})
			}
			wv.Spans = append(wv.Spans, spv)
		}
		wv.Decoy = w.Decoy || !s.windowFirers() // kept open only for the pass
		if w.Kind == "move" && m != nil {
			for _, p := range m.Path {
				wv.Path = append(wv.Path, [2]float64{round2(p.X), round2(p.Y)})
			}
			wv.At, wv.Reach = round2(m.At), round2(m.Reach)
		}
		v.Window = wv
	}
	if d := s.decision(); side >= 0 && d.Side == side && (d.Kind == "opportunity-fire" || d.Kind == "reaction-boost") {
		var units []int
		if d.Kind == "reaction-boost" {
			units = []int{s.Shots[len(s.Shots)-1].Target}
		} else if v.Window != nil {
			for _, sp := range v.Window.Spans {
				units = append(units, s.unitIndex(sp.Unit))
			}
		}
		for _, u := range units {
			if !s.Units[u].Suppressed {
				continue
			}
			if s.Validate(Unsuppress{Unit: s.Units[u].ID, Staff: true}) == nil {
				v.Unsuppress = append(v.Unsuppress, s.Units[u].ID)
			}
			if s.Validate(Unsuppress{Unit: s.Units[u].ID}) == nil {
				v.UnsuppressWild = append(v.UnsuppressWild, s.Units[u].ID)
			}
		}
	}
	if a := s.Act; a != nil && !s.anyHidden(a.Units, side) {
		av := &ActView{Order: a.Order, Dice: a.Dice, Moved: a.Moved, MoveDone: a.MoveDone, FiredAt: []string{}}
		for _, u := range a.Units {
			av.Units = append(av.Units, s.Units[u].ID)
		}
		for _, t := range a.FiredAt {
			av.FiredAt = append(av.FiredAt, s.Units[t].ID)
		}
		v.Act = av
		if side == s.Active && a.Order == OrderMoveFire {
			v.Targets = map[string][]string{}
			for _, u := range a.Units {
				un := &s.Units[u]
				if !un.Active() || un.Fired || un.Suppressed || un.BrokeOff {
					continue
				}
				vis := s.visibleEnemiesWithin(nil, s.sightFrom(un.Side), u, math.Inf(1))
				ids := []string{}
				for i, v := range vis {
					if firstInPriority(vis, i, a.FiredAt) {
						ids = append(ids, s.Units[v.unit].ID)
					}
				}
				v.Targets[un.ID] = ids
			}
		}
	}
	if s.Phase == phaseDeploy && side == s.Active && !s.Over {
		v.Setup = s.setupView()
	}
	return v
}

// anyHidden reports whether a group holds a unit hidden from side.
func (s *State) anyHidden(units []int, side int) bool {
	for _, u := range units {
		if s.Units[u].Hidden && s.Units[u].Side != side {
			return true
		}
	}
	return false
}
