package armourbattles_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/dice"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestRollCommand: the start of a turn from scripted dice, one case for
// each way it can go.
func TestRollCommand(t *testing.T) {
	names := [2]string{"Germany", "United States"}
	for _, c := range []struct {
		what  string
		n     [2]int
		first int
		faces []int
		want  ab.CommandRoll
	}{
		{"an exact tie rolled again", [2]int{2, 2}, -1, []int{5, 3, 3, 5, 6, 2, 4, 4},
			ab.CommandRoll{Faces: [2][]int{{6, 2}, {4, 4}}, Rerolls: 1, Wild: [2]int{1, 0}, Dice: [2]int{2, 2}, First: 0,
				Outcome: "Germany rolls 6 2; United States rolls 4 4; Germany has the first command pulse"}},
		{"fives decide", [2]int{3, 3}, -1, []int{6, 5, 2, 6, 4, 4},
			ab.CommandRoll{Faces: [2][]int{{6, 5, 2}, {6, 4, 4}}, Wild: [2]int{1, 1}, Dice: [2]int{3, 3}, First: 0,
				Outcome: "Germany rolls 6 5 2; United States rolls 6 4 4; Germany has the first command pulse"}},
		{"a failure lends its 1s", [2]int{3, 3}, -1, []int{1, 4, 1, 6, 2, 3},
			ab.CommandRoll{Faces: [2][]int{{4, 1, 1}, {6, 3, 2}}, Failure: [2]bool{true, false}, Ones: [2]int{2, 0}, Borrowed: [2]int{0, 2},
				Wild: [2]int{0, 3}, Dice: [2]int{1, 5}, First: 1,
				Outcome: "Germany rolls 4 1 1: a command failure, and its 2 1s go to United States as wild dice; United States rolls 6 3 2; United States has the first command pulse"}},
		{"a 1 matched by a 6 is discarded", [2]int{3, 3}, -1, []int{6, 1, 5, 2, 3, 4},
			ab.CommandRoll{Faces: [2][]int{{6, 5, 1}, {4, 3, 2}}, Ones: [2]int{1, 0}, Wild: [2]int{1, 0}, Dice: [2]int{2, 3}, First: 0,
				Outcome: "Germany rolls 6 5 1 (the 1 discarded); United States rolls 4 3 2; Germany has the first command pulse"}},
		{"both fail", [2]int{2, 2}, -1, []int{1, 3, 1, 2},
			// The turn ends at once: no die is lent, none is left.
			ab.CommandRoll{Faces: [2][]int{{3, 1}, {2, 1}}, Failure: [2]bool{true, true}, Ones: [2]int{1, 1}, First: -1,
				Outcome: "Germany rolls 3 1: a command failure; United States rolls 2 1: a command failure; both sides fail: the turn ends at once, and both sides' plotted missions are cancelled"}},
		{"the scenario's first side, no tie rolled again", [2]int{2, 2}, 1, []int{4, 3, 4, 3},
			ab.CommandRoll{Faces: [2][]int{{4, 3}, {4, 3}}, Dice: [2]int{2, 2}, First: 1,
				Outcome: "Germany rolls 4 3; United States rolls 4 3; United States has the first command pulse"}},
		{"the scenario's first side lent every die", [2]int{2, 2}, 0, []int{1, 1, 3, 4},
			ab.CommandRoll{Faces: [2][]int{{1, 1}, {4, 3}}, Failure: [2]bool{true, false}, Ones: [2]int{2, 0}, Borrowed: [2]int{0, 2},
				Wild: [2]int{0, 2}, Dice: [2]int{0, 4}, First: 1,
				Outcome: "Germany rolls 1 1: a command failure, and its 2 1s go to United States as wild dice; United States rolls 4 3; Germany has no die left, so its plotted missions are cancelled; United States has the first command pulse"}},
	} {
		src := dice.NewScripted(c.faces...)
		got := ab.RollCommand(c.n, names, c.first, src)
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s (-want +got):\n%s", c.what, d)
		}
		if src.Remaining() != 0 {
			t.Errorf("%s: %d dice unread", c.what, src.Remaining())
		}
	}
}

// TestRollCommandDiceWithNoDice: two sides with no dice roll nothing and
// do not roll the "tie" again for ever.
func TestRollCommandDiceWithNoDice(t *testing.T) {
	rerolls := 0
	if got := ab.RollCommandDice([2]int{0, 0}, false, dice.NewScripted(), func() { rerolls++ }); got != [2][7]int{} || rerolls != 0 {
		t.Errorf("no dice: %v after %d rerolls; want nothing rolled", got, rerolls)
	}
}

// TestCommandSetup reads the sides' command dice, names and first pulse
// from built-in scenarios (data/armour-battles: Battle 1 rolls for the
// first pulse, Battle 2 gives it to the Americans), with the staff orders
// and army morale each side starts with.
func TestCommandSetup(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	names := [2]string{"Germany", "United States"}
	for _, c := range []struct {
		id   string
		want ab.CommandSides
	}{
		{"armour-battles/battle-1", ab.CommandSides{Names: names, Dice: [2]int{3, 4}, First: -1, StaffOrders: [2]int{2, 2}, ArmyMorale: [2]int{7, 9}}},
		{"armour-battles/battle-2", ab.CommandSides{Names: names, Dice: [2]int{4, 5}, First: 1, StaffOrders: [2]int{3, 4}, ArmyMorale: [2]int{10, 12}}},
		{"armour-battles/battle-3", ab.CommandSides{Names: names, Dice: [2]int{5, 6}, First: 1, StaffOrders: [2]int{4, 4}, ArmyMorale: [2]int{12, 15}}},
	} {
		sc, err := cat.Scenario(c.id)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ab.CommandSetup(sc)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v (%v); want %+v", c.id, got, err, c.want)
		}
	}
}
