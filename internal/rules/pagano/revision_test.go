package pagano

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/scenario"
)

// TestOldRevisionLogsReplay: a log written before the rules had
// revisions (no "rev" in its header) replays under revision 0, record
// for record; new games are played under Revision; a log from a later
// revision than this version knows is refused.
func TestOldRevisionLogsReplay(t *testing.T) {
	embedded := scenario.EmbeddedScenario
	raw, err := os.ReadFile("testdata/rev0/battle-1-seed-1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(bytes.SplitN(raw, []byte("\n"), 2)[0], []byte(`"rev"`)) {
		t.Fatal("the revision-0 log's header names a revision")
	}
	lg, err := engine.ReadLog(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(lg, embedded)
	if err != nil {
		t.Fatal(err)
	}
	if g.Header().Rev != 0 || g.State().(*State).Rev != 0 {
		t.Errorf("replayed under revision %d (state %d), want 0", g.Header().Rev, g.State().(*State).Rev)
	}
	var out bytes.Buffer
	if err := g.WriteLog(&out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), raw) {
		t.Error("the replayed game's log is not the log")
	}

	sc, err := embedded("", "pagano/battle-1")
	if err != nil {
		t.Fatal(err)
	}
	ng, err := engine.NewGame(Rules{}, sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ng.Header().Rev != Revision || ng.State().(*State).Rev != Revision {
		t.Errorf("a new game is played under revision %d (state %d), want %d", ng.Header().Rev, ng.State().(*State).Rev, Revision)
	}

	lg.Header.Rev = Revision + 1
	if _, err := engine.Replay(lg, embedded); err == nil || !strings.Contains(err.Error(), "a log from a newer version?") {
		t.Errorf("replaying revision %d: %v", Revision+1, err)
	}
}
