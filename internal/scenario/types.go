package scenario

// UnitType is one kind of unit in a ruleset's unit file.
type UnitType struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Nation  string   `json:"nation"`
	Rules   string   `json:"rules"`
	// Footprint is the hull rectangle in inches, Length along the facing.
	// It is zero for units that never stand on the table (off-table artillery).
	Footprint struct {
		Length float64 `json:"length"`
		Width  float64 `json:"width"`
	} `json:"footprint"`
	// Stats is the pointer returned by the ruleset's Schema.NewUnitStats,
	// filled from the file.
	Stats      any      `json:"stats"`
	StatsBlock Block    `json:"-"`
	Special    []string `json:"special,omitempty"`
	Pos        Pos      `json:"-"`
}

// Scenario is one battle: table, terrain, sides and victory conditions.
type Scenario struct {
	ID          string
	Version     int
	Rules       string
	Title       string
	Date        string
	Location    string
	Briefing    string
	Table       Table
	Terrain     []TerrainSpec
	Sides       []*Side
	Params      any // from Schema.NewScenarioParams; nil if the schema has none
	ParamsBlock Block
	Victory     Victory
	File        string
	Pos         Pos
	// BuiltIn is true for the scenarios shipped in the binary (Embedded)
	// and false for those loaded from a user's files.
	BuiltIn bool
	// Units maps each unit id in the scenario to its resolved type.
	Units map[string]*UnitType
}

// Table is the playing surface in inches; (0,0) is the bottom-left (south-west) corner.
type Table struct {
	Width, Height float64
	Pos           Pos
}

// TerrainSpec is one terrain feature: an area (Polygon) or a line (Line).
type TerrainSpec struct {
	Kind    string
	Name    string
	Level   int // hills only, 1 or more
	Polygon [][2]float64
	Line    [][2]float64
	Pos     Pos
}

// Side is one army in a scenario.
type Side struct {
	ID          string
	Name        string
	Briefing    string
	Edge        string // friendly table edge: north, south, east or west
	DeployOrder int    // 1 deploys first
	Params      any    // from Schema.NewSideParams; nil if the schema has none
	ParamsBlock Block
	Zones       []Zone
	Forces      []Company // on the table at the start
	Reserves    []Company
	// FreeSetup, when set, lets the side decide at set-up which companies
	// start on the table, hidden or in reserve, and move units between
	// companies (Armour Battles, "What Next?").
	FreeSetup *FreeSetup
	Pos       Pos
}

// FreeSetup is a side's freedom at set-up.
type FreeSetup struct {
	ReserveFrom     int // the earliest turn of a company held in reserve
	MaxHiddenGroups int // at most this many companies set up hidden
}

// Placement constraints of a company set up on the table.
const (
	PlaceEdge  = "edge"  // touching the side's own table edge (within 1")
	PlaceCover = "cover" // behind a hedge or at a wood's edge (within 1" of one)
)

// Company is a group of units arriving together.
type Company struct {
	Name         string
	Hidden       bool
	EarliestTurn int // reserves only; 0 for forces
	// Placement restricts where the company's units may be set up: "" for
	// anywhere in the deployment zone, or PlaceEdge or PlaceCover.
	Placement string
	// Together: the company is set up as one command group, every unit
	// within the command radius of the first one placed.
	Together bool
	// MayJoinReserves: instead of setting up, a unit may join a reserve
	// company (one such unit per reserve company), keeping at least
	// MinPlaced units of the company on the table.
	MayJoinReserves bool
	MinPlaced       int
	Units           []UnitRef
	Pos             Pos
}

// UnitRef is one unit in a scenario.
type UnitRef struct {
	ID     string
	Type   string      // a UnitType ID, name or alias as written in the file
	At     *[2]float64 // pre-placed position, or nil when players deploy it
	Facing *float64    // degrees, 0 = +x, counter-clockwise; nil if not given
	Pos    Pos
}

// Zone is a named deployment area.
type Zone struct {
	Name    string
	Polygon [][2]float64
	Pos     Pos
}

// Victory says how the battle ends.
type Victory struct {
	ArmyMoraleZero  bool // a side at zero army morale loses
	TurnLimit       int  // 0 = no limit
	DrawAtTurnLimit bool
	Pos             Pos
}

// Side returns the side with the given id, or nil.
func (s *Scenario) Side(id string) *Side {
	for _, sd := range s.Sides {
		if sd.ID == id {
			return sd
		}
	}
	return nil
}
