package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestEveryCommandHasHelp walks the whole command tree and checks that
// `--help` works and says something for every command.
func TestEveryCommandHasHelp(t *testing.T) {
	var walk func(c *cobra.Command, path []string)
	n := 0
	walk = func(c *cobra.Command, path []string) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			p := append(append([]string(nil), path...), sub.Name())
			if sub.Short == "" {
				t.Errorf("%s has no short description", strings.Join(p, " "))
			}
			var out bytes.Buffer
			rootCmd.SetOut(&out)
			rootCmd.SetErr(&out)
			rootCmd.SetArgs(append(p, "--help"))
			if err := rootCmd.Execute(); err != nil {
				t.Errorf("%s --help: %v", strings.Join(p, " "), err)
			}
			if !strings.Contains(out.String(), "Usage:") {
				t.Errorf("%s --help printed no usage:\n%s", strings.Join(p, " "), out.String())
			}
			// The command tree is shared with other tests: clear the flag.
			if f := sub.Flags().Lookup("help"); f != nil {
				f.Value.Set("false")
				f.Changed = false
			}
			n++
			walk(sub, p)
		}
	}
	walk(rootCmd, nil)
	rootCmd.SetArgs(nil)
	if n < 8 {
		t.Errorf("only %d commands found", n)
	}
}

// TestMistypedCommandLines: a bad number for a flag is refused in the
// user's words, not Go's, and a misspelt subcommand of scenario is an
// error rather than the help and success.
func TestMistypedCommandLines(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--seed", "x"}, `invalid argument "x" for "--seed" flag: want a whole number, 0 or more`},
		{[]string{"odds", "--range", "abc"}, `invalid argument "abc" for "--range" flag: want a number`},
		{[]string{"simulate", "--games", "99999999999999999999999"}, `want a whole number, and this one is out of range`},
		{[]string{"scenario", "bogus"}, `unknown command "bogus" for "sandtable scenario" (want list or validate)`},
		{[]string{"replay"}, "replay: missing one game log: sandtable replay GAME.jsonl"},
		{[]string{"replay", "a.jsonl", "b.jsonl"}, "replay: 2 arguments (a.jsonl b.jsonl), want one game log"},
		{[]string{"simulate", "merge"}, "simulate merge: missing the --json summaries to merge"},
		{[]string{"scenario", "validate"}, "scenario validate: missing the files or folders to check"},
	} {
		var out bytes.Buffer
		rootCmd.SetOut(&out)
		rootCmd.SetErr(&out)
		rootCmd.SetArgs(c.args)
		err := rootCmd.Execute()
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "strconv") {
			t.Errorf("sandtable %s: error %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
	rootCmd.SetArgs(nil)
}
