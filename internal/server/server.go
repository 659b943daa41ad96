package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/store"
	"github.com/sandtable/sandtable/web"
)

// Catalog is where the server finds scenarios and unit types;
// *scenario.Catalog is one.
type Catalog interface {
	Scenarios() []*scenario.Scenario
	Scenario(id string) (*scenario.Scenario, error)
	RulesWithUnits() []string
	Units(rules string) []*scenario.UnitType
	UnitType(rules, idOrName string) (*scenario.UnitType, error)
}

// Config configures a Server. Zero values take the defaults noted.
type Config struct {
	Store   store.Store
	Catalog Catalog
	Logger  *slog.Logger // default: discard
	// BaseURL prefixes the links handed out (join, spectate); default:
	// http:// and the request's Host.
	BaseURL string
	// AllowOrigins are extra host patterns (path.Match, e.g.
	// "*.example.com") whose pages may open WebSockets; the server's own
	// host is always allowed.
	AllowOrigins []string
	// RateLimit is the requests a second allowed per client IP to the
	// costly endpoints: creating games, submitting actions and listing
	// candidates (token bucket of RateBurst); 0 means 10/s, negative
	// means no limit.
	RateLimit float64
	RateBurst int // default 2×RateLimit
	// MaxBody bounds request bodies; default 64 KiB.
	MaxBody int64
	// MaxLiveGames bounds the games kept in memory; default 10000. Games
	// with WebSocket clients or an AI decision under way are never evicted.
	MaxLiveGames int
	// AIWorkers bounds concurrent AI decisions; default GOMAXPROCS.
	AIWorkers int
	// AIBudget is the time an AI decision should take at most; slower
	// ones are logged. Default 5s.
	AIBudget time.Duration
	// AILease is how long a server sharing the store with others holds
	// the lease on an AI decision it is computing; if it dies, another
	// server takes the decision over after this. Default 2×AIBudget+10s.
	AILease time.Duration
	// RequestTimeout bounds the work of one API request; default 10s.
	RequestTimeout time.Duration
	// WSReadLimit bounds one WebSocket message from a client; default 4 KiB.
	WSReadLimit int64
	// BalanceGames bounds the games of one balance check (POST
	// /api/balance); 0 means 1000, negative turns checks off.
	BalanceGames int
	// MetricsApart leaves /metrics out of Handler, for MetricsHandler
	// to serve on a listener of the operator's only: its counters move
	// with every action, a hidden one too, so a player who could read
	// them would count the enemy's hidden moves. Without it, Handler
	// serves /metrics to clients on the server's own machine alone
	// (localOnly).
	MetricsApart bool
}

// Server is the game server: the HTTP API, the WebSocket event streams
// and the AI seats of every live game.
type Server struct {
	balance balanceChecks // balance checks (balance.go)

	cfg     Config
	log     *slog.Logger
	games   *cache
	metrics *metrics
	limiter *rateLimiter
	aiSem   chan struct{}
	handler http.Handler
	// id names this server to the others sharing its store (AI leases).
	id string

	// ctx ends WebSocket streams and waiting AI decisions on Close.
	ctx    context.Context
	cancel context.CancelFunc
	bg     sync.WaitGroup // AI decisions, WebSocket streams, following the store

	// Commits of every server sharing the store (see fanout.go).
	changes   chan store.Change
	overflow  atomic.Bool
	stopWatch func()
}

