package scenario

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Schema describes the ruleset-specific parts of unit and scenario files.
// A ruleset registers one with RegisterRules from an init function; files
// naming that ruleset in their `rules:` key are then decoded with it.
type Schema struct {
	// Name is the value of `rules:` in data files, e.g. "armour-battles".
	Name string
	// NewUnitStats returns a pointer that units[].stats is strictly decoded into.
	NewUnitStats func() any
	// NewSideParams returns a pointer that sides[].params is strictly decoded into.
	NewSideParams func() any
	// NewScenarioParams returns a pointer that the scenario's params is strictly decoded into.
	NewScenarioParams func() any
	// Specials lists the special-rule names allowed in units[].special.
	Specials []string
	// AreaKinds and LineKinds are terrain kinds the ruleset reads besides
	// the conventional ones every scenario may use (woods, hill, field,
	// building; hedge, wall, road).
	AreaKinds, LineKinds []string
	// NoArmyMorale marks a ruleset without army morale, whose battles end
	// when a side has nothing left in the fight (or at a turn limit):
	// army_morale_zero means nothing there, and a scenario needs neither
	// it nor a turn limit to end.
	NoArmyMorale bool
	// TurnCap, if not 0, is the turn after which the ruleset draws a
	// battle that sets no turn_limit: no reserve may arrive later.
	TurnCap int
	// CheckUnit, if not nil, reports ruleset problems in one decoded unit
	// type. It runs only when the unit itself decoded without problems, so
	// that it does not repeat them.
	CheckUnit func(*UnitType) []Problem
	// Check, if not nil, reports ruleset problems in a decoded scenario. It
	// runs only when the params blocks decoded without problems; other parts
	// may still be faulty (a unit whose type did not resolve is missing from
	// Scenario.Units).
	Check func(*Scenario) []Problem
	// Trial, if not nil, tries a scenario out (e.g. sets it up) and
	// reports what stops it. It runs only on a scenario in which nothing
	// else found a problem, since it needs a whole one.
	Trial func(*Scenario) []Problem
}

var (
	schemaMu sync.RWMutex
	schemas  = map[string]*Schema{}
)

// RegisterRules makes a ruleset's schema known to the decoder. It panics if
// the name is empty or already registered.
func RegisterRules(s Schema) {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s.Name == "" {
		panic("scenario: RegisterRules with empty name")
	}
	if _, dup := schemas[s.Name]; dup {
		panic(fmt.Sprintf("scenario: rules %q registered twice", s.Name))
	}
	schemas[s.Name] = &s
}

// Rules returns the names of the registered rulesets, sorted.
func Rules() []string {
	schemaMu.RLock()
	defer schemaMu.RUnlock()
	names := make([]string, 0, len(schemas))
	for n := range schemas {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// lookupSchema returns the registered schema for name, or nil.
func lookupSchema(name string) *Schema {
	schemaMu.RLock()
	defer schemaMu.RUnlock()
	return schemas[name]
}

// Pos is a position in a data file. Line and Col count from 1; zero means unknown.
type Pos struct {
	File      string
	Line, Col int
}

// Problemf returns a Problem at p.
func (p Pos) Problemf(format string, args ...any) Problem {
	return Problem{File: p.File, Line: p.Line, Col: p.Col, Msg: fmt.Sprintf(format, args...)}
}

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Block is the position of a ruleset-specific block (stats or params) and of
// the value under each of its keys, so that a Schema's checks can point at a
// single field. Keys holds the values nested deeper too, by their path in
// the block: "table1.road" for the value under road in the mapping under
// table1, "independent[1]" for the second item of the list under
// independent.
type Block struct {
	Pos  Pos
	Keys map[string]Pos
}

// At returns the position of the value under key, which may be a path such
// as "table1.road" (see Keys). When the key is absent it returns the
// position of the nearest enclosing value that is there ("table1"), or of
// the block itself.
func (b Block) At(key string) Pos {
	for {
		if p, ok := b.Keys[key]; ok {
			return p
		}
		i := strings.LastIndexAny(key, ".[")
		if i <= 0 {
			return b.Pos
		}
		key = key[:i]
	}
}

// Has reports whether the block gives key (a path, as in Keys).
func (b Block) Has(key string) bool {
	_, ok := b.Keys[key]
	return ok
}

// Problemf reports a mistake in the value under key, at its position.
// A key the block leaves out is reported as missing, with what it wants
// (the message less its ", got ..." part), rather than as the zero value
// it decoded to: "at is missing (must be between 1 and 100)", not "at
// must be between 1 and 100, got 0".
func (b Block) Problemf(key, format string, args ...any) Problem {
	msg := fmt.Sprintf(format, args...)
	if b.Keys != nil && !b.Has(key) {
		if i := strings.LastIndex(msg, ", got "); i > 0 {
			msg = msg[:i]
		}
		want := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(msg, key+" "), `"" `), "is not ")
		msg = fmt.Sprintf("%s is missing (%s)", key, want)
	}
	return b.At(key).Problemf("%s", msg)
}

// Problem is one mistake in a data file.
type Problem struct {
	File      string
	Line, Col int
	Msg       string
}

// String returns "file:line:col: msg".
// A problem with the file as a whole (it cannot be read) has no line.
func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s", p.File, p.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Col, p.Msg)
}

// Problems is an error made of one or more Problems.
type Problems []Problem

// Error returns the problems one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// sortProblems orders problems by file, line and column, keeping the order
// of problems at the same place.
func sortProblems(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
