package armourbattles

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// setupFixture is a real scenario at the start of its deploy phase.
func setupFixture(t *testing.T, id string) *fixture {
	t.Helper()
	st, err := Rules{}.New(battle(t, id))
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{t: t, s: st.(*State)}
}

// German units face south (270°) toward the Americans.
const south, north = 270.0, 90.0

func TestBattle2StuGsSetUpBehindHedgesOrAtWoodEdgesAsACompany(t *testing.T) {
	f := setupFixture(t, "armour-battles/battle-2")
	f.pending(phaseDeploy)
	// The middle of the Pré de Lezey field is 4" or more from any hedge.
	f.reject(Deploy{Unit: "de-ag-1", X: 12, Y: 36, Facing: south}, "behind a hedge or at the edge of a wood")
	// A facing must be a direction within one turn either way.
	f.reject(Deploy{Unit: "de-ag-1", X: 16, Y: 32.55, Facing: 1e300}, "facing 1e+300 is not a direction in degrees between -360 and 360")
	f.reject(Deploy{Unit: "de-ag-1", X: 16, Y: 32.55, Facing: -361}, "facing -361 is not a direction")
	f.reject(Deploy{Unit: "de-ag-1", X: 1e300, Y: 32.55, Facing: south}, "at (1e+300, 32.55) is off the 72×48\" table")
	// Just behind the field's southern hedge (y = 31): 0.3" from it.
	f.do(Deploy{Unit: "de-ag-1", X: 16, Y: 32.55, Facing: south})
	if u := f.unit("de-ag-1"); !u.Placed || !u.Hidden {
		t.Fatalf("de-ag-1 placed %v hidden %v, want both", u.Placed, u.Hidden)
	}
	// Behind the Champ du Moulin hedge, but 24" from the first StuG: the
	// company sets up together.
	f.reject(Deploy{Unit: "de-ag-2", X: 40, Y: 33.55, Facing: south}, "the nearest, de-ag-1, is 23.2\" away")
	f.do(Deploy{Unit: "de-ag-2", X: 18.5, Y: 32.55, Facing: south})
	// At the edge of the Bois du Moulin (its corner at (31, 36)) but too
	// far from the company; then inside the wood's edge, near the others.
	f.reject(Deploy{Unit: "de-ag-3", X: 31.5, Y: 37, Facing: south}, "within 6\"")
	f.do(Deploy{Unit: "de-ag-3", X: 13.5, Y: 32.55, Facing: south})
	// The hidden placements went to the Germans only.
	for _, e := range f.evs {
		if e.Kind == "deploy" && e.To != german {
			t.Errorf("hidden deploy event %q is shown to %d", e.Text, e.To)
		}
	}
}

func TestBattle2PumasOnTheTableEdgeOrWithAPanzerCompany(t *testing.T) {
	f := setupFixture(t, "armour-battles/battle-2")
	for i, x := range []float64{16, 18.5, 13.5} {
		f.do(Deploy{Unit: []string{"de-ag-1", "de-ag-2", "de-ag-3"}[i], X: x, Y: 32.55, Facing: south})
	}
	sv := f.s.View(german).(View).Setup
	if sv == nil || !strings.Contains(sv.Placement["de-rc-1"], "table edge") || len(sv.Regroup["de-rc-2"]) != 2 {
		t.Fatalf("German set-up view = %+v, want de-rc-1 on the table edge and de-rc-2 free to join either panzer company", sv)
	}
	if f.s.View(us).(View).Setup != nil {
		t.Fatal("the US view shows the Germans' set-up choices")
	}
	f.reject(Deploy{Unit: "de-rc-1", X: 40, Y: 44, Facing: south}, "table edge")
	f.do(Deploy{Unit: "de-rc-1", X: 40, Y: 46.8, Facing: south})
	f.reject(Regroup{Unit: "de-rc-1", Company: "Panzer Company (Panther)"}, "already on the table")
	f.reject(Regroup{Unit: "de-rc-2", Company: "Assault Gun Company"}, "only join a reserve company")
	f.reject(Regroup{Unit: "de-rc-2", Company: "Panzer Company (Tiger)"}, "no company")
	f.do(Regroup{Unit: "de-rc-2", Company: "Panzer Company (Panther)"})
	u := f.unit("de-rc-2")
	if u.Company != "Panzer Company (Panther)" || !u.Reserve || u.Arrive != 2 || u.Placed {
		t.Fatalf("de-rc-2 after joining: %+v", *u)
	}
	// Every German unit is now placed or in reserve: the Americans set up.
	if d := f.s.Pending(); d.Kind != phaseDeploy || d.Side != us {
		t.Fatalf("pending %+v, want the US to deploy", d)
	}
	// The joining is the Germans' secret.
	for _, e := range f.evs {
		if e.Kind == "regroup" && e.To != german {
			t.Errorf("regroup event %q is shown to %d", e.Text, e.To)
		}
	}
	// The M5s set up on the US table edge (y = 0): 4" in is refused.
	f.reject(Deploy{Unit: "us-d1", X: 20, Y: 5, Facing: north}, "table edge")
	f.do(Deploy{Unit: "us-d1", X: 20, Y: 1.2, Facing: north})
	// The Puma enters with its company: committing the Panthers without
	// it is refused (checked through the reserve rules' own message).
	if got := f.s.companyUnits(german, "Panzer Company (Panther)"); len(got) != 3 {
		t.Fatalf("Panther company has %d units, want 2 Panthers and the Puma", len(got))
	}
}

