package scenario

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
)

// Digest returns a short fingerprint of everything in sc that play
// depends on: the table, terrain, sides (edges, zones, forces, reserves,
// set-up rules, params), victory conditions, scenario params and the
// stats of every unit type it uses. Titles, briefings, names of places
// and where things are written in the files are left out, so a reworded
// briefing keeps the digest while a changed footprint, stat or zone
// changes it. A game log records it, so a replay on other files is
// caught before any die is rolled.
func Digest(sc *Scenario) string {
	type company struct {
		Name            string
		Hidden          bool
		EarliestTurn    int
		Placement       string
		Together        bool
		MayJoinReserves bool
		MinPlaced       int
		Units           [][3]any // id, at, facing (the type is in Units)
	}
	type side struct {
		ID               string
		Edge             string
		DeployOrder      int
		Params           any
		Zones            [][][2]float64
		Forces, Reserves []company
		FreeSetup        *FreeSetup
	}
	type terrain struct {
		Kind    string
		Level   int
		Polygon [][2]float64
		Line    [][2]float64
	}
	type unit struct {
		ID        string
		Footprint [2]float64
		Stats     any
		Special   []string
	}
	companies := func(cos []Company) []company {
		var out []company
		for _, co := range cos {
			c := company{co.Name, co.Hidden, co.EarliestTurn, co.Placement, co.Together, co.MayJoinReserves, co.MinPlaced, nil}
			for _, u := range co.Units {
				c.Units = append(c.Units, [3]any{u.ID, u.At, u.Facing})
			}
			out = append(out, c)
		}
		return out
	}
	v := struct {
		Rules   string
		Table   [2]float64
		Terrain []terrain
		Sides   []side
		Params  any
		Victory [3]any
		Units   []unit
	}{Rules: sc.Rules, Table: [2]float64{sc.Table.Width, sc.Table.Height}, Params: sc.Params,
		Victory: [3]any{sc.Victory.ArmyMoraleZero, sc.Victory.TurnLimit, sc.Victory.DrawAtTurnLimit}}
	for _, t := range sc.Terrain {
		v.Terrain = append(v.Terrain, terrain{t.Kind, t.Level, t.Polygon, t.Line})
	}
	for _, sd := range sc.Sides {
		s := side{ID: sd.ID, Edge: sd.Edge, DeployOrder: sd.DeployOrder, Params: sd.Params, Forces: companies(sd.Forces), Reserves: companies(sd.Reserves), FreeSetup: sd.FreeSetup}
		for _, z := range sd.Zones {
			s.Zones = append(s.Zones, z.Polygon)
		}
		v.Sides = append(v.Sides, s)
	}
	ids := make([]string, 0, len(sc.Units))
	for id := range sc.Units {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		ut := sc.Units[id]
		if ut == nil {
			continue
		}
		v.Units = append(v.Units, unit{id + "=" + ut.ID, [2]float64{ut.Footprint.Length, ut.Footprint.Width}, ut.Stats, ut.Special})
	}
	b, err := json.Marshal(v)
	if err != nil {
		// Stats and params are plain structs decoded from YAML; they
		// always marshal. Should one not, no digest beats a wrong one.
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}
