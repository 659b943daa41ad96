package scenario

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"

	"github.com/goccy/go-yaml/ast"
	"github.com/sandtable/sandtable/data"
)

// Catalog holds the unit types and scenarios loaded from data files.
// A Catalog is not safe for concurrent modification; concurrent reads are fine.
type Catalog struct {
	units     map[string]map[string]*UnitType // rules → id → unit type
	scenarios map[string]*Scenario
}

func newCatalog() *Catalog {
	return &Catalog{units: map[string]map[string]*UnitType{}, scenarios: map[string]*Scenario{}}
}

// srcFile is one data file's name (for messages) and contents.
type srcFile struct {
	name string
	data []byte
}

// LoadFS loads every *.yaml file under fsys. A file with a top-level
// `units:` key is a unit file; one with an `id:` key is a scenario file.
// All unit files are read before any scenario. The error, if any, is a
// Problems listing every mistake found.
func LoadFS(fsys fs.FS) (*Catalog, error) {
	return loadFS(fsys, "")
}

func loadFS(fsys fs.FS, prefix string) (*Catalog, error) {
	return loadFSFiltered(fsys, prefix, nil)
}

// loadFSFiltered is loadFS skipping the directories skip reports true for.
func loadFSFiltered(fsys fs.FS, prefix string, skip func(dir string) bool) (*Catalog, error) {
	var files []srcFile
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && p != "." && skip != nil && skip(p) {
			return fs.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		files = append(files, srcFile{name: path.Join(prefix, p), data: b})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	c, probs := newCatalog().layer(files)
	if len(probs) > 0 {
		return nil, Problems(probs)
	}
	return c, nil
}

// Embedded returns a new Catalog of the data shipped in the binary (package
// data), one directory per ruleset named after it. Only the rulesets whose
// packages have been imported (and so registered their Schema) are loaded;
// the directories of the others are skipped.
//
// The embedded data are decoded once per set of registered rulesets; each
// call returns its own Catalog sharing the decoded (read-only) unit types
// and scenarios, so AddFiles on one never changes another.
func Embedded() (*Catalog, error) {
	key := strings.Join(Rules(), ",")
	embeddedMu.Lock()
	defer embeddedMu.Unlock()
	c, ok := embedded[key]
	if !ok {
		var err error
		c, err = loadFSFiltered(data.FS, "data", func(dir string) bool {
			return !strings.Contains(dir, "/") && lookupSchema(dir) == nil
		})
		if err != nil {
			return nil, err
		}
		for _, sc := range c.scenarios {
			sc.BuiltIn = true
		}
		embedded[key] = c
	}
	return &Catalog{units: c.units, scenarios: c.scenarios}, nil
}

var (
	embeddedMu sync.Mutex
	embedded   = map[string]*Catalog{}
)

// AddFiles loads the named unit and scenario files on top of the catalog:
// a unit type or scenario with the id of one already loaded replaces it.
// If any file has a problem, the catalog is left unchanged and the error is
// a Problems.
func (c *Catalog) AddFiles(paths ...string) error {
	files, probs := readFiles(paths)
	next, more := c.layer(files)
	probs = append(probs, more...)
	if len(probs) > 0 {
		sortProblems(probs)
		return Problems(probs)
	}
	*c = *next
	return nil
}

// AddUnitFiles is AddFiles for files that must all be unit files: a
// scenario file among them is a problem of its own, not loaded (nor
// checked against the unit types) as one more scenario.
func (c *Catalog) AddUnitFiles(paths ...string) error {
	files, probs := readFiles(paths)
	for _, f := range files {
		d := &decoder{file: f.name}
		if body := d.parseFile(f.data); body != nil && topKeys(body)["id"] && !topKeys(body)["units"] {
			probs = append(probs, Problem{File: f.name, Line: 1, Col: 1, Msg: "a scenario file, given as a unit file (a unit file has rules: and units:)"})
		}
	}
	if len(probs) > 0 {
		sortProblems(probs)
		return Problems(probs)
	}
	return c.AddFiles(paths...)
}

func readFiles(paths []string) ([]srcFile, []Problem) {
	var files []srcFile
	var probs []Problem
	read := map[string]bool{}
	for _, p := range paths {
		// A file named twice (overlapping shell globs) is read once.
		if key := filepath.Clean(p); read[key] {
			continue
		} else {
			read[key] = true
		}
		b, err := os.ReadFile(p)
		if err != nil {
			probs = append(probs, Problem{File: p, Msg: readProblem(err)})
			continue
		}
		files = append(files, srcFile{name: p, data: b})
	}
	return files, probs
}

// LoadFile returns the scenario defined in file, a user's scenario file,
// checked as Validate checks it: against the embedded unit types plus the
// unit files given. Every problem found is returned as a Problems.
func LoadFile(file string, unitFiles ...string) (*Scenario, error) {
	c, err := Embedded()
	if err != nil {
		return nil, err
	}
	if err := c.AddFiles(append(slices.Clone(unitFiles), file)...); err != nil {
		return nil, err
	}
	var found *Scenario
	for _, sc := range c.scenarios {
		if slices.Contains(unitFiles, sc.Pos.File) {
			return nil, fmt.Errorf("%s: a scenario file, given as a unit file (a unit file has rules: and units:)", sc.Pos.File)
		}
		if sc.Pos.File == file {
			found = sc
		}
	}
	if found != nil {
		return found, nil
	}
	return nil, fmt.Errorf("%s: not a scenario file (a scenario file has a top-level id: key)", file)
}

// readProblem says why a file could not be read, without repeating its
// name (the Problem carries it).
func readProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, syscall.EISDIR) {
			return "is a directory, not a unit or scenario file"
		}
		return "cannot " + pe.Op + " it: " + pe.Err.Error()
	}
	return err.Error()
}

