package pagano

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/sandtable/sandtable/internal/geom"
)

// TestModifierSums checks that the doctrine's unnamed totals of Tables 2
// and 3 (hitSum, effectSum) equal the totals of the named lists the
// game's reports and the odds command print, over random situations.
func TestModifierSums(t *testing.T) {
	guns := []string{GunShort, GunRegular, GunLong, GunVeryLong}
	rapid.Check(t, func(rt *rapid.T) {
		firer := &UnitStats{Gun: rapid.IntRange(20, 128).Draw(rt, "gun"), GunType: rapid.SampledFrom(guns).Draw(rt, "type")}
		target := &UnitStats{Front: rapid.IntRange(-6, 2).Draw(rt, "front"), Side: rapid.IntRange(-6, 2).Draw(rt, "side"), Rear: rapid.IntRange(-6, 2).Draw(rt, "rear")}
		sit := Situation{
			Firer: firer, Target: target,
			FirerNation: rapid.SampledFrom([]string{"germany", "us", "ussr", "france", "poland"}).Draw(rt, "nation"),
			// Every band, and its edges (26" matters to rules revision 0).
			Range:        rapid.OneOf(rapid.Float64Range(0, 90), rapid.SampledFrom([]float64{0, 6, 14, 26, 30, 60, 72, 84})).Draw(rt, "range"),
			FirerMotion:  Motion(rapid.IntRange(0, 2).Draw(rt, "firer motion")),
			TargetMotion: Motion(rapid.IntRange(0, 2).Draw(rt, "target motion")),
			Facing:       geom.Facing(rapid.IntRange(0, 2).Draw(rt, "facing")),
			HullDown:     rapid.Bool().Draw(rt, "hull-down"),
			Woods:        rapid.Bool().Draw(rt, "woods"),
			Hedge:        rapid.Bool().Draw(rt, "hedge"),
			Hedgerow:     rapid.Bool().Draw(rt, "hedgerow"),
			Ambush:       rapid.Bool().Draw(rt, "ambush"),
			rev0:         rapid.Bool().Draw(rt, "rev0"),
		}
		if got, want := hitSum(sit), HitMods(sit).Sum(); got != want {
			rt.Fatalf("hitSum %d, HitMods sum %d (%v)", got, want, HitMods(sit))
		}
		if got, want := effectSum(sit), EffectMods(sit).Sum(); got != want {
			rt.Fatalf("effectSum %d, EffectMods sum %d (%v)", got, want, EffectMods(sit))
		}
	})
}
