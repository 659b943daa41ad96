// Package agent holds the players that decide for a side: agents work
// through the engine's ruleset-agnostic interface (the pending decision and
// the ruleset's candidate actions), so every ruleset gets them.
package agent
