// Package storetest is the conformance suite every store backend passes:
// Run takes a constructor of empty stores and checks games, appends with
// their optimistic concurrency check, listing and concurrency.
package storetest
