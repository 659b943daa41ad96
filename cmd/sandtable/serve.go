package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

func init() { rootCmd.AddCommand(newServeCmd()) }

// serveOptions holds the flags of `sandtable serve`.
type serveOptions struct {
	addr         string
	db           string
	allowOrigins []string
	baseURL      string
	rate         float64
	logLevel     string
}

func newServeCmd() *cobra.Command {
	var o serveOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the game UI and API, saving games in SQLite or PostgreSQL",
		Long: `Serve runs the game server: the browser page, the JSON API and WebSocket
event streams. Games are saved in an embedded SQLite file (created if
missing) or, given a postgres:// URL, in PostgreSQL; both are migrated on
start. Logs are JSON on stderr. SIGINT or SIGTERM stops the server after the
requests under way have finished and every acknowledged action is stored.`,
		Example: `  sandtable serve
  sandtable serve --addr 127.0.0.1:8080 --db games.db
  sandtable serve --addr :8080 --db postgres://sandtable@localhost/sandtable --allow-origin ui.example.com`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, o, cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port; the log says which)")
	f.StringVar(&o.db, "db", "sandtable.db", "SQLite database file, or a postgres:// URL")
	f.StringSliceVar(&o.allowOrigins, "allow-origin", nil, "extra Origin host pattern allowed to open WebSockets (repeatable; e.g. ui.example.com)")
	f.StringVar(&o.baseURL, "base-url", "", "URL prefix of the join and spectator links (default: http:// and the request's host)")
	f.Float64Var(&o.rate, "rate-limit", 10, "requests a second allowed per client IP to the costly endpoints: creating games, actions, action checks and candidates (negative: no limit)")
	f.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	return cmd
}

func runServe(ctx context.Context, o serveOptions, logOut interface{ Write([]byte) (int, error) }) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return fmt.Errorf("serve: --log-level: %w", err)
	}
	log := slog.New(slog.NewJSONHandler(logOut, &slog.HandlerOptions{Level: level}))

	cat, err := scenario.Embedded()
	if err != nil {
		return fmt.Errorf("serve: loading scenarios: %w", err)
	}
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	st, err := store.Open(octx, o.db)
	cancel()
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	backend := "sqlite"
	if store.IsPostgres(o.db) {
		backend = "postgres"
	}
	srv, err := server.New(server.Config{Store: st, Catalog: cat, Logger: log, BaseURL: o.baseURL, AllowOrigins: o.allowOrigins, RateLimit: o.rate})
	if err != nil {
		st.Close()
		return err
	}
	if err := srv.Resume(ctx); err != nil {
		log.Error("resuming games", "err", err)
	}
	hs := srv.HTTPServer(o.addr)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		srv.Close()
		st.Close()
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/", "store", backend)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()

	select {
	case err := <-errc:
		srv.Close()
		st.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests under way")
	sctx, scancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer scancel()
	shutErr := hs.Shutdown(sctx)
	srv.Close() // ends streams, waits for AI decisions to commit
	if err := st.Close(); err != nil {
		log.Error("closing the store", "err", err)
		return err
	}
	if shutErr != nil && !errors.Is(shutErr, http.ErrServerClosed) {
		log.Error("shutdown", "err", shutErr)
		return shutErr
	}
	log.Info("stopped")
	return nil
}
