// Package dice is the only place a game draws chance outcomes.
//
// Every random choice of a game goes through a [Source], so a game replays
// exactly from its seed and a rulebook's worked example can be reproduced by
// scripting the dice it shows. Three sources are provided:
//
//   - [PCG], a seeded generator for real play and AI playouts; it can be
//     cloned and serialized together with the game state that holds it.
//   - [Scripted], which replays given faces in order, for rulebook examples
//     and tests. It panics with a [*ScriptError] when the script runs out or
//     holds a face the requested die does not have.
//   - [Recorder], which wraps another source and keeps every face rolled so
//     a game log can record the chance outcomes.
//
// On top of a Source the package rolls the dice the rules ask for: single
// dice ([D6], [D100], ...), sums ([Roll]) and d6 pools counted against a
// target number ([Pool]). For AI evaluation it also gives exact
// distributions, computed without sampling: pool joints of successes and
// sixes ([PoolDist]), opposed pools ([Opposed], [CompareSuccesses]) and sums
// of dice ([SumDist]).
//
// Misuse that is a programming error (a die with fewer than one side, a
// negative number of dice) panics with a message starting "dice:".
package dice
