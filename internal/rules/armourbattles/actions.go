package armourbattles

import (
	"github.com/sandtable/sandtable/internal/engine"
)

// Deploy places one unit in its side's deployment zone.
type Deploy struct {
	Unit   string  `json:"unit"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Facing float64 `json:"facing"` // degrees, 0 = +x, counter-clockwise
}

// Begin starts the battle when every unit was placed by the scenario.
type Begin struct{}

// ChooseChain picks the dice chain for a command pulse: every die of one
// face (2-5), or Face 6 for a chain of wild dice only, plus Wild extra wild
// dice and Staff staff orders (Armour Battles, Dice Chains; Wild Dice;
// Staff Orders "Create a Larger Dice Chain").
type ChooseChain struct {
	Face  int `json:"face"`
	Wild  int `json:"wild,omitempty"`
	Staff int `json:"staff,omitempty"`
}

// Activate gives an order to a command group: a leader and its members.
// Dice is the number of the chain's dice used (double and triple moves).
// BoostUnit, Wild and Staff add a die to one unit's rally roll.
type Activate struct {
	Order     string   `json:"order"`
	Leader    string   `json:"leader"`
	Members   []string `json:"members,omitempty"`
	Dice      int      `json:"dice"`
	HaltCover bool     `json:"halt_at_cover,omitempty"` // disengage: halt on reaching cover
	BoostUnit string   `json:"boost_unit,omitempty"`
	Wild      bool     `json:"wild,omitempty"`
	Staff     bool     `json:"staff,omitempty"`
	// Entry is where a reserve company enters: the distance along its
	// friendly edge (x on the north and south edges, y on east and west)
	// of the first unit's centre; the others line up beside it.
	Entry float64 `json:"entry,omitempty"`
}

// RemoveSuppression is the Remove Unit Suppression order (one die).
type RemoveSuppression struct {
	Unit string `json:"unit"`
}

// Pass spends one die of the chain doing nothing.
type Pass struct{}

// Restock turns the whole chain into staff orders: a double gives one, a
// triple two, a quadruple three; a chain of wild dice only gives instant
// staff orders, usable at once.
type Restock struct{}

// ConvertWild turns N wild dice into staff orders for the next turn,
// one for one.
type ConvertWild struct {
	N int `json:"n"`
}

// AddStaffOrder spends a staff order as a command order: one more order
// in this pulse.
type AddStaffOrder struct{}

// UnitMove is one unit's part of a group move: waypoints to its
// destination (none for a pivot on the spot) and an optional facing at the
// destination in degrees.
type UnitMove struct {
	Unit   string       `json:"unit"`
	To     [][2]float64 `json:"to,omitempty"`
	Facing *float64     `json:"facing,omitempty"`
}

// Move moves (part of) the activated group. Max "wild" or "staff" replaces
// one variable move die with its maximum.
type Move struct {
	Units []UnitMove `json:"units"`
	Max   string     `json:"max,omitempty"`
}

// Fire shoots with one unit of the activated group at an enemy unit. Wild
// and Staff add one die each to its AT dice.
type Fire struct {
	Unit   string `json:"unit"`
	Target string `json:"target"`
	Wild   bool   `json:"wild,omitempty"`
	Staff  bool   `json:"staff,omitempty"`
	// Scoot: shoot and scoot, moving straight back a normal move after
	// the shot (units with the special rule).
	Scoot bool `json:"scoot,omitempty"`
}

// Unsuppress removes a unit's suppression with a wild die (own pulse,
// after activation) or a staff order (at any time).
type Unsuppress struct {
	Unit  string `json:"unit"`
	Staff bool   `json:"staff,omitempty"`
}

// EndActivation ends the activated group's turn.
type EndActivation struct{}

// OppFire is opportunity fire at the unit that triggered the window. At is
// how far along the mover's path (inches) the shot is taken; it is ignored
// for a window opened by a firing unit. Staff adds an opportunity staff
// order's die.
type OppFire struct {
	Unit  string  `json:"unit"`
	At    float64 `json:"at,omitempty"`
	Staff bool    `json:"staff,omitempty"`
	Scoot bool    `json:"scoot,omitempty"`
}

// OppPass closes the opportunity-fire window.
type OppPass struct{}

// BreakOffChoice answers a break-off decision: Yes moves the target straight
// back a normal move before the shot and gives it +2D reaction (Armour
// Battles, Break-Off).
type BreakOffChoice struct {
	Yes bool `json:"yes,omitempty"`
}

// Repair repairs a broken-down unit with one die of the chain (Tiger I,
// Poor Reliability).
type Repair struct {
	Unit string `json:"unit"`
}

// CallMission calls an artillery (or smoke) mission with a staff order:
// Observer is a friendly unit that sees an enemy unit and the marker at
// (X, Y); a smoke screen lies along Orient degrees (Armour Battles,
// Off-Table Fire Missions; Smoke Missions).
type CallMission struct {
	Battery  string  `json:"battery"`
	Observer string  `json:"observer"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Smoke    bool    `json:"smoke,omitempty"`
	Orient   float64 `json:"orient,omitempty"`
}

