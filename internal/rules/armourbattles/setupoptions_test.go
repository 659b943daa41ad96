package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/scenario"
)

// TestDoctrineSetUpOptions: at Battle 2's first hidden deployment the
// doctrine names several near-best spots, its own choice among them; on
// the same table without woods (no cover to be near) it still names
// several, rated by their spread alone; and no other decision has any.
func TestDoctrineSetUpOptions(t *testing.T) {
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario("armour-battles/battle-2")
	if err != nil {
		t.Fatal(err)
	}
	bare := *sc
	bare.Terrain = nil
	for _, ts := range sc.Terrain {
		if ts.Kind != "woods" {
			bare.Terrain = append(bare.Terrain, ts)
		}
	}
	for _, c := range []struct {
		name string
		sc   *scenario.Scenario
	}{{"Battle 2", sc}, {"Battle 2 without woods", &bare}} {
		st0, err := Rules{}.New(c.sc)
		if err != nil {
			t.Fatal(err)
		}
		st := st0.(*State)
		opts := st.DoctrineSetUpOptions()
		if len(opts) < 2 {
			t.Errorf("%s: %d set-up options; want several", c.name, len(opts))
		}
		for _, a := range opts {
			if err := st.Validate(a); err != nil {
				t.Errorf("%s: option %+v refused: %v", c.name, a, err)
			}
		}
		if c.sc == sc {
			own := st.Doctrine()
			found := false
			for _, a := range opts {
				found = found || a == own
			}
			if !found {
				t.Errorf("%s: the doctrine's own choice %+v is not among its options", c.name, own)
			}
		}
	}
	st0, _ := Rules{}.New(sc)
	st := st0.(*State)
	st.Phase = phaseLogistics
	if opts := st.DoctrineSetUpOptions(); opts != nil {
		t.Errorf("options outside the set-up: %v", opts)
	}
}
