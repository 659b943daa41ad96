package odds_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
	"github.com/sandtable/sandtable/internal/scenario"
)

func catalog(t *testing.T) *scenario.Catalog {
	t.Helper()
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestCompareAsksEveryPair: every cell of a matrix is what Answer says of
// that firer and target in the matrix's situation, for each ruleset; the
// default lists are the ruleset's unit types but off-table artillery.
func TestCompareAsksEveryPair(t *testing.T) {
	cat := catalog(t)
	for _, q := range []odds.Question{
		{Rules: ab.Name, Range: 12, HasRange: true},
		{Rules: ab.Name, Range: 30, HasRange: true, Flank: true, Cover: true, Moves: 2, TargetDP: 1},
		{Rules: pagano.Name, Range: 15, HasRange: true, Aspect: "side", TargetMotion: "moving", HullDown: true},
		{Rules: pagano.Name, Range: 80, HasRange: true, Aspect: "front"},
	} {
		m, err := odds.Compare(cat, q, nil, nil)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		var want []string
		for _, u := range cat.Units(q.Rules) {
			if st, ok := u.Stats.(*ab.UnitStats); !ok || !st.OffTable() {
				want = append(want, u.ID)
			}
		}
		var firers, targets []string
		for _, f := range m.Firers {
			firers = append(firers, f.ID)
		}
		for _, f := range m.Targets {
			targets = append(targets, f.ID)
		}
		if !cmp.Equal(firers, want) || !cmp.Equal(targets, want) || len(want) < 9 {
			t.Fatalf("%s: firers %v, targets %v; want %v for both", q.Rules, firers, targets, want)
		}
		if len(m.Cells) != len(want) {
			t.Fatalf("%d rows for %d firers", len(m.Cells), len(want))
		}
		for i, f := range m.Firers {
			if len(m.Cells[i]) != len(want) {
				t.Fatalf("row %s: %d cells for %d targets", f.ID, len(m.Cells[i]), len(want))
			}
			for j, tg := range m.Targets {
				pq := q
				pq.Firer, pq.Target = f.ID, tg.ID
				a, err := odds.Answer(cat, pq)
				if err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(a, m.Cells[i][j]); d != "" {
					t.Fatalf("%s at %s (-Answer +Compare):\n%s", f.ID, tg.ID, d)
				}
			}
		}
	}
}

// TestCompareCells: cells checked against the rulebooks' dice and
// tables, the measures read off them, and off-table artillery named as a
// firer asked as fire for effect.
func TestCompareCells(t *testing.T) {
	cat := catalog(t)
	m, err := odds.Compare(cat, odds.Question{Rules: ab.Name, Range: 12, HasRange: true}, []string{"Panther", "m7"}, []string{"M4 75mm", "tiger-i"})
	if err != nil {
		t.Fatal(err)
	}
	// A Panther at an M4 12" away: 9D at 4+ against 5D at 4+; at a
	// Tiger, 9D at 4+ against 7D at 4+.
	pm4 := m.Cells[0][0].(odds.Situational)
	ptiger := m.Cells[0][1].(odds.Situational)
	if pm4.AttackDice != 9 || pm4.AttackTN != 4 || pm4.ReactionDice != 5 || pm4.ReactionTN != 4 || pm4.Band != ab.BandEffective {
		t.Errorf("Panther at M4: %+v; want 9D at 4+ against 5D at 4+ at effective range", pm4)
	}
	if ptiger.ReactionDice != 7 || ptiger.ExpectedDisruption >= pm4.ExpectedDisruption {
		t.Errorf("Panther at Tiger: %+v; want 7 reaction dice and fewer points than at the M4", ptiger)
	}
	art := m.Cells[1][0].(odds.Situational)
	want, err := odds.Answer(cat, odds.Question{Rules: ab.Name, Firer: "m7", Target: "m4-75", Artillery: true, Range: 12, HasRange: true})
	if err != nil || !cmp.Equal(art, want) || art.Band != ab.BandArtillery || !art.ArtillerySuppression {
		t.Errorf("M7 at M4 in a matrix: %+v; want fire for effect, %+v (%v)", art, want, err)
	}

	for _, c := range []struct {
		show string
		want float64
	}{
		{"expected", pm4.ExpectedDisruption},
		{"disrupt", 1 - pm4.PDisruption[0]},
		{"disperse", pm4.PDispersed},
		{"suppress", pm4.PSuppressed},
	} {
		ms, err := odds.MeasureNamed(ab.Name, c.show)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := ms.Of(pm4); !ok || v != c.want || v <= 0 {
			t.Errorf("%s of the Panther's shot: %v %v; want %v", c.show, v, ok, c.want)
		}
	}
	far, err := odds.Compare(cat, odds.Question{Rules: ab.Name, Range: 30, HasRange: true}, []string{"M5 Light Tank"}, []string{"tiger-i"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := odds.Measures(ab.Name)[0].Of(far.Cells[0][0]); ok {
		t.Errorf("an M5's shot at 30\" (its long range ends at 24\") has a figure: %+v", far.Cells[0][0])
	}

	// Pagano: a T-34-85 at a Tiger's side 10" away, as the odds give it.
	pm, err := odds.Compare(cat, odds.Question{Rules: pagano.Name, Range: 10, HasRange: true, Aspect: "side"}, []string{"T-34-85"}, []string{"Tiger I"})
	if err != nil {
		t.Fatal(err)
	}
	r := pm.Cells[0][0].(pagano.Report)
	for _, c := range []struct {
		show string
		want float64
	}{{"wrecked", r.Wrecked}, {"hit", r.Hit}, {"effect", r.Stunned + r.Immobilized + r.Wrecked}} {
		ms, err := odds.MeasureNamed(pagano.Name, c.show)
		if err != nil {
			t.Fatal(err)
		}
		if v, ok := ms.Of(r); !ok || v != c.want || v <= 0 {
			t.Errorf("%s of the T-34's shot: %v %v; want %v", c.show, v, ok, c.want)
		}
	}
	if odds.Measures(pagano.Name)[0].Name != "wrecked" || odds.Measures(ab.Name)[0].Name != "expected" {
		t.Error("the default measures are wrecked (Pagano) and expected (Armour Battles)")
	}
}

// TestCompareRefuses: what Compare refuses, each error naming the field.
func TestCompareRefuses(t *testing.T) {
	cat := catalog(t)
	at12 := odds.Question{Rules: ab.Name, Range: 12, HasRange: true}
	for _, c := range []struct {
		q               odds.Question
		firers, targets []string
		says            string
	}{
		{odds.Question{Rules: "chess", Range: 12, HasRange: true}, nil, nil, `rules: "chess"`},
		{at12, []string{"Panther", "Sherman Firefly"}, nil, `firers: no unit type "Sherman Firefly"`},
		{at12, nil, []string{"m7"}, `targets: "M7 Howitzer Motor Carriage" is off-table artillery`},
		{at12, []string{"panther-g", "Panther"}, nil, `firers: "Panther Ausf G" is named twice`},
		{at12, nil, []string{"T-34-85"}, `(“T-34-85” is a unit type of pagano`},
		{odds.Question{Rules: ab.Name}, []string{"Panther"}, nil, "range: missing"},
		{odds.Question{Rules: ab.Name, Range: 12, HasRange: true, Artillery: true}, nil, nil, "artillery: not asked of a matrix"},
		{odds.Question{Rules: pagano.Name, Range: 12, HasRange: true}, nil, nil, "aspect: missing"},
		{odds.Question{Rules: ab.Name, Range: -1, HasRange: true}, nil, nil, "range: a distance of 0 inches or more"},
	} {
		_, err := odds.Compare(cat, c.q, c.firers, c.targets)
		says := strings.ReplaceAll(c.says, "“", `"`)
		says = strings.ReplaceAll(says, "”", `"`)
		if err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("%+v %v %v: %v; want an error saying %q", c.q, c.firers, c.targets, err, says)
		}
	}
	if _, err := odds.MeasureNamed(pagano.Name, "expected"); err == nil || !strings.Contains(err.Error(), "[wrecked hit effect]") {
		t.Errorf("Pagano's measure expected: %v; want the error to list wrecked, hit and effect", err)
	}
}
