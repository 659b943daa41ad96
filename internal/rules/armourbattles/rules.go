package armourbattles

import (
	"encoding/json"
	"fmt"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Rules is the Armour Battles ruleset for the engine.
type Rules struct{}

func init() { engine.Register(Rules{}) }

// Name returns "armour-battles".
func (Rules) Name() string { return Name }

// Revision is the rules revision new games are played under
// (engine.Revised):
//
//	0  the rules before revision 1
//	1  a side with hidden units on the table is offered every
//	   opportunity-fire window, even when none of its units can fire
//	   (Window.Decoy, ruling R56)
//	2  the same under a free set-up (What Next?) while the enemy cannot
//	   rule out that the side hides something, and any window stays
//	   open after a shot until the side passes while it could hide a
//	   watcher (ruling R56)
//	3  a side is asked whether to add a die to a reaction in its own
//	   logistics phase when it holds only wild dice, not only when it
//	   holds a staff order too (ruling R57)
//	4  Remove Suppression is an opportunity staff order: a suppressed
//	   unit that could otherwise fire opens opportunity-fire windows while
//	   its side holds a staff order, and the target of a shot may have its
//	   suppression removed before it reacts (ruling R59)
//	5  a unit forced back onto friends with no room beyond them before
//	   the table edge halts short of them, not on top of them; one that
//	   runs into an enemy while passing through friends is dispersed
//	   (ruling R63)
//	6  a unit forced back whose end would lie on a unit its walk did not
//	   meet (one hidden from its side) halts at the furthest point of its
//	   path clear of every unit, rather than staying where it stood; and
//	   a move's state hash covers each mover's starting facing (ruling
//	   R64)
const Revision = 6

// Revision returns the rules revision new games are played under.
func (Rules) Revision() int { return Revision }

// NewRevision returns the initial state of a game played under an
// earlier rules revision, to replay a log made before a change.
func (r Rules) NewRevision(sc *scenario.Scenario, rev int) (engine.State, error) {
	if rev < 0 || rev > Revision {
		return nil, fmt.Errorf("armour-battles: no rules revision %d (0 to %d)", rev, Revision)
	}
	st, err := r.New(sc)
	if err != nil {
		return nil, err
	}
	st.(*State).Rev = rev
	return st, nil
}

// boards holds one board per scenario, shared by its states.
var boards engine.ScenarioCache[*board]

func boardFor(sc *scenario.Scenario) (*board, error) { return boards.Get(sc, newBoard) }

// New returns the initial state of a scenario: pre-placed units on the
// table, the others waiting to be deployed by the side that deploys first.
func (Rules) New(sc *scenario.Scenario) (engine.State, error) {
	b, err := boardFor(sc)
	if err != nil {
		return nil, err
	}
	s := &State{b: b, Turn: 0, Phase: phaseDeploy, Winner: -1, Rev: Revision}
	for si, sd := range sc.Sides {
		p := b.sides[si].params
		s.Sides = append(s.Sides, SideState{Staff: min(p.StaffOrders, p.CommandDice), Morale: p.ArmyMorale})
		for ci, cos := range [][]scenario.Company{sd.Forces, sd.Reserves} {
			for _, co := range cos {
				for _, ref := range co.Units {
					ut := sc.Units[ref.ID]
					u := Unit{ID: ref.ID, Type: b.typeIndex(ut), Side: si, Company: co.Name, Heading: b.towardEnemy(si)}
					if ut.Stats.(*UnitStats).OffTable() {
						s.Batteries = append(s.Batteries, Battery{ID: ref.ID, Type: u.Type, Side: si})
						continue
					}
					if ci == 1 {
						u.Reserve, u.Arrive = true, max(1, co.EarliestTurn)
					} else {
						u.Hidden = co.Hidden
					}
					if ref.At != nil && !u.Reserve {
						u.Pos = geom.Point{X: ref.At[0], Y: ref.At[1]}
						if ref.Facing != nil {
							u.Heading = geom.Deg(*ref.Facing)
						}
						u.Placed = true
					}
					s.Units = append(s.Units, u)
				}
			}
		}
	}
	s.Active = s.nextDeployer()
	if s.Active < 0 {
		s.startGame(nil, engine.Discard)
	}
	return s, nil
}

// DecodeAction decodes an action strictly.
func (Rules) DecodeAction(raw json.RawMessage) (engine.Action, error) { return codec.Decode(raw) }

// DecodeState decodes a state encoded by MarshalJSON; the scenario it
// names comes from the embedded data.
func (Rules) DecodeState(raw []byte) (engine.State, error) {
	sc, err := engine.SavedScenario("armourbattles", raw)
	if err != nil {
		return nil, err
	}
	b, err := boardFor(sc)
	if err != nil {
		return nil, err
	}
	s := &State{b: b}
	if err := json.Unmarshal(raw, &stateJSON{stateFields: (*stateFields)(s)}); err != nil {
		return nil, fmt.Errorf("armour-battles: bad state: %v", err)
	}
	for i := range s.Units {
		if s.Units[i].Type < 0 || s.Units[i].Type >= len(b.types) {
			return nil, fmt.Errorf("armour-battles: bad state: unit %s has type %d", s.Units[i].ID, s.Units[i].Type)
		}
	}
	return s, nil
}

// SideNames returns the side ids by index.
func (Rules) SideNames(st engine.State) []string {
	s := st.(*State)
	out := make([]string, len(s.b.sides))
	for i, sd := range s.b.sides {
		out[i] = sd.id
	}
	return out
}

// nextDeployer returns the side that deploys next: the lowest deploy order
// with units still to place, or -1.
func (s *State) nextDeployer() int {
	best, bestOrder := -1, 0
	for si := range s.b.sides {
		left := false
		for i := range s.Units {
			if s.Units[i].Side == si && !s.Units[i].Placed && !s.Units[i].Reserve {
				left = true
				break
			}
		}
		if !left {
			continue
		}
		if o := s.b.sides[si].order; best < 0 || o < bestOrder {
			best, bestOrder = si, o
		}
	}
	return best
}

// listCap is the room unitsOf and enemiesOf make for their lists: a
// constant, so that a list that does not outlive its caller stays off the
// heap; a longer list grows as usual.
const listCap = 48

// enemiesOf returns the indexes of the units on the table that side's
// enemies can know about: placed, not dispersed, not hidden.
func (s *State) enemiesOf(side int) []int {
	out := make([]int, 0, listCap)
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side && u.Active() && !u.Hidden {
			out = append(out, i)
		}
	}
	return out
}

