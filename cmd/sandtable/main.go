// Command sandtable plays, simulates and checks World War Two miniatures
// wargames on a gridless table. Each subcommand lives in a file named after it.
package main

import (
	"fmt"
	"os"

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

func main() {
	if err := rootCmd.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "sandtable:", err)
		os.Exit(1)
	}
}
