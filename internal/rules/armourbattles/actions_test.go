package armourbattles

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
)

// TestDecodeActionShape checks that an action's JSON must say what it
// means: a coordinate or facing left out, or a point without exactly two
// numbers, is an error naming the field, not a silent 0.
func TestDecodeActionShape(t *testing.T) {
	var r Rules
	for _, tc := range []struct{ raw, want string }{
		{`{"kind":"deploy","unit":"de-1","x":10,"y":5}`, `field "facing" is missing`},
		{`{"kind":"deploy","unit":"de-1","facing":90}`, `field "x" is missing`},
		{`{"kind":"move","units":[{"unit":"de-1","to":[[2]]}]}`, `field "units[0].to[0]" wants 2 values, got 1`},
		{`{"kind":"move","units":[{"unit":"de-1","to":[[1,2],[3,4,5]]}]}`, `field "units[0].to[1]" wants 2 values, got 3`},
		{`{"kind":"call-mission","battery":"b","observer":"o","x":1}`, `field "y" is missing`},
		{`{"kind":"activate","order":"move","leader":"de-1"}`, `field "dice" is missing`},
		// null, as JavaScript sends NaN, is no number either.
		{`{"kind":"deploy","unit":"de-1","x":10,"y":5,"facing":null}`, `field "facing" is missing`},
		{`{"kind":"move","units":[{"unit":"de-1","to":[null]}]}`, `field "units[0].to[0]" wants a value, got null`},
		{`{"kind":"move","units":[{"unit":"de-1","to":[[1,null]]}]}`, `field "units[0].to[0][1]" wants a value, got null`},
		// Keys are the fields' names exactly, though encoding/json would
		// match them ignoring case.
		{`{"kind":"deploy","unit":"de-1","x":10,"y":5,"Facing":90}`, `field "Facing" is not a field: field names are case-sensitive; did you mean "facing"?`},
		{`{"kind":"move","units":[{"Unit":"de-1","to":[[1,2]]}]}`, `field "units[0].Unit" is not a field: field names are case-sensitive; did you mean "units[0].unit"?`},
	} {
		_, err := r.DecodeAction([]byte(tc.raw))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeAction(%s) error %v, want %q", tc.raw, err, tc.want)
		}
	}
	// What the encoder writes, and what the browser sends, still decodes:
	// fields with omitempty may be left out.
	for _, raw := range []string{
		`{"kind":"deploy","unit":"de-1","x":10,"y":5,"facing":90}`,
		`{"kind":"move","units":[{"unit":"de-1","to":[[1,2],[3,4]]},{"unit":"de-2"}]}`,
		`{"kind":"move","units":[{"unit":"de-1","to":[[1,2]],"facing":null}]}`,
		`{"kind":"opportunity-fire","unit":"de-1"}`,
		`{"kind":"choose-chain","face":3}`,
		`{"kind":"activate","order":"move","leader":"de-1","dice":1}`,
		`{"kind":"pass"}`,
	} {
		if _, err := r.DecodeAction([]byte(raw)); err != nil {
			t.Errorf("DecodeAction(%s): %v", raw, err)
		}
	}
	// Whatever the encoder writes decodes again, zero values included.
	for _, a := range []engine.Action{Deploy{Unit: "de-1"}, Move{Units: []UnitMove{{Unit: "de-1", To: [][2]float64{{0, 0}}}}}, ChooseChain{}, Activate{}, ConvertWild{}, CallMission{}, AdjustMission{}, OppFire{}, Fire{}} {
		raw, err := engine.EncodeAction(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.DecodeAction(raw); err != nil {
			t.Errorf("DecodeAction(%s), as encoded: %v", raw, err)
		}
	}
}