// readyEnemies appends to dst the enemies of side that could still answer
// with opportunity fire: on the table, not hidden, not suppressed, no fire
// marker, with a gun.
func (s *State) readyEnemies(side int, dst []int) []int {
	for i := range s.Units {
		if s.readyButSuppressed(side, i) == 0 {
			dst = append(dst, i)
		}
	}
	return dst
}

// readyButSuppressed returns 0 if unit i is an enemy of side that could
// still answer with opportunity fire (readyEnemies), 1 if it could but for
// its suppression, and -1 otherwise.
func (s *State) readyButSuppressed(side, i int) int {
	u := &s.Units[i]
	switch {
	case u.Side == side || !u.Active() || u.Hidden || u.Fired || u.BrokeOff || len(s.stats(i).Range) != 3:
		return -1
	case u.Suppressed:
		return 1
	}
	return 0
}

// unitsOf returns the indexes of side's units on the table, in order.
func (s *State) unitsOf(side int) []int {
	out := make([]int, 0, listCap)
	for i := range s.Units {
		if s.Units[i].Side == side && s.Units[i].Active() {
			out = append(out, i)
		}
	}
	return out
}

// sortedByDist sorts idx by d, keeping the order of equal ones; d is
// called once per index.
func sortedByDist(idx []int, d func(int) float64) {
	var buf [32]float64
	keys := buf[:0]
	if len(idx) > len(buf) {
		keys = make([]float64, 0, len(idx))
	}
	for _, i := range idx {
		keys = append(keys, d(i))
	}
	sortByKeys(idx, keys)
}

// sortByKeys sorts idx by keys (keys[i] belongs to idx[i], and is sorted
// with it), keeping the order of equal ones.
func sortByKeys(idx []int, keys []float64) {
	// Insertion sort: stable, and quick for the few units here.
	for i := 1; i < len(idx); i++ {
		k, v := keys[i], idx[i]
		j := i
		for ; j > 0 && k < keys[j-1]; j-- {
			keys[j], idx[j] = keys[j-1], idx[j-1]
		}
		keys[j], idx[j] = k, v
	}
}
