package armourbattles

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

// FuzzActions puts arbitrary JSON, as a client might send it, to states
// of a random Battle 1 game: see enginetest.FuzzActions. The extra seeds
// are the hostile ones: huge and far coordinates, long paths, a unit
// firing at itself, absurd dice counts.
func FuzzActions(f *testing.F) {
	enginetest.FuzzActions(f, enginetest.Config{Rules: Rules{}, Scenario: battle1(f), Seed: 7, Invariant: invariant}, 12,
		`{"kind":"move","units":[{"unit":"de-1","to":[[1e300,1e300]]}]}`,
		`{"kind":"move","units":[{"unit":"de-1","to":[[1e15,0],[0,1e15],[1e15,1e15]]}]}`,
		`{"kind":"deploy","unit":"de-1","x":-1e308,"y":1e308,"facing":1e300}`,
		`{"kind":"activate","order":"fire","leader":"de-1","dice":1000000}`,
		`{"kind":"activate","order":"move","leader":"de-1","dice":-5}`,
		`{"kind":"call-mission","battery":"b","observer":"o","x":1e300,"y":-1e300}`,
		`{"kind":"choose-chain","face":-1}`,
		`{"kind":""}`,
		`[]`,
	)
}

// FuzzLog reads and replays damaged Battle 1 logs: see
// enginetest.FuzzLog.
func FuzzLog(f *testing.F) {
	enginetest.FuzzLog(f, enginetest.Config{Rules: Rules{}, Scenario: battle1(f), Seed: 7}, scenario.EmbeddedScenario)
}
