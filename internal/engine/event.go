package engine

// Everyone is the Event.To value of an event every side may see.
const Everyone = -1

// Event is something that happened, for battle reports, the UI and the
// WebSocket stream. Rulesets decide visibility: an event with To set to a
// side index is private to that side (e.g. the placement of its own hidden
// unit).
type Event struct {
	// Seq numbers events from 1 in the order they happened; the game
	// assigns it.
	Seq int `json:"seq"`
	// Kind names the event, e.g. "fire", "move", "dispersed".
	Kind string `json:"kind"`
	// Text is a readable line for the battle log.
	Text string `json:"text"`
	// To is the side that may see it, or Everyone.
	To int `json:"to"`
	// Data holds ruleset-specific details (unit ids, dice faces) encoded as
	// JSON by the UI and server.
	Data any `json:"data,omitempty"`
}

// VisibleTo reports whether side may see the event.
func (e Event) VisibleTo(side int) bool { return e.To == Everyone || e.To == side }

// Emitter collects events during one Apply.
type Emitter interface {
	Emit(e Event)
}

// EventList is an Emitter that appends to a slice.
type EventList []Event

// Emit appends e.
func (l *EventList) Emit(e Event) { *l = append(*l, e) }

// Discard is an Emitter that drops every event; fast playouts use it.
var Discard Emitter = discard{}

type discard struct{}

// Quiet reports whether out drops every event (it is Discard), so that a
// ruleset may skip building the text of events nobody will read. Nothing
// but the events may depend on it.
func Quiet(out Emitter) bool {
	_, ok := out.(discard)
	return ok
}

func (discard) Emit(Event) {}
