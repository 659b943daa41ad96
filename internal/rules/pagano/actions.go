package pagano

import (
	"github.com/sandtable/sandtable/internal/engine"
)

// Decision kinds.
const (
	KindDeploy = "deploy"
	KindReady  = "ready"
	KindFire   = "fire"
	KindMove   = "move"
	KindAmbush = "ambush"
)

// Deploy places one vehicle in its side's deployment zone, stationary
// (Pagano, Movement: units that begin on the battlefield may set up
// stationary). Facing is in degrees, 0 = +x, counter-clockwise; Turret, if
// given, points the turret elsewhere.
type Deploy struct {
	Unit   string   `json:"unit"`
	X      float64  `json:"x"`
	Y      float64  `json:"y"`
	Facing float64  `json:"facing"`
	Turret *float64 `json:"turret,omitempty"`
}

// Begin starts the battle when every vehicle was placed by the scenario.
type Begin struct{}

// Shot is one vehicle's declared target.
type Shot struct {
	Unit   string `json:"unit"`
	Target string `json:"target"`
}

// Fire declares every shot of the fire phase at once, then resolves them
// in order (Pagano, Firing: targets are declared before any To-Hit roll).
// Units not named save their shot for a later phase.
type Fire struct {
	Shots []Shot `json:"shots"`
}

// HoldFire ends the fire phase without firing.
type HoldFire struct{}

// Move moves one vehicle along waypoints (Pagano, Movement). Stop ends the
// move stopped; otherwise the vehicle stays in motion and points the way it
// moves. Facing (degrees) pivots a stopped vehicle at the end; Turret
// points the turret.
type Move struct {
	Unit   string       `json:"unit"`
	To     [][2]float64 `json:"to"`
	Stop   bool         `json:"stop,omitempty"`
	Facing *float64     `json:"facing,omitempty"`
	Turret *float64     `json:"turret,omitempty"`
}

// Pivot turns a vehicle's hull and/or turret without moving it; pivots are
// free (Pagano, Movement). A vehicle that only pivots ends the phase
// stationary.
type Pivot struct {
	Unit   string   `json:"unit"`
	Facing *float64 `json:"facing,omitempty"`
	Turret *float64 `json:"turret,omitempty"`
}

// Hold finishes a vehicle's movement phase, optionally pivoting it first.
type Hold struct {
	Unit   string   `json:"unit"`
	Facing *float64 `json:"facing,omitempty"`
	Turret *float64 `json:"turret,omitempty"`
}

// EndMovement ends the side's movement phase; vehicles that have not moved
// do nothing.
type EndMovement struct{}

// Ambush fires a loaded vehicle at the mover when it is At inches along its
// path (Pagano, Ambush Fire).
type Ambush struct {
	Unit string  `json:"unit"`
	At   float64 `json:"at"`
}

// AmbushPass lets the mover go on.
type AmbushPass struct{}

func (Deploy) Kind() string      { return "deploy" }
func (Begin) Kind() string       { return "begin" }
func (Fire) Kind() string        { return "fire" }
func (HoldFire) Kind() string    { return "hold-fire" }
func (Move) Kind() string        { return "move" }
func (Pivot) Kind() string       { return "pivot" }
func (Hold) Kind() string        { return "hold" }
func (EndMovement) Kind() string { return "end-movement" }
func (Ambush) Kind() string      { return "ambush" }
func (AmbushPass) Kind() string  { return "ambush-pass" }

// codec decodes Pagano actions.
var codec = engine.NewActionCodec(Name)

func init() {
	engine.RegisterAction[Deploy](codec)
	engine.RegisterAction[Begin](codec)
	engine.RegisterAction[Fire](codec)
	engine.RegisterAction[HoldFire](codec)
	engine.RegisterAction[Move](codec)
	engine.RegisterAction[Pivot](codec)
	engine.RegisterAction[Hold](codec)
	engine.RegisterAction[EndMovement](codec)
	engine.RegisterAction[Ambush](codec)
	engine.RegisterAction[AmbushPass](codec)
}
