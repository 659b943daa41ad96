package armourbattles

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/scenario"
)

// RollCommandDice rolls both sides' command dice for a turn, n[side] d6
// each, counted by face (The Game Turn). A roll that ties exactly, face by
// face from 6 down to 2, is rolled again to say who goes first (The First
// Command Pulse), calling reroll before each new roll; not when fixed (the
// scenario names the first side) or when a side fails its command.
func RollCommandDice(n [2]int, fixed bool, src dice.Source, reroll func()) [2][7]int {
	var faces [2][7]int
	if n[0] <= 0 && n[1] <= 0 {
		return faces // no dice: nothing to roll, and no tie to roll again
	}
	for {
		for side := range faces {
			faces[side] = [7]int{}
			for range n[side] {
				faces[side][dice.D6(src)]++
			}
		}
		if FirstPulse(faces) >= 0 || fixed || CommandFailure(faces[0]) || CommandFailure(faces[1]) {
			return faces
		}
		if reroll != nil {
			reroll()
		}
	}
}

// CommandFailure reports a command failure: more 1s than 6s.
func CommandFailure(f [7]int) bool { return f[1] > f[6] }

// FirstPulse compares two command rolls' sixes, then fives, down to twos,
// and returns the side with more; -1 on a complete tie (The First Command
// Pulse).
func FirstPulse(f [2][7]int) int {
	for face := 6; face >= 2; face-- {
		switch {
		case f[0][face] > f[1][face]:
			return 0
		case f[1][face] > f[0][face]:
			return 1
		}
	}
	return -1
}

// FirstSide is the side with a turn's first command pulse (The First
// Command Pulse): the scenario's side fixed (-1 when it is rolled for),
// else the one side not failing its command, else the better roll
// (FirstPulse); -1 when both sides fail, and the turn ends at once.
func FirstSide(faces [2][7]int, fixed int) int {
	f0, f1 := CommandFailure(faces[0]), CommandFailure(faces[1])
	switch {
	case f0 && f1:
		return -1
	case fixed >= 0:
		return fixed
	case f0:
		return 1
	case f1:
		return 0
	}
	return FirstPulse(faces)
}

// CommandRoll is the start of a turn rolled away from any game, for a
// player beside a real table: both sides' command dice and what they come
// to.
type CommandRoll struct {
	// Faces are each side's dice, highest first; Rerolls counts the exact
	// ties rolled again before them.
	Faces   [2][]int `json:"faces"`
	Rerolls int      `json:"rerolls"`
	// Failure marks a command failure; a failing side's 1s go to the
	// other side as wild dice (Borrowed), other 1s are discarded.
	Failure  [2]bool `json:"failure"`
	Ones     [2]int  `json:"ones"`
	Borrowed [2]int  `json:"borrowed"`
	// Wild counts each side's wild dice (its 6s and the borrowed 1s) and
	// Dice the dice it has for the turn.
	Wild [2]int `json:"wild"`
	Dice [2]int `json:"dice"`
	// First is the side with the first command pulse, -1 when both fail
	// and the turn ends at once.
	First   int    `json:"first"`
	Outcome string `json:"outcome"`
}

// RollCommand rolls the start of a turn for sides with n[side] command
// dice, named names, as a game starts its turns: first is the side the
// scenario gives the first pulse, or -1 to roll for it.
func RollCommand(n [2]int, names [2]string, first int, src dice.Source) CommandRoll {
	var r CommandRoll
	faces := RollCommandDice(n, first >= 0, src, func() { r.Rerolls++ })
	var sides [2]SideState
	for side := range sides {
		r.Failure[side] = CommandFailure(faces[side])
		r.Ones[side] = faces[side][1]
		sides[side].Dice = faces[side]
		for face := 6; face >= 1; face-- {
			for range faces[side][face] {
				r.Faces[side] = append(r.Faces[side], face)
			}
		}
	}
	bothFail := r.Failure[0] && r.Failure[1]
	for side := range sides {
		switch {
		case bothFail:
			// The turn ends at once: no die is lent or used.
			sides[side].Dice = [7]int{}
		case r.Failure[side]:
			sides[1-side].Borrowed = faces[side][1]
		}
		sides[side].Dice[1] = 0
	}
	var parts []string
	for side := range sides {
		r.Borrowed[side], r.Wild[side], r.Dice[side] = sides[side].Borrowed, sides[side].Wild(), sides[side].DiceLeft()
		say := fmt.Sprintf("%s rolls %s", names[side], facesOf(r.Faces[side]))
		switch ones := r.Ones[side]; {
		case bothFail:
			say += ": a command failure"
		case r.Failure[side] && ones == 1:
			say += fmt.Sprintf(": a command failure, and its 1 goes to %s as a wild die", names[1-side])
		case r.Failure[side]:
			say += fmt.Sprintf(": a command failure, and its %d 1s go to %s as wild dice", ones, names[1-side])
		case ones == 1:
			say += " (the 1 discarded)"
		case ones > 1:
			say += fmt.Sprintf(" (%d 1s discarded)", ones)
		}
		parts = append(parts, say)
	}
	for side := range sides {
		if r.Failure[side] && r.Dice[side] == 0 && !r.Failure[1-side] {
			// No pulse, so no logistics phase to keep them (ruling R35).
			parts = append(parts, names[side]+" has no die left, so its plotted missions are cancelled")
		}
	}
	r.First = FirstSide(faces, first)
	if r.First < 0 {
		parts = append(parts, "both sides fail: the turn ends at once, and both sides' plotted missions are cancelled")
	} else {
		if r.Dice[r.First] == 0 {
			// A side given the first pulse by the scenario may have lent
			// every die to a command failure: the other side goes on.
			r.First = 1 - r.First
		}
		parts = append(parts, names[r.First]+" has the first command pulse")
	}
	r.Outcome = strings.Join(parts, "; ")
	return r
}

func facesOf(f []int) string {
	if len(f) == 0 {
		return "no dice"
	}
	s := make([]string, len(f))
	for i, v := range f {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}

// CommandSides is what a scenario says of its two sides' command: their
// names and command dice, the side given the first pulse (-1: rolled for),
// and the staff orders and army morale each starts with.
type CommandSides struct {
	Names       [2]string `json:"sides"`
	Dice        [2]int    `json:"command_dice"`
	First       int       `json:"-"`
	StaffOrders [2]int    `json:"-"`
	ArmyMorale  [2]int    `json:"-"`
}

// CommandSetup reads a scenario's CommandSides, for RollCommand.
func CommandSetup(sc *scenario.Scenario) (CommandSides, error) {
	cs := CommandSides{First: -1}
	b, err := boardFor(sc)
	if err != nil {
		return cs, err
	}
	if len(b.sides) != 2 {
		return cs, fmt.Errorf("armour-battles: scenario %s has %d sides, not two", sc.ID, len(b.sides))
	}
	for i := range 2 {
		p := b.sides[i].params
		cs.Names[i], cs.Dice[i] = b.sides[i].name, p.CommandDice
		cs.StaffOrders[i], cs.ArmyMorale[i] = min(p.StaffOrders, p.CommandDice), p.ArmyMorale
	}
	if fp := b.params.FirstPulse; fp != "" && fp != "roll" {
		cs.First = b.sideIndex(fp)
	}
	return cs, nil
}
