package armourbattles

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/dice"
	"github.com/sandtable/sandtable/internal/engine"
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
