package pagano

import (
	"testing"

	"github.com/sandtable/sandtable/internal/engine/enginetest"
	"github.com/sandtable/sandtable/internal/scenario"
)

// FuzzActions puts arbitrary JSON, as a client might send it, to states
// of a random Battle 1 game: see enginetest.FuzzActions. The extra seeds
// are the hostile ones: huge and far coordinates, long paths, a vehicle
// firing at itself, empty and repeated shots.
func FuzzActions(f *testing.F) {
	enginetest.FuzzActions(f, enginetest.Config{Rules: Rules{}, Scenario: battle1(f), Seed: 7, Invariant: invariant}, 12,
		`{"kind":"move","unit":"de-pz1-1","to":[[1e300,1e300]]}`,
		`{"kind":"move","unit":"de-pz1-1","to":[[1e15,0]],"stop":true}`,
		`{"kind":"move","unit":"de-pz1-1","to":[[10,10],[10,10],[10,10]],"facing":-1e300,"turret":1e300}`,
		`{"kind":"deploy","unit":"de-pz1-1","x":-1e308,"y":1e308,"facing":0}`,
		`{"kind":"fire","shots":[{"unit":"de-pz1-1","target":"de-pz1-1"}]}`,
		`{"kind":"fire","shots":[]}`,
		`{"kind":"fire","shots":[{"unit":"us-1","target":"de-pz1-1"},{"unit":"us-1","target":"de-pz1-1"}]}`,
		`{"kind":"ambush","unit":"us-1","at":-1e300}`,
		`{"kind":"pivot"}`,
		`{"kind":""}`,
		`[]`,
	)
}

// FuzzLog reads and replays damaged Battle 1 logs: see
// enginetest.FuzzLog.
func FuzzLog(f *testing.F) {
	enginetest.FuzzLog(f, enginetest.Config{Rules: Rules{}, Scenario: battle1(f), Seed: 7}, scenario.EmbeddedScenario)
}
