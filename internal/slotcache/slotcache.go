package slotcache

// Slot returns the slot of t (of 2^n entries) for hash h: its low n bits.
func Slot[E any](t []E, h uint64) *E { return &t[h&uint64(len(t)-1)] }

// Crowded reports whether a cache of size slots, written fills times
// since it last grew, should grow: more than twice its size written means
// it is overwritten faster than its answers are asked again.
func Crowded(fills, size int) bool { return fills > 2*size }

// Grown returns t four times larger, up to most entries (a power of two,
// as len(t) is), with every entry
// for which hash reports true moved to the slot of the hash it gives;
// already at most entries, it returns t.
func Grown[E any](t []E, most int, hash func(*E) (uint64, bool)) []E {
	if len(t) >= most {
		return t
	}
	n := make([]E, min(4*len(t), most))
	for i := range t {
		if h, ok := hash(&t[i]); ok {
			*Slot(n, h) = t[i]
		}
	}
	return n
}

// PairSlot returns the slot of the ordered pair (a, b) of n items in *t,
// remade as a zeroed table of n*n slots when it is not one (n changed);
// nil when a or b is not an item. A cache keeps in it what it last knew
// of each pair, so that pairs asked about again and again are found
// without a hash, in a table small enough to stay in the processor's
// cache.
func PairSlot[E any](t *[]E, n, a, b int) *E {
	if a < 0 || b < 0 || a >= n || b >= n {
		return nil
	}
	if len(*t) != n*n {
		*t = make([]E, n*n)
	}
	return &(*t)[a*n+b]
}
