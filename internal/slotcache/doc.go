// Package slotcache holds the pieces of the direct-mapped caches the
// rulesets' sight memos keep: a table of 2^n slots, an entry filed in the
// slot its key's hash picks (overwriting whatever was there), and growth
// once the table is overwritten faster than its answers are asked again.
package slotcache
