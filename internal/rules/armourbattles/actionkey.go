package armourbattles

import (
	"github.com/sandtable/sandtable/internal/engine"
)

// AppendActionKey appends to dst a key for action a that search agents may
// use to tell actions apart, and reports whether it did: two actions get
// the same key exactly when their kinds and field values are the same, as
// their JSON forms are (the agents' slower key). It declines (false) for
// action types it does not know and for the rare actions it leaves to the
// slower key: a facing given by pointer, a NaN.
func (*State) AppendActionKey(dst []byte, a engine.Action) ([]byte, bool) {
	k := engine.ActionKey{B: dst, OK: true}
	k.Str(a.Kind())
	switch a := a.(type) {
	case Pass, Restock, EndActivation, OppPass, EndLogistics, Begin, AddStaffOrder:
	case Activate:
		keyActivate(&k, &a)
	case Move:
		k.Int(len(a.Units))
		for _, u := range a.Units {
			if u.Facing != nil {
				return dst, false // left to the slower key
			}
			k.Str(u.Unit)
			k.Int(len(u.To))
			for _, p := range u.To {
				k.Float(p[0])
				k.Float(p[1])
			}
		}
		k.Str(a.Max)
	case Fire:
		k.Str(a.Unit)
		k.Str(a.Target)
		k.Bool(a.Wild)
		k.Bool(a.Staff)
		k.Bool(a.Scoot)
	case OppFire:
		keyOppFire(&k, &a)
	case ChooseChain:
		k.Int(a.Face)
		k.Int(a.Wild)
		k.Int(a.Staff)
	case RemoveSuppression:
		k.Str(a.Unit)
	case Unsuppress:
		k.Str(a.Unit)
		k.Bool(a.Staff)
	case Boost:
		k.Bool(a.Wild)
		k.Bool(a.Staff)
	case BreakOffChoice:
		k.Bool(a.Yes)
	case Repair:
		k.Str(a.Unit)
	case Deploy:
		k.Str(a.Unit)
		k.Float(a.X)
		k.Float(a.Y)
		k.Float(a.Facing)
	case CallMission:
		k.Str(a.Battery)
		k.Str(a.Observer)
		k.Float(a.X)
		k.Float(a.Y)
		k.Bool(a.Smoke)
		k.Float(a.Orient)
	case MaintainMission:
		k.Str(a.Battery)
	case CancelMission:
		k.Str(a.Battery)
	default:
		return dst, false
	}
	return k.B, k.OK
}

// keyActivate appends an Activate's fields (AppendActionKey).
func keyActivate(k *engine.ActionKey, a *Activate) {
	k.Str(a.Order)
	k.Str(a.Leader)
	k.Int(len(a.Members))
	for _, m := range a.Members {
		k.Str(m)
	}
	k.Int(a.Dice)
	k.Bool(a.HaltCover)
	k.Str(a.BoostUnit)
	k.Bool(a.Wild)
	k.Bool(a.Staff)
	k.Float(a.Entry)
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

// keyOppFire writes the fields of a's key (after its kind).
func keyOppFire(k *engine.ActionKey, a *OppFire) {
	k.Str(a.Unit)
	k.Float(a.At)
	k.Bool(a.Staff)
	k.Bool(a.Scoot)
}

// appendKey is AppendActionKey of o.action(), without making opportunity
// fire an action.
func (o *oppOption) appendKey(s *State, dst []byte) ([]byte, bool) {
	if o.other != nil {
		return s.AppendActionKey(dst, o.other)
	}
	k := engine.ActionKey{B: dst, OK: true}
	k.Str(o.fire.Kind())
	keyOppFire(&k, &o.fire)
	return k.B, k.OK
}

// appendKey is AppendActionKey of it.action(), without making an
// activation an action.
func (it *unitOrder) appendKey(s *State, dst []byte) ([]byte, bool) {
	if it.other != nil {
		return s.AppendActionKey(dst, it.other)
	}
	k := engine.ActionKey{B: dst, OK: true}
	k.Str(it.act.Kind())
	keyActivate(&k, &it.act)
	return k.B, k.OK
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
