package armourbattles

import (
	"encoding/binary"
	"math"

	"github.com/sandtable/sandtable/internal/engine"
)

// AppendActionKey appends to dst a key for action a that search agents may
// use to tell actions apart, and reports whether it did: two actions get
// the same key exactly when their kinds and field values are the same, as
// their JSON forms are (the agents' slower key). It declines (false) for
// action types it does not know and for the rare actions it leaves to the
// slower key: a facing given by pointer, a NaN.
func (*State) AppendActionKey(dst []byte, a engine.Action) ([]byte, bool) {
	k := keyBuf{dst, true}
	k.str(a.Kind())
	switch a := a.(type) {
	case Pass, Restock, EndActivation, OppPass, EndLogistics, Begin, AddStaffOrder:
	case Activate:
		k.str(a.Order)
		k.str(a.Leader)
		k.int(len(a.Members))
		for _, m := range a.Members {
			k.str(m)
		}
		k.int(a.Dice)
		k.bool(a.HaltCover)
		k.str(a.BoostUnit)
		k.bool(a.Wild)
		k.bool(a.Staff)
		k.float(a.Entry)
	case Move:
		k.int(len(a.Units))
		for _, u := range a.Units {
			if u.Facing != nil {
				return dst, false // left to the slower key
			}
			k.str(u.Unit)
			k.int(len(u.To))
			for _, p := range u.To {
				k.float(p[0])
				k.float(p[1])
			}
		}
		k.str(a.Max)
	case Fire:
		k.str(a.Unit)
		k.str(a.Target)
		k.bool(a.Wild)
		k.bool(a.Staff)
		k.bool(a.Scoot)
	case OppFire:
		k.str(a.Unit)
		k.float(a.At)
		k.bool(a.Staff)
		k.bool(a.Scoot)
	case ChooseChain:
		k.int(a.Face)
		k.int(a.Wild)
		k.int(a.Staff)
	case RemoveSuppression:
		k.str(a.Unit)
	case Unsuppress:
		k.str(a.Unit)
		k.bool(a.Staff)
	case Boost:
		k.bool(a.Wild)
		k.bool(a.Staff)
	case BreakOffChoice:
		k.bool(a.Yes)
	case Repair:
		k.str(a.Unit)
	case Deploy:
		k.str(a.Unit)
		k.float(a.X)
		k.float(a.Y)
		k.float(a.Facing)
	case CallMission:
		k.str(a.Battery)
		k.str(a.Observer)
		k.float(a.X)
		k.float(a.Y)
		k.bool(a.Smoke)
		k.float(a.Orient)
	case MaintainMission:
		k.str(a.Battery)
	case CancelMission:
		k.str(a.Battery)
	default:
		return dst, false
	}
	return k.b, k.ok
}

// keyBuf builds an action key: strings after their length, so that any
// string, spaces and brackets included, reads back one way; numbers in
// full.
type keyBuf struct {
	b  []byte
	ok bool
}

func (k *keyBuf) str(s string) {
	k.int(len(s))
	k.b = append(k.b, s...)
}

func (k *keyBuf) int(n int) { k.b = binary.AppendVarint(k.b, int64(n)) }

func (k *keyBuf) bool(v bool) {
	if v {
		k.b = append(k.b, 1)
	} else {
		k.b = append(k.b, 0)
	}
}

func (k *keyBuf) float(f float64) {
	if math.IsNaN(f) {
		k.ok = false // NaN equals nothing, not even itself
	}
	k.b = binary.LittleEndian.AppendUint64(k.b, math.Float64bits(f))
}