// New returns a server over cfg.Store and cfg.Catalog.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Catalog == nil {
		return nil, errors.New("server: a store and a catalog are needed")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.RateLimit == 0 {
		cfg.RateLimit = 10
	}
	if cfg.RateBurst <= 0 {
		cfg.RateBurst = max(1, int(2*cfg.RateLimit))
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 64 << 10
	}
	if cfg.MaxLiveGames <= 0 {
		cfg.MaxLiveGames = 10000
	}
	if cfg.AIWorkers <= 0 {
		cfg.AIWorkers = runtime.GOMAXPROCS(0)
	}
	if cfg.AIBudget <= 0 {
		cfg.AIBudget = 5 * time.Second
	}
	if cfg.AILease <= 0 {
		cfg.AILease = 2*cfg.AIBudget + 10*time.Second
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.BalanceGames == 0 {
		cfg.BalanceGames = balanceMaxGames
	}
	if cfg.WSReadLimit <= 0 {
		cfg.WSReadLimit = 4 << 10
	}
	s := &Server{cfg: cfg, log: cfg.Logger, aiSem: make(chan struct{}, cfg.AIWorkers), id: newToken()[:16]}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.games = newCache(s, cfg.MaxLiveGames)
	s.metrics = newMetrics(func() float64 { return float64(s.games.len()) })
	if cfg.RateLimit > 0 {
		s.limiter = newRateLimiter(cfg.RateLimit, cfg.RateBurst)
	}
	s.handler = s.routes()
	if err := s.watchStore(); err != nil {
		s.cancel()
		return nil, err
	}
	return s, nil
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

// MetricsHandler returns the Prometheus handler of the server's metrics,
// which Handler serves at /metrics unless Config.MetricsApart.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// localOnly serves h to clients on the server's own machine (a loopback
// peer) and refuses the others: /metrics on the players' listener counts
// hidden actions too, so only the operator may read it there, and
// serve --metrics-addr puts it on a listener apart for a scraper on
// another machine. A request a proxy forwards names its client in
// X-Forwarded-For or Forwarded, and is refused as well, even from a proxy
// on the same machine.
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := net.ParseIP(clientIP(r))
		if ip == nil || !ip.IsLoopback() || r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != "" {
			writeError(w, errf(http.StatusForbidden, codeForbidden,
				"/metrics is served here only to the server's own machine: its counters move with hidden actions too; start the server with --metrics-addr to serve it on a listener of your own"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// HTTPServer returns an http.Server for addr with the server's timeouts:
// slow or stalled clients cannot hold connections open.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s.handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// Resume loads the unfinished games whose pending decision belongs to an
// agent and starts their AI, e.g. after a restart.
func (s *Server) Resume(ctx context.Context) error {
	gs, err := s.cfg.Store.ListGames(ctx, store.ListOptions{Status: store.StatusActive, Limit: s.cfg.MaxLiveGames})
	var damaged *store.DamagedError
	if errors.As(err, &damaged) {
		s.log.Error("resume: damaged games left out", "err", err)
	} else if err != nil {
		return err
	}
	n := 0
	for _, g := range gs {
		hasAgent := false
		for _, st := range g.Seats {
			hasAgent = hasAgent || st.Player != store.PlayerHuman
		}
		if !hasAgent {
			continue
		}
		if _, err := s.games.get(ctx, g.ID); errors.As(err, new(*scenarioGone)) {
			s.log.Warn("resume: the game's scenario is not on this server", "game", g.ID, "err", err)
			continue
		} else if err != nil {
			s.log.Error("resume: loading game", "game", g.ID, "err", err)
			continue
		}
		n++
	}
	s.log.Info("resumed games with AI seats", "games", n)
	return nil
}

// Close stops WebSocket streams and AI decisions not yet started, and
// waits for those under way to commit. Call it after http.Server.Shutdown
// and before closing the store.
func (s *Server) Close() {
	if s.stopWatch != nil {
		s.stopWatch()
	}
	s.cancel()
	s.bg.Wait()
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	// The browser UI: lobby, battlefield, replay viewer and scenario maps.
	mux.Handle("/", web.Handler(s.cfg.Catalog))
	mux.HandleFunc("GET /healthz", s.healthz)
	if !s.cfg.MetricsApart {
		mux.Handle("GET /metrics", localOnly(s.MetricsHandler()))
	}

	mux.HandleFunc("GET /api/scenarios", s.api(s.listScenarios))
	mux.HandleFunc("GET /api/units", s.api(s.listUnits))
	mux.HandleFunc("GET /api/odds", s.api(s.getTablesideOdds))
	mux.HandleFunc("GET /api/odds/roll", s.api(s.getTablesideRoll))
	mux.HandleFunc("GET /api/odds/compare", s.api(s.getTablesideCompare))
	mux.HandleFunc("GET /api/command", s.api(s.getTablesideCommand))
	mux.HandleFunc("POST /api/balance", s.limit(s.api(s.postBalance)))
	mux.HandleFunc("GET /api/balance/{id}", s.api(s.getBalance))
	mux.HandleFunc("GET /api/games", s.api(s.listGames))
	mux.HandleFunc("POST /api/games", s.limit(s.api(s.createGame)))
	mux.HandleFunc("GET /api/games/{id}", s.api(s.getGame))
	mux.HandleFunc("POST /api/games/{id}/actions", s.limit(s.api(s.postAction)))
	mux.HandleFunc("POST /api/games/{id}/check", s.limit(s.api(s.postCheck)))
	mux.HandleFunc("GET /api/games/{id}/events", s.api(s.getEvents))
	mux.HandleFunc("GET /api/games/{id}/odds", s.api(s.getOdds))
	mux.HandleFunc("GET /api/games/{id}/candidates", s.limit(s.api(s.getCandidates)))
	mux.HandleFunc("GET /api/games/{id}/log", s.getLog)
	mux.HandleFunc("GET /api/games/{id}/ws", s.serveWS)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		// An endpoint asked with the wrong method is 405, with the
		// methods it takes; only an unknown path is 404.
		var allow []string
		for _, m := range []string{http.MethodGet, http.MethodPost} {
			r2 := r.Clone(r.Context())
			r2.Method = m
			if _, pat := mux.Handler(r2); pat != "/api/" && pat != "" {
				allow = append(allow, m)
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, errf(http.StatusMethodNotAllowed, codeMethod, r.Method+" "+r.URL.Path+" is not allowed; it takes "+strings.Join(allow, " or ")))
			return
		}
		writeError(w, errf(http.StatusNotFound, codeNotFound, "no API endpoint "+r.Method+" "+r.URL.Path))
	})
	return s.logRequests(mux)
}

// api adapts a handler returning (value, error) to JSON, with the request
// timeout and the body limit.
func (s *Server) api(h func(w http.ResponseWriter, r *http.Request) (any, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
		v, e := h(w, r)
		if e != nil {
			writeError(w, e)
			return
		}
		status := http.StatusOK
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/api/games":
			status = http.StatusCreated
		case r.Method == http.MethodPost && r.URL.Path == "/api/balance":
			status = http.StatusAccepted // a check under way
		}
		writeJSON(w, status, v)
	}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.cfg.Store.Ping(ctx); err != nil {
		s.log.Error("health check: store does not answer", "err", err)
		writeError(w, errf(http.StatusServiceUnavailable, codeUnavailable, "store does not answer"))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok"))
}

// statusWriter records the status for the request log; Unwrap lets the
// WebSocket upgrade reach the connection.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs each request without its query string, which may hold
// a token.
func (s *Server) logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic serving request", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
				if sw.status == 0 {
					writeError(sw, errf(http.StatusInternalServerError, codeInternal, "internal error"))
				}
			}
			lvl := slog.LevelDebug
			if sw.status >= 500 {
				lvl = slog.LevelError
			} else if sw.status >= 400 || (r.Method != http.MethodGet && !isAction(r)) {
				lvl = slog.LevelInfo
			}
			s.log.Log(r.Context(), lvl, "request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
				"ms", float64(time.Since(start).Microseconds())/1000, "ip", clientIP(r))
		}()
		h.ServeHTTP(sw, r)
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// isAction reports whether r submits an action: accepted ones are logged
// at debug level only, as GETs are, since a line per action was a write
// to stderr on the hot path (sandtable_actions_applied_total counts them;
// refusals are still logged at info).
func isAction(r *http.Request) bool {
	return r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/actions")
}
