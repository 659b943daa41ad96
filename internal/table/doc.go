// Package table models the battlefield: a Width × Height inch table holding
// terrain features — areas such as woods, hills, fields, buildings and smoke,
// lines such as hedges, walls and roads, and circular markers such as
// barrage impacts — indexed by a uniform grid so that a query only touches
// nearby features: a segment query walks just the cells the segment passes
// through.
//
// The queries are the building blocks of rulesets' line-of-sight and
// movement rules: what a segment crosses and where (VisitSegment,
// Crossings), the highest hill it touches (HighestLevel), what lies at a
// point (At, LevelAt), which unit footprints are in the way
// (FootprintsCrossed) and how far a path runs through each feature
// (AlongPath). ParseASCII builds a table from a drawing, for tests and quick
// scenarios.
//
// Queries are safe for concurrent use. Add, Remove and Clone modify the
// table (Clone marks the shared index copy-on-write) and must not run
// concurrently with anything else on the same Table. Features handed out by
// queries are shared with the table and must not be modified.
package table
