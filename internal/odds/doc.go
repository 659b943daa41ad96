// Package odds computes the exact outcome distribution of one Armour Battles
// attack: disruption points, suppression, forced back and dispersal, from
// the dice of a shot (armourbattles.ShotDice). Nothing is sampled; the
// probabilities come from the exact pool distributions of package dice.
package odds
