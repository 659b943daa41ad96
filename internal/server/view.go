package server

import (
	"encoding/json"
	"reflect"
	"slices"

	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
)

// viewFor returns what the requester may see of the state. A seat gets
// its side's View. A spectator gets the intersection of every side's
// view: what all sides see alike, and so no side's secret. The engine has
// no spectator view yet; when State.View(engine.Everyone) exists, use it.
func viewFor(st engine.State, nSides int, a access) any {
	if a.role == roleSeat {
		return st.View(a.side)
	}
	var common any
	for side := range nSides {
		v, err := toJSONValue(st.View(side))
		if err != nil {
			return nil
		}
		if side == 0 {
			common = v
			continue
		}
		common, _ = intersect(common, v)
	}
	return common
}

func toJSONValue(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	err = json.Unmarshal(b, &out)
	return out, err
}

// intersect returns the part of JSON values a and b that they share, and
// whether anything is shared: objects keep the keys whose values
// intersect, arrays keep the elements of a equal to an unused element of
// b, scalars must be equal. So a field or list entry that differs between
// sides (a side name, a secret, a unit only one side can see) is left out.
func intersect(a, b any) (any, bool) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return nil, false
		}
		out := map[string]any{}
		for k, x := range av {
			y, ok := bv[k]
			if !ok {
				continue
			}
			if v, ok := intersect(x, y); ok {
				out[k] = v
			}
		}
		return out, true
	case []any:
		bv, ok := b.([]any)
		if !ok {
			return nil, false
		}
		used := make([]bool, len(bv))
		out := []any{}
		for _, x := range av {
			for j, y := range bv {
				if !used[j] && reflect.DeepEqual(x, y) {
					used[j] = true
					out = append(out, x)
					break
				}
			}
		}
		return out, true
	default:
		return a, reflect.DeepEqual(a, b)
	}
}

// unitsVisible reports whether every requester's view holds the units
// ids: odds are answered only about units the requester can see.
func unitsVisible(st engine.State, nSides int, a access, ids ...string) bool {
	sides := []int{a.side}
	if a.role != roleSeat {
		sides = sides[:0]
		for i := range nSides {
			sides = append(sides, i)
		}
	}
	for _, side := range sides {
		// The ids of the units on the table in side's view.
		var on []string
		switch v := st.View(side).(type) {
		case ab.View:
			for _, u := range v.Units {
				if u.Placed && !u.Dispersed {
					on = append(on, u.ID)
				}
			}
		case pagano.View:
			for _, u := range v.Units {
				if u.Placed && !u.Out && !u.Exited {
					on = append(on, u.ID)
				}
			}
		default:
			return false
		}
		for _, id := range ids {
			if !slices.Contains(on, id) {
				return false
			}
		}
	}
	return true
}
