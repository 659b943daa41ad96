package dice

import "fmt"

// Source is where every random choice of a game comes from.
//
// Die returns a value uniformly distributed in 1..sides. Callers must pass
// sides ≥ 1; what a Source does otherwise is up to it (the sources in this
// package panic).
type Source interface {
	Die(sides int) int
}

// D3 returns one roll of a three-sided die, 1..3.
func D3(src Source) int { return src.Die(3) }

// D6 returns one roll of a six-sided die, 1..6.
func D6(src Source) int { return src.Die(6) }

// D10 returns one roll of a ten-sided die, 1..10.
func D10(src Source) int { return src.Die(10) }

// D100 returns one percentile roll, 1..100.
//
// It is a single src.Die(100) rather than a tens die and a units die, so a
// [Scripted] source supplies one value in 1..100 for it. A rulebook's "0 and
// 0" is scripted as 100, "0 and 7" as 7 and "4 and 2" as 42.
func D100(src Source) int { return src.Die(100) }

// Roll returns the sum of n dice with the given number of sides (the
// rulebook's "nDsides"), drawing n values from src in order. Roll of zero
// dice is 0. It panics if n < 0 or sides < 1.
func Roll(src Source, n, sides int) int {
	checkCount(n)
	checkSides(sides)
	total := 0
	for range n {
		total += src.Die(sides)
	}
	return total
}

func checkSides(sides int) {
	if sides < 1 {
		panic(fmt.Sprintf("dice: a die needs at least one side, got %d", sides))
	}
}

func checkCount(n int) {
	if n < 0 {
		panic(fmt.Sprintf("dice: negative number of dice %d", n))
	}
}
