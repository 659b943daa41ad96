package server_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
)

// preplacedID is Battle 2 with the scenario placing the Germans' hidden
// StuGs and one of their Pumas itself (at:): the StuGs' placements are
// for the Germans' eyes only.
const preplacedID = "test/battle-2-preplaced"

var preplaced struct {
	once sync.Once
	sc   *scenario.Scenario
	err  error
}

// preplacedScenario builds preplacedID once, so that every game of it
// shares the one scenario (and its digest).
func preplacedScenario(cat *scenario.Catalog) (*scenario.Scenario, error) {
	preplaced.once.Do(func() {
		orig, err := cat.Scenario("armour-battles/battle-2")
		if err != nil {
			preplaced.err = err
			return
		}
		sc := *orig
		sc.ID = preplacedID
		de := *sc.Sides[0]
		de.Forces = append([]scenario.Company(nil), de.Forces...)
		for ci, at := range map[int][][2]float64{0: {{10.5, 40.5}, {14.5, 40.5}, {18.5, 40.5}}, 1: {{40, 46.8}}} {
			units := append([]scenario.UnitRef(nil), de.Forces[ci].Units...)
			for i := range at {
				units[i].At = &at[i]
			}
			de.Forces[ci].Units = units
		}
		sc.Sides = []*scenario.Side{&de, sc.Sides[1]}
		preplaced.sc = &sc
	})
	return preplaced.sc, preplaced.err
}

// TestPreplacedHiddenUnitsStayTheirSides: the events telling where the
// scenario placed its units come first in each viewer's events, and the
// placement of a hidden unit reaches only its own side: the US seat's
// and a spectator's events, log and stream tell of the Puma alone, and
// say nothing of the StuGs, before and after an action; the Germans see
// every one. The set-up's events are no action: nobody's n counts them.
func TestPreplacedHiddenUnitsStayTheirSides(t *testing.T) {
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": preplacedID, "side": "german", "opponent": "human", "seed": 7})
	ger, us, spec := c.SeatToken, c.JoinToken, c.SpectatorToken
	ws, _, err := dialWS(t, e, c.GameID, us, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()

	const puma = "de-rc-1 (SdKfz 234/2 Puma) is placed by the scenario at (40.0, 46.8) facing 270°"
	stugs := []string{
		"de-ag-1 (Sturmgeschütz III) is placed hidden by the scenario at (10.5, 40.5) facing 270°",
		"de-ag-2 (Sturmgeschütz III) is placed hidden by the scenario at (14.5, 40.5) facing 270°",
		"de-ag-3 (Sturmgeschütz III) is placed hidden by the scenario at (18.5, 40.5) facing 270°",
	}
	texts := func(evs []engine.Event) []string {
		var out []string
		for _, ev := range evs {
			out = append(out, ev.Text)
		}
		return out
	}
	events := func(who, token string) state {
		t.Helper()
		var st state
		e.do("GET", "/api/games/"+c.GameID+"/events?after=0", token, nil).decode(t, &st)
		checkNumbering(t, who+"'s events", st.Events, st.LastEvent)
		return st
	}
	// blind checks every answer the US seat or a spectator gets.
	blind := func(who, token string) state {
		t.Helper()
		st := events(who, token)
		if len(st.Events) == 0 || st.Events[0].Text != puma || st.Events[0].Kind != "preplaced" {
			t.Fatalf("%s's first event: %+v; want the Puma's placement", who, st.Events)
		}
		for _, path := range []string{"", "/events?after=0", "/log?format=events"} {
			r := e.do("GET", "/api/games/"+c.GameID+path, token, nil)
			if r.status != 200 {
				t.Fatalf("%s: GET %s: %d %s", who, path, r.status, r.body)
			}
			mustContainNone(t, who+"'s answer to GET "+path, r.body, "de-ag-", "StuG", "Sturmgeschütz")
		}
		return st
	}

	st := events("the Germans", ger)
	if got, want := texts(st.Events), append(append([]string(nil), stugs...), puma); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the Germans' events:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, ev := range st.Events[:3] {
		if ev.To != 0 {
			t.Errorf("%q is told to %d; want the Germans (0) only", ev.Text, ev.To)
		}
	}
	for _, who := range []struct{ name, token string }{{"the US seat", us}, {"a spectator", spec}} {
		st := blind(who.name, who.token)
		if len(st.Events) != 1 || st.N != 0 {
			t.Errorf("%s: events %q, n %d; want the Puma's placement alone, and no action", who.name, texts(st.Events), st.N)
		}
	}
	m, raw := readWS(t, ws)
	if len(m.Events) != 1 || m.Events[0].Text != puma || m.Events[0].Seq != 1 || m.N != 0 {
		t.Fatalf("the US seat's stream starts with %s; want the Puma's placement, numbered 1", raw)
	}
	mustContainNone(t, "the US seat's stream", raw, "de-ag-", "Sturmgeschütz")

	// The Germans act: their event follows, numbered on.
	gst := e.state(c.GameID, ger)
	if gst.N != 0 || gst.Pending.Side != 0 {
		t.Fatalf("the Germans: n %d, pending %+v; want no action yet, theirs to take", gst.N, gst.Pending)
	}
	var cands struct {
		Candidates []json.RawMessage `json:"candidates"`
	}
	e.do("GET", "/api/games/"+c.GameID+"/candidates", ger, nil).decode(t, &cands)
	if len(cands.Candidates) == 0 {
		t.Fatal("no candidates for the Germans")
	}
	if r := e.act(c.GameID, ger, gst, string(cands.Candidates[0])); r.status != 200 {
		t.Fatalf("the Germans' %s: %d %s", cands.Candidates[0], r.status, r.body)
	}
	if st := events("the Germans", ger); len(st.Events) < 5 || st.N != 1 {
		t.Errorf("the Germans after their action: events %q, n %d", texts(st.Events), st.N)
	}
	for _, who := range []struct{ name, token string }{{"the US seat", us}, {"a spectator", spec}} {
		blind(who.name, who.token)
	}
	streamed := collect(t, ws, e.state(c.GameID, us).N)
	mustContainNone(t, "the US seat's stream", []byte(strings.Join(texts(streamed), "\n")), "de-ag-", "Sturmgeschütz")
}
