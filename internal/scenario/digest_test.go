package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/internal/scenario"
)

// TestDigest: the digest follows what play depends on (a zone, a unit's
// position, a stat) and nothing else (the title, the briefing, where a
// line is in the file).
func TestDigest(t *testing.T) {
	src, err := os.ReadFile("testdata/good.yaml")
	if err != nil {
		t.Fatal(err)
	}
	load := func(edit func(string) string) string {
		t.Helper()
		path := filepath.Join(t.TempDir(), "s.yaml")
		if err := os.WriteFile(path, []byte(edit(string(src))), 0o644); err != nil {
			t.Fatal(err)
		}
		sc, err := scenario.LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return scenario.Digest(sc)
	}
	same := func(s string) string { return s }
	base := load(same)
	if len(base) != 16 || base != load(same) {
		t.Fatalf("Digest = %q then %q: want the same 16 hex digits", base, load(same))
	}
	for _, c := range []struct {
		name    string
		edit    func(string) string
		changes bool
	}{
		{"title", func(s string) string { return strings.Replace(s, "title:", "title: Another", 1) }, false},
		{"a comment line", func(s string) string { return "# a comment\n" + s }, false},
		{"a pre-placed position", func(s string) string { return strings.Replace(s, "[36, 3]", "[37, 3]", 1) }, true},
		{"the table", func(s string) string { return strings.Replace(s, "width: 72", "width: 73", 1) }, true},
	} {
		edited := c.edit(string(src))
		if edited == string(src) {
			t.Fatalf("%s: the edit changed nothing in good.yaml", c.name)
		}
		if got := load(c.edit); (got != base) != c.changes {
			t.Errorf("%s edited: digest %s, was %s; want changed = %v", c.name, got, base, c.changes)
		}
	}
}
