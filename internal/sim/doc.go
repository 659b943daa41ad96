// Package sim plays batches of AI-versus-AI games of one scenario in
// parallel and summarises them: wins per side and per agent with Wilson
// confidence intervals, draws, game length, units lost and army morale
// remaining.
//
// Game i of a run uses dice seed Config.Seed+i and agent seeds derived from
// that seed and the side ([AgentSeed]); games run on the engine's fast path
// (State.Validate then State.Apply, no log). Workers write each result into
// its slot by game index and aggregation runs afterwards in game order, so a
// Report is the same for a seed whatever the number of workers, apart from
// the fields that describe the run rather than the games: Report.Workers,
// Report.Elapsed and the decision timings (see [Report]). This holds for
// agents whose choices depend only on their seed (random, scripted, mcts:N);
// a time-budgeted search such as mcts:1s plays differently on a busier or
// faster machine.
//
// A run may be played in pieces, by seed range, on one machine or several:
// [Merge] puts the pieces' summaries ([ReadPiece] reads them back from
// their JSON) together into the report of the whole run, with every
// figure the games decide exactly as the one run gives it.
//
// Ruleset-specific figures come through optional interfaces the state may
// implement: [Morale] and [Losses].
package sim
