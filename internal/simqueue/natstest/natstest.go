package natstest

import (
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// Server starts a NATS server with JetStream on a free port of the loop-
// back interface, its store in a temporary directory, stopped when the
// test ends, and returns its URL.
func Server(tb testing.TB) string {
	tb.Helper()
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: tb.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		tb.Fatal(err)
	}
	go s.Start()
	if !s.ReadyForConnections(10 * time.Second) {
		tb.Fatal("natstest: the NATS server did not start")
	}
	tb.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	return s.ClientURL()
}
