// Command sandtable plays, simulates and checks World War Two miniatures
// wargames on a gridless table. Each subcommand lives in a file named after it.
package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// rootCmd is the top of the command tree; subcommands add themselves in init.
var rootCmd = &cobra.Command{
	Use:   "sandtable",
	Short: "World War Two miniatures wargames on a gridless table",
	Long: `Sandtable runs World War Two miniatures wargames (Armour Battles first) on a
gridless table measured in inches: headless battles, exact odds for a shot,
scenario checking and replays of saved games.`,
	SilenceUsage:  true,
	SilenceErrors: true,
}

func init() {
	rootCmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
}

// flagNumber matches the words of Go's number parser in a flag error.
var flagNumber = regexp.MustCompile(`strconv\.Parse(Uint|Int|Float): parsing "[^"]*": (invalid syntax|value out of range)`)

// flagError puts a flag value's parse error in the user's words: "want a
// whole number 0 or more" rather than Go's strconv message.
func flagError(err error) error {
	msg := flagNumber.ReplaceAllStringFunc(err.Error(), func(m string) string {
		sub := flagNumber.FindStringSubmatch(m)
		want := map[string]string{"Uint": "a whole number, 0 or more", "Int": "a whole number", "Float": "a number"}[sub[1]]
		if sub[2] == "value out of range" {
			return "want " + want + ", and this one is out of range"
		}
		return "want " + want
	})
	return errors.New(msg)
}

// wantArgs checks a command's arguments: from least to most (-1: no
// limit), saying what they are when they are not, where cobra's own
// checks say only how many it got.
func wantArgs(least, most int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
		switch {
		case len(args) < least:
			return fmt.Errorf("%s: missing %s", name, what)
		case most >= 0 && len(args) > most:
			return fmt.Errorf("%s: %d arguments (%s), want %s", name, len(args), strings.Join(args, " "), what)
		}
		return nil
	}
}

func main() {
	if err := rootCmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sandtable:", err)
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		os.Exit(1)
	}
}

// exitError is an error that asks for a particular exit status, such as
// 130 for a run stopped by Ctrl-C.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }
