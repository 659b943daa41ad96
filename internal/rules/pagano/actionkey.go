package pagano

import "github.com/sandtable/sandtable/internal/engine"

// AppendActionKey appends to dst a key for action a that search agents may
// use to tell actions apart, and reports whether it did: two actions get
// the same key exactly when their kinds and field values are the same, as
// their JSON forms are (the agents' slower key), a pointer field by the
// value it points to and a nil list apart from an empty one. It declines
// (false) for action types it does not know and for a NaN.
func (*State) AppendActionKey(dst []byte, a engine.Action) ([]byte, bool) {
	k := engine.ActionKey{B: dst, OK: true}
	k.Str(a.Kind())
	switch a := a.(type) {
	case Begin, HoldFire, EndMovement, AmbushPass:
	case Move:
		k.Str(a.Unit)
		k.Bool(a.To == nil)
		k.Int(len(a.To))
		for _, p := range a.To {
			k.Float(p[0])
			k.Float(p[1])
		}
		k.Bool(a.Stop)
		k.OptFloat(a.Facing)
		k.OptFloat(a.Turret)
	case Fire:
		k.Bool(a.Shots == nil)
		k.Int(len(a.Shots))
		for _, sh := range a.Shots {
			k.Str(sh.Unit)
			k.Str(sh.Target)
		}
	case Ambush:
		k.Str(a.Unit)
		k.Float(a.At)
	case Pivot:
		k.Str(a.Unit)
		k.OptFloat(a.Facing)
		k.OptFloat(a.Turret)
	case Hold:
		k.Str(a.Unit)
		k.OptFloat(a.Facing)
		k.OptFloat(a.Turret)
	case Deploy:
		k.Str(a.Unit)
		k.Float(a.X)
		k.Float(a.Y)
		k.Float(a.Facing)
		k.OptFloat(a.Turret)
	default:
		return dst, false
	}
	return k.B, k.OK
}
