package armourbattles

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

var update = flag.Bool("update", false, "rewrite the golden playthroughs in testdata/")

// TestGoldenPlaythroughs plays fixed games with the scripted agent and
// compares their logs with the reviewed ones in testdata/golden: a rules
// change shows up as a diff (rerun with -update to accept it).
func TestGoldenPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		seed     uint64
	}{
		{"armour-battles/battle-1", 1},
		{"armour-battles/battle-2", 2},
	} {
		name := filepath.Base(tc.scenario) + "-seed-" + string(rune('0'+tc.seed)) + ".jsonl"
		t.Run(name, func(t *testing.T) {
			g, err := engine.NewGame(Rules{}, battle(t, tc.scenario), tc.seed)
			if err != nil {
				t.Fatal(err)
			}
			ags := []agent.Agent{agent.NewScripted(agent.Seed(tc.seed, 0)), agent.NewScripted(agent.Seed(tc.seed, 1))}
			if _, err := agent.Play(g, ags, 100000); err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := g.WriteLog(&got); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", name)
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				lg, err := engine.ReadLog(bytes.NewReader(want))
				if err != nil {
					t.Fatal(err)
				}
				_, err = engine.Replay(lg, scenario.EmbeddedScenario)
				t.Errorf("playthrough differs from %s (rerun with -update if the rules change is intended); replaying the golden log: %v", path, err)
			}
		})
	}
}
