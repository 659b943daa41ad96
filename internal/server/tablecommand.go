package server

import (
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/internal/dice"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
)

// maxCommandDice bounds a side's command dice in GET /api/command; the
// rulebook's battles give five or six.
const maxCommandDice = 20

// tablesideCommand answers GET /api/command.
type tablesideCommand struct {
	Seed     uint64 `json:"seed"`
	Scenario string `json:"scenario,omitempty"`
	// Sides names the sides and their command dice; from a scenario, the
	// staff orders and army morale each starts with too.
	ab.CommandSides
	StaffOrders *[2]int        `json:"staff_orders,omitempty"`
	ArmyMorale  *[2]int        `json:"army_morale,omitempty"`
	Roll        ab.CommandRoll `json:"roll"`
}

// getTablesideCommand rolls the start of an Armour Battles turn for a
// game on a real table: both sides' command dice, command failure, the 1s
// discarded or lent, the wild dice and the first pulse, as a game's turn
// starts (ab.RollCommand). The sides come from scenario=ID (its command
// dice, side names and first pulse) or from dice=N,M with sides=A,B and
// first=roll|A|B; seed= repeats a roll.
func (s *Server) getTablesideCommand(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	vals, e := tablesideQuery(r)
	if e != nil {
		return nil, e
	}
	bad := func(format string, a ...any) (any, *apiError) {
		return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf(format, a...))
	}
	known := map[string]bool{"scenario": true, "dice": true, "sides": true, "first": true, "seed": true}
	names := make([]string, 0, len(vals))
	for name := range vals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		switch {
		case !known[name]:
			return bad("%s: no such parameter; GET /api/command takes scenario, or dice, sides and first, and seed", name)
		case len(vals[name]) > 1:
			return bad("%s: given %d times; give it once", name, len(vals[name]))
		}
	}
	out := tablesideCommand{CommandSides: ab.CommandSides{Names: [2]string{"Side 1", "Side 2"}, First: -1}, Seed: randUint64() >> 11}
	if id := vals.Get("scenario"); vals.Has("scenario") {
		for _, p := range []string{"dice", "sides", "first"} {
			if vals.Has(p) {
				return bad("%s: the scenario gives it; ask with scenario or with dice, not both", p)
			}
		}
		sc, err := s.cfg.Catalog.Scenario(id)
		if err != nil {
			return bad("scenario: no scenario %q on this server", id)
		}
		if sc.Rules != ab.Name {
			return bad("scenario: %q is a %s scenario; command dice are Armour Battles'", id, sc.Rules)
		}
		out.CommandSides, err = ab.CommandSetup(sc)
		if err != nil {
			return bad("scenario: %v", err)
		}
		out.Scenario, out.StaffOrders, out.ArmyMorale = id, &out.CommandSides.StaffOrders, &out.CommandSides.ArmyMorale
	} else {
		if !vals.Has("dice") {
			return bad("dice: missing: each side's command dice, dice=N,M (or scenario=ID to take them from a scenario)")
		}
		ds := strings.Split(vals.Get("dice"), ",")
		if len(ds) != 2 {
			return bad("dice: %q: want two counts, dice=N,M", vals.Get("dice"))
		}
		for i, d := range ds {
			n, err := strconv.Atoi(strings.TrimSpace(d))
			if err != nil || n < 1 || n > maxCommandDice {
				return bad("dice: %q: want whole numbers from 1 to %d", vals.Get("dice"), maxCommandDice)
			}
			out.Dice[i] = n
		}
		if vals.Has("sides") {
			ns := strings.Split(vals.Get("sides"), ",")
			if len(ns) != 2 || strings.TrimSpace(ns[0]) == "" || strings.TrimSpace(ns[1]) == "" || strings.TrimSpace(ns[0]) == strings.TrimSpace(ns[1]) {
				return bad("sides: %q: want two different names, sides=A,B (a name cannot hold a comma)", vals.Get("sides"))
			}
			for _, n := range ns {
				if strings.EqualFold(strings.TrimSpace(n), "roll") {
					return bad("sides: %q: a side cannot be called roll, which first=roll reads as rolling for the first pulse", vals.Get("sides"))
				}
			}
			out.Names = [2]string{strings.TrimSpace(ns[0]), strings.TrimSpace(ns[1])}
		}
		switch f := vals.Get("first"); {
		case !vals.Has("first") || f == "roll":
		case f == out.Names[0]:
			out.First = 0
		case f == out.Names[1]:
			out.First = 1
		default:
			return bad("first: %q: want roll, %s or %s", f, out.Names[0], out.Names[1])
		}
	}
	if vals.Has("seed") {
		n, err := strconv.ParseUint(vals.Get("seed"), 10, 64)
		if err != nil || n > maxTableSeed {
			return bad("seed: want a whole number from 0 to %d, got %q", maxTableSeed, vals.Get("seed"))
		}
		out.Seed = n
	}
	out.Roll = ab.RollCommand(out.Dice, out.Names, out.First, dice.NewPCG(out.Seed))
	return out, nil
}
