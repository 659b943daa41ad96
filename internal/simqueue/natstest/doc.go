// Package natstest starts a NATS server with JetStream, in the test's
// process, for tests of the simulation queue (simqueue) and its commands.
// It is the same server as nats-server's, embedded, so the tests talk to
// a real JetStream, over a real socket.
package natstest
