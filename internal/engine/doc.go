// Package engine is the ruleset-agnostic game loop of Sandtable.
//
// A game is a [State] plus a history. At every point there is exactly one
// pending [Decision]: which side decides, and what kind of choice it is.
// [Game.Apply] validates an [Action] against the pending decision, applies it
// through the ruleset's own code, records it with the dice it rolled and the
// state hash that followed, and emits [Event]s. A rejected action returns an
// error saying why and leaves the state untouched.
// A state that is a [SetupReporter] also tells, in events that come
// before any action's, how it was set up (units a scenario places on the
// table itself).
//
// Reaction windows (the other side deciding during a turn, such as
// opportunity fire) are ordinary decisions whose Side is not the side whose
// turn it is; the ruleset opens and closes them.
//
// The log ([Log]) is JSON Lines: a header with the rules, scenario id and
// version and seed, then one record per action with the dice it rolled and
// the hash after it. [Replay] re-runs a log and names the first record whose
// dice or hash differ.
//
// Rulesets register themselves with [Register]; package enginetest holds the
// conformance suite every ruleset must pass.
package engine
