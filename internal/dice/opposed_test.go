package dice

import (
	"fmt"
	"sync"
	"testing"
)

// TestOpposedTwoVersusOne is worked by hand: two attacking dice at 4+
// against one defending die at 4+, in units of 1/216.
//
// Attacker (successes, sixes) over 36: (0,0) 9, (1,0) 12, (1,1) 6,
// (2,0) 4, (2,1) 4, (2,2) 1. Defender over 6: miss 3, hit 2, six 1.
//
//	defender misses: net = s,   sup = k > 0
//	defender hits:   net = s-1, sup = k > 0
//	defender six:    net = s-1, sup = k > 1
//
// which gives the table below.
func TestOpposedTwoVersusOne(t *testing.T) {
	want := [][2]float64{
		{96, 12}, // net 0: 27+18+24+9+12+6 not superior; 12 superior
		{52, 29}, // net 1: 36+8+4+4; 18+8+2+1
		{12, 15}, // net 2: 12; 12+3
	}
	d := Opposed(2, 4, 1, 4)
	if len(d.P) != len(want) {
		t.Fatalf("Opposed(2, 4, 1, 4) has %d rows, want %d", len(d.P), len(want))
	}
	for net := range want {
		for sup := range 2 {
			if got, w := d.P[net][sup], want[net][sup]/216; !near(got, w, 1e-15) {
				t.Errorf("Opposed(2, 4, 1, 4).P[%d][%d] = %v, want %v", net, sup, got, w)
			}
		}
	}
	checks := []struct {
		name      string
		got, want float64
	}{
		{"PNet(0)", d.PNet(0), 108.0 / 216},
		{"PNet(1)", d.PNet(1), 81.0 / 216},
		{"PNet(3)", d.PNet(3), 0},
		{"PNet(-1)", d.PNet(-1), 0},
		{"PNetAtLeast(0)", d.PNetAtLeast(0), 1},
		{"PNetAtLeast(1)", d.PNetAtLeast(1), 108.0 / 216},
		{"PNetAtLeast(2)", d.PNetAtLeast(2), 27.0 / 216},
		{"PNetAtLeast(3)", d.PNetAtLeast(3), 0},
		{"PSup()", d.PSup(), 56.0 / 216},
		{"ExpectedNet()", d.ExpectedNet(), (81.0 + 2*27) / 216},
	}
	for _, c := range checks {
		if !near(c.got, c.want, 1e-15) {
			t.Errorf("Opposed(2, 4, 1, 4).%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestOpposedExhaustive checks small opposed rolls, and CompareSuccesses,
// against every way the dice can fall.
func TestOpposedExhaustive(t *testing.T) {
	tns := []int{1, 2, 4, 6, 7}
	for aN := 0; aN <= 3; aN++ {
		for bN := 0; bN+aN <= 5; bN++ {
			for _, aTN := range tns {
				for _, bTN := range tns {
					want := make([][2]float64, aN+1)
					var aWins, tie, bWins float64
					forEachRoll(aN+bN, func(faces []int) {
						a, b := count(faces[:aN], aTN), count(faces[aN:], bTN)
						sup := 0
						if a.Sixes > b.Sixes {
							sup = 1
						}
						want[max(0, a.Successes-b.Successes)][sup]++
						switch {
						case a.Successes > b.Successes:
							aWins++
						case a.Successes == b.Successes:
							tie++
						default:
							bWins++
						}
					})
					all := float64(pow6[aN+bN])
					name := fmt.Sprintf("(%d, %d, %d, %d)", aN, aTN, bN, bTN)
					d := Opposed(aN, aTN, bN, bTN)
					for net := range want {
						for sup := range 2 {
							if got, w := d.P[net][sup], want[net][sup]/all; !near(got, w, 1e-14) {
								t.Errorf("Opposed%s.P[%d][%d] = %v, want %v", name, net, sup, got, w)
							}
						}
					}
					ga, gt, gb := CompareSuccesses(aN, aTN, bN, bTN)
					if !near(ga, aWins/all, 1e-14) || !near(gt, tie/all, 1e-14) || !near(gb, bWins/all, 1e-14) {
						t.Errorf("CompareSuccesses%s = %v, %v, %v, want %v, %v, %v", name, ga, gt, gb, aWins/all, tie/all, bWins/all)
					}
				}
			}
		}
	}
}

// TestOpposedMatchesMonteCarlo compares larger opposed rolls, past the
// exhaustive sizes and past the 64-dice cache, with PCG samples.
func TestOpposedMatchesMonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("Monte Carlo")
	}
	const trials = 1_000_000
	for i, c := range [][4]int{{8, 4, 6, 5}, {12, 3, 12, 4}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			p := NewPCG(*seedFlag + uint64(i))
			counts := make([][2]int, c[0]+1)
			for range trials {
				a, b := Pool(p, c[0], c[1]), Pool(p, c[2], c[3])
				sup := 0
				if a.Sixes > b.Sixes {
					sup = 1
				}
				counts[max(0, a.Successes-b.Successes)][sup]++
			}
			d := Opposed(c[0], c[1], c[2], c[3])
			for net := range counts {
				for sup := range 2 {
					within(t, fmt.Sprintf("P[%d][%d]", net, sup), d.P[net][sup], counts[net][sup], trials, 5)
				}
			}
		})
	}
}

func TestOpposedLargePoolsUncached(t *testing.T) {
	// Pools above the cache size are computed on the fly and must agree
	// with the symmetric facts: equal pools tie on superiority.
	d := Opposed(70, 4, 70, 4)
	a, tie, b := CompareSuccesses(70, 4, 70, 4)
	if !near(a, b, 1e-12) {
		t.Errorf("CompareSuccesses(70, 4, 70, 4) = %v, %v, %v; want equal win chances", a, tie, b)
	}
	if !near(d.PNetAtLeast(1), a, 1e-12) {
		t.Errorf("Opposed(70, 4, 70, 4).PNetAtLeast(1) = %v, want P(attacker wins) = %v", d.PNetAtLeast(1), a)
	}
}

func BenchmarkOpposed12v12(b *testing.B) {
	Opposed(12, 4, 12, 5) // fill the cache
	for b.Loop() {
		Opposed(12, 4, 12, 5)
	}
}

func BenchmarkCompareSuccesses12v12(b *testing.B) {
	CompareSuccesses(12, 4, 12, 5)
	for b.Loop() {
		CompareSuccesses(12, 4, 12, 5)
	}
}

// TestOpposedConcurrent fills the table cache from several goroutines at
// once (pool sizes no other test uses); run with -race. Every goroutine
// must get the same answers.
func TestOpposedConcurrent(t *testing.T) {
	const goroutines, sizes = 4, 8
	var got [goroutines][sizes]float64
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range sizes {
				j := (i + g) % sizes
				got[g][j] = Opposed(40+j, 4, 41+j, 5).ExpectedNet()
			}
		})
	}
	wg.Wait()
	for g := 1; g < goroutines; g++ {
		if got[g] != got[0] {
			t.Errorf("goroutine %d got %v, goroutine 0 got %v", g, got[g], got[0])
		}
	}
}
