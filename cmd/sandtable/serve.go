package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
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
	metricsAddr  string // --metrics-addr: /metrics on a listener apart
	db           string
	allowOrigins []string
	baseURL      string
	rate         float64
	logLevel     string
	scenarios    []string // --scenario: users' scenario files or folders
	units        []string // --units
	balanceGames int      // --balance-games: 0 turns balance checks off
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
requests under way have finished and every acknowledged action is stored.

--scenario offers scenario files of your own in the lobby beside the
built-in ones, with their map previews; --units names the unit files they
need. Games of such a scenario are saved like any other. To continue them
after a restart, start the server with the same files again: a game whose
scenario file is gone, or has changed since, is kept but cannot be
continued, and says so.`,
		Example: `  sandtable serve
  sandtable serve --addr 127.0.0.1:8080 --db games.db
  sandtable serve --addr :8080 --db postgres://sandtable@localhost/sandtable --allow-origin ui.example.com
  sandtable serve --scenario my-scenarios/ --units my-units.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runServe(ctx, o, cmd.ErrOrStderr())
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free port; the log says which)")
	f.StringVar(&o.metricsAddr, "metrics-addr", "", "serve /metrics on this address instead of --addr, for a scraper on another machine (on --addr it answers only clients on this machine: its counters move with every action, a hidden one too)")
	f.StringVar(&o.db, "db", "sandtable.db", "SQLite database file, or a postgres:// URL")
	f.StringSliceVar(&o.allowOrigins, "allow-origin", nil, "extra Origin host pattern allowed to open WebSockets (repeatable; e.g. ui.example.com)")
	f.StringVar(&o.baseURL, "base-url", "", "URL prefix of the join and spectator links (default: http:// and the request's host)")
	decimalVar(f, &o.rate, "rate-limit", 10, "requests a second allowed per client IP to the costly endpoints: creating games, actions, action checks and candidates (negative: no limit)")
	f.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	f.StringSliceVar(&o.scenarios, "scenario", nil, "a scenario file of your own (.yaml) to offer beside the built-in ones, or a folder of such files and the unit files they use (repeat or comma-separate)")
	f.IntVar(&o.balanceGames, "balance-games", 1000, "most games of one balance check from the lobby (scripted AI games, one check at a time on half the cores); 0 turns the checks off (negative is refused)")
	f.StringSliceVar(&o.units, "units", nil, "unit files (.yaml) with unit types the --scenario files use besides the built-in ones (repeat or comma-separate)")
	return cmd
}

// checkBaseURL checks --base-url: empty, or an absolute http(s) URL with
// a host, which the join and spectator links start with.
func checkBaseURL(v string) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return errors.New("not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return errors.New("want an http:// or https:// URL, such as https://games.example.com")
	case u.Host == "":
		return errors.New("the URL names no host")
	case u.RawQuery != "" || u.Fragment != "":
		return errors.New("a prefix of links takes no ?query or #fragment")
	}
	return nil
}

