package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/scenario"
)

// scenarioFlags are --scenario and --units, shared by play, simulate and
// replay: a built-in scenario by id, or a scenario file of the user's own
// with the unit files it needs.
type scenarioFlags struct {
	scenario string
	units    []string
}

func (f *scenarioFlags) add(cmd *cobra.Command, def string) {
	help := "scenario id (see 'sandtable scenario list') or a scenario file of your own (.yaml)"
	if def == "" {
		help = "the game's scenario file (.yaml), for a game of a scenario that is not built in"
	}
	cmd.Flags().StringVar(&f.scenario, "scenario", def, help)
	cmd.Flags().StringSliceVar(&f.units, "units", nil, "unit files (.yaml) with unit types the scenario file uses besides the built-in ones (repeat or comma-separate)")
}

// yamlFilesIn lists the .yaml (or .yml) files in folder dir, links to
// files included, in name order; a folder with none is an error.
func yamlFilesIn(dir string) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range es {
		lower := strings.ToLower(e.Name())
		if !strings.HasSuffix(lower, ".yaml") && !strings.HasSuffix(lower, ".yml") {
			continue
		}
		// A link to a file counts as the file. A broken link, or a folder
		// so named, is listed too: reading it says what is wrong, where
		// skipping it would leave a scenario out without a word.
		files = append(files, filepath.Join(dir, e.Name()))
	}
	if len(files) == 0 {
		return nil, errors.New("a folder with no .yaml files in it")
	}
	return files, nil
}

// isFile reports whether the --scenario value names a file rather than a
// built-in id: it ends in .yaml or .yml, or a regular file has that name.
func (f *scenarioFlags) isFile() bool {
	lower := strings.ToLower(f.scenario)
	if strings.HasSuffix(lower, ".yaml") || strings.HasSuffix(lower, ".yml") {
		return true
	}
	st, err := os.Stat(f.scenario)
	return err == nil && st.Mode().IsRegular()
}

// overwrites returns an error when writing path would overwrite one of
// the input files the flags name (the scenario file or a unit file),
// which a slip of --log or --plot would otherwise destroy.
func (f *scenarioFlags) overwrites(path string) error {
	out, err := os.Stat(path)
	if err != nil {
		return nil // nothing there yet: nothing to overwrite
	}
	type input struct{ flag, name string }
	var inputs []input
	if f.isFile() {
		inputs = append(inputs, input{"--scenario", f.scenario})
	}
	for _, u := range f.units {
		inputs = append(inputs, input{"--units", u})
	}
	for _, in := range inputs {
		if st, err := os.Stat(in.name); err == nil && os.SameFile(out, st) {
			return fmt.Errorf("is the %s file %s: writing it would overwrite it; name another file", in.flag, in.name)
		}
	}
	return nil
}

// load returns the scenario the flags name. A scenario file is checked as
// 'sandtable scenario validate' checks it, and every problem is listed.
func (f *scenarioFlags) load() (*scenario.Scenario, error) {
	if f.isFile() {
		sc, err := scenario.LoadFile(f.scenario, f.units...)
		var ps scenario.Problems
		if errors.As(err, &ps) {
			return nil, fmt.Errorf("--scenario %s: the files have %d problem%s:\n%w", f.scenario, len(ps), plural(len(ps)), err)
		}
		if err != nil {
			return nil, fmt.Errorf("--scenario %s: %w", f.scenario, err)
		}
		return sc, nil
	}
	if len(f.units) > 0 {
		return nil, fmt.Errorf("--units: only for a scenario file of your own; %q is a built-in scenario id", f.scenario)
	}
	cat, err := scenario.Embedded()
	if err != nil {
		return nil, err
	}
	if sc, err := cat.Scenario(f.scenario); err == nil {
		return sc, nil
	}
	if st, err := os.Stat(f.scenario); err == nil && st.IsDir() {
		return nil, fmt.Errorf("--scenario %s: a folder; name one scenario file in it (serve --scenario and scenario validate take folders)", f.scenario)
	}
	var ids []string
	for _, sc := range cat.Scenarios() {
		ids = append(ids, sc.ID)
	}
	return nil, fmt.Errorf("--scenario %q: no such built-in scenario (choices: %s) and no such file; a scenario file's name ends in .yaml", f.scenario, strings.Join(ids, ", "))
}
