package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// deployedBattle1 returns Battle 1 after random deployment, at its first
// decision of turn 1.
func deployedBattle1(b testing.TB) *State {
	st, err := Rules{}.New(battle1(b))
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	src := dice.NewPCG(7)
	for s.Phase == phaseDeploy {
		c := s.Candidates(nil)
		s.Apply(c[len(c)/2], src, engine.Discard)
	}
	return s
}

// BenchmarkLOSBattle1 measures unit-to-unit line of sight on the Battle 1
// map: every German unit to every US unit, spread over the table.
func BenchmarkLOSBattle1(b *testing.B) {
	s := deployedBattle1(b)
	// Spread the units over the table so rays cross woods and hills.
	for i := range s.Units {
		s.Units[i].Pos = geom.Point{X: 6 + float64(i*9%60), Y: 8 + float64(i*7%32)}
	}
	ger, usu := s.unitsOf(german), s.unitsOf(us)
	n, seen := 0, 0
	for b.Loop() {
		a, t := ger[n%len(ger)], usu[(n/len(ger))%len(usu)]
		if s.canSee(a, t) {
			seen++
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/los")
}

// BenchmarkScreensBattle1 measures the terrain shadows' answer to the
// questions of BenchmarkLOSBattle1 (the shadows from each viewer made
// beforehand, as the sight memo keeps them): what a question costs when
// the shadows settle it, or fail to.
func BenchmarkScreensBattle1(b *testing.B) {
	s := deployedBattle1(b)
	for i := range s.Units {
		s.Units[i].Pos = geom.Point{X: 6 + float64(i*9%60), Y: 8 + float64(i*7%32)}
	}
	ger, usu := s.unitsOf(german), s.unitsOf(us)
	scs := make([]screens, len(ger))
	for i, a := range ger {
		scs[i] = s.screensFrom(s.box(a))
	}
	n, hidden := 0, 0
	for b.Loop() {
		i, t := n%len(ger), usu[(n/len(ger))%len(usu)]
		fb := s.box(t)
		if scs[i].hides(fb, s.b.table.LevelAt(fb.Center), s.b.radius[s.Units[t].Type]) {
			hidden++
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/question")
	b.ReportMetric(float64(hidden)/float64(n), "settled/question")
}

// BenchmarkDirectFire measures one direct-fire resolution: the dice of the
// shot, the attack roll, the reaction roll and its results.
func BenchmarkDirectFire(b *testing.B) {
	s := deployedBattle1(b)
	f, t := s.unitsOf(german)[0], s.unitsOf(us)[0]
	s.Units[f].Pos = geom.Point{X: 36, Y: 30}
	s.Units[t].Pos = geom.Point{X: 36, Y: 15}
	src := dice.NewPCG(1)
	for b.Loop() {
		c := s.clone()
		sh := PendingShot{Firer: f, Target: t}
		sh.Dice, _ = c.shotFor(&sh).Dice()
		sh.Attack = poolResult(dice.Pool(src, sh.Dice.AttackDice, sh.Dice.AttackTN))
		sh.Rolled = true
		c.Shots = append(c.Shots, sh)
		c.resolveShot(src, engine.Discard)
	}
}

// BenchmarkHash16 measures hashing a 16-unit state (Battle 1 mid-game).
func BenchmarkHash16(b *testing.B) {
	s := deployedBattle1(b)
	var h uint64
	for b.Loop() {
		h ^= s.Hash()
	}
	_ = h
}

func BenchmarkClone(b *testing.B) {
	s := deployedBattle1(b)
	for b.Loop() {
		_ = s.clone()
	}
}

// BenchmarkDeterminizeBattle2 measures one determinized copy for the US
// in Battle 2 with the three StuGs hidden (what each MCTS iteration
// starts from).
func BenchmarkDeterminizeBattle2(b *testing.B) {
	sc := battle(b, "armour-battles/battle-2")
	var st *State
	playRandomOn(b, sc, 3, func(s *State, _ engine.Action) error {
		if st == nil && s.Phase != phaseDeploy && s.HidesFrom(us) {
			st = s.clone()
		}
		return nil
	})
	if st == nil {
		b.Fatal("no state with hidden units")
	}
	src := dice.NewPCG(1)
	for b.Loop() {
		st.Determinize(us, src)
	}
}