// AdjustMission moves a plotted marker up to 4" with a staff order in the
// logistics phase; an observer must see the new point.
type AdjustMission struct {
	Battery string  `json:"battery"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
}

// MaintainMission keeps a mission through a command failure (staff order).
type MaintainMission struct {
	Battery string `json:"battery"`
}

// CancelMission removes a plotted mission, free of charge.
type CancelMission struct {
	Battery string `json:"battery"`
}

// EndLogistics ends the logistics phase: plotted missions fire for effect.
type EndLogistics struct{}

// Boost answers a reaction-boost decision.
type Boost struct {
	Wild  bool `json:"wild,omitempty"`
	Staff bool `json:"staff,omitempty"`
}

func (Deploy) Kind() string            { return "deploy" }
func (Begin) Kind() string             { return "begin" }
func (ChooseChain) Kind() string       { return "choose-chain" }
func (Activate) Kind() string          { return "activate" }
func (RemoveSuppression) Kind() string { return "remove-suppression" }
func (Pass) Kind() string              { return "pass" }
func (Restock) Kind() string           { return "restock" }
func (ConvertWild) Kind() string       { return "convert-wild" }
func (AddStaffOrder) Kind() string     { return "add-staff-order" }
func (Move) Kind() string              { return "move" }
func (Fire) Kind() string              { return "fire" }
func (Unsuppress) Kind() string        { return "unsuppress" }
func (EndActivation) Kind() string     { return "end-activation" }
func (OppFire) Kind() string           { return "opportunity-fire" }
func (OppPass) Kind() string           { return "opportunity-pass" }
func (Boost) Kind() string             { return "boost" }
func (BreakOffChoice) Kind() string    { return "break-off" }
func (Repair) Kind() string            { return "repair" }
func (CallMission) Kind() string       { return "call-mission" }
func (AdjustMission) Kind() string     { return "adjust-mission" }
func (MaintainMission) Kind() string   { return "maintain-mission" }
func (CancelMission) Kind() string     { return "cancel-mission" }
func (EndLogistics) Kind() string      { return "end-logistics" }

// codec decodes Armour Battles actions.
var codec = engine.NewActionCodec(Name)

func init() {
	for _, reg := range []func(*engine.ActionCodec){
		engine.RegisterAction[Deploy], engine.RegisterAction[Begin], engine.RegisterAction[ChooseChain],
		engine.RegisterAction[Activate], engine.RegisterAction[RemoveSuppression], engine.RegisterAction[Pass],
		engine.RegisterAction[Restock], engine.RegisterAction[ConvertWild], engine.RegisterAction[AddStaffOrder],
		engine.RegisterAction[Move], engine.RegisterAction[Fire], engine.RegisterAction[Unsuppress],
		engine.RegisterAction[EndActivation], engine.RegisterAction[OppFire], engine.RegisterAction[OppPass],
		engine.RegisterAction[Boost], engine.RegisterAction[BreakOffChoice], engine.RegisterAction[Repair],
		engine.RegisterAction[CallMission], engine.RegisterAction[AdjustMission], engine.RegisterAction[MaintainMission],
		engine.RegisterAction[CancelMission], engine.RegisterAction[EndLogistics],
		engine.RegisterAction[Regroup], engine.RegisterAction[Station],
	} {
		reg(codec)
	}
}
