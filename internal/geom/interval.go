package geom

// Interval is a closed range [T0, T1] of parameters along a Segment, with
// 0 ≤ T0 ≤ T1 ≤ 1.
type Interval struct {
	T0, T1 float64
}

// Len returns T1-T0.
func (iv Interval) Len() float64 { return iv.T1 - iv.T0 }

// Mid returns the parameter halfway through iv.
func (iv Interval) Mid() float64 { return (iv.T0 + iv.T1) / 2 }

// Contains reports whether t lies in iv, ends included.
func (iv Interval) Contains(t float64) bool { return t >= iv.T0 && t <= iv.T1 }

// sortFloats sorts a short slice in place (insertion sort: the slices here
// hold a handful of crossing parameters).
func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		v := a[i]
		j := i
		for j > 0 && a[j-1] > v {
			a[j] = a[j-1]
			j--
		}
		a[j] = v
	}
}

// TotalLen returns the summed length, in parameter units, of ivs.
func TotalLen(ivs []Interval) float64 {
	var sum float64
	for _, iv := range ivs {
		sum += iv.T1 - iv.T0
	}
	return sum
}