func TestBattle3PumasOnePerPanzerCompanyAndAtLeastOneOnTheTable(t *testing.T) {
	f := setupFixture(t, "armour-battles/battle-3")
	f.do(Regroup{Unit: "de-rc-1", Company: "Panzer Company (Panther)"})
	f.reject(Regroup{Unit: "de-rc-2", Company: "Panzer Company (Panther)"}, "one per company")
	f.do(Regroup{Unit: "de-rc-2", Company: "Heavy Tank Platoon"})
	f.reject(Regroup{Unit: "de-rc-3", Company: "Panzer Company (Panzer IV)"}, "at least 1 of Recon Company must set up")
	f.reject(Regroup{Unit: "de-rc-1", Company: "Panzer Company (Panzer IV)"}, "already changed company once")
	if u := f.unit("de-rc-2"); u.Arrive != 3 || !u.Reserve {
		t.Fatalf("the Puma with the Tiger arrives from turn %d (reserve %v), want turn 3", u.Arrive, u.Reserve)
	}
	// The last Puma must still set up on the table edge.
	for _, a := range f.s.Candidates(nil) {
		if d, ok := a.(Deploy); ok && d.Unit == "de-rc-3" {
			t.Fatalf("de-rc-3 offered before the StuGs: %+v", d)
		}
	}
}

func TestWhatNextStationsCompaniesAndRegroups(t *testing.T) {
	f := setupFixture(t, "armour-battles/what-next")
	b2 := setupFixture(t, "armour-battles/battle-2")
	b2.reject(Station{Company: "Recon Company", As: StationHidden}, "only a free set-up")
	b2.reject(Regroup{Unit: "de-ag-1", Company: "Recon Company"}, "must set up with Assault Gun Company")

	f.reject(Station{Company: "Recon Company", As: "ambush"}, "not one of")
	f.do(Station{Company: "Recon Company", As: StationHidden}) // the StuGs are the first hidden group
	f.reject(Station{Company: "Panzer Company (Panther)", As: StationHidden}, "at most 2")
	f.reject(Station{Company: "Recon Company", As: StationTable}, "already been given its start")
	f.do(Station{Company: "Panzer Company (Panther)", As: StationTable})
	if u := f.unit("de-pz1-1"); u.Reserve || u.Placed {
		t.Fatalf("Panther after station table: %+v", *u)
	}
	f.do(Station{Company: "Assault Gun Company", As: StationReserve})
	if u := f.unit("de-ag-1"); !u.Reserve || u.Hidden || u.Arrive != 1 {
		t.Fatalf("StuG after station reserve: %+v", *u)
	}
	// A regroup takes the new company's start: the Tiger joins the
	// Panthers on the table; a fifth unit is too many for one group.
	f.do(Regroup{Unit: "de-hv-1", Company: "Panzer Company (Panther)"})
	if u := f.unit("de-hv-1"); u.Reserve || u.Company != "Panzer Company (Panther)" {
		t.Fatalf("Tiger after regroup: %+v", *u)
	}
	f.reject(Regroup{Unit: "de-pz2-1", Company: "Panzer Company (Panther)"}, "at most 4")
	// The hidden Pumas set up as one group and never show to the US.
	f.do(Deploy{Unit: "de-rc-1", X: 10, Y: 40, Facing: south})
	f.reject(Deploy{Unit: "de-rc-2", X: 30, Y: 40, Facing: south}, "within 6\"")
	f.do(Deploy{Unit: "de-rc-2", X: 13, Y: 40, Facing: south})
	raw, err := json.Marshal(f.s.View(us))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"de-rc-1", "de-rc-2", "Recon Company"} {
		if strings.Contains(string(raw), id) {
			t.Errorf("the US view mentions %q", id)
		}
	}
	for _, e := range f.evs {
		if (e.Kind == "station" || e.Kind == "regroup") && e.To != german {
			t.Errorf("set-up event %q is shown to %d", e.Text, e.To)
		}
	}
}

