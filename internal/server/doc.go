// Package server is Sandtable's game server: an HTTP JSON API and a
// WebSocket event stream over the engine, with games saved in a
// store.Store. It is server-authoritative: every action is re-validated by
// engine.Game.Apply, the pending decision's side must be the caller's
// seat, and AI seats play server-side.
//
// # API
//
// Tokens come as Authorization: Bearer TOKEN (the scheme in any letter
// case), or ?token=TOKEN (or "token" in a POST body). Each seat has a
// token (256 random bits, hex; only its SHA-256 is stored), and each game
// a spectator token. Errors are {"error": "...", "code": "..."}. POST
// bodies are JSON sent as Content-Type: application/json (anything else
// is 415 "unsupported_media_type": a browser sends a text/plain or form
// body from any page without asking, JSON only from this one). A query
// parameter of a game's endpoints given twice is 400, as is one an
// endpoint does not take where it names those it does (the game's odds,
// the game list). Game ids are 16 hex digits; a path with anything else
// is 404 without echoing it.
//
//	GET  /api/scenarios                 scenarios with briefings, sides, the strongest opponent for
//	                                    their rules ("strongest") and "source" ("built-in", or "file" for
//	                                    a scenario file the server was started with), and the opponents on offer
//	                                    (human, the agents, mcts:1s; any mcts:N up to 20000 iterations or
//	                                    mcts:DURATION up to the AI budget, default 5s, is taken)
//	GET  /api/units?rules=R             unit types
//	POST /api/balance                   {"scenario","games","agent","seed"} → 202 a balance check: games
//	                                    (default 200, even, up to 1000) of agent (scripted or random) on
//	                                    both sides, the sides swapped every other game, as `sandtable
//	                                    simulate --swap` plays them; one at a time per server (else 409
//	                                    "busy"), on half the cores, kept in memory for an hour; 403 when
//	                                    Config.BalanceGames turns checks off (GET /api/scenarios says
//	                                    "balance_games": the most a check may play, 0 when off)
//	GET  /api/balance/{id}              the check: status (running, done, failed, stopped), games done,
//	                                    the command line that repeats it, and once done the summary of
//	                                    `sandtable simulate --json` (wins, ci95, balance, mean_turns, ...)
//	GET  /api/odds?rules=R&firer=F&target=T&range=INCHES&...
//	                                    the exact odds of a shot away from any game (the page's shot
//	                                    calculator, for a real table): Armour Battles takes target_dp,
//	                                    artillery, flank, cover, uphill, target_suppressed, moves (1-3),
//	                                    ambush, attack_wild and reaction_wild (0-2), break_off, disengaging
//	                                    and scoot; Pagano (rules=pagano) aspect (front, side, rear),
//	                                    firer_motion and target_motion (stopped, moving, stationary),
//	                                    hull_down, woods, hedge, hedgerow and ambush (at a moving target). Units by id, name or alias;
//	                                    the answer is that of the in-game odds (below), for the range given
//	GET  /api/odds/roll?...&seed=S      that shot rolled here, die by die as a game rolls it, from seed S
//	                                    (or one the server draws): {seed, odds, roll}. Armour Battles:
//	                                    the faces, successes and sixes, points taken, suppressed,
//	                                    dispersed and the army morale lost, forced back and its dice.
//	                                    Pagano: the To-Hit and Fire Effect d10s with their totals, the
//	                                    result, a moving target's errant turn. Both: the outcome in words
//	GET  /api/odds/compare?rules=R&range=IN&firers=A,B&targets=C,D&...
//	                                    every firer's shot at every target in one situation (the
//	                                    parameters of /api/odds but firer and target; no list: all
//	                                    unit types but off-table artillery), as sandtable units compare
//	GET  /api/command?scenario=ID&seed=S, or ?dice=N,M&sides=A,B&first=roll|A|B&seed=S
//	                                    the start of an Armour Battles turn rolled for a real table: both
//	                                    sides' command dice (from the scenario, or given), command failure,
//	                                    the 1s discarded or lent, wild dice, dice for the turn and the
//	                                    side with the first pulse (-1: both failed): {seed, sides,
//	                                    command_dice, roll}; from a scenario also staff_orders and
//	                                    army_morale, what each side starts with
//	GET  /api/games?status=S            recent games (no secrets: id, scenario, status, players),
//	                                    all or those active or over
//	POST /api/games                     {"scenario","side","opponent","seed"} → 201 {game_id, side, seat_token,
//	                                    seat_url, join_token+join_url (human opponent), spectator_token+spectator_url,
//	                                    seed (only if chosen: a drawn seed stays secret until the game is over)}
//	GET  /api/games/{id}                your view, pending decision, n (actions you may know of), last_event
//	POST /api/games/{id}/actions        {"after": last event seen, "n": actions seen, "action": {"kind":...}}
//	                                    → {events, n, last_event, pending, result}
//	GET  /api/games/{id}/events?after=E the events you may see after E
//	GET  /api/games/{id}/candidates     the rules' suggested actions for your pending decision (the agents'
//	                                    menu, ready to POST; a sample of the legal moves, not all of them)
//	                                    → {candidates, n, last_event, pending, result}; empty if not yours
//	POST /api/games/{id}/check          {action} → {legal, error, preview, n}: whether the rules would
//	                                    take your action now and why not, without taking it; preview is
//	                                    what it would come to (Pagano: a move's cost, budget and reach;
//	                                    Armour Battles: a group move's cost over the ground for each unit,
//	                                    the chance the roll gets it there, the breakdown risk; the exact
//	                                    odds of a reaction boost, a break-off (over the six rolls of the
//	                                    move back, with where each ends and whether in cover: ends,
//	                                    covered), an opportunity shot at a point of a mover's path, a
//	                                    rally, a fire mission called and a marker adjusted)
//	GET  /api/games/{id}/odds?firer=&target=   exact odds of a proposed shot where the units stand, the
//	                                    fields of `sandtable odds --json` (Pagano: of `odds --rules
//	                                    pagano --json`; a shot there are no odds for, out of range, at a
//	                                    friend or at itself, is 422 "no_shot" saying why; the range, cover
//	                                    and the rest come from the game, so no other parameter is taken)
//	GET  /api/games/{id}/log            your events; once the game is over, the full JSONL log
//	                                    (?format=events for the events still: every event of both
//	                                    sides once it is over, hidden moves too; jsonl, or no format, for
//	                                    the log, 409 "not_over" asked for by name before the end; any other
//	                                    format is 400). The events of a finished game's log are numbered
//	                                    among all the game's events, its last_event counting them. A finished game's log is
//	                                    given as stored even when this server cannot open the game
//	                                    (its scenario is missing, or the rules have changed since)
//	GET  /api/games/{id}/ws?after=E     WebSocket: hello, then events as they are committed (a plain
//	                                    request is 426, in JSON)
//	GET  /healthz, GET /metrics, GET /, GET /games/{id} (the page a join link opens),
//	GET  /replay/{id} (the replay viewer of a finished game)
//
// /metrics is served apart (MetricsHandler) with Config.MetricsApart
// (serve --metrics-addr): its counters move with every action, a hidden
// one too, which a player who could read them would count. Without it,
// Handler serves /metrics to clients on the server's own machine alone
// (a loopback peer whose request no proxy forwarded); others get 403.
//
// # Visibility
//
// A seat sees the events with To == engine.Everyone or its side, and
// State.View(side). A spectator sees public events only and the
// intersection of every side's view (see viewFor). Odds are answered only
// about units in the requester's view; others get the same 404 as unknown
// units.
//
// Action counts ("n") are the viewer's own too: a seat counts its own
// side's actions and those that emitted an event it may see, so the
// enemy's hidden moves and set-ups are not counted (nor in the public
// game list, which has no count).
//
// Event numbers (an event's "seq", "last_event", "after") are the
// viewer's own: the k-th event a seat (or a spectator) may see is numbered
// k, so its numbers run 1, 2, 3... with no gap where another side's
// private events (hidden deployments, say) came, and cannot be used to
// count them. Each seat, and the spectators, have their own sequence; the
// engine's game-wide numbering leaves the server only once the game is
// over, in the events form of its log, where the fog has lifted.
//
// # Concurrency and durability
//
// A submission names the last event the client has seen (in its own
// numbering) and the number of actions it has seen; unless both are the
// game's current ones for that seat it is refused with 409 (code
// "stale"), so a retried or stale request is never applied twice.
// The store's Append repeats the check on the record count inside its
// transaction, which also guards several servers sharing one PostgreSQL
// database: of two actions submitted at once on two servers for one game,
// one is stored and the other refused as stale.
//
// Servers sharing a PostgreSQL database hear each other's commits
// (store.Watcher: LISTEN/NOTIFY) and bring their live games up to date
// from the store, re-checking every record as a replay does, so a client
// connected to one server gets the events of actions submitted on
// another (fanout.go). Each of them also sees an AI seat's turn come up;
// before computing the decision a server leases it in the store
// (store.AILeaser), so one server spends the time and the others wait
// for its commit. A server that dies holding a lease delays the game by
// Config.AILease, after which another takes the decision over. A SQLite
// store is one server's alone. An action is acknowledged, and pushed to WebSockets, only
// after its transaction committed; a live game's lock is held across the
// commit. Live games are kept in memory (bounded, least recently used
// evicted) with the store as the source of truth: loading a game is
// engine.Replay of its records, checking every dice roll and state hash.
//
// A stored game whose records a newer build's rules play otherwise (it
// was saved under earlier rules) keeps its records; loading it answers
// 409 with code "rules_changed", saying how far it still replays. A game
// whose stored record cannot be read at all (changed by hand, corrupted)
// answers 500 with code "damaged", and the lobby lists the other games.
// A game of a scenario from a user's file that the server was started
// without, or with at another version, answers 409 with code
// "scenario_missing"; one whose file changed under the same version
// answers "rules_changed" (its scenario digest differs).
//
// AI decisions run in a bounded pool on a clone of the state, without the
// game's lock, and are committed like a human's. A search is cut short at
// Config.AIBudget, and when the server shuts down (that decision is not
// committed: the server that resumes the game takes it again). An AI seat
// naming an agent this build lacks (saved by another build) is played by
// the doctrine, and an agent that chooses nothing legal has the first
// legal candidate played for it, so that no game waits for a move that
// never comes.
package server
