package pagano

import (
	"encoding/json"
	"fmt"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Motion is a vehicle's marker (Pagano, Movement): unmarked vehicles are
// moving; "stopped" ones moved and stopped in their last movement phase;
// "stationary" ones did nothing but pivot.
type Motion int

// The motion markers.
const (
	Moving Motion = iota
	Stopped
	Stationary
)

// String returns "moving", "stopped" or "stationary".
func (m Motion) String() string {
	switch m {
	case Moving:
		return "moving"
	case Stopped:
		return "stopped"
	case Stationary:
		return "stationary"
	}
	return "motion(?)"
}

// Unit is one vehicle.
type Unit struct {
	ID      string     `json:"id"`
	Type    int        `json:"type"`
	Side    int        `json:"side"`
	Platoon int        `json:"platoon"`
	Pos     geom.Point `json:"pos"`
	Heading geom.Angle `json:"heading"`
	// Turret is the direction the main armament points; it equals Heading
	// for bow-mounted weapons.
	Turret geom.Angle `json:"turret"`
	Placed bool       `json:"placed"`
	Motion Motion     `json:"motion"`
	// Shots counts shot markers; FiredIn is the phase serial of the last
	// shot (a unit fires at most once per fire phase).
	Shots   int  `json:"shots,omitempty"`
	FiredIn int  `json:"fired_in,omitempty"`
	Stunned bool `json:"stunned,omitempty"`
	// StunAt is the phase serial in which the unit was stunned.
	StunAt   int  `json:"stun_at,omitempty"`
	Immobile bool `json:"immobile,omitempty"`
	// Out marks a vehicle out of action: wrecked or abandoned.
	Out     bool `json:"out,omitempty"`
	Wrecked bool `json:"wrecked,omitempty"`
	// Exited marks a vehicle that retreated off a safe edge.
	Exited bool `json:"exited,omitempty"`
	// Puff marks a vehicle taken out of action since its side's last
	// morale phase.
	Puff    bool `json:"puff,omitempty"`
	Retreat bool `json:"retreat,omitempty"`
	// Done and Moved record the unit's current movement phase.
	Done     bool `json:"done,omitempty"`
	Moved    bool `json:"moved,omitempty"`
	Ambushed bool `json:"ambushed,omitempty"`
	// DugIn marks a vehicle dug in where it stands, until it moves
	// (ruling P27).
	DugIn bool `json:"dug_in,omitempty"`
}

// Active reports whether the unit stands on the table in action.
func (u *Unit) Active() bool { return u.Placed && !u.Out && !u.Exited }

// Fighting reports whether the unit is active and not retreating.
func (u *Unit) Fighting() bool { return u.Active() && !u.Retreat }

// Transit is a move under way, interrupted by ambush fire windows.
type Transit struct {
	Unit   int          `json:"unit"`
	Path   []geom.Point `json:"path"`
	Length float64      `json:"length"`
	// At is how far along Path the mover has got.
	At     float64     `json:"at"`
	Stop   bool        `json:"stop,omitempty"`
	Facing *geom.Angle `json:"facing,omitempty"`
	Turret *geom.Angle `json:"turret,omitempty"`
	Exit   bool        `json:"exit,omitempty"`
	// Spans are where each enemy unit may fire ambush along the path.
	Spans []Span `json:"spans,omitempty"`
}

// Span is a stretch of a mover's path in a loaded enemy's line of sight,
// in inches from the start of the path.
type Span struct {
	Unit int     `json:"unit"`
	From float64 `json:"from"`
	To   float64 `json:"to"`
}

// State is the whole state of a Pagano game.
type State struct {
	b *board

	Turn int `json:"turn"`
	// Phase is the phase of the turn, 1..10 (Sequence of Play), or 0
	// while deploying.
	Phase int `json:"phase"`
	// Serial counts phases from the start of the game.
	Serial int `json:"serial"`
	// Deployer is the side deploying while Phase is 0.
	Deployer int    `json:"deployer"`
	Units    []Unit `json:"units"`
	// Move is a move under way with an ambush window open.
	Move *Transit `json:"move,omitempty"`

	Over   bool   `json:"over,omitempty"`
	Winner int    `json:"winner"`
	Reason string `json:"reason,omitempty"`

	// Rev is the rules revision the game is played under (Revision): 0
	// for games saved before revisions existed, whose JSON has no "rev".
	Rev int `json:"rev,omitempty"`

	// memo, if set, keeps line-of-sight answers (see WithMemo); clones
	// go without it.
	memo *SightMemo
	// checked is the move Validate last found legal here, with its plan,
	// for Apply to take rather than plan the move again (checkedMove).
	// Clones go without it.
	checked checkedMove
}

func (s *State) stats(u int) *UnitStats { return s.b.stats[s.Units[u].Type] }

func (s *State) box(u int) geom.Box {
	un := &s.Units[u]
	return s.boxAt(u, un.Pos, un.Heading)
}

func (s *State) boxAt(u int, p geom.Point, h geom.Angle) geom.Box {
	ut := s.b.types[s.Units[u].Type]
	return geom.Box{Center: p, Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
}

func (s *State) name(u int) string {
	return s.Units[u].ID + " (" + s.b.types[s.Units[u].Type].Name + ")"
}

func (s *State) unitIndex(id string) int {
	for i := range s.Units {
		if s.Units[i].ID == id {
			return i
		}
	}
	return -1
}

// fixTurret points a bow-mounted gun along the hull: only turrets turn
// apart from it.
func (s *State) fixTurret(u int) {
	if s.stats(u).Mount != MountTurret {
		s.Units[u].Turret = s.Units[u].Heading
	}
}

// rate returns how many shot markers unit u may carry: 2 for a double rate
// of fire, else 1.
func (s *State) rate(u int) int {
	if s.stats(u).Double {
		return 2
	}
	return 1
}

// loaded reports whether unit u may fire now: not stunned and with a shot
// marker free.
func (s *State) loaded(u int) bool {
	un := &s.Units[u]
	return un.Active() && !un.Stunned && un.Shots < s.rate(u)
}

// unitsOf returns the indexes of side's active units, in order.
func (s *State) unitsOf(side int) []int {
	var out []int
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Active() {
			out = append(out, i)
		}
	}
	return out
}

// Pending returns the decision the game waits for, with its prompt.
func (s *State) Pending() engine.Decision {
	d := s.pending()
	switch d.Kind {
	case KindAmbush:
		d.Prompt = "ambush fire at " + s.name(s.Move.Unit) + "?"
	case KindDeploy:
		d.Prompt = "deploy a vehicle in your zone"
	case KindReady:
		d.Prompt = "begin the battle"
	case KindFire, KindMove:
		d.Prompt = fmt.Sprintf("turn %d, phase %d: %s", s.Turn, s.Phase, sequence[s.Phase-1].String())
	}
	return d
}

// DecidingSide is Pending().Side (engine.Decider).
func (s *State) DecidingSide() int { return s.pending().Side }

// pending returns the decision the game waits for without its prompt,
// which the rules and the doctrine, asking it again and again, never read.
func (s *State) pending() engine.Decision {
	switch {
	case s.Over:
		return engine.Decision{Side: -1, Kind: "over"}
	case s.Move != nil:
		return engine.Decision{Side: 1 - s.Units[s.Move.Unit].Side, Kind: KindAmbush, Reaction: true}
	case s.Phase == 0 && s.Deployer >= 0:
		return engine.Decision{Side: s.Deployer, Kind: KindDeploy}
	case s.Phase == 0:
		return engine.Decision{Side: s.b.axis, Kind: KindReady}
	}
	ph := sequence[s.Phase-1]
	side := s.b.sideOf(ph.alliance)
	switch ph.kind {
	case phaseFire:
		return engine.Decision{Side: side, Kind: KindFire}
	case phaseMove:
		return engine.Decision{Side: side, Kind: KindMove}
	}
	return engine.Decision{Side: -1, Kind: "none"}
}

// Result reports whether the game is over and who won.
func (s *State) Result() engine.Result {
	return engine.Result{Over: s.Over, Winner: s.Winner, Turn: s.Turn, Reason: s.Reason}
}

// Clone returns an independent deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State { return s.cloneInto(nil) }

// CloneReusing is Clone, built in old's storage when old is a State
// other than s (engine.CloneReuser): an MCTS iteration starts from a
// copy of the root or of a kept node in the storage of the last.
func (s *State) CloneReusing(old engine.State) engine.State {
	return s.cloneInto(engine.Reusable(s, old))
}

// cloneInto is clone, built in c's storage unless c is nil: c's units,
// the buffers of its checked move and those of its move under way are
// overwritten, and the rest of it is let go. The clone keeps no plan.
func (s *State) cloneInto(c *State) *State {
	if c == nil {
		c = new(State)
	}
	units, spare, to, move := c.Units, c.checked.spare, c.checked.to, c.Move
	*c = *s
	c.memo = nil
	c.checked = checkedMove{spare: spare[:0], to: to[:0]}
	c.Units = engine.ReuseSlice(units, s.Units)
	c.Move = nil
	if s.Move != nil {
		var old Transit
		if move == nil {
			move = new(Transit)
		} else {
			old = *move
		}
		*move = *s.Move
		move.Path = engine.ReuseSlice(old.Path, s.Move.Path)
		move.Spans = engine.ReuseSlice(old.Spans, s.Move.Spans)
		move.Facing = copyAngle(old.Facing, s.Move.Facing)
		move.Turret = copyAngle(old.Turret, s.Move.Turret)
		c.Move = move
	}
	return c
}

// copyAngle returns a copy of *a (nil for nil), in *buf when buf is not
// nil.
func copyAngle(buf, a *geom.Angle) *geom.Angle {
	if a == nil {
		return nil
	}
	if buf == nil {
		buf = new(geom.Angle)
	}
	*buf = *a
	return buf
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	h := engine.NewHasher()
	h.Int(s.Turn)
	h.Int(s.Phase)
	h.Int(s.Serial)
	h.Int(s.Deployer)
	h.Bool(s.Over)
	h.Int(s.Winner)
	h.String(s.Reason)
	for i := range s.Units {
		u := &s.Units[i]
		h.Int(u.Type)
		h.Int(u.Side)
		h.Int(u.Platoon)
		h.Float(u.Pos.X)
		h.Float(u.Pos.Y)
		h.Float(float64(u.Heading))
		h.Float(float64(u.Turret))
		h.Int(int(u.Motion))
		h.Int(u.Shots)
		h.Int(u.FiredIn)
		h.Int(u.StunAt)
		flags := 0
		for j, f := range []bool{u.Placed, u.Stunned, u.Immobile, u.Out, u.Wrecked, u.Exited, u.Puff, u.Retreat, u.Done, u.Moved, u.Ambushed, u.DugIn} {
			if f {
				flags |= 1 << j
			}
		}
		h.Int(flags)
	}
	if m := s.Move; m != nil {
		h.Int(m.Unit)
		h.Float(m.Length)
		h.Float(m.At)
		h.Bool(m.Stop)
		h.Bool(m.Exit)
		for _, p := range m.Path {
			h.Float(p.X)
			h.Float(p.Y)
		}
		h.Bool(m.Facing != nil)
		if m.Facing != nil {
			h.Float(float64(*m.Facing))
		}
		h.Bool(m.Turret != nil)
		if m.Turret != nil {
			h.Float(float64(*m.Turret))
		}
		for _, sp := range m.Spans {
			h.Int(sp.Unit)
			h.Float(sp.From)
			h.Float(sp.To)
		}
	}
	return h.Sum()
}

// stateJSON is the serialized form: the state plus the scenario it plays.
type stateJSON struct {
	Scenario string `json:"scenario"`
	Version  int    `json:"version"`
	*stateFields
}

type stateFields State

// MarshalJSON encodes the whole state.
func (s *State) MarshalJSON() ([]byte, error) {
	return json.Marshal(stateJSON{Scenario: s.b.sc.ID, Version: s.b.sc.Version, stateFields: (*stateFields)(s)})
}

// Lost returns how many of side's vehicles are out of action.
func (s *State) Lost(side int) int {
	n := 0
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Out {
			n++
		}
	}
	return n
}