// TestSetUpCandidatesAreLegal checks that every deploy phase offers a legal
// placement for the next unit whatever the placement rules, and that the
// offered set-up choices are all legal.
func TestSetUpCandidatesAreLegal(t *testing.T) {
	for _, id := range allBattles {
		f := setupFixture(t, id)
		src := dice.NewPCG(1)
		for steps := 0; f.s.Phase == phaseDeploy; steps++ {
			cands := f.s.Candidates(nil)
			var deploy engine.Action
			for _, a := range cands {
				if err := f.s.Validate(a); err != nil {
					t.Fatalf("%s: candidate %+v is illegal: %v", id, a, err)
				}
				if _, ok := a.(Deploy); ok && deploy == nil {
					deploy = a
				}
			}
			if deploy == nil {
				t.Fatalf("%s: no placement offered for side %d (candidates %v)", id, f.s.Active, cands)
			}
			f.s.Apply(deploy, src, engine.Discard)
		}
	}
}

// battle1With is Battle 1 with the US side's zone, its Tank Company A's
// placement and the terrain changed (a copy: the catalog's is shared).
func battle1With(t *testing.T, zone [][2]float64, placement string, terrain ...scenario.TerrainSpec) *scenario.Scenario {
	t.Helper()
	sc := *battle(t, "armour-battles/battle-1")
	us := *sc.Sides[1]
	us.Zones = []scenario.Zone{{Name: "US deployment zone", Polygon: zone}}
	us.Forces = append([]scenario.Company(nil), us.Forces...)
	us.Forces[0].Placement = placement
	sc.Sides = []*scenario.Side{sc.Sides[0], &us}
	sc.Terrain = append(append([]scenario.TerrainSpec(nil), sc.Terrain...), terrain...)
	return &sc
}

// placedAt has the scenario place the US side's first unit at (x, y).
func placedAt(sc *scenario.Scenario, x, y float64) *scenario.Scenario {
	us := *sc.Sides[1]
	us.Forces = append([]scenario.Company(nil), us.Forces...)
	units := append([]scenario.UnitRef(nil), us.Forces[0].Units...)
	units[0].At = &[2]float64{x, y}
	us.Forces[0].Units = units
	sc.Sides = []*scenario.Side{sc.Sides[0], &us}
	return sc
}

// TestPlacementNoZoneCanMeet: a company that must set up on its table
// edge, or behind cover, in zones that come nowhere near the edge or any
// hedge or wood is reported by the scenario check, not left for play to
// fail on.
func TestPlacementNoZoneCanMeet(t *testing.T) {
	strip := [][2]float64{{0, 0}, {72, 0}, {72, 6}, {0, 6}}
	away := [][2]float64{{0, 10}, {72, 10}, {72, 16}, {0, 16}}
	hedge := scenario.TerrainSpec{Kind: "hedge", Name: "h", Line: [][2]float64{{20, 6.5}, {40, 6.5}}}
	for _, tc := range []struct {
		name string
		sc   *scenario.Scenario
		want string // "" for no problem
	}{
		{"edge, zone on the edge", battle1With(t, strip, scenario.PlaceEdge), ""},
		{"edge, zone 10\" off", battle1With(t, away, scenario.PlaceEdge), `side "us": company "Tank Company A" must set up on the south table edge (within 1"), but the side's deployment zones come no nearer to it than 10"`},
		{"cover, wood 2\" off", battle1With(t, strip, scenario.PlaceCover), `side "us": company "Tank Company A" must set up behind a hedge or at a wood's edge (within 1"), but the nearest hedge or wood edge is 2" from the side's deployment zones`},
		{"cover, hedge 0.5\" off", battle1With(t, strip, scenario.PlaceCover, hedge), ""},
		{"cover, hedge across the zone", battle1With(t, away, scenario.PlaceCover, scenario.TerrainSpec{Kind: "hedge", Name: "h", Line: [][2]float64{{20, 2}, {30, 20}}}), ""},
		{"edge, placed 4\" off it", placedAt(battle1With(t, strip, scenario.PlaceEdge), 36, 4), `unit "us-a1" at [36, 4]: company "Tank Company A" sets up on the south table edge (within 1"), but it stands 2.75" from it`},
		{"edge, placed on it", placedAt(battle1With(t, strip, scenario.PlaceEdge), 36, 1.3), ""},
	} {
		var got []string
		for _, p := range checkScenario(tc.sc) {
			got = append(got, p.Msg)
		}
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: problems %q, want none", tc.name, got)
		case tc.want != "" && (len(got) != 1 || got[0] != tc.want):
			t.Errorf("%s: problems %q, want [%q]", tc.name, got, tc.want)
		}
	}
}