// Validate checks unit and scenario files and returns every problem found,
// sorted by file and position. Scenario files are checked against the
// embedded unit types plus the unit files given in the same call.
func Validate(files ...string) []Problem {
	base, err := Embedded()
	var probs []Problem
	if err != nil {
		if ps, ok := err.(Problems); ok {
			probs = append(probs, ps...)
		} else {
			probs = append(probs, Problem{File: "data", Msg: err.Error()})
		}
		base = newCatalog()
	}
	srcs, more := readFiles(files)
	probs = append(probs, more...)
	_, more = base.layer(srcs)
	probs = append(probs, more...)
	sortProblems(probs)
	return probs
}

// layer decodes files on top of c and returns the resulting catalog, which
// shares unchanged entries with c, and the problems found. Unit ids and
// scenario ids must be unique within the layer; they replace those of c.
func (c *Catalog) layer(files []srcFile) (*Catalog, []Problem) {
	next := newCatalog()
	for r, m := range c.units {
		next.units[r] = map[string]*UnitType{}
		for id, u := range m {
			next.units[r][id] = u
		}
	}
	for id, s := range c.scenarios {
		next.scenarios[id] = s
	}

	var probs []Problem
	var unitFiles, scenarioFiles []*decoder
	bodies := map[*decoder]ast.Node{}
	for _, f := range files {
		d := &decoder{file: f.name}
		body := d.parseFile(f.data)
		if body == nil {
			probs = append(probs, d.probs...)
			continue
		}
		keys := topKeys(body)
		switch {
		case keys["units"] && keys["id"]:
			d.errf(body, "a file is either a unit file (units:) or a scenario file (id:), not both")
			probs = append(probs, d.probs...)
			continue
		case keys["units"]:
			unitFiles = append(unitFiles, d)
		case keys["id"]:
			scenarioFiles = append(scenarioFiles, d)
		default:
			d.errf(body, "not a data file: a unit file has a top-level units: key and a scenario file an id: key")
			probs = append(probs, d.probs...)
			continue
		}
		bodies[d] = body
	}

	// Unit types: unique ids within this layer, replacing earlier layers.
	firstAt := map[string]Pos{} // rules/id → where it was first defined in this layer
	for _, d := range unitFiles {
		for _, u := range d.decodeUnits(bodies[d]) {
			key := u.Rules + "/" + u.ID
			if prev, dup := firstAt[key]; dup {
				if prev.File != u.Pos.File {
					d.add(u.Pos, "duplicate unit id %q in %s (also in %s)", u.ID, u.Rules, prev)
				}
				continue
			}
			firstAt[key] = u.Pos
			if next.units[u.Rules] == nil {
				next.units[u.Rules] = map[string]*UnitType{}
			}
			next.units[u.Rules][u.ID] = u
		}
		probs = append(probs, d.probs...)
	}
	// Names and aliases must pick out one unit type.
	for rules, m := range next.units {
		owner := map[string]*UnitType{}
		for _, u := range sortedUnits(m) {
			for _, k := range u.keys() {
				o, taken := owner[k]
				if !taken {
					owner[k] = u
					continue
				}
				if o == u {
					continue
				}
				// Reported on this layer's type, whichever of the two
				// comes first by id.
				_, mine := firstAt[rules+"/"+u.ID]
				_, theirs := firstAt[rules+"/"+o.ID]
				switch {
				case mine:
					probs = append(probs, u.Pos.Problemf("unit %q: name or alias %q is already used by unit %q in %s", u.ID, k, o.ID, rules))
				case theirs:
					probs = append(probs, o.Pos.Problemf("unit %q: name or alias %q is already used by unit %q in %s", o.ID, k, u.ID, rules))
				}
			}
		}
	}

	// Scenarios, resolved against the merged unit types.
	scenAt := map[string]Pos{}
	for _, d := range scenarioFiles {
		sc := d.decodeScenario(bodies[d], next.UnitType)
		if prev, dup := scenAt[sc.ID]; dup && sc.ID != "" {
			d.add(sc.Pos, "duplicate scenario id %q (also in %s)", sc.ID, prev)
		} else if sc.ID != "" {
			scenAt[sc.ID] = sc.Pos
			next.scenarios[sc.ID] = sc
		}
		probs = append(probs, d.probs...)
	}
	sortProblems(probs)
	return next, probs
}

