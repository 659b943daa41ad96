package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// TestDeterminizeOwesNothingToHiddenPlaces checks that where Determinize
// puts the enemy's hidden units does not depend on where they really
// stand or which way they face: once with room in their zone, and once
// with the zone watched all over, so that no spot is found and the
// fallback guess is used.
func TestDeterminizeOwesNothingToHiddenPlaces(t *testing.T) {
	var start *State
	playRandomOn(t, battle(t, "armour-battles/battle-2"), 1, func(s *State, _ engine.Action) error {
		if start == nil && s.Phase != phaseDeploy && s.HidesFrom(1) {
			start = s.clone()
		}
		return nil
	})
	if start == nil {
		t.Fatal("no state with a hidden German unit in the game")
	}
	var hidden []int
	for i := range start.Units {
		if u := &start.Units[i]; u.Side == 0 && u.Hidden && u.Placed && !u.Dispersed {
			hidden = append(hidden, i)
		}
	}
	// The same state, but every hidden unit elsewhere in the zone and
	// facing another way.
	moved := func(s *State) *State {
		c := s.clone()
		for k, i := range hidden {
			c.Units[i].Pos = c.Units[i].Pos.Add(geom.Point{X: float64(3 + k), Y: 1})
			c.Units[i].Heading += geom.Deg(90)
		}
		return c
	}
	// watched returns s with every US unit spread along the German zone,
	// every point of which is then within 15" of one of them.
	watched := func(s *State) *State {
		c := s.clone()
		z := c.b.sides[0].zones[0].Bounds()
		k := 0
		for i := range c.Units {
			if c.Units[i].Side != 1 || c.Units[i].Dispersed {
				continue
			}
			c.Units[i].Placed = true // reserves too, for this test
			c.Units[i].Pos = geom.Point{X: z.Min.X + 4 + float64(k)*8, Y: (z.Min.Y + z.Max.Y) / 2}
			k++
		}
		if z.Min.X+4+float64(k-1)*8 < z.Max.X-10 {
			t.Fatalf("%d US units cannot watch the whole German zone %v", k, z)
		}
		return c
	}
	for _, c := range []struct {
		name string
		s    *State
	}{{"room in the zone", start}, {"zone watched all over", watched(start)}} {
		a := c.s.Determinize(1, dice.NewPCG(9)).(*State)
		b := moved(c.s).Determinize(1, dice.NewPCG(9)).(*State)
		for _, i := range hidden {
			if a.Units[i].Pos != b.Units[i].Pos || a.Units[i].Heading != b.Units[i].Heading {
				t.Errorf("%s: %s guessed at %v facing %v, or at %v facing %v when it stands elsewhere", c.name, a.Units[i].ID, a.Units[i].Pos, a.Units[i].Heading, b.Units[i].Pos, b.Units[i].Heading)
			}
			if a.Units[i].Pos == c.s.Units[i].Pos {
				t.Errorf("%s: %s guessed exactly where it stands", c.name, a.Units[i].ID)
			}
		}
	}
}