// TestStuckSaysWhy: when a set-up runs out of choices that the scenario
// check could not foresee, the rules say which unit and why: no room at
// all, or no free spot meeting its company's placement.
func TestStuckSaysWhy(t *testing.T) {
	thin := [][2]float64{{0, 0}, {72, 0}, {72, 0.5}, {0, 0.5}}
	// A narrow tip reaching within 0.5" of a hedge: no footprint fits
	// near the tip.
	tip := [][2]float64{{30, 0}, {42, 0}, {36, 12}}
	hedge := scenario.TerrainSpec{Kind: "hedge", Name: "h", Line: [][2]float64{{30, 12.5}, {42, 12.5}}}
	for _, tc := range []struct {
		name string
		sc   *scenario.Scenario
		want []string
	}{
		{"no room", battle1With(t, thin, ""), []string{"there is no room left in United States's deployment zones for us-a1", "make the zones larger"}},
		{"no spot by cover", battle1With(t, tip, scenario.PlaceCover, hedge), []string{"no free spot in United States's deployment zones meets us-a1's set-up rule", "must set up behind a hedge or at the edge of a wood"}},
	} {
		st, err := Rules{}.New(tc.sc)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for s.Pending().Side == german {
			s.Apply(s.Candidates(nil)[0], dice.NewPCG(1), engine.Discard)
		}
		if n := len(s.Candidates(nil)); n > 0 {
			t.Fatalf("%s: %d deploy candidates for %s, want none", tc.name, n, s.Pending().Kind)
		}
		got := s.Stuck()
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: Stuck() = %q, want it to say %q", tc.name, got, w)
			}
		}
	}
	if got := setupFixture(t, "armour-battles/battle-1").s.Stuck(); got != "" {
		t.Errorf("Battle 1 at set-up: Stuck() = %q, want \"\"", got)
	}
	// A zone a footprint only just fits across: the search finds the
	// spots a whole-inch grid misses.
	st, err := Rules{}.New(battle1With(t, [][2]float64{{0.3, 0}, {2.1, 0}, {2.1, 30}, {0.3, 30}}, ""))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for s.Pending().Side == german {
		s.Apply(s.Candidates(nil)[0], dice.NewPCG(1), engine.Discard)
	}
	if c := s.Candidates(nil); len(c) == 0 || s.Stuck() != "" {
		t.Errorf("a zone 1.8\" wide: %d deploy candidates, Stuck() = %q; want some and \"\"", len(c), s.Stuck())
	}
}

// coverSegments must give coverLine's segments, in its order, for every
// hedge and wood of every battle's table, and none for other features.
func TestCoverSegmentsAreCoverLines(t *testing.T) {
	checked := 0
	for _, id := range []string{"armour-battles/battle-1", "armour-battles/battle-2", "armour-battles/battle-3", "armour-battles/what-next"} {
		st, err := Rules{}.New(battle(t, id))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range st.(*State).b.table.Features() {
			line := coverLine(f)
			pts, n := coverSegments(f)
			if want := max(len(line)-1, 0); n != want {
				t.Fatalf("%s: %s feature: %d segments, coverLine has %d", id, f.Kind, n, want)
			}
			for i := range n {
				a, b := pts[i], pts[(i+1)%len(pts)]
				if a != line[i] || b != line[i+1] {
					t.Fatalf("%s: %s feature: segment %d runs %v-%v, coverLine's %v-%v", id, f.Kind, i, a, b, line[i], line[i+1])
				}
				checked++
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d segments checked: the tables have too few hedges and woods for this test", checked)
	}
}
