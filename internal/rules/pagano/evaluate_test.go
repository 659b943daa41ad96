package pagano

import (
	"math"
	"testing"

	"github.com/sandtable/sandtable/internal/table"
)

// TestEvaluateBalanceOfFire: with material and posture even, the side
// whose guns threaten more is ahead, by as much as the other is behind;
// a stunned vehicle threatens nothing, and neither do guns that cannot
// see.
func TestEvaluateBalanceOfFire(t *testing.T) {
	duel := func(terrain ...table.Feature) *fixture {
		return newFixture(t, terrain, 2,
			placed{id: "pz", typ: "panzer-iv-h", side: german, x: 20, y: 24, facing: 0, motion: Stationary},
			placed{id: "m4", typ: "m4-75", side: us, x: 40, y: 24, facing: 180, motion: Stationary})
	}
	f := duel()
	de, am := f.s.firePower(german), f.s.firePower(us)
	if de <= 0 || am <= 0 {
		t.Fatalf("face to face in the open: fire power %v (German), %v (US), want both above 0", de, am)
	}
	if de <= am {
		t.Errorf("a Panzer IV against a 75 mm Sherman's front: fire power %v, the Sherman's %v; want the Panzer's higher", de, am)
	}
	if g, u := f.s.Evaluate(german), f.s.Evaluate(us); g <= 0 || math.Abs(g+u) > 1e-12 {
		t.Errorf("Evaluate: German %v, US %v; want the German ahead and the two opposite", g, u)
	}

	f.s.Units[0].Stunned = true
	if p := f.s.firePower(german); p != 0 {
		t.Errorf("stunned, the Panzer's fire power is %v, want 0", p)
	}
	if g := f.s.Evaluate(german); g >= 0 {
		t.Errorf("stunned Panzer: Evaluate(German) = %v, want below 0", g)
	}

	f = duel(rect(table.KindWoods, 28, 10, 32, 38))
	if de, am := f.s.firePower(german), f.s.firePower(us); de != 0 || am != 0 {
		t.Errorf("4\" of woods between them: fire power %v and %v, want 0 and 0", de, am)
	}
}
