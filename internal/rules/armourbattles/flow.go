package armourbattles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// errorf returns a rejection that says why an action is illegal.
func errorf(format string, args ...any) error {
	return &ruleError{format: format, args: args}
}

// ruleError is an action the rules refuse, put into words only when read:
// listing candidates refuses many actions whose errors nobody reads. Its
// arguments are values (numbers, strings, errors), which do not change
// after the refusal.
type ruleError struct {
	format string
	args   []any
}

func (e *ruleError) Error() string { return fmt.Sprintf(e.format, e.args...) }

// allowed lists the action kinds that answer each kind of decision.
var allowed = map[string][]string{
	phaseDeploy:        {"deploy", "regroup", "station"},
	phaseReady:         {"begin"},
	phaseChain:         {"choose-chain", "convert-wild"},
	phaseOrders:        {"activate", "remove-suppression", "repair", "pass", "restock", "convert-wild", "add-staff-order", "call-mission", "cancel-mission"},
	phaseActivation:    {"move", "fire", "unsuppress", "end-activation"},
	phaseLogistics:     {"adjust-mission", "maintain-mission", "cancel-mission", "end-logistics"},
	"opportunity-fire": {"opportunity-fire", "opportunity-pass", "unsuppress"},
	"reaction-boost":   {"boost", "unsuppress"}, // unsuppress from revision 4 (R59)
	"break-off":        {"break-off"},
}

// Validate reports why a is not a legal answer to the pending decision.
func (s *State) Validate(a engine.Action) error {
	if s.Over {
		return engine.ErrGameOver
	}
	d := s.decision()
	want := allowed[d.Kind]
	kind := a.Kind()
	ok := slices.Contains(want, kind)
	if ok && d.Kind == "reaction-boost" && s.Rev < 4 {
		want = want[:1] // before revision 4 a reaction could only be boosted
		ok = kind == want[0]
	}
	if !ok {
		return errorf("%s is not allowed now: the pending decision is %s for side %s (allowed: %s)", a.Kind(), d.Kind, s.b.sides[d.Side].id, strings.Join(want, ", "))
	}
	switch a := a.(type) {
	case Deploy:
		return s.validateDeploy(a)
	case Regroup:
		return s.validateRegroup(a)
	case Station:
		return s.validateStation(a)
	case Begin:
		return nil
	case ChooseChain:
		return s.validateChain(a)
	case ConvertWild:
		return s.validateConvertWild(a)
	case Activate:
		return s.validateActivate(a)
	case RemoveSuppression:
		return s.validateRemoveSuppression(a)
	case Pass:
		return nil
	case Restock:
		return s.validateRestock()
	case AddStaffOrder:
		if s.Sides[s.Active].Staff == 0 {
			return errorf("no staff orders left")
		}
		return nil
	case Move:
		_, err := s.planMove(a, s.scratchPlan())
		return err
	case Fire:
		return s.validateFire(a)
	case Unsuppress:
		if d.Kind == "reaction-boost" {
			if t := s.Shots[len(s.Shots)-1].Target; s.unitIndex(a.Unit) != t {
				return errorf("unsuppress: only %s, the unit fired on, may have its suppression removed before it reacts", s.Units[t].ID)
			}
		}
		return s.validateUnsuppress(a, d.Side)
	case EndActivation:
		return nil
	case OppFire:
		return s.validateOppFire(a)
	case OppPass:
		return nil
	case Boost:
		return s.validateBoost(a)
	case BreakOffChoice:
		return nil
	case Repair:
		return s.validateRepair(a)
	case CallMission:
		return s.validateCall(a)
	case AdjustMission:
		return s.validateAdjust(a)
	case MaintainMission:
		return s.validateMaintain(a)
	case CancelMission:
		_, err := s.ownMission(a.Battery)
		return err
	case EndLogistics:
		return nil
	}
	return errorf("unknown action %T", a)
}