func runServe(ctx context.Context, o serveOptions, logOut interface{ Write([]byte) (int, error) }) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(o.logLevel)); err != nil {
		return fmt.Errorf("serve: --log-level %q: want debug, info, warn or error", o.logLevel)
	}
	if o.balanceGames < 0 {
		return fmt.Errorf("serve: --balance-games %d: want the most games of one check, or 0 to turn the checks off", o.balanceGames)
	}
	if err := checkBaseURL(o.baseURL); err != nil {
		return fmt.Errorf("serve: --base-url %q: %w", o.baseURL, err)
	}
	if strings.TrimSpace(o.addr) == "" {
		// net.Listen would take "" for every address on a free port.
		return fmt.Errorf("serve: --addr %q: give host:port (127.0.0.1:8080 serves this machine alone; :8080 every network it is on)", o.addr)
	}
	log := slog.New(slog.NewJSONHandler(logOut, &slog.HandlerOptions{Level: level}))

	cat, own, err := serveCatalog(o.scenarios, o.units)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	for _, sc := range own {
		log.Info("scenario from a file", "scenario", sc.ID, "file", sc.Pos.File)
	}
	if !store.IsPostgres(o.db) {
		if dir := filepath.Dir(o.db); dir != "" {
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				return fmt.Errorf("serve: --db %s: no directory %s to keep the database in", o.db, dir)
			}
		}
	}
	octx, cancel := context.WithTimeout(ctx, 30*time.Second)
	st, err := store.Open(octx, o.db)
	cancel()
	if err != nil {
		if store.IsPostgres(o.db) {
			return fmt.Errorf("serve: --db: %w", err)
		}
		return fmt.Errorf("serve: --db %s: %w", o.db, err)
	}
	backend := "sqlite"
	if store.IsPostgres(o.db) {
		backend = "postgres"
	}
	balance := o.balanceGames
	if balance <= 0 {
		balance = -1 // off
	}
	srv, err := server.New(server.Config{Store: st, Catalog: cat, Logger: log, BaseURL: o.baseURL, AllowOrigins: o.allowOrigins, RateLimit: o.rate, BalanceGames: balance,
		MetricsApart: o.metricsAddr != ""})
	if err != nil {
		st.Close()
		return err
	}
	// The address is taken before the games resume: a server that cannot
	// listen says so before it starts AI seats.
	hs := srv.HTTPServer(o.addr)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		srv.Close()
		st.Close()
		return fmt.Errorf("serve: --addr: %w", err)
	}
	var mln net.Listener
	if o.metricsAddr != "" {
		if mln, err = net.Listen("tcp", o.metricsAddr); err != nil {
			ln.Close()
			srv.Close()
			st.Close()
			return fmt.Errorf("serve: --metrics-addr: %w", err)
		}
	}
	if err := srv.Resume(ctx); err != nil {
		log.Error("resuming games", "err", err)
	}
	errc := make(chan error, 2)
	var ms *http.Server
	if mln != nil {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", srv.MetricsHandler())
		ms = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		log.Info("metrics", "addr", mln.Addr().String(), "url", "http://"+mln.Addr().String()+"/metrics")
		go func() { errc <- ms.Serve(mln) }()
	}
	log.Info("listening", "addr", ln.Addr().String(), "url", "http://"+ln.Addr().String()+"/", "store", backend)
	go func() { errc <- hs.Serve(ln) }()

	select {
	case err := <-errc:
		// One listener failed: stop the other too before leaving.
		hs.Close()
		if ms != nil {
			ms.Close()
		}
		srv.Close()
		st.Close()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down: finishing requests under way")
	sctx, scancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer scancel()
	shutErr := hs.Shutdown(sctx)
	if ms != nil {
		ms.Shutdown(sctx)
	}
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

// serveCatalog returns the built-in scenarios and unit types with the
// users' files on top, and the scenarios those files add. A folder named
// in scenarios stands for the .yaml and .yml files in it, which may be
// unit files too. Every problem of the files is listed; a scenario that
// would take a built-in one's id is refused, since the games saved under
// that id would then no longer replay.
func serveCatalog(scenarios, units []string) (*scenario.Catalog, []*scenario.Scenario, error) {
	cat, err := scenario.Embedded()
	if err != nil {
		return nil, nil, fmt.Errorf("loading scenarios: %w", err)
	}
	if len(scenarios) == 0 {
		if len(units) > 0 {
			return nil, nil, errors.New("--units: only with --scenario, for the unit types of scenario files of your own")
		}
		return cat, nil, nil
	}
	builtIn := map[string]bool{}
	for _, sc := range cat.Scenarios() {
		builtIn[sc.ID] = true
	}
	builtInUnits := map[string]map[string]*scenario.UnitType{}
	for _, r := range cat.RulesWithUnits() {
		builtInUnits[r] = map[string]*scenario.UnitType{}
		for _, u := range cat.Units(r) {
			builtInUnits[r][u.ID] = u
		}
	}
	var files []string // the scenario files named one by one
	var dirs []string  // the folders named
	var all []string
	for _, p := range scenarios {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() {
			files = append(files, p)
			all = append(all, p)
			continue
		}
		in, err := yamlFilesIn(p)
		if err != nil {
			return nil, nil, fmt.Errorf("--scenario %s: %w", p, err)
		}
		all = append(all, in...)
		dirs = append(dirs, p)
	}
	if err := cat.AddUnitFiles(units...); err != nil {
		return nil, nil, filesProblem("--units", err)
	}
	if err := cat.AddFiles(all...); err != nil {
		return nil, nil, filesProblem("--scenario", err)
	}
	var own []*scenario.Scenario
	made := map[string]bool{}
	for _, sc := range cat.Scenarios() {
		if sc.BuiltIn {
			continue
		}
		if builtIn[sc.ID] {
			return nil, nil, fmt.Errorf("--scenario %s:%d:%d: id %q is a built-in scenario's, whose saved games would no longer replay; give yours an id of its own (my/...)", sc.Pos.File, sc.Pos.Line, sc.Pos.Col, sc.ID)
		}
		own = append(own, sc)
		made[filepath.Clean(sc.Pos.File)] = true
	}
	for _, f := range files {
		if !made[filepath.Clean(f)] {
			return nil, nil, fmt.Errorf("--scenario %s: not a scenario file (a scenario file has a top-level id: key; give unit files with --units)", f)
		}
	}
	for _, d := range dirs {
		found := false
		for f := range made {
			found = found || filepath.Dir(f) == filepath.Clean(d)
		}
		if !found {
			return nil, nil, fmt.Errorf("--scenario %s: the folder's .yaml files are unit files only, with no scenario file among them", d)
		}
	}
	// A unit type of the users' with a built-in one's id would change
	// what /api/units and the shot calculator tell every player, while
	// the built-in scenarios play the built-in type.
	for r, m := range builtInUnits {
		for _, u := range cat.Units(r) {
			if b, ok := m[u.ID]; ok && b != u {
				return nil, nil, fmt.Errorf("%s:%d:%d: unit type id %q is a built-in one's (%s); the server shows every player one set of unit types, so give yours an id of its own", u.Pos.File, u.Pos.Line, u.Pos.Col, u.ID, b.Name)
			}
		}
	}
	return cat, own, nil
}

// filesProblem words a Problems list from the files of flag.
func filesProblem(flag string, err error) error {
	var ps scenario.Problems
	if errors.As(err, &ps) {
		return fmt.Errorf("%s: the files have %d problem%s:\n%w", flag, len(ps), plural(len(ps)), err)
	}
	return fmt.Errorf("%s: %w", flag, err)
}
