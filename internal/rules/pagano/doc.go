// Package pagano implements Chris Pagano's tank rules for 1/285 micro-armour
// (MWAN #101, 1999) on the Sandtable engine: the ten-phase turn, movement
// points with stopped, stationary and moving markers, fire phases with shot
// markers and single or double rates of fire, To-Hit (Table 2) and Fire
// Effect (Table 3) on a d10, stun and immobilization with errant turns,
// line of sight over walls, hedges, woods, buildings and hills (hull-down at
// a hill edge, firing over obstacles), platoon morale, retreat and ambush
// fire.
//
// It is the engine's second rule system, written against the same
// engine.State and engine.Rules interfaces as package armourbattles, and
// plays the same Lorraine battles from data/pagano.
//
// Files are named after the rules' concepts: stats.go (unit and scenario
// data), turn.go (the sequence of play, morale and load), movement.go
// (Table 1), los.go (line of sight), fire.go (To-Hit and Fire Effect,
// Tables 2 and 3), damage.go (stun, immobilization, errant turns,
// collisions), ambush.go (ambush fire), candidates.go (options for agents)
// and view.go. The text is incomplete in places; every ruling is recorded in
// docs/rulings/pagano.md and cited by its number (P1, P2, ...).
package pagano
