package armourbattles

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
)

// startGame begins turn 1 once every unit is deployed; without a dice
// source (a scenario with every unit pre-placed) it waits for Begin.
func (s *State) startGame(src dice.Source, out engine.Emitter) {
	s.Turn = 0
	if src == nil {
		s.Phase, s.Active = phaseReady, 0
		return
	}
	s.startTurn(src, out)
}

// startTurn rolls both sides' command dice and settles command failure and
// the first pulse (Armour Battles, The Game Turn). Both sides failing ends
// the turn at once, so the loop may run through several turns.
func (s *State) startTurn(src dice.Source, out engine.Emitter) {
	for {
		s.Turn++
		if s.Turn > s.b.maxTurn {
			s.endByTurnLimit(out)
			return
		}
		for i := range s.Units {
			u := &s.Units[i]
			u.Fired, u.Activated, u.Rallied, u.BrokeOff, u.SecretOrder = false, false, false, false, false
		}
		for i := range s.Sides {
			sd := &s.Sides[i]
			sd.Staff = min(sd.Staff+sd.StaffNew, s.b.sides[i].params.CommandDice)
			sd.StaffNew = 0
		}
		// An exact tie is rolled again only to say who goes first: not
		// when the scenario says so.
		fixed := s.b.params.FirstPulse != "" && s.b.params.FirstPulse != "roll"
		faces := RollCommandDice([2]int{s.b.sides[0].params.CommandDice, s.b.sides[1].params.CommandDice}, fixed, src, func() {
			out.Emit(engine.Event{Kind: "command-reroll", Text: fmt.Sprintf("turn %d: command dice tie exactly; both sides roll again", s.Turn), To: engine.Everyone})
		})
		f0, f1 := CommandFailure(faces[0]), CommandFailure(faces[1])
		for side := range s.Sides {
			sd := &s.Sides[side]
			sd.Dice = faces[side]
			sd.Failure = side == 0 && f0 || side == 1 && f1
			sd.Borrowed = 0
			sd.Logistics = false
			sd.Rolled = s.b.sides[side].params.CommandDice
			sd.Spent = sd.Dice[1] // discarded or lent
			out.Emit(engine.Event{Kind: "command-dice", Text: fmt.Sprintf("turn %d: %s rolls %s%s", s.Turn, s.b.sides[side].name, facesText(faces[side]), map[bool]string{true: ": command failure", false: ""}[sd.Failure]), To: engine.Everyone, Data: faces[side]})
		}
		if f0 && f1 {
			// Both sides' plotted missions are cancelled too (Both Sides
			// Roll a Command Failure).
			s.cancelMissions(0, "both sides' command failure", out)
			s.cancelMissions(1, "both sides' command failure", out)
			out.Emit(engine.Event{Kind: "turn-end", Text: fmt.Sprintf("turn %d ends at once: both sides suffer a command failure", s.Turn), To: engine.Everyone})
			continue
		}
		for side := range s.Sides {
			sd, other := &s.Sides[side], &s.Sides[1-side]
			if sd.Failure {
				other.Borrowed = sd.Dice[1]
				other.Rolled += sd.Dice[1]
			}
			sd.Dice[1] = 0
		}
		for side := range s.Sides {
			if sd := &s.Sides[side]; sd.Failure && sd.DiceLeft() == 0 {
				// No die left, so no pulse and no logistics phase in which
				// to maintain its missions: the failure cancels them
				// (ruling R35).
				s.cancelMissions(side, "command failure", out)
			}
		}
		fixedSide := -1
		if fixed {
			fixedSide = s.b.sideIndex(s.b.params.FirstPulse)
		}
		s.First = FirstSide(faces, fixedSide)
		s.Active = s.First
		if s.Sides[s.Active].DiceLeft() == 0 {
			// A side given the first pulse by the scenario may have lent
			// every die to a command failure: the other side goes on.
			s.Active = 1 - s.Active
		}
		s.Phase = phaseChain
		text := fmt.Sprintf("turn %d: %s has the first command pulse", s.Turn, s.b.sides[s.Active].name)
		if s.Active != s.First {
			text = fmt.Sprintf("turn %d: %s, given the first pulse, has lent every die; %s has the first command pulse", s.Turn, s.b.sides[s.First].name, s.b.sides[s.Active].name)
		}
		out.Emit(engine.Event{Kind: "first-pulse", Text: text, To: engine.Everyone})
		return
	}
}

