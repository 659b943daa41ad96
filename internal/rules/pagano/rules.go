package pagano

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Rules is the Pagano ruleset for the engine.
type Rules struct{}

func init() { engine.Register(Rules{}) }

// Name returns "pagano".
func (Rules) Name() string { return Name }

// Revision is the rules revision new games are played under
// (engine.Revised):
//
//	0  the rules before revision 1
//	1  a very long gun takes Table 2's +1 from 26" exactly, not only
//	   beyond it (ruling P7: "26-60" includes both ends); a retreating
//	   vehicle immobilized by a collision is abandoned at once, as one
//	   stunned or immobilized by a hit already was (ruling P22)
//	2  a firer taken out of action during its own side's fire phase (by
//	   a stunned target's errant turn running into it as it retreats)
//	   loses the shot it declared (ruling P29)
const Revision = 2

// Revision returns the rules revision new games are played under.
func (Rules) Revision() int { return Revision }

// NewRevision returns the initial state of a game played under an
// earlier rules revision, to replay a log made before a change.
func (r Rules) NewRevision(sc *scenario.Scenario, rev int) (engine.State, error) {
	if rev < 0 || rev > Revision {
		return nil, fmt.Errorf("pagano: no rules revision %d (0 to %d)", rev, Revision)
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

// New returns the initial state of a scenario: pre-placed vehicles on the
// table, the others waiting to be deployed by the side that deploys first.
func (Rules) New(sc *scenario.Scenario) (engine.State, error) {
	b, err := boardFor(sc)
	if err != nil {
		return nil, err
	}
	s := &State{b: b, Winner: -1, Rev: Revision}
	for si, sd := range sc.Sides {
		p, _ := sd.Params.(*SideParams)
		for _, co := range sd.Forces {
			for _, ref := range co.Units {
				ut := sc.Units[ref.ID]
				if ut == nil {
					return nil, fmt.Errorf("pagano: %s: unit %s has no type", sc.ID, ref.ID)
				}
				h := b.towardEnemy(si)
				u := Unit{ID: ref.ID, Type: b.typeIndex(ut), Side: si, Platoon: b.unitPlatoon[ref.ID], Heading: h, Turret: h, Motion: Stationary}
				u.DugIn = p != nil && slices.Contains(p.DugIn, ref.ID)
				if ref.At != nil {
					u.Pos = geom.Point{X: ref.At[0], Y: ref.At[1]}
					if ref.Facing != nil {
						u.Heading = geom.Deg(*ref.Facing).Normalized()
						u.Turret = u.Heading
					}
					u.Placed = true
				}
				s.Units = append(s.Units, u)
			}
		}
	}
	s.Deployer = s.nextDeployer()
	return s, nil
}

// DecodeAction decodes an action strictly.
func (Rules) DecodeAction(raw json.RawMessage) (engine.Action, error) { return codec.Decode(raw) }

// DecodeState decodes a state encoded by MarshalJSON; the scenario it
// names comes from the embedded data.
func (Rules) DecodeState(raw []byte) (engine.State, error) {
	sc, err := engine.SavedScenario("pagano", raw)
	if err != nil {
		return nil, err
	}
	b, err := boardFor(sc)
	if err != nil {
		return nil, err
	}
	s := &State{b: b}
	if err := json.Unmarshal(raw, &stateJSON{stateFields: (*stateFields)(s)}); err != nil {
		return nil, fmt.Errorf("pagano: bad state: %v", err)
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Type < 0 || u.Type >= len(b.types) || u.Side < 0 || u.Side > 1 || u.Platoon < 0 || u.Platoon >= len(b.platoons) {
			return nil, fmt.Errorf("pagano: bad state: unit %s has type %d, side %d, platoon %d", u.ID, u.Type, u.Side, u.Platoon)
		}
	}
	if s.Phase < 0 || s.Phase > len(sequence) {
		return nil, fmt.Errorf("pagano: bad state: phase %d", s.Phase)
	}
	if m := s.Move; m != nil && (m.Unit < 0 || m.Unit >= len(s.Units) || len(m.Path) < 2) {
		return nil, fmt.Errorf("pagano: bad state: move in progress")
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
// with vehicles still to place, or -1.
func (s *State) nextDeployer() int {
	best, bestOrder := -1, 0
	for si := range s.b.sides {
		left := false
		for i := range s.Units {
			if s.Units[i].Side == si && !s.Units[i].Placed {
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

// errorf returns a rejection that says why an action is illegal.
func errorf(format string, args ...any) error {
	return &ruleError{format: format, args: args}
}

// ruleError is an action the rules refuse, put into words only when read:
// the doctrine tries many moves whose refusals nobody reads. Its arguments
// (numbers, strings, errors, the table's features, the fixed lists of
// allowed kinds) do not change after the refusal.
type ruleError struct {
	format string
	args   []any
}

func (e *ruleError) Error() string { return fmt.Sprintf(e.format, e.args...) }

// allowed lists the action kinds each decision accepts.
var allowed = map[string][]string{
	KindDeploy: {"deploy"},
	KindReady:  {"begin"},
	KindFire:   {"fire", "hold-fire"},
	KindMove:   {"move", "pivot", "hold", "end-movement"},
	KindAmbush: {"ambush", "ambush-pass"},
}

// Validate reports why a is not a legal answer to the pending decision.
func (s *State) Validate(a engine.Action) error {
	if err := s.allowedNow(a.Kind()); err != nil {
		return err
	}
	switch a := a.(type) {
	case Deploy:
		return s.validateDeploy(a)
	case Begin, HoldFire, EndMovement, AmbushPass:
		return nil
	case Fire:
		var fb, tb [16]int
		_, err := s.planFire(a, firePlan{fb[:0], tb[:0]})
		return err
	case Move:
		return s.checkMove(a)
	case Pivot:
		return s.validatePivot(a.Unit, a.Facing, a.Turret, false)
	case Hold:
		return s.validatePivot(a.Unit, a.Facing, a.Turret, true)
	case Ambush:
		return s.validateAmbush(a)
	}
	return errorf("unknown action %T", a)
}

// allowedNow reports why an action of kind may not answer the pending
// decision: the game is over, or the decision takes other kinds.
func (s *State) allowedNow(kind string) error {
	if s.Over {
		return engine.ErrGameOver
	}
	d := s.pending()
	ok := false
	for _, k := range allowed[d.Kind] {
		ok = ok || k == kind
	}
	if !ok {
		return errorf("%s is not allowed now: the pending decision is %s for %s (allowed: %s)", kind, d.Kind, s.b.sides[d.Side].id, strings.Join(allowed[d.Kind], ", "))
	}
	return nil
}

// validateMove is Validate for a move, without making it an action: a
// Move put in an interface is copied to the heap, and the candidates try
// many. It keeps none of a's slices or pointers.
func (s *State) validateMove(a Move) error {
	if err := s.allowedNow(a.Kind()); err != nil {
		return err
	}
	return s.checkMove(a)
}

// checkMove plans move a and keeps the plan of a legal one for Apply.
func (s *State) checkMove(a Move) error {
	p, err := s.planMove(a)
	if err == nil {
		s.checked.keep(a, p)
	}
	return err
}

// Apply applies a validated action and runs the game on to the next
// decision.
func (s *State) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	if _, ok := a.(Move); !ok {
		s.checked.drop() // the state changes: a move's plan no longer holds
	}
	switch a := a.(type) {
	case Deploy:
		s.applyDeploy(a, out)
	case Begin:
		s.startBattle(out)
	case Fire:
		var fb, tb [16]int
		p, _ := s.planFire(a, firePlan{fb[:0], tb[:0]})
		s.resolveFire(p, src, out)
		s.nextPhase(out)
	case HoldFire:
		out.Emit(engine.Event{Kind: "hold-fire", Text: s.b.sides[s.pending().Side].name + " holds fire", To: engine.Everyone})
		s.nextPhase(out)
	case Move:
		p, ok := s.checked.take(a)
		if !ok {
			p, _ = s.planMove(a)
			p.path = s.checked.own(p.path)
		}
		s.startMove(p, out)
	case Pivot:
		s.applyPivot(a.Unit, a.Facing, a.Turret, false, out)
	case Hold:
		s.applyPivot(a.Unit, a.Facing, a.Turret, true, out)
	case EndMovement:
		s.endMovement(src, out)
	case Ambush:
		s.applyAmbush(a, src, out)
	case AmbushPass:
		s.finishMove(src, out)
	}
	s.advance(src, out)
}
