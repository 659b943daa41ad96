// Package scenario reads unit and scenario files: YAML decoded strictly,
// with every mistake reported as file:line:column.
//
// The generic structure (unit types, table, terrain, sides, companies,
// victory) lives here; the ruleset-specific blocks (units[].stats,
// sides[].params, params) are decoded into types a ruleset registers with
// RegisterRules. A Catalog holds the files shipped in the binary (Embedded)
// plus any a user adds; Validate is what `sandtable scenario validate` runs.
//
// Files: schema.go (Schema, Problem), types.go (the decoded types),
// decode.go (the strict YAML decoder), load.go (checks and conversion),
// catalog.go (Catalog, LoadFS, Embedded, Validate).
package scenario
