// Package data holds the unit and scenario files shipped inside the
// sandtable binary, one directory per ruleset. Package scenario reads them
// through FS; see scenario.Embedded.
package data

import "embed"

// FS holds every ruleset directory, e.g. armour-battles/units.yaml.
//
//go:embed armour-battles pagano
var FS embed.FS
