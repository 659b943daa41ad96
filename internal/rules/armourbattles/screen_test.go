package armourbattles

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/internal/geom"
)

// TestScreenNeverHidesWhatIsSeen asks, on the battles' tables, about many
// random viewers and stretches of movement: whenever a wood screens a
// stretch, line of sight to every footprint along it must be blocked. It
// also makes sure screens are found often enough for that to mean
// something, and that a stretch a viewer partly sees is never screened.
func TestScreenNeverHidesWhatIsSeen(t *testing.T) {
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3"} {
		t.Run(id, func(t *testing.T) {
			st, err := Rules{}.New(battle(t, id))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := rand.New(rand.NewPCG(7, 11))
			w, h := s.b.table.Width(), s.b.table.Height()
			pt := func() geom.Point { return geom.Pt(1+r.Float64()*(w-2), 1+r.Float64()*(h-2)) }
			a, b := 0, len(s.Units)-1
			screened, blockedSamples, partlySeen := 0, 0, 0
			for range 20000 {
				fa := s.boxAt(a, pt(), geom.Deg(r.Float64()*360))
				p0 := pt()
				v := geom.Dir(geom.Deg(r.Float64() * 360)).Mul(0.5 + r.Float64()*15)
				hd := v.Heading()
				if r.IntN(3) == 0 {
					hd = geom.Deg(r.Float64() * 360) // backing or sliding
				}
				n := 1 + int(math.Ceil(v.Norm()/PathStep))
				boxes := make([]geom.Box, n+1)
				for k := range boxes {
					boxes[k] = s.boxAt(b, p0.Add(v.Mul(float64(k)/float64(n))), hd)
				}
				if !onStretch(boxes) {
					t.Fatalf("footprints along a straight move are not a stretch")
				}
				hidden := s.screened(fa, boxes[0], boxes[n])
				seen := 0
				for _, mb := range boxes {
					if s.lineOfSight(a, fa, b, mb) {
						seen++
					}
				}
				if hidden {
					screened++
					blockedSamples += len(boxes)
					if seen > 0 {
						t.Fatalf("viewer %v: stretch %v to %v screened, but %d of its %d footprints are seen", fa, boxes[0], boxes[n], seen, len(boxes))
					}
				}
				if seen > 0 && seen < len(boxes) {
					partlySeen++
				}
			}
			t.Logf("%d of 20000 stretches screened (%d footprints); %d partly seen", screened, blockedSamples, partlySeen)
			if screened < 500 || partlySeen < 500 {
				t.Errorf("only %d stretches screened and %d partly seen: the test says little", screened, partlySeen)
			}
		})
	}
}