func facesText(f [7]int) string {
	var parts []string
	for face := 6; face >= 1; face-- {
		for i := 0; i < f[face]; i++ {
			parts = append(parts, fmt.Sprint(face))
		}
	}
	return strings.Join(parts, " ")
}

// endPulse passes the pulse to the other side if it has dice left, keeps
// it with this side if only it has, or ends the turn.
func (s *State) endPulse(src dice.Source, out engine.Emitter) {
	s.Slots, s.ChainSize, s.AllWild = 0, 0, false
	for i := range s.Units {
		s.Units[i].BrokeOff = false // it may fire again (Break-Off)
	}
	switch {
	case s.Sides[1-s.Active].DiceLeft() > 0:
		s.Active = 1 - s.Active
		s.Phase = phaseChain
	case s.Sides[s.Active].DiceLeft() > 0:
		s.Phase = phaseChain
	default:
		s.endTurn(src, out)
	}
}

// endTurn removes fire markers, returns borrowed dice and starts the next
// turn (Armour Battles, End of Turn).
func (s *State) endTurn(src dice.Source, out engine.Emitter) {
	for i := range s.Units {
		s.Units[i].Fired = false
	}
	for i := range s.Sides {
		s.Sides[i].Borrowed = 0
	}
	out.Emit(engine.Event{Kind: "turn-end", Text: fmt.Sprintf("turn %d ends", s.Turn), To: engine.Everyone})
	s.startTurn(src, out)
}

func (s *State) endByTurnLimit(out engine.Emitter) {
	s.Turn = s.b.maxTurn
	s.Over, s.Phase, s.Winner = true, phaseOver, -1
	s.Reason = "turn limit"
	if s.b.sc.Victory.TurnLimit == 0 {
		s.Reason = fmt.Sprintf("turn cap (%d turns)", TurnCap)
	}
	out.Emit(engine.Event{Kind: "game-over", Text: "the game ends in a draw at the " + s.Reason, To: engine.Everyone})
}

// loseMorale takes army morale points from side and ends the game when a
// side reaches zero (Armour Battles, Victory or Defeat).
func (s *State) loseMorale(side, n int, out engine.Emitter) {
	sd := &s.Sides[side]
	sd.Morale = max(0, sd.Morale-n)
	if !engine.Quiet(out) {
		out.Emit(engine.Event{Kind: "morale", Text: fmt.Sprintf("%s loses %d army morale (%d left)", s.b.sides[side].name, n, sd.Morale), To: engine.Everyone})
	}
	if sd.Morale == 0 || len(s.unitsOf(side)) == 0 && !s.hasUnplaced(side) {
		s.Over, s.Phase, s.Winner = true, phaseOver, 1-side
		s.Reason = "army morale"
		if sd.Morale > 0 {
			s.Reason = "no units left"
		}
		s.Act, s.Window, s.Move, s.Shots = nil, nil, nil, nil
		out.Emit(engine.Event{Kind: "game-over", Text: fmt.Sprintf("%s wins: %s is broken", s.b.sides[1-side].name, s.b.sides[side].name), To: engine.Everyone})
	}
}

func (s *State) hasUnplaced(side int) bool {
	for i := range s.Units {
		if s.Units[i].Side == side && !s.Units[i].Placed && !s.Units[i].Dispersed {
			return true
		}
	}
	return false
}
