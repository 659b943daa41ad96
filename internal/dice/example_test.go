package dice_test

import (
	"fmt"

	"github.com/sandtable/sandtable/internal/dice"
)

// A rulebook example ("three dice at 4+ roll 2, 4 and 6") replayed with
// scripted dice.
func ExampleNewScripted() {
	src := dice.NewScripted(2, 4, 6)
	r := dice.Pool(src, 3, 4)
	fmt.Printf("%d successes, %d sixes, %d dice left\n", r.Successes, r.Sixes, src.Remaining())
	// Output: 2 successes, 1 sixes, 0 dice left
}

// The engine turns a bad script into an error by recovering the
// *ScriptError panic.
func ExampleScriptError() {
	roll := func(src dice.Source) (face int, err error) {
		defer func() {
			if se, ok := recover().(*dice.ScriptError); ok {
				err = se
			}
		}()
		return dice.D6(src), nil
	}
	src := dice.NewScripted(5, 7)
	for range 3 {
		face, err := roll(src)
		fmt.Println(face, err)
	}
	// Output:
	// 5 <nil>
	// 0 dice: scripted value 7 at index 1 is not a d6 face
	// 0 dice: scripted value 7 at index 1 is not a d6 face
}

// A PCG replays exactly from its seed, and a clone or a restored state
// continues the same sequence.
func ExampleNewPCG() {
	a := dice.NewPCG(2024)
	dice.D6(a)
	b := a.Clone()
	state, _ := a.MarshalBinary()
	var c dice.PCG
	_ = c.UnmarshalBinary(state)
	for _, src := range []dice.Source{a, b, &c, dice.NewPCG(2024)} {
		fmt.Println(dice.D6(src), dice.D6(src), dice.D10(src), dice.D100(src))
	}
	// The fresh source is one roll behind the others.
	// Output:
	// 3 5 8 42
	// 3 5 8 42
	// 3 5 8 42
	// 5 3 8 72
}

func ExampleRecorder() {
	rec := dice.NewRecorder(dice.NewScripted(3, 6, 1, 5))
	dice.D6(rec)
	dice.Pool(rec, 3, 5)
	fmt.Println(rec.Faces())
	// Output: [3 6 1 5]
}

func ExamplePoolDist() {
	j := dice.PoolDist(2, 5) // two dice hitting on 5+
	fmt.Printf("successes %.4f\n", j.Successes())
	fmt.Printf("sixes     %.4f\n", j.Sixes())
	fmt.Printf("P(2 hits, both sixes) = %.4f\n", j.At(2, 2))
	// Output:
	// successes [0.4444 0.4444 0.1111]
	// sixes     [0.6944 0.2778 0.0278]
	// P(2 hits, both sixes) = 0.0278
}

func ExampleOpposed() {
	// Four attacking dice at 4+ against three defending dice at 5+.
	d := dice.Opposed(4, 4, 3, 5)
	fmt.Printf("P(at least one net success) = %.4f\n", d.PNetAtLeast(1))
	fmt.Printf("P(attacker rolls more sixes) = %.4f\n", d.PSup())
	fmt.Printf("expected net successes = %.4f\n", d.ExpectedNet())
	// Output:
	// P(at least one net success) = 0.6551
	// P(attacker rolls more sixes) = 0.3466
	// expected net successes = 1.1505
}

func ExampleCompareSuccesses() {
	a, tie, b := dice.CompareSuccesses(2, 4, 2, 4)
	fmt.Printf("%.4f %.4f %.4f\n", a, tie, b)
	// Output: 0.3125 0.3750 0.3125
}

func ExampleSumDist() {
	p := dice.SumDist(2, 6)
	fmt.Printf("P(2D6 = 7) = %.4f, P(2D6 = 12) = %.4f\n", p[7], p[12])
	// Output: P(2D6 = 7) = 0.1667, P(2D6 = 12) = 0.0278
}
