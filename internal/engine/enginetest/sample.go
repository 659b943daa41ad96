package enginetest

// Distribution runs draw under every sequence of picks it can make and
// returns the exact probability of each key it returns, and how many
// sequences there were. draw calls pick(n) for an integer in [0, n) as
// often as it likes, and must make the same calls for the same answers.
// It stops and reports false once limit sequences have been run: some
// draws have too many to follow.
func Distribution(draw func(pick func(n int) int) string, limit int) (map[string]float64, int, bool) {
	out := map[string]float64{}
	var seq []int // the picks to make first; 0 after them
	for runs := 1; ; runs++ {
		if runs > limit {
			return out, runs - 1, false
		}
		var made, ns []int
		k := draw(func(n int) int {
			c := 0
			if len(made) < len(seq) {
				c = seq[len(made)]
			}
			made, ns = append(made, c), append(ns, n)
			return c
		})
		p := 1.0
		for _, n := range ns {
			p /= float64(n)
		}
		out[k] += p
		// The next sequence: the last pick that can go one further does.
		j := len(made) - 1
		for j >= 0 && made[j]+1 >= ns[j] {
			j--
		}
		if j < 0 {
			return out, runs, true
		}
		seq = append(made[:j], made[j]+1)
	}
}
