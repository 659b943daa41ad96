package armourbattles

import (
	"math"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// MovePreview is what a proposed group move would come to, unit by unit,
// before the move dice are rolled.
type MovePreview struct {
	Units []UnitMovePreview `json:"units"`
	// Fast is whether the group moves at the fast rate (every mover
	// fast: the variable dice count double).
	Fast bool `json:"fast"`
}

// UnitMovePreview is one mover's share of a MovePreview. Distances are
// inches along its path; Cost is the movement the whole path takes, with
// woods and hills at double and each hedge at the fixed move.
type UnitMovePreview struct {
	Unit   string  `json:"unit"`
	Length float64 `json:"length"`
	Cost   float64 `json:"cost"`
	// Fixed is the movement it has before the dice (none when suppressed
	// or backing up); Least and Most the movement with the lowest and the
	// highest roll.
	Fixed float64 `json:"fixed"`
	Least float64 `json:"least"`
	Most  float64 `json:"most"`
	// Chance is the probability that the roll takes it all the way.
	Chance float64 `json:"chance"`
	// Sure and Furthest are how far along the path it gets with the
	// lowest and the highest roll; SureAt and FurthestAt those points.
	Sure       float64    `json:"sure"`
	Furthest   float64    `json:"furthest"`
	SureAt     [2]float64 `json:"sure_at"`
	FurthestAt [2]float64 `json:"furthest_at"`
	// Breakdown is the chance that it breaks down instead of moving
	// (Poor Reliability on a double or triple move); 0 for reliable units.
	Breakdown float64 `json:"breakdown,omitempty"`
}

// Preview returns what a proposed action would come to without taking it:
// a MovePreview for a legal move of the activated group, nil for anything
// else. It reads only the table's terrain and the group's own units, so it
// tells the mover nothing it does not already know; other units that may
// stop a mover short (it never ends on top of one) are left out.
func (s *State) Preview(a engine.Action) any {
	m, ok := a.(Move)
	if !ok || s.Validate(a) != nil {
		return nil
	}
	p, err := s.planMove(m, nil)
	if err != nil {
		return nil
	}
	k := s.Act.Dice
	fast, mult := s.rate(p.units)
	// The distribution of the variable dice's total, in die pips.
	free := k
	base := 0
	if p.max != "" {
		free, base = k-1, 6
	}
	dist := make([]float64, base+6*free+1) // by total
	dist[base] = 1
	for range free {
		next := make([]float64, len(dist))
		for t, pr := range dist {
			for f := 1; f <= 6 && t+f < len(next); f++ {
				next[t+f] += pr / 6
			}
		}
		dist = next
	}
	least, most := float64(base+free)*mult, float64(base+6*free)*mult
	breakdown := s.breakdownChance(k, p.max != "")
	out := MovePreview{Fast: fast, Units: make([]UnitMovePreview, 0, len(p.units))}
	for i, u := range p.units {
		path := p.paths[i]
		total := geom.Polyline(path).Length()
		fixed := FixedMove * float64(k)
		if s.Units[u].Suppressed || p.back[i] {
			fixed = 0
		}
		cost := s.pathCost(u, path, total)
		chance := 0.0
		for t, pr := range dist {
			if fixed+float64(t)*mult >= cost-1e-3 { // cost is found to 1e-4
				chance += pr
			}
		}
		sure := s.reach(u, path, fixed+least)
		far := s.reach(u, path, fixed+most)
		sp, _ := geom.Polyline(path).At(sure)
		fp, _ := geom.Polyline(path).At(far)
		up := UnitMovePreview{
			Unit: s.Units[u].ID, Length: round2(total), Cost: round2(cost),
			Fixed: fixed, Least: fixed + least, Most: fixed + most, Chance: round4(chance),
			Sure: round2(sure), Furthest: round2(far),
			SureAt: [2]float64{round2(sp.X), round2(sp.Y)}, FurthestAt: [2]float64{round2(fp.X), round2(fp.Y)},
		}
		if s.hasSpecial(u, PoorReliability) {
			up.Breakdown = round4(breakdown)
		}
		out.Units = append(out.Units, up)
	}
	return out
}

// pathCost is the least movement that takes unit u the whole length of
// path (total inches long): reach is monotonic in its budget, so halving
// the interval finds it to well under a hundredth of an inch.
func (s *State) pathCost(u int, path []geom.Point, total float64) float64 {
	if total < 1e-9 {
		return 0
	}
	done := func(b float64) bool { return s.reach(u, path, b) >= total-1e-6 }
	hi := 2*total + FixedMove
	for !done(hi) {
		hi *= 2
	}
	lo := 0.0
	for hi-lo > 1e-4 {
		mid := (lo + hi) / 2
		if done(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// breakdownChance is the chance that a move of k dice shows more 1s than
// 6s (Poor Reliability), with one die set to 6 when maxed.
func (s *State) breakdownChance(k int, maxed bool) float64 {
	if k < 2 {
		return 0
	}
	free := k
	if maxed {
		free--
	}
	n, hits := 1, 0
	for range free {
		n *= 6
	}
	for c := range n {
		ones, sixes := 0, 0
		if maxed {
			sixes++
		}
		for range free {
			switch c%6 + 1 {
			case 1:
				ones++
			case 6:
				sixes++
			}
			c /= 6
		}
		if ones > sixes {
			hits++
		}
	}
	return float64(hits) / float64(n)
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
