package server_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/internal/server"
)

// usTranscript plays Battle 2 between two human seats with the German
// hidden StuGs at the given spots, both sides passing, and returns every
// answer the US seat receives (views and events).
func usTranscript(t *testing.T, stugs [][2]float64) []string {
	t.Helper()
	e := newEnv(t, server.Config{})
	c := e.create(map[string]any{"scenario": "armour-battles/battle-2", "side": "german", "opponent": "human", "seed": 7})
	ger, us := c.SeatToken, c.JoinToken
	var out []string
	record := func() {
		r := e.do("GET", "/api/games/"+c.GameID, us, nil)
		var s map[string]json.RawMessage
		r.decode(t, &s)
		out = append(out, string(s["view"]), string(s["pending"]), string(s["events"]))
		ev := e.do("GET", "/api/games/"+c.GameID+"/events?after=0", us, nil)
		out = append(out, string(ev.body))
	}
	puma := [][2]float64{{10, 46}, {14, 46}}
	for step := 0; step < 120; step++ {
		gs := e.state(c.GameID, ger)
		if gs.Result.Over {
			break
		}
		token := ger
		if gs.Pending.Side == 1 {
			token = us
		}
		st := e.state(c.GameID, token)
		var view struct {
			Units []struct {
				ID     string `json:"id"`
				Placed bool   `json:"placed"`
				Hidden bool   `json:"hidden"`
				Side   string `json:"side"`
			} `json:"units"`
			Sides []struct {
				Dice [7]int `json:"dice"`
				Wild int    `json:"wild"`
			} `json:"sides"`
		}
		json.Unmarshal(st.View, &view)
		var action string
		switch st.Pending.Kind {
		case "deploy":
			for _, u := range view.Units {
				if u.Placed || (gs.Pending.Side == 0) != (u.Side == "german") {
					continue
				}
				var p [2]float64
				switch {
				case u.Hidden:
					p, stugs = stugs[0], stugs[1:]
				case u.Side == "german":
					p, puma = puma[0], puma[1:]
				default:
					p = [2]float64{float64(8 + 6*step%60), 3}
				}
				facing := -90
				if u.Side == "us" {
					facing = 90
				}
				action = fmt.Sprintf(`{"kind":"deploy","unit":%q,"x":%g,"y":%g,"facing":%d}`, u.ID, p[0], p[1], facing)
				break
			}
		case "choose-chain":
			d := view.Sides[gs.Pending.Side]
			for f := 2; f <= 5; f++ {
				if d.Dice[f] > 0 {
					action = fmt.Sprintf(`{"kind":"choose-chain","face":%d}`, f)
					break
				}
			}
			if action == "" {
				action = fmt.Sprintf(`{"kind":"choose-chain","face":6,"wild":%d}`, d.Wild)
			}
		case "order":
			action = `{"kind":"pass"}`
		case "logistics":
			action = `{"kind":"end-logistics"}`
		case "opportunity-fire":
			action = `{"kind":"opportunity-pass"}`
		case "reaction-boost":
			action = `{"kind":"boost"}`
		case "break-off":
			action = `{"kind":"break-off"}`
		default:
			t.Fatalf("unexpected decision %s", st.Pending.Kind)
		}
		if r := e.act(c.GameID, token, st, action); r.status != 200 {
			t.Fatalf("step %d %s: %d %s", step, action, r.status, r.body)
		}
		if gs.Pending.Side == 1 || st.Pending.Kind != "deploy" {
			record()
		}
	}
	return out
}

// TestHiddenPositionsNeverReachTheOtherSide: two games differing only in
// where the hidden StuGs stand give byte-identical answers to the US seat.
func TestHiddenPositionsNeverReachTheOtherSide(t *testing.T) {
	a := usTranscript(t, [][2]float64{{30, 44}, {34, 44}, {38, 44}})
	b := usTranscript(t, [][2]float64{{55, 34}, {60, 34}, {65, 34}})
	if len(a) != len(b) || len(a) < 20 {
		t.Fatalf("transcripts of %d and %d answers", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("answer %d to the US seat differs with the StuGs elsewhere:\n%s\n%s", i, a[i], b[i])
		}
	}
}
