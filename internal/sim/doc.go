// Package sim plays batches of AI-versus-AI games of one scenario in
// parallel and summarises them: wins per side and per agent with Wilson
// confidence intervals, draws, game length, units lost and army morale
// remaining.
//
// Game i of a run uses dice seed Config.Seed+i and agent seeds derived from
// that seed and the side ([AgentSeed]); games run on the engine's fast path
// (State.Validate then State.Apply, no log). Workers write each result into
// its slot by game index and aggregation runs afterwards in game order, so a
// Report is the same for a seed whatever the number of workers (apart from
// its timings).
//
// Ruleset-specific figures come through optional interfaces the state may
// implement: [Morale] and [Losses].
package sim
