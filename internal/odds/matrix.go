package odds

import (
	"fmt"
	"math"
	"slices"
	"strings"

	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

// Matrix is one situation's shot asked for every firer against every
// target: how unit types compare, for a scenario designer weighing one
// against another. Cells[i][j] is Firers[i] firing at Targets[j], each
// the answer Answer gives for it (a Situational or a pagano.Report).
type Matrix struct {
	Rules   string  `json:"rules"`
	Range   float64 `json:"range"`
	Firers  []Named `json:"firers"`
	Targets []Named `json:"targets"`
	Cells   [][]any `json:"cells"`
}

// Named is a unit type of a Matrix: its id and its name.
type Named struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Measure is one figure of a shot's odds, for a Matrix's cells.
type Measure struct {
	Name string // as a flag or query parameter gives it
	What string // for a heading or a help text
	// Of returns the figure of an answer, and false for a shot out of
	// range, which has none.
	Of func(answer any) (float64, bool)
}

// Measures returns the figures a matrix of rules can show, the default
// first.
func Measures(rules string) []Measure {
	if rules == pagano.Name {
		pg := func(f func(pagano.Report) float64) func(any) (float64, bool) {
			return func(a any) (float64, bool) {
				r, ok := a.(pagano.Report)
				if !ok || !r.InRange {
					return 0, false
				}
				return f(r), true
			}
		}
		return []Measure{
			{"wrecked", "chance a shot wrecks the target", pg(func(r pagano.Report) float64 { return r.Wrecked })},
			{"hit", "chance a shot hits", pg(func(r pagano.Report) float64 { return r.Hit })},
			{"effect", "chance a shot stuns, immobilizes or wrecks the target", pg(func(r pagano.Report) float64 { return r.Stunned + r.Immobilized + r.Wrecked })},
		}
	}
	ar := func(f func(Result) float64) func(any) (float64, bool) {
		return func(a any) (float64, bool) {
			s, ok := a.(Situational)
			if !ok || !s.InRange {
				return 0, false
			}
			return f(s.Result), true
		}
	}
	return []Measure{
		{"expected", "Disruption Points a shot inflicts on average", ar(func(r Result) float64 { return r.ExpectedDisruption })},
		{"disrupt", "chance a shot inflicts at least one Disruption Point", ar(func(r Result) float64 { return 1 - r.PDisruption[0] })},
		{"disperse", "chance a shot disperses the target", ar(func(r Result) float64 { return r.PDispersed })},
		{"suppress", "chance a shot suppresses the target", ar(func(r Result) float64 { return r.PSuppressed })},
	}
}

// MeasureNamed returns rules' measure called name; the error lists the
// ruleset's measures.
func MeasureNamed(rules, name string) (Measure, error) {
	ms := Measures(rules)
	var names []string
	for _, m := range ms {
		if m.Name == name {
			return m, nil
		}
		names = append(names, m.Name)
	}
	return Measure{}, fmt.Errorf("show: %q is not a figure of %s's odds: want one of %v", name, rules, names)
}

// Compare asks q's shot of every firer at every target. q gives the
// ruleset, the range and the situation (its Firer and Target are not
// read). firers and targets are unit types by id, name or alias; empty,
// they are all of the ruleset's unit types that fire and can be fired on
// (off-table artillery is left out, but may be named as a firer: it is
// then asked as fire for effect, which ignores range). A name that is
// not a unit type, or a named target that cannot be fired on, is an
// error naming it, as Answer's are.
func Compare(units Units, q Question, firers, targets []string) (Matrix, error) {
	if q.Rules != ab.Name && q.Rules != pagano.Name {
		return Matrix{}, fmt.Errorf("rules: %q has no shot odds (armour-battles or pagano)", q.Rules)
	}
	if q.Artillery {
		return Matrix{}, fmt.Errorf("artillery: not asked of a matrix: name an off-table battery among the firers and it is asked as fire for effect")
	}
	// What is wrong with the situation itself is said once, not as a
	// fault of the first pair.
	if err := checkSituation(q); err != nil {
		return Matrix{}, err
	}
	fs, err := matrixUnits(units, q.Rules, "firers", firers)
	if err != nil {
		return Matrix{}, err
	}
	ts, err := matrixUnits(units, q.Rules, "targets", targets)
	if err != nil {
		return Matrix{}, err
	}
	if !q.HasRange && slices.ContainsFunc(fs, func(u *scenario.UnitType) bool { return !isOffTable(u) }) {
		return Matrix{}, fmt.Errorf("range: missing: the closest hull-to-hull distance in inches (off-table artillery alone needs none)")
	}
	m := Matrix{Rules: q.Rules, Range: q.Range, Cells: make([][]any, len(fs))}
	for _, t := range ts {
		m.Targets = append(m.Targets, Named{t.ID, t.Name})
	}
	for i, f := range fs {
		m.Firers = append(m.Firers, Named{f.ID, f.Name})
		fq := q
		fq.Firer, fq.Artillery = f.ID, isOffTable(f)
		if fq.Artillery {
			fq.Moves, fq.Ambush = 1, false
		}
		for _, t := range ts {
			fq.Target = t.ID
			a, err := Answer(units, fq)
			if err != nil {
				return Matrix{}, fmt.Errorf("%s at %s: %w", f.Name, t.Name, err)
			}
			m.Cells[i] = append(m.Cells[i], a)
		}
	}
	return m, nil
}

// checkSituation refuses what no pair of unit types could be asked in
// q's situation: a range that is not a distance, and the ruleset's own
// checks of the rest (the target's points, the moves; under Pagano's
// rules a range at all, the aspect and the motions).
func checkSituation(q Question) error {
	if q.HasRange && (q.Range < 0 || math.IsNaN(q.Range) || math.IsInf(q.Range, 0)) {
		return fmt.Errorf("range: a distance of 0 inches or more, got %v", q.Range)
	}
	if q.Rules == pagano.Name {
		_, err := paganoTable(q)
		return err
	}
	switch {
	case q.TargetDP < 0 || q.TargetDP >= DisperseAt:
		return fmt.Errorf("target_dp: 0, 1 or 2 (3 points disperse a unit), got %d", q.TargetDP)
	case q.Moves < 0 || q.Moves > 3:
		return fmt.Errorf("moves: 1, 2 (double) or 3 (triple), got %d", q.Moves)
	}
	return nil
}

// matrixUnits returns the unit types named, or the ruleset's on-table
// ones when none is; a name not found is an error of field.
func matrixUnits(units Units, rules, field string, names []string) ([]*scenario.UnitType, error) {
	if len(names) == 0 {
		var all []*scenario.UnitType
		for _, u := range units.Units(rules) {
			if !isOffTable(u) {
				all = append(all, u)
			}
		}
		if len(all) == 0 {
			return nil, fmt.Errorf("%s: %s has no unit types", field, rules)
		}
		return all, nil
	}
	var out []*scenario.UnitType
	for _, n := range names {
		if strings.TrimSpace(n) == "" {
			return nil, fmt.Errorf("%s: an empty name; want unit types by id, name or short form", field)
		}
		u, err := unitType(units, rules, field, n)
		if err != nil {
			return nil, err
		}
		if field == "targets" && isOffTable(u) {
			return nil, fmt.Errorf("targets: %q is off-table artillery, which cannot be fired on", u.Name)
		}
		if slices.Contains(out, u) {
			return nil, fmt.Errorf("%s: %q is named twice", field, u.Name)
		}
		out = append(out, u)
	}
	return out, nil
}

func isOffTable(u *scenario.UnitType) bool {
	st, ok := u.Stats.(*ab.UnitStats)
	return ok && st != nil && st.OffTable()
}
