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
		k.activate(&a)
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
		k.oppFire(&a)
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

// activate appends an Activate's fields (AppendActionKey).
func (k *keyBuf) activate(a *Activate) {
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
}

// CandidateKeys appends to keys the key AppendActionKey gives each action
// Candidates lists, in its order, and to ends where each ends in keys; it
// reports false (keys and ends then mean nothing) without a memo, or if
// AppendActionKey declines one of them. Candidate(i) then returns the
// i-th action, until the state changes or CandidateKeys is called again.
// At an orders decision the units' orders are keyed as values, and only
// those asked for are made actions (an activation costs an allocation):
// a search that keeps one action of the list skips the others' cost.
func (s *State) CandidateKeys(keys []byte, ends []int) ([]byte, []int, bool) {
	m := s.memo
	if m == nil {
		return keys, ends, false
	}
	kl := &m.keyed
	kl.units, kl.opts, kl.moves = kl.units[:0], kl.opts[:0], 0
	switch d := s.decision(); {
	case s.Over:
		kl.listed = kl.listed[:0]
	case d.Kind == phaseOrders:
		kl.listed = s.keepValid(s.sideOrders(kl.listed[:0], true), 0)
		kl.units = s.keepValidOrders(s.unitOrders(kl.units, true))
	case d.Kind == phaseActivation:
		kl.listed = s.keepValid(s.activationCandidates(kl.listed[:0], false), 0)
		kl.move, kl.moves = s.validMoves(&kl.shifts)
	case d.Kind == "opportunity-fire":
		kl.listed = kl.listed[:0]
		kl.opts = s.validOppOptions(kl.opts)
	default:
		kl.listed = s.Candidates(kl.listed[:0])
	}
	// add takes one candidate's key (AppendActionKey's answer).
	add := func(b []byte, ok bool) bool {
		keys, ends = b, append(ends, len(b))
		return ok
	}
	for _, a := range kl.listed {
		if !add(s.AppendActionKey(keys, a)) {
			return keys, ends, false
		}
	}
	for i := range kl.units {
		if !add(kl.units[i].appendKey(s, keys)) {
			return keys, ends, false
		}
	}
	for i := range kl.opts {
		if !add(kl.opts[i].appendKey(s, keys)) {
			return keys, ends, false
		}
	}
	for i := range kl.moves {
		if !add(s.AppendActionKey(keys, kl.move[i])) {
			return keys, ends, false
		}
	}
	return keys, ends, true
}

// oppFire writes the fields of a's key (after its kind).
func (k *keyBuf) oppFire(a *OppFire) {
	k.str(a.Unit)
	k.float(a.At)
	k.bool(a.Staff)
	k.bool(a.Scoot)
}

// appendKey is AppendActionKey of o.action(), without making opportunity
// fire an action.
func (o *oppOption) appendKey(s *State, dst []byte) ([]byte, bool) {
	if o.other != nil {
		return s.AppendActionKey(dst, o.other)
	}
	k := keyBuf{dst, true}
	k.str(o.fire.Kind())
	k.oppFire(&o.fire)
	return k.b, k.ok
}

// appendKey is AppendActionKey of it.action(), without making an
// activation an action.
func (it *unitOrder) appendKey(s *State, dst []byte) ([]byte, bool) {
	if it.other != nil {
		return s.AppendActionKey(dst, it.other)
	}
	k := keyBuf{dst, true}
	k.str(it.act.Kind())
	k.activate(&it.act)
	return k.b, k.ok
}

// Candidate returns the i-th action CandidateKeys keyed.
func (s *State) Candidate(i int) engine.Action {
	kl := &s.memo.keyed
	switch {
	case i < len(kl.listed):
		return kl.listed[i]
	case i < len(kl.listed)+len(kl.units):
		return kl.units[i-len(kl.listed)].ownAction()
	case i < len(kl.listed)+len(kl.units)+len(kl.opts):
		return kl.opts[i-len(kl.listed)-len(kl.units)].action()
	}
	return kl.move[i-len(kl.listed)-len(kl.units)-len(kl.opts)].clone()
}

// keyedList is CandidateKeys' list: the candidates made actions, then the
// units' orders (at an orders decision), the answers in an
// opportunity-fire window, or the group moves (in an activation), built
// in shifts.
type keyedList struct {
	listed []engine.Action
	units  []unitOrder
	opts   []oppOption
	move   [4]Move
	moves  int
	shifts [4]shiftBuf
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
