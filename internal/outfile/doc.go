// Package outfile holds what the commands need to write a result file a
// user named (a plot, a game log): Check, which finds a path that cannot
// be written before any work is done, and Write, which writes it
// atomically, so that a failure never leaves half a file or touches any
// other file.
package outfile
