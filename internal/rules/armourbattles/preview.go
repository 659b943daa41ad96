package armourbattles

import (
	"math"

	"github.com/sandtable/sandtable/internal/dice"
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
// a MovePreview for a legal move of the activated group, a
// ReactionPreview for a hit unit's reaction (a boost, or its suppression
// removed first), a RallyPreview for a rally order, a ShotPreview for
// a break-off decision or an opportunity shot (at the point of the
// mover's path it names), a MissionPreview for a fire mission called or
// its marker adjusted, nil for anything else. It reads only the table's terrain and the group's own units, so it
// tells the mover nothing it does not already know; other units that may
// stop a mover short (it never ends on top of one) are left out.
func (s *State) Preview(a engine.Action) any {
	if s.Validate(a) != nil {
		return nil
	}
	switch a := a.(type) {
	case Boost:
		return s.reactionPreview(a.Wild, a.Staff, false)
	case Unsuppress:
		if s.Pending().Kind == "reaction-boost" && len(s.Shots) > 0 && s.Units[s.Shots[len(s.Shots)-1].Target].ID == a.Unit {
			return s.reactionPreview(false, false, true)
		}
		return nil
	case BreakOffChoice:
		return s.breakOffPreview(a.Yes)
	case OppFire:
		return s.oppFirePreview(a)
	case CallMission:
		return s.missionPreview(a)
	case AdjustMission:
		return s.adjustPreview(a)
	case Activate:
		if a.Order == OrderRally {
			return s.rallyPreview(a)
		}
		return nil
	}
	m, ok := a.(Move)
	if !ok {
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
	breakdown := breakdownChance(k, p.max != "")
	out := MovePreview{Fast: fast, Units: make([]UnitMovePreview, 0, len(p.units))}
	for i, u := range p.units {
		path := p.paths[i]
		total := geom.Polyline(path).Length()
		fixed := FixedMove * float64(k)
		if s.Units[u].Suppressed || p.back[i] {
			fixed = 0
		}
		cost := s.pathCost(u, path, total)
		// Each total asks reach itself, as the move does (stepMove), not
		// the cost found to 1e-4: at a hedge, a budget of exactly the
		// fixed move stops the unit there, and the cost lies just above.
		chance := 0.0
		for t, pr := range dist {
			if pr > 0 && s.reach(u, path, fixed+float64(t)*mult) >= total-1e-6 {
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
func breakdownChance(k int, maxed bool) float64 {
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

// ReactionPreview is what the reaction of a unit hit by a rolled attack
// would come to: its pool, and the chance of each result.
type ReactionPreview struct {
	Unit            string `json:"unit"`
	AttackSuccesses int    `json:"attack_successes"`
	AttackSixes     int    `json:"attack_sixes"`
	Dice            int    `json:"dice"`
	TN              int    `json:"tn"`
	// NoEffect is the chance it shrugs the shot off; Disrupted of taking
	// a point or more (Dispersed: reaching three, the unit gone);
	// Suppressed of being suppressed, ForcedBack of being forced back
	// too (suppressed and disrupted, not dispersed). ExpectedDP is the
	// points it takes on average.
	NoEffect   float64 `json:"no_effect"`
	Disrupted  float64 `json:"disrupted"`
	Dispersed  float64 `json:"dispersed"`
	Suppressed float64 `json:"suppressed"`
	ForcedBack float64 `json:"forced_back"`
	ExpectedDP float64 `json:"expected_dp"`
}

// reactionPreview gives the pending shot's reaction with a wild die and
// a staff order added as asked, or with the target's suppression removed
// first (free). It changes nothing: a removal is tried and undone.
func (s *State) reactionPreview(wild, staff, free bool) any {
	if len(s.Shots) == 0 {
		return nil
	}
	sh := s.Shots[len(s.Shots)-1] // a copy
	for _, b := range []bool{wild, staff} {
		if b {
			sh.ReactionWild++
		}
	}
	un := &s.Units[sh.Target]
	was := un.Suppressed
	if free {
		un.Suppressed = false
	}
	d, err := s.declaredShot(&sh).Dice()
	un.Suppressed = was
	if err != nil {
		return nil
	}
	p := ReactionPreview{Unit: un.ID, AttackSuccesses: sh.Attack.Successes, AttackSixes: sh.Attack.Sixes, Dice: d.ReactionDice, TN: d.ReactionTN}
	r := dice.PoolDist(d.ReactionDice, d.ReactionTN)
	for rs := 0; rs <= r.N; rs++ {
		for r6 := 0; r6 <= r.N; r6++ {
			pr := r.At(rs, r6)
			if pr == 0 {
				continue
			}
			net, suppress, _ := ShotEffect(d, sh.Attack, PoolResult{Successes: rs, Sixes: r6})
			gone := un.DP+net >= DispersalDP
			switch {
			case net == 0 && !suppress:
				p.NoEffect += pr
			}
			if net > 0 {
				p.Disrupted += pr
				p.ExpectedDP += pr * float64(min(net, DispersalDP-un.DP))
			}
			if gone {
				p.Dispersed += pr
			} else if suppress {
				p.Suppressed += pr
				if net > 0 {
					p.ForcedBack += pr
				}
			}
		}
	}
	p.NoEffect, p.Disrupted, p.Dispersed = round4(p.NoEffect), round4(p.Disrupted), round4(p.Dispersed)
	p.Suppressed, p.ForcedBack, p.ExpectedDP = round4(p.Suppressed), round4(p.ForcedBack), round4(p.ExpectedDP)
	return p
}

// ShotPreview is the chance of each result of a shot not yet rolled.
// For a break-off (BreakOff) the chances are over the six faces of the
// move back's die, the cover judged where each ends (Ends); Covered is
// the chance it ends in cover, and the pools given are those of the first
// end out of cover, or of the first end when every end is in cover.
type ShotPreview struct {
	Unit         string  `json:"unit"`
	BreakOff     bool    `json:"break_off"`
	AttackDice   int     `json:"attack_dice"`
	AttackTN     int     `json:"attack_tn"`
	ReactionDice int     `json:"reaction_dice"`
	ReactionTN   int     `json:"reaction_tn"`
	NoEffect     float64 `json:"no_effect"`
	Disrupted    float64 `json:"disrupted"`
	Dispersed    float64 `json:"dispersed"`
	Suppressed   float64 `json:"suppressed"`
	// Range and Band, for an opportunity shot, are the distance and its
	// band where the shot is taken.
	Range float64 `json:"range,omitempty"`
	Band  string  `json:"band,omitempty"`
	// Covered and Ends, for a break-off.
	Covered float64       `json:"covered,omitempty"`
	Ends    []BreakOffEnd `json:"ends,omitempty"`
}

// breakOffPreview gives the pending shot's odds if its target stands
// (yes false) or breaks off. Breaking off, the target backs a normal move
// (one die) before the shot, and its cover is judged where it ends: each
// face of the die is played out on a copy of the state, without the
// enemy units hidden from the target's side, and the chances are the
// faces' average.
func (s *State) breakOffPreview(yes bool) any {
	if len(s.Shots) == 0 {
		return nil
	}
	sh := s.Shots[len(s.Shots)-1] // a copy
	un := &s.Units[sh.Target]
	if !yes {
		d, err := s.declaredShot(&sh).Dice()
		if err != nil {
			return nil
		}
		p := ShotPreview{Unit: un.ID, AttackDice: d.AttackDice, AttackTN: d.AttackTN, ReactionDice: d.ReactionDice, ReactionTN: d.ReactionTN}
		p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed = shotChances(d, un.DP)
		return p
	}
	p := ShotPreview{Unit: un.ID, BreakOff: true, Ends: make([]BreakOffEnd, 0, 6)}
	covered, pools := 0, false // pools: taken from an end out of cover
	for face := 1; face <= 6; face++ {
		c := s.clone()
		// The target's side does not know where its hidden enemies
		// stand: the copy has them off the table, so that no end stops
		// short of one and tells where it is.
		for i := range c.Units {
			if o := &c.Units[i]; o.Hidden && o.Side != un.Side {
				o.Placed = false
			}
		}
		c.applyBreakOff(BreakOffChoice{Yes: true}, dice.NewScripted(face), engine.Discard)
		x := c.declaredShot(&c.Shots[len(c.Shots)-1])
		d, err := x.Dice()
		if err != nil {
			return nil
		}
		ne, dis, dsp, sup := shotChances(d, un.DP)
		p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed = p.NoEffect+ne/6, p.Disrupted+dis/6, p.Dispersed+dsp/6, p.Suppressed+sup/6
		pos := c.Units[sh.Target].Pos
		p.Ends = append(p.Ends, BreakOffEnd{Face: face, X: round2(pos.X), Y: round2(pos.Y), Cover: x.Cover, AttackDice: d.AttackDice, ReactionDice: d.ReactionDice})
		if x.Cover {
			covered++
		}
		if face == 1 || !pools && !x.Cover {
			// The target numbers are the same at every end.
			p.AttackDice, p.AttackTN, p.ReactionDice, p.ReactionTN = d.AttackDice, d.AttackTN, d.ReactionDice, d.ReactionTN
			pools = !x.Cover
		}
	}
	p.Covered = round4(float64(covered) / 6)
	p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed = round4(p.NoEffect), round4(p.Disrupted), round4(p.Dispersed), round4(p.Suppressed)
	return p
}

// BreakOffEnd is where a target breaking off ends for one face of its
// move die, whether it is in cover there, and the shot's pools then.
type BreakOffEnd struct {
	Face         int     `json:"face"`
	X            float64 `json:"x"`
	Y            float64 `json:"y"`
	Cover        bool    `json:"cover"`
	AttackDice   int     `json:"attack_dice"`
	ReactionDice int     `json:"reaction_dice"`
}

// oppFirePreview gives the odds of opportunity shot a as it would be
// declared: at a mover, with the mover where a halts it (the range and the
// cover there). The mover is put there and back; nothing changes.
func (s *State) oppFirePreview(a OppFire) any {
	w := s.Window
	u := s.unitIndex(a.Unit)
	if w == nil || u < 0 {
		return nil
	}
	t := w.Target
	un := &s.Units[t]
	pos, hd := un.Pos, un.Heading
	m := s.currentMover()
	if w.Kind == "move" && m != nil {
		b := s.moverBox(m, clampAt(a.At, m))
		un.Pos, un.Heading = s.nudgeOnTable(m.Unit, b.Center, b.Heading), b.Heading
	}
	wild := 0
	if a.Staff {
		wild = 1
	}
	sh := PendingShot{Firer: u, Target: t, Opp: true, Moves: s.movesFor(u), Flank: s.flank(u, t), AttackWild: wild, Ambush: s.Units[u].Hidden}
	if m != nil && m.Unit == t {
		sh.Disengaging, sh.TargetScoots = m.Diseng, m.Scoot
	}
	sh.Range = s.frame(u).Distance(s.frame(t))
	d, err := s.shotFor(&sh).Dice()
	un.Pos, un.Heading = pos, hd
	if err != nil {
		return nil
	}
	p := ShotPreview{Unit: un.ID, AttackDice: d.AttackDice, AttackTN: d.AttackTN, ReactionDice: d.ReactionDice, ReactionTN: d.ReactionTN, Range: round2(sh.Range), Band: d.Band}
	p.NoEffect, p.Disrupted, p.Dispersed, p.Suppressed = shotChances(d, un.DP)
	return p
}

// shotChances is the chance that a shot of dice d, not yet rolled, leaves
// a target with dp Disruption Points unharmed, disrupts it, disperses it,
// or suppresses it (and does not disperse it), each to 4 places.
func shotChances(d ShotDice, dp int) (noEffect, disrupted, dispersed, suppressed float64) {
	if !d.InRange || d.AttackDice < 1 {
		return 1, 0, 0, 0
	}
	a, r := dice.PoolDist(d.AttackDice, d.AttackTN), dice.PoolDist(d.ReactionDice, d.ReactionTN)
	for as := 0; as <= a.N; as++ {
		for a6 := 0; a6 <= a.N; a6++ {
			pa := a.At(as, a6)
			if pa == 0 {
				continue
			}
			if as == 0 {
				noEffect += pa // no success: no Reaction Check
				continue
			}
			for rs := 0; rs <= r.N; rs++ {
				for r6 := 0; r6 <= r.N; r6++ {
					pr := pa * r.At(rs, r6)
					if pr == 0 {
						continue
					}
					net, suppress, _ := ShotEffect(d, PoolResult{Successes: as, Sixes: a6}, PoolResult{Successes: rs, Sixes: r6})
					switch {
					case net == 0 && !suppress:
						noEffect += pr
					case dp+net >= DispersalDP:
						dispersed += pr
					}
					if net > 0 {
						disrupted += pr
					}
					if suppress && dp+net < DispersalDP {
						suppressed += pr
					}
				}
			}
		}
	}
	return round4(noEffect), round4(disrupted), round4(dispersed), round4(suppressed)
}

// MissionPreview is what a fire mission called now would come to:
// the chance that the response check lets it fire at once, and, for each
// unit on the table in plain sight that the burst may reach, the chance
// that it is under the burst (the fire deviates on a 1 to 4: 1D6" in one
// of twelve directions) and of each result if the mission fires at once.
// Hidden units are left out, as the burst passes them by.
type MissionPreview struct {
	Battery string               `json:"battery"`
	Smoke   bool                 `json:"smoke,omitempty"`
	AtOnce  float64              `json:"at_once"`
	Units   []UnitMissionPreview `json:"units"`
}

// UnitMissionPreview is one unit's share of a MissionPreview: Under is
// the chance the burst covers it, the others the chance of each result
// (under the burst and so attacked).
type UnitMissionPreview struct {
	Unit       string  `json:"unit"`
	Side       string  `json:"side"`
	Under      float64 `json:"under"`
	Disrupted  float64 `json:"disrupted"`
	Dispersed  float64 `json:"dispersed"`
	Suppressed float64 `json:"suppressed"`
}

// missionPreview gives the odds of a legal fire mission a.
func (s *State) missionPreview(a CallMission) any {
	bi := s.batteryIndex(a.Battery)
	if bi < 0 {
		return nil
	}
	n := s.b.sides[s.Active].params.ArtilleryResponseDice
	r, o := dice.PoolDist(n, 4).Successes(), dice.PoolDist(ResponseOpposition, 4).Successes()
	p := MissionPreview{Battery: a.Battery, Smoke: a.Smoke, Units: []UnitMissionPreview{}}
	for rs, pr := range r {
		for os, po := range o {
			if rs > os {
				p.AtOnce += pr * po
			}
		}
	}
	p.AtOnce = round4(p.AtOnce)
	if a.Smoke {
		return p
	}
	p.Units = s.burstPreview(bi, geom.Point{X: a.X, Y: a.Y})
	return p
}

// adjustPreview gives what a plotted fire mission would do once its marker
// is moved as a asks: it fires for effect when the logistics phase ends
// (AtOnce is 1 for a mission that fires then).
func (s *State) adjustPreview(a AdjustMission) any {
	bi, err := s.ownMission(a.Battery)
	if err != nil {
		return nil
	}
	bt := &s.Batteries[bi]
	p := MissionPreview{Battery: a.Battery, Smoke: bt.Smoke, AtOnce: 1, Units: []UnitMissionPreview{}}
	if !bt.Smoke {
		p.Units = s.burstPreview(bi, geom.Point{X: a.X, Y: a.Y})
	}
	return p
}

// burstPreview is, for each unit in plain sight that battery bi's burst
// aimed at at may reach, the chance it is under the burst (the fire
// deviates on a 1 to 4: 1D6" in one of twelve directions) and of each
// result.
func (s *State) burstPreview(bi int, at geom.Point) []UnitMissionPreview {
	out := []UnitMissionPreview{}
	for t := range s.Units {
		un := &s.Units[t]
		if !un.Active() || un.Hidden || s.frame(t).DistToPoint(at) > BurstRadius+6+1e-9 {
			continue
		}
		// On target on a 5 or 6; else 1D6" in one of twelve directions.
		under := 0.0
		if s.frame(t).DistToPoint(at) <= BurstRadius+1e-9 {
			under = 2.0 / 6
		}
		for dist := 1; dist <= 6; dist++ {
			for k := range 12 {
				q := at.Add(geom.Dir(geom.Deg(float64(k) * 30)).Mul(float64(dist)))
				if s.frame(t).DistToPoint(q) <= BurstRadius+1e-9 {
					under += 4.0 / 6 / 72
				}
			}
		}
		if under == 0 {
			continue
		}
		sh := PendingShot{Firer: -1, Target: t, Battery: bi + 1, Answered: true}
		d, err := s.declaredShot(&sh).Dice()
		if err != nil {
			continue
		}
		_, dis, gone, sup := shotChances(d, un.DP)
		out = append(out, UnitMissionPreview{Unit: un.ID, Side: s.b.sides[un.Side].id, Under: round4(under),
			Disrupted: round4(under * dis), Dispersed: round4(under * gone), Suppressed: round4(under * sup)})
	}
	return out
}

// RallyPreview is what a rally order would come to, unit by unit.
type RallyPreview struct {
	Units []UnitRallyPreview `json:"units"`
}

// UnitRallyPreview is one unit's rally: its dice and target number
// against its Disruption Points' dice at 4+, and the chance of removing
// each number of points (Removed[k]: k points).
type UnitRallyPreview struct {
	Unit     string    `json:"unit"`
	DP       int       `json:"dp"`
	Dice     int       `json:"dice"`
	TN       int       `json:"tn"`
	Removed  []float64 `json:"removed"`
	Expected float64   `json:"expected"`
}

// rallyPreview gives the exact odds of a legal rally order a.
func (s *State) rallyPreview(a Activate) any {
	units, err := s.group(a.Order, a.Leader, a.Members)
	if err != nil {
		return nil
	}
	boost := 0
	for _, b := range []bool{a.Wild, a.Staff} {
		if b {
			boost++
		}
	}
	out := RallyPreview{Units: make([]UnitRallyPreview, 0, len(units))}
	for _, u := range units {
		extra := 0
		if u == s.unitIndex(a.BoostUnit) {
			extra = boost
		}
		un := &s.Units[u]
		n, tn := s.rallyPool(u, extra)
		p := UnitRallyPreview{Unit: un.ID, DP: un.DP, Dice: n, TN: tn, Removed: make([]float64, un.DP+1)}
		if un.DP == 0 {
			p.Removed[0] = 1
		} else {
			r, o := dice.PoolDist(n, tn).Successes(), dice.PoolDist(un.DP, 4).Successes()
			for rs, pr := range r {
				for os, po := range o {
					p.Removed[min(un.DP, max(0, rs-os))] += pr * po
				}
			}
		}
		for k := range p.Removed {
			p.Expected += float64(k) * p.Removed[k]
			p.Removed[k] = round4(p.Removed[k])
		}
		p.Expected = round4(p.Expected)
		out.Units = append(out.Units, p)
	}
	return out
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