// Apply applies a validated action and runs the game on to the next
// decision.
func (s *State) Apply(a engine.Action, src dice.Source, out engine.Emitter) {
	switch a := a.(type) {
	case Deploy:
		s.applyDeploy(a, src, out)
	case Regroup:
		s.applyRegroup(a, src, out)
	case Station:
		s.applyStation(a, src, out)
	case Begin:
		s.startTurn(src, out)
	case ChooseChain:
		s.applyChain(a, out)
	case ConvertWild:
		s.applyConvertWild(a, out)
	case Activate:
		s.applyActivate(a, src, out)
	case RemoveSuppression:
		u := s.unitIndex(a.Unit)
		s.Units[u].Suppressed = false
		s.Slots--
		out.Emit(engine.Event{Kind: "unsuppress", Text: s.name(u) + " has its suppression removed", To: s.to(u)})
	case Pass:
		s.Slots--
		out.Emit(engine.Event{Kind: "pass", Text: s.b.sides[s.Active].name + " passes one order", To: engine.Everyone})
	case Restock:
		s.applyRestock(out)
	case AddStaffOrder:
		s.Sides[s.Active].Staff--
		s.Slots++
		out.Emit(engine.Event{Kind: "staff-order", Text: s.b.sides[s.Active].name + " uses a staff order as a command order", To: engine.Everyone})
	case Move:
		p, _ := s.planMove(a, nil) // the movers keep its paths
		s.applyMove(p, src, out)
	case Fire:
		s.applyFire(a, src, out)
	case Unsuppress:
		s.applyUnsuppress(a, out)
	case EndActivation:
		s.sayEnd(out)
		s.endActivation()
	case OppFire:
		s.applyOppFire(a, src, out)
	case OppPass:
		s.closeWindow(out)
	case Boost:
		s.applyBoost(a, out)
	case BreakOffChoice:
		s.applyBreakOff(a, src, out)
	case CallMission:
		s.applyCall(a, src, out)
	case AdjustMission:
		s.applyAdjust(a, out)
	case MaintainMission:
		bi, _ := s.ownMission(a.Battery)
		s.Batteries[bi].Maintained = true
		s.Sides[s.Active].Staff--
		out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s maintains %s's mission with a staff order", s.b.sides[s.Active].name, a.Battery), To: engine.Everyone})
	case CancelMission:
		bi, _ := s.ownMission(a.Battery)
		s.Batteries[bi].Marker, s.Batteries[bi].Cancelled = nil, s.Turn
		out.Emit(engine.Event{Kind: "mission", Text: fmt.Sprintf("%s cancels %s's mission; a new one may be plotted next turn", s.b.sides[s.Active].name, a.Battery), To: engine.Everyone})
	case EndLogistics:
		s.endLogistics(src, out)
	case Repair:
		u := s.unitIndex(a.Unit)
		s.Units[u].BrokeDown, s.Units[u].Repaired = 0, s.Turn
		s.Slots--
		out.Emit(engine.Event{Kind: "repair", Text: s.name(u) + " is repaired; it can move again next turn", To: s.to(u)})
	}
	s.advance(src, out)
}

// advance resolves everything automatic (shots, movement, the end of
// pulses and turns) until a side must decide or the game ends.
func (s *State) advance(src dice.Source, out engine.Emitter) {
	for !s.Over {
		if n := len(s.Shots); n > 0 {
			sh := &s.Shots[n-1]
			if !sh.Rolled {
				if s.breakOffPending() {
					return
				}
				if !sh.Opp && !sh.Ambush && !sh.Answered {
					// The other side may answer a firing unit, and must say
					// so before its attack dice are rolled; the answer
					// lands at the same time (Opportunity Fire Against a
					// Firing Target).
					sh.Answered = true
					s.openFireWindow(sh.Firer)
					sh.Held = s.Window != nil
					continue
				}
				if sh.Held {
					if s.Window != nil && s.windowHasFirers() {
						return
					}
					s.Window = nil
					sh.Held = false
					continue
				}
				s.rollAttack(sh, src, out)
				continue
			}
			if s.boostPending() {
				return
			}
			s.resolveShot(src, out)
			continue
		}
		if s.Window != nil {
			if s.windowHasFirers() {
				return
			}
			s.closeWindow(out)
			continue
		}
		if s.Move != nil {
			if s.stepMove(out) {
				return
			}
			continue
		}
		if s.Act != nil {
			if s.Act.Order == OrderMoveFire {
				return
			}
			s.endActivation()
			continue
		}
		switch s.Phase {
		case phaseChain:
			if !s.Sides[s.Active].Logistics {
				if s.startLogistics(src, out) {
					return
				}
				continue
			}
			if s.Sides[s.Active].DiceLeft() == 0 {
				// Wild dice spent on reactions to the side's own
				// artillery in its logistics phase can leave it nothing
				// to chain: the pulse passes on (ruling R57).
				s.endPulse(src, out)
				continue
			}
		case phaseActivation:
			s.Phase = phaseOrders
			continue
		case phaseOrders:
			if s.Slots > 0 {
				return
			}
			s.endPulse(src, out)
			continue
		}
		return
	}
}

// sayEnd tells that the active side ends its activation by choice, with
// the units it still had to act; only to the side itself if any of them
// is hidden.
func (s *State) sayEnd(out engine.Emitter) {
	if s.Act == nil || engine.Quiet(out) {
		return
	}
	side := s.b.sides[s.Active].name
	ids := make([]string, 0, len(s.Act.Units))
	for _, u := range s.Act.Units {
		ids = append(ids, s.Units[u].ID)
	}
	text := fmt.Sprintf("%s ends the %s order of %s", side, s.Act.Order, strings.Join(ids, ", "))
	if to := s.to(s.Act.Units...); to != engine.Everyone {
		// The enemy hears nothing: the decision coming back to it says
		// as much as an event would.
		out.Emit(engine.Event{Kind: "end-activation", Text: text, To: to})
		return
	}
	out.Emit(engine.Event{Kind: "end-activation", Text: text, To: engine.Everyone})
}

// endActivation closes the command group's activation.
func (s *State) endActivation() {
	s.Act = nil
	s.Phase = phaseOrders
}
