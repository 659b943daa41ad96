package scenario_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/internal/scenario"
)

// FuzzDecode feeds arbitrary bytes to the loader, seeded with the shipped
// files and the bad test files. It must never panic, and every error must
// be a Problems naming a file.
//
// The seeds are whole files, so minimizing each new input takes long; run
// it with a short minimization budget:
//
//	go test -run '^$' -fuzz FuzzDecode -fuzztime 30s -fuzzminimizetime 20x ./internal/scenario/
func FuzzDecode(f *testing.F) {
	seeds, _ := filepath.Glob("../../data/*/*.yaml")
	bad, _ := filepath.Glob("testdata/*.yaml")
	for _, p := range append(seeds, bad...) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	units, err := os.ReadFile("../../data/armour-battles/units.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		fsys := fstest.MapFS{
			"units.yaml": {Data: units},
			"x.yaml":     {Data: src},
		}
		c, err := scenario.LoadFS(fsys)
		if err == nil {
			for _, s := range c.Scenarios() {
				_ = s.Title
			}
			return
		}
		if _, ok := err.(scenario.Problems); !ok {
			t.Fatalf("LoadFS error is %T, want scenario.Problems: %v", err, err)
		}
		for _, p := range err.(scenario.Problems) {
			if p.File == "" || p.Msg == "" {
				t.Fatalf("problem without file or message: %#v", p)
			}
		}
	})
}
