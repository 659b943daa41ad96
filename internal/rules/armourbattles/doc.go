// Package armourbattles implements Armour Battles (Jim Bambra, 2015) on the
// Sandtable engine: command dice and pulses, command groups and orders,
// movement over broken ground, line of sight, direct and opportunity fire,
// reaction checks, suppression, forced back, dispersal, rallying and army
// morale.
//
// Files are named after the rulebook's concepts: turn.go (the game turn and
// command dice), orders.go (command and staff orders), movement.go, los.go,
// fire.go (direct fire and its results), opportunity.go (reaction windows),
// firemods.go (the dice of a shot), candidates.go (sensible options for
// agents), view.go (what each side may see), sightmemo.go and screens.go
// (line-of-sight answers remembered, and settled early by the terrain's
// shadows, for agents that ask many). Rulings on ambiguous text are
// recorded in docs/rulings/armour-battles.md.
package armourbattles
