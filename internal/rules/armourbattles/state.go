package armourbattles

import (
	"encoding/json"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// Phases of the game's state machine.
const (
	phaseDeploy     = "deploy"
	phaseReady      = "ready"
	phaseChain      = "choose-chain"
	phaseOrders     = "order"
	phaseActivation = "activation"
	phaseLogistics  = "logistics"
	phaseOver       = "over"
)

// Orders a command group can be given (Armour Battles, Command Orders).
const (
	OrderMoveFire  = "move-fire"
	OrderDisengage = "disengage"
	OrderRally     = "rally"
	OrderReserves  = "reserves"
)

// Unit is one platoon on (or off) the table.
type Unit struct {
	ID      string     `json:"id"`
	Type    int        `json:"type"`
	Side    int        `json:"side"`
	Company string     `json:"company"`
	Pos     geom.Point `json:"pos"`
	Heading geom.Angle `json:"heading"`
	// Placed is false until the unit is deployed (or enters as a reserve).
	Placed     bool `json:"placed"`
	Dispersed  bool `json:"dispersed,omitempty"`
	DP         int  `json:"dp,omitempty"`
	Suppressed bool `json:"suppressed,omitempty"`
	Fired      bool `json:"fired,omitempty"`
	Activated  bool `json:"activated,omitempty"`
	// SecretOrder: the unit's order this turn was given to a group with
	// hidden units, so the enemy was told only that an order was given,
	// not to which units; its views leave Activated out, until the unit
	// moves, fires or rallies in sight (named). It follows from the
	// actions (not hashed, nor kept in JSON).
	SecretOrder bool `json:"-"`
	Rallied     bool `json:"rallied,omitempty"`
	// BrokeOff: the unit broke off in this command pulse, and may not fire
	// until the next (Armour Battles, Break-Off).
	BrokeOff bool `json:"broke_off,omitempty"`
	// Hidden units were placed secretly: the enemy neither sees them nor
	// can target them until they are revealed (Armour Battles, Hidden
	// Units).
	Hidden bool `json:"hidden,omitempty"`
	// Reserve units wait off the table until committed from turn Arrive.
	Reserve bool `json:"reserve,omitempty"`
	Arrive  int  `json:"arrive,omitempty"`
	// BrokeDown is the turn a poorly reliable unit broke down (0 if
	// running); Repaired the turn it was repaired (Tiger I, Poor
	// Reliability).
	BrokeDown int `json:"broke_down,omitempty"`
	Repaired  int `json:"repaired,omitempty"`
	// Regrouped: the unit changed company at set-up; Stationed: its
	// company's start (table, hidden, reserve) was chosen at set-up.
	Regrouped bool `json:"regrouped,omitempty"`
	Stationed bool `json:"stationed,omitempty"`
}

// Battery is an off-table artillery battery and its fire mission, if one
// is plotted (Armour Battles, Indirect Fire).
type Battery struct {
	ID   string `json:"id"`
	Type int    `json:"type"`
	Side int    `json:"side"`
	// Marker is the impact (or smoke) marker of a plotted mission.
	Marker     *geom.Point `json:"marker,omitempty"`
	Smoke      bool        `json:"smoke,omitempty"`
	Orient     geom.Angle  `json:"orient,omitempty"`
	Observer   int         `json:"observer,omitempty"`
	Maintained bool        `json:"maintained,omitempty"`
	// Cancelled is the turn its side cancelled its mission: a new one may
	// be plotted from the next turn (Cancel Fire Mission).
	Cancelled int `json:"cancelled,omitempty"`
}

// SmokeScreen is a 1" × 12" screen laid by a smoke mission; it blocks line
// of sight until the start of its side's next logistics phase.
type SmokeScreen struct {
	Side   int        `json:"side"`
	Center geom.Point `json:"center"`
	Orient geom.Angle `json:"orient"`
}

// Box returns the screen's footprint.
func (sm SmokeScreen) Box() geom.Box {
	return geom.Box{Center: sm.Center, Heading: sm.Orient, Length: SmokeLength, Width: SmokeWidth}
}

// Active reports whether the unit stands on the table.
func (u *Unit) Active() bool { return u.Placed && !u.Dispersed }

// SideState is one side's command dice, staff orders and army morale.
type SideState struct {
	// Dice counts the unspent command dice by face (index 2..6; sixes
	// are wild dice). Ones are discarded or lent at the start of the turn.
	Dice [7]int `json:"dice"`
	// Borrowed counts the opponent's ones held as wild dice this turn.
	Borrowed int `json:"borrowed,omitempty"`
	// Staff is the usable stock of staff orders; StaffNew holds those
	// restocked this turn, usable from the next.
	Staff    int  `json:"staff"`
	StaffNew int  `json:"staff_new,omitempty"`
	Morale   int  `json:"morale"`
	Failure  bool `json:"failure,omitempty"`
	// Logistics is set once the side's logistics phase has run this turn.
	Logistics bool `json:"logistics,omitempty"`
	// Rolled and Spent count this turn's command dice (own dice rolled plus
	// borrowed, and those used, discarded or lent) for the invariant that
	// every die rolled is spent by the end of the turn.
	Rolled int `json:"rolled"`
	Spent  int `json:"spent"`
}

// Wild returns the number of wild dice available (own sixes and borrowed ones).
func (s *SideState) Wild() int { return s.Dice[6] + s.Borrowed }

// DiceLeft returns the number of unspent command dice.
func (s *SideState) DiceLeft() int {
	n := s.Borrowed
	for f := 2; f <= 6; f++ {
		n += s.Dice[f]
	}
	return n
}

// spendWild uses one wild die, borrowed ones first.
func (s *SideState) spendWild() {
	if s.Borrowed > 0 {
		s.Borrowed--
	} else {
		s.Dice[6]--
	}
	s.Spent++
}

// Activation is the command group being activated.
type Activation struct {
	Order string `json:"order"`
	Units []int  `json:"units"`
	Dice  int    `json:"dice"`
	// Start holds each unit's footprint at the start of the activation
	// (for flank attacks).
	Start    []geom.Box `json:"start"`
	Moved    []bool     `json:"moved"`
	MoveDone bool       `json:"move_done,omitempty"`
	// FiredAt lists the enemy units the group has fired at (target
	// priority).
	FiredAt []int `json:"fired_at,omitempty"`
}

// actBuf is an Activation with room for its lists, in one allocation.
type actBuf struct {
	act     Activation
	units   [MaxGroup + 1]int
	start   [MaxGroup + 1]geom.Box
	moved   [MaxGroup + 1]bool
	firedAt [MaxGroup + 1]int
}

// clone returns a deep copy of a; an empty list comes out nil. The lists
// lie in the copy's actBuf, unless one is longer (reuse then makes it its
// own).
func (a *Activation) clone() *Activation {
	b := &actBuf{act: *a}
	c := &b.act
	c.Units = engine.ReuseSlice(b.units[:], a.Units)
	c.Start = engine.ReuseSlice(b.start[:], a.Start)
	c.Moved = engine.ReuseSlice(b.moved[:], a.Moved)
	c.FiredAt = engine.ReuseSlice(b.firedAt[:], a.FiredAt)
	return c
}

func (a *Activation) index(u int) int {
	for i, x := range a.Units {
		if x == u {
			return i
		}
	}
	return -1
}

// PendingShot is an attack under resolution.
type PendingShot struct {
	Firer  int  `json:"firer"`
	Target int  `json:"target"`
	Opp    bool `json:"opp,omitempty"`
	// Held marks an activated unit's shot waiting, its attack dice not
	// yet rolled, while the other side answers with opportunity fire
	// (simultaneous); Answered, that the answer was offered.
	Held     bool     `json:"held,omitempty"`
	Answered bool     `json:"answered,omitempty"`
	Dice     ShotDice `json:"dice"`
	// Battery is 1 + the index of the battery whose fire for effect this
	// is (Firer is then -1), 0 for a unit's shot. An artillery attack
	// goes through the stack like a shot, so that its target may break
	// off or add a reaction die (ruling R48).
	Battery int `json:"battery,omitempty"`
	// Range is the range when the shot was declared: its band holds for
	// the reaction too, though the target break off or the firer be
	// forced back before the shot is resolved (ruling R26).
	Range      float64    `json:"range"`
	Rolled     bool       `json:"rolled,omitempty"`
	Attack     PoolResult `json:"attack"`
	Moves      int        `json:"moves,omitempty"`
	Flank      bool       `json:"flank,omitempty"`
	AttackWild int        `json:"attack_wild,omitempty"`
	// Boost is decided by the target's side before the reaction roll.
	BoostAsked   bool `json:"boost_asked,omitempty"`
	ReactionWild int  `json:"reaction_wild,omitempty"`
	Disengaging  bool `json:"disengaging,omitempty"`
	// Scoot: the firer shoots and scoots; BreakOff: the target breaks off
	// (asked once, before the attack roll).
	Scoot         bool `json:"scoot,omitempty"`
	BreakOffAsked bool `json:"break_off_asked,omitempty"`
	BreakOff      bool `json:"break_off,omitempty"`
	// TargetScoots: the target is scooting (+2D).
	TargetScoots bool `json:"target_scoots,omitempty"`
	// Ambush: a hidden unit's fire (+1D); the other side's opportunity
	// fire against it comes after the shot, never simultaneously.
	Ambush bool `json:"ambush,omitempty"`
}

// PoolResult mirrors dice.PoolResult with JSON names.
type PoolResult struct {
	Successes int `json:"successes"`
	Sixes     int `json:"sixes"`
}

// Window is an open opportunity-fire window for the side not in its pulse.
type Window struct {
	// Kind is "fire" (against a unit that fires) or "move".
	Kind   string `json:"kind"`
	Target int    `json:"target"`
	// Spans lists the units that may answer and where they see the mover.
	Spans []Span `json:"spans,omitempty"`
	// Decoy: no unit could answer, but the side has hidden units on the
	// table, so the window is offered all the same (it holds only a pass):
	// whether a window opens must not tell the enemy that a hidden unit
	// sees (ruling R56).
	Decoy bool `json:"decoy,omitempty"`
}

// Mover is one unit moving along its path.
type Mover struct {
	Unit int          `json:"unit"`
	Path []geom.Point `json:"path"`
	// Reach is how far along Path the unit will get; At is how far it has
	// got while opportunity fire interrupts it.
	Reach   float64     `json:"reach"`
	At      float64     `json:"at"`
	Final   geom.Angle  `json:"final"`
	Back    bool        `json:"back,omitempty"`
	Started bool        `json:"started,omitempty"`
	Diseng  bool        `json:"disengaging,omitempty"`
	Halted  bool        `json:"halted,omitempty"`
	Scoot   bool        `json:"scoot,omitempty"`
	Facing  *geom.Angle `json:"facing,omitempty"`
	// From is the unit's heading before the move: one that cannot leave
	// its place without ending on another unit stays there facing so
	// (from rules revision 5, ruling R63).
	From geom.Angle `json:"from,omitempty"`
}

// MoveState is a group's movement in progress.
type MoveState struct {
	Movers []Mover `json:"movers"`
	Idx    int     `json:"idx"`
}

// State is the whole state of an Armour Battles game.
type State struct {
	b *board

	Turn   int    `json:"turn"`
	Phase  string `json:"phase"`
	Active int    `json:"active"`
	Units  []Unit `json:"units"`
	// Batteries are the sides' off-table artillery.
	Batteries []Battery     `json:"batteries,omitempty"`
	Smokes    []SmokeScreen `json:"smokes,omitempty"`
	Sides     []SideState   `json:"sides"`
	// First is the side that had the first pulse this turn.
	First int `json:"first"`
	// Chain is the current pulse's chain: Slots orders remain of Size.
	Slots     int  `json:"slots"`
	ChainSize int  `json:"chain_size"`
	AllWild   bool `json:"all_wild,omitempty"`

	Act    *Activation   `json:"act,omitempty"`
	Shots  []PendingShot `json:"shots,omitempty"`
	Window *Window       `json:"window,omitempty"`
	Move   *MoveState    `json:"move,omitempty"`

	Over   bool   `json:"over,omitempty"`
	Winner int    `json:"winner"`
	Reason string `json:"reason,omitempty"`

	// Rev is the rules revision the game is played under (Revision): 0
	// for games begun before revision 1, which offers decoy windows
	// (Window.Decoy). It is not hashed: it never changes in a game.
	Rev int `json:"rev,omitempty"`

	// memo, if set, keeps line-of-sight answers (see WithMemo); clones
	// do not share it.
	memo *SightMemo
}

func (s *State) stats(u int) *UnitStats { return s.b.stats[s.Units[u].Type] }

func (s *State) box(u int) geom.Box {
	un := &s.Units[u]
	ut := s.b.types[un.Type]
	return geom.Box{Center: un.Pos, Heading: un.Heading, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
}

func (s *State) boxAt(u int, p geom.Point, h geom.Angle) geom.Box {
	ut := s.b.types[s.Units[u].Type]
	return geom.Box{Center: p, Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width}
}

func (s *State) name(u int) string {
	return s.Units[u].ID + " (" + s.b.types[s.Units[u].Type].Name + ")"
}

// unitIndex returns the index of the unit with the given id, or -1. Unit
// ids are unique in a scenario.
func (s *State) unitIndex(id string) int {
	if i, ok := s.b.unitAt[id]; ok && i < len(s.Units) && s.Units[i].ID == id {
		return i
	}
	for i := range s.Units {
		if s.Units[i].ID == id {
			return i
		}
	}
	return -1
}

// Pending returns the single pending decision.
func (s *State) Pending() engine.Decision {
	d := s.decision()
	switch d.Kind {
	case "break-off":
		d.Prompt = s.name(s.Shots[len(s.Shots)-1].Target) + " is fired on: break off?"
	case "reaction-boost":
		t := s.Shots[len(s.Shots)-1].Target
		d.Prompt = "add a wild die or staff order to " + s.name(t) + "'s reaction?"
		if s.Rev >= 4 && s.Units[t].Suppressed {
			d.Prompt = "remove " + s.name(t) + "'s suppression before it reacts, or add a wild die or staff order to its reaction?"
		}
	case "opportunity-fire":
		d.Prompt = "opportunity fire at " + s.name(s.Window.Target) + "?"
	case phaseDeploy:
		d.Prompt = s.deployPrompt()
	case phaseReady:
		d.Prompt = "begin the battle"
	case phaseChain:
		d.Prompt = "choose a dice chain"
	case phaseOrders:
		d.Prompt = count(s.Slots, "order") + " left in the chain"
	case phaseLogistics:
		d.Prompt = "logistics phase: adjust, maintain or cancel fire missions, then end it"
	case phaseActivation:
		d.Prompt = "move and fire with the command group"
	}
	return d
}

// DecidingSide is Pending().Side (engine.Decider).
func (s *State) DecidingSide() int { return s.decision().Side }

// decision is Pending without the prompt, for the rules' own use.
func (s *State) decision() engine.Decision {
	switch {
	case s.Over:
		return engine.Decision{Side: -1, Kind: phaseOver}
	case len(s.Shots) > 0 && s.breakOffPending():
		t := s.Shots[len(s.Shots)-1].Target
		return engine.Decision{Side: s.Units[t].Side, Kind: "break-off", Reaction: s.Units[t].Side != s.Active}
	case len(s.Shots) > 0 && s.boostPending():
		t := s.Shots[len(s.Shots)-1].Target
		return engine.Decision{Side: s.Units[t].Side, Kind: "reaction-boost", Reaction: s.Units[t].Side != s.Active}
	case s.Window != nil:
		return engine.Decision{Side: 1 - s.Active, Kind: "opportunity-fire", Reaction: true}
	case s.Phase == phaseDeploy:
		return engine.Decision{Side: s.Active, Kind: phaseDeploy}
	case s.Phase == phaseReady:
		return engine.Decision{Side: s.Active, Kind: phaseReady}
	case s.Phase == phaseChain:
		return engine.Decision{Side: s.Active, Kind: phaseChain}
	case s.Phase == phaseOrders:
		return engine.Decision{Side: s.Active, Kind: phaseOrders}
	case s.Phase == phaseLogistics:
		return engine.Decision{Side: s.Active, Kind: phaseLogistics}
	case s.Phase == phaseActivation:
		return engine.Decision{Side: s.Active, Kind: phaseActivation}
	}
	return engine.Decision{Side: -1, Kind: "none"}
}

// boostPending reports whether the top shot waits for the target's side to
// decide on adding wild dice or staff orders to its reaction.
func (s *State) boostPending() bool {
	sh := &s.Shots[len(s.Shots)-1]
	if !sh.Rolled || sh.Held || sh.BoostAsked || sh.Attack.Successes == 0 {
		return false
	}
	side := s.Units[sh.Target].Side
	return s.boostAvailable(side)
}

// boostAvailable reports whether side can add a die to a reaction now:
// with a wild die only in its own pulse, with a staff order at any time
// (Armour Battles, Opportunity Staff Orders). Its logistics phase, where
// its own artillery may fall on its units, is its own pulse too; before
// revision 3 a side with only wild dice was not asked there (ruling R57).
func (s *State) boostAvailable(side int) bool {
	ss := &s.Sides[side]
	return ss.Staff > 0 || (side == s.Active && ss.Wild() > 0 && (s.Phase != phaseChain || s.Rev >= 3))
}

// Result reports whether the game is over and who won.
func (s *State) Result() engine.Result {
	return engine.Result{Over: s.Over, Winner: s.Winner, Turn: s.Turn, Reason: s.Reason}
}

// Clone returns an independent deep copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State { return s.cloneInto(nil) }

// CloneReusing is Clone, built in old's storage when old is a State
// other than s (engine.CloneReuser).
func (s *State) CloneReusing(old engine.State) engine.State {
	return s.cloneInto(engine.Reusable(s, old))
}

// cloneInto is clone, built in c's storage unless c is nil: c's units,
// sides and batteries are overwritten, and the rest of it is let go.
func (s *State) cloneInto(c *State) *State {
	if c == nil {
		c = new(State)
	}
	units, sides, bats := c.Units, c.Sides, c.Batteries
	*c = *s
	c.memo = nil
	c.Units = engine.ReuseSlice(units, s.Units)
	c.Sides = engine.ReuseSlice(sides, s.Sides)
	c.Batteries = engine.ReuseSlice(bats, s.Batteries)
	for i := range c.Batteries {
		if m := c.Batteries[i].Marker; m != nil {
			p := *m
			c.Batteries[i].Marker = &p
		}
	}
	c.Smokes = append([]SmokeScreen(nil), s.Smokes...)
	c.Shots = append([]PendingShot(nil), s.Shots...)
	if s.Act != nil {
		c.Act = s.Act.clone()
	}
	if s.Window != nil {
		w := *s.Window
		w.Spans = append([]Span(nil), w.Spans...)
		c.Window = &w
	}
	if s.Move != nil {
		m := *s.Move
		m.Movers = append([]Mover(nil), m.Movers...)
		for i := range m.Movers {
			m.Movers[i].Path = append([]geom.Point(nil), m.Movers[i].Path...)
		}
		c.Move = &m
	}
	return c
}

// Hash returns a hash of the whole state.
func (s *State) Hash() uint64 {
	h := engine.NewHasher()
	h.Int(s.Turn)
	h.String(s.Phase)
	h.Int(s.Active)
	h.Int(s.First)
	h.Int(s.Slots)
	h.Int(s.ChainSize)
	h.Bool(s.AllWild)
	h.Bool(s.Over)
	h.Int(s.Winner)
	for i := range s.Units {
		u := &s.Units[i]
		h.Int(u.Type)
		h.Int(u.Side)
		h.Float(u.Pos.X)
		h.Float(u.Pos.Y)
		h.Float(float64(u.Heading))
		flags := 0
		h.Int(u.Arrive)
		h.Int(u.BrokeDown)
		h.Int(u.Repaired)
		h.Int(s.b.company[u.Company])
		for j, f := range []bool{u.Placed, u.Dispersed, u.Suppressed, u.Fired, u.Activated, u.Rallied, u.Reserve, u.Hidden, u.Regrouped, u.Stationed, u.BrokeOff} {
			if f {
				flags |= 1 << j
			}
		}
		h.Int(flags<<4 | u.DP)
	}
	for i := range s.Sides {
		sd := &s.Sides[i]
		for _, d := range sd.Dice {
			h.Int(d)
		}
		h.Int(sd.Borrowed)
		h.Int(sd.Staff)
		h.Int(sd.StaffNew)
		h.Int(sd.Morale)
		h.Bool(sd.Failure)
		h.Bool(sd.Logistics)
		h.Int(sd.Rolled)
		h.Int(sd.Spent)
	}
	for _, bt := range s.Batteries {
		h.String(bt.ID)
		h.Int(bt.Side)
		h.Bool(bt.Marker != nil)
		if bt.Marker != nil {
			h.Float(bt.Marker.X)
			h.Float(bt.Marker.Y)
			h.Bool(bt.Smoke)
			h.Float(float64(bt.Orient))
			h.Int(bt.Observer)
			h.Bool(bt.Maintained)
		}
		h.Int(bt.Cancelled)
	}
	for _, sm := range s.Smokes {
		h.Int(sm.Side)
		h.Float(sm.Center.X)
		h.Float(sm.Center.Y)
		h.Float(float64(sm.Orient))
	}
	if a := s.Act; a != nil {
		h.String(a.Order)
		h.Int(a.Dice)
		h.Bool(a.MoveDone)
		for i, u := range a.Units {
			h.Int(u)
			h.Bool(a.Moved[i])
			h.Float(a.Start[i].Center.X)
			h.Float(a.Start[i].Center.Y)
			h.Float(float64(a.Start[i].Heading))
		}
		for _, t := range a.FiredAt {
			h.Int(t)
		}
	}
	for i := range s.Shots {
		sh := &s.Shots[i]
		h.Int(sh.Firer)
		h.Int(sh.Target)
		h.Bool(sh.Opp)
		h.Bool(sh.Held)
		h.Bool(sh.Answered)
		h.Float(sh.Range)
		h.Int(sh.Battery)
		h.Bool(sh.Rolled)
		h.Bool(sh.BoostAsked)
		h.Int(sh.Attack.Successes)
		h.Int(sh.Attack.Sixes)
		h.Int(sh.ReactionWild)
		h.Int(sh.Moves)
		h.Bool(sh.Flank)
		h.Int(sh.AttackWild)
		h.Bool(sh.Disengaging)
		h.Bool(sh.Scoot)
		h.Bool(sh.BreakOffAsked)
		h.Bool(sh.BreakOff)
		h.Bool(sh.TargetScoots)
		h.Bool(sh.Ambush)
		h.Int(sh.Dice.AttackDice)
		h.Int(sh.Dice.AttackTN)
		h.Int(sh.Dice.ReactionDice)
		h.Int(sh.Dice.ReactionTN)
	}
	if w := s.Window; w != nil {
		h.String(w.Kind)
		h.Int(w.Target)
		if w.Decoy { // hashed only when set: earlier logs keep their hashes
			h.Bool(true)
		}
		for _, sp := range w.Spans {
			h.Int(sp.Unit)
			h.Float(sp.From)
			h.Float(sp.To)
			h.Float(sp.Effective)
			h.Float(sp.Short)
			h.Int(len(sp.Seen))
			for _, st := range sp.Seen {
				h.Float(st[0])
				h.Float(st[1])
			}
		}
	}
	if m := s.Move; m != nil {
		h.Int(m.Idx)
		for i := range m.Movers {
			mv := &m.Movers[i]
			h.Int(mv.Unit)
			h.Float(mv.Reach)
			h.Float(mv.At)
			h.Float(float64(mv.Final))
			h.Bool(mv.Started)
			h.Bool(mv.Halted)
			h.Bool(mv.Back)
			h.Bool(mv.Diseng)
			h.Bool(mv.Scoot)
			if mv.Facing != nil {
				h.Float(float64(*mv.Facing))
			}
			if s.Rev >= 6 { // earlier logs keep their hashes
				h.Float(float64(mv.From))
			}
			for _, p := range mv.Path {
				h.Float(p.X)
				h.Float(p.Y)
			}
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

// poolResult converts a dice pool result.
func poolResult(r dice.PoolResult) PoolResult {
	return PoolResult{Successes: r.Successes, Sixes: r.Sixes}
}

// Morale returns side's army morale points.
func (s *State) Morale(side int) int { return s.Sides[side].Morale }