// keys returns the lower-case id, name and aliases of u.
func (u *UnitType) keys() []string {
	ks := []string{strings.ToLower(u.ID)}
	if u.Name != "" {
		ks = append(ks, strings.ToLower(u.Name))
	}
	for _, a := range u.Aliases {
		ks = append(ks, strings.ToLower(a))
	}
	return ks
}

func sortedUnits(m map[string]*UnitType) []*UnitType {
	us := make([]*UnitType, 0, len(m))
	for _, u := range m {
		us = append(us, u)
	}
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
	return us
}

// ErrNoScenario is the error, wrapped, of Catalog.Scenario for an id the
// catalog does not hold.
var ErrNoScenario = errors.New("no such scenario")

// Scenario returns the scenario with the given id. The error wraps
// ErrNoScenario and lists the valid ids.
func (c *Catalog) Scenario(id string) (*Scenario, error) {
	if s, ok := c.scenarios[id]; ok {
		return s, nil
	}
	var ids []string
	for _, s := range c.Scenarios() {
		ids = append(ids, s.ID)
	}
	return nil, &noScenarioError{id: id, choices: ids}
}

type noScenarioError struct {
	id      string
	choices []string
}

func (e *noScenarioError) Error() string {
	return fmt.Sprintf("scenario: no scenario %q (choices: %s)", e.id, strings.Join(e.choices, ", "))
}

func (e *noScenarioError) Unwrap() error { return ErrNoScenario }

// Scenarios returns every scenario, sorted by id.
func (c *Catalog) Scenarios() []*Scenario {
	out := make([]*Scenario, 0, len(c.scenarios))
	for _, s := range c.scenarios {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// RulesWithUnits returns the rulesets that have unit types in the catalog, sorted.
func (c *Catalog) RulesWithUnits() []string {
	var rs []string
	for r, m := range c.units {
		if len(m) > 0 {
			rs = append(rs, r)
		}
	}
	sort.Strings(rs)
	return rs
}

// Units returns the unit types of a ruleset sorted by id, or nil if it has none.
func (c *Catalog) Units(rules string) []*UnitType {
	if len(c.units[rules]) == 0 {
		return nil
	}
	return sortedUnits(c.units[rules])
}

// UnitType returns the unit type of a ruleset whose id, name or alias is
// idOrName, ignoring case. The error lists the valid ids.
func (c *Catalog) UnitType(rules, idOrName string) (*UnitType, error) {
	m := c.units[rules]
	if len(m) == 0 {
		return nil, fmt.Errorf("no unit types for rules %q", rules)
	}
	want := strings.ToLower(strings.TrimSpace(idOrName))
	if u, ok := m[want]; ok {
		return u, nil
	}
	us := sortedUnits(m)
	for _, u := range us {
		for _, k := range u.keys() {
			if k == want {
				return u, nil
			}
		}
	}
	ids := make([]string, len(us))
	for i, u := range us {
		ids[i] = u.ID
	}
	return nil, fmt.Errorf("no unit type %q in %s (choices: %s; a type of your own needs its unit file named too: --units FILE, or after the scenario file in validate)", idOrName, rules, strings.Join(ids, ", "))
}

// EmbeddedScenario returns built-in scenario id from the embedded data
// (rules is not needed: ids are unique). Its signature is the engine's
// scenario loader's, for replaying logs of built-in scenarios.
func EmbeddedScenario(_, id string) (*Scenario, error) {
	c, err := Embedded()
	if err != nil {
		return nil, err
	}
	return c.Scenario(id)
}
