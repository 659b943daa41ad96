package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/store/storetest"
)

// buildBinary builds sandtable once per test run.
var buildOnce struct {
	sync.Once
	path string
	err  error
}

func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sandtable-bin")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.path = filepath.Join(dir, "sandtable")
		out, err := osexec.Command("go", "build", "-o", buildOnce.path, ".").CombinedOutput()
		if err != nil {
			buildOnce.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildOnce.err != nil {
		t.Fatal(buildOnce.err)
	}
	return buildOnce.path
}

// serverProc is a running `sandtable serve`.
type serverProc struct {
	cmd  *osexec.Cmd
	url  string
	logs *bytes.Buffer
	mu   *sync.Mutex
	done chan error
}

// startServer runs `sandtable serve` on a free loopback port over db,
// with the flags given besides, and waits for its "listening" log line.
func startServer(t *testing.T, db string, flags ...string) *serverProc {
	t.Helper()
	cmd := osexec.Command(buildBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--rate-limit", "-1"}, flags...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: cmd, logs: &bytes.Buffer{}, mu: &sync.Mutex{}, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.logs.WriteString(line + "\n")
			p.mu.Unlock()
			var m struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &m) == nil && m.Msg == "listening" {
				addr <- m.Addr
			}
		}
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })
	select {
	case a := <-addr:
		p.url = "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatalf("server did not start:\n%s", p.logText())
	}
	return p
}

func (p *serverProc) logText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

var httpc = &http.Client{Timeout: 30 * time.Second}

func call(method, url, token string, body any, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := httpc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, err
		}
	} else if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, b)
	}
	return resp.StatusCode, nil
}

// client plays both seats of one human-vs-human game, choosing with the
// random agent on a mirror game of the same seed.
type client struct {
	id      string
	tokens  [2]string
	mirror  *engine.Game
	pick    agent.Agent
	acked   int           // actions acknowledged by the server
	pending engine.Action // sent, answer lost (server killed)
	err     error
}

func newClient(t *testing.T, url string, sc *scenario.Scenario, seed uint64) *client {
	t.Helper()
	var c struct {
		GameID    string `json:"game_id"`
		SeatToken string `json:"seat_token"`
		JoinToken string `json:"join_token"`
	}
	if _, err := call("POST", url+"/api/games", "", map[string]any{"scenario": sc.ID, "opponent": "human", "seed": seed}, &c); err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(ab.Rules{}, sc, seed)
	if err != nil {
		t.Fatal(err)
	}
	return &client{id: c.GameID, tokens: [2]string{c.SeatToken, c.JoinToken}, mirror: g, pick: agent.NewRandom(seed)}
}

// play submits up to max actions; it stops at the first failure.
func (c *client) play(url string, max int) {
	for i := 0; i < max && !c.mirror.State().Result().Over; i++ {
		side := c.mirror.Pending().Side
		a := c.pick.Choose(c.mirror.State())
		raw, _ := engine.EncodeAction(a)
		// A seat's event numbers count the events it may see.
		seen := 0
		for _, e := range c.mirror.Events() {
			if e.VisibleTo(side) {
				seen++
			}
		}
		body := map[string]any{"after": seen, "n": c.mirror.ActionsKnownTo(side), "action": json.RawMessage(raw)}
		c.pending = a
		if _, err := call("POST", url+"/api/games/"+c.id+"/actions", c.tokens[side], body, nil); err != nil {
			c.err = err
			return
		}
		c.pending = nil
		if _, err := c.mirror.Apply(a); err != nil {
			c.err = err
			return
		}
		c.acked++
	}
}

type gameView struct {
	N       int             `json:"n"`
	Pending engine.Decision `json:"pending"`
	View    json.RawMessage `json:"view"`
}

// check compares the server's game with the mirror after a restart: every
// acknowledged action is there, and at most the one in flight besides.
func (c *client) check(t *testing.T, url string) {
	t.Helper()
	// The seat that would have made the action in flight counts it, its
	// own, if it was stored.
	side := c.mirror.Pending().Side
	var v gameView
	if side >= 0 {
		if _, err := call("GET", url+"/api/games/"+c.id, c.tokens[side], nil, &v); err != nil {
			t.Fatalf("game %s after restart: %v", c.id, err)
		}
		switch known := c.mirror.ActionsKnownTo(side); {
		case v.N == known:
		case v.N == known+1 && c.pending != nil:
			if _, err := c.mirror.Apply(c.pending); err != nil { // committed, answer lost
				t.Fatal(err)
			}
			c.acked++
		default:
			t.Fatalf("game %s: side %d knows of %d actions stored, %d acknowledged (in flight: %v)", c.id, side, v.N, known, c.pending != nil)
		}
	}
	c.pending = nil
	if _, err := call("GET", url+"/api/games/"+c.id, c.tokens[0], nil, &v); err != nil {
		t.Fatalf("game %s after restart: %v", c.id, err)
	}
	if known := c.mirror.ActionsKnownTo(0); v.N != known {
		t.Errorf("game %s: side 0 knows of %d actions, want %d", c.id, v.N, known)
	}
	want, _ := json.Marshal(c.mirror.State().View(0))
	if v.Pending != c.mirror.Pending() || string(v.View) != string(want) {
		t.Errorf("game %s resumes with pending %+v, want %+v; views equal: %v", c.id, v.Pending, c.mirror.Pending(), string(v.View) == string(want))
	}
}

// TestServeDurableAcrossKill runs concurrent games against a real server
// process, kills it with SIGKILL mid-run, restarts it on the same SQLite
// file and checks that every acknowledged action is there and every game
// goes on; then stops it with SIGTERM mid-run and checks again.
func TestServeDurableAcrossKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	sc := embeddedScenario(t, "armour-battles/battle-1")
	db := filepath.Join(t.TempDir(), "games.db")
	srv := startServer(t, db)
	const games = 12
	clients := make([]*client, games)
	for i := range clients {
		clients[i] = newClient(t, srv.url, sc, uint64(100+i))
	}
	// An AI game too: it must resume after the restart.
	var ai struct {
		GameID    string `json:"game_id"`
		SeatToken string `json:"seat_token"`
	}
	if _, err := call("POST", srv.url+"/api/games", "", map[string]any{"scenario": sc.ID, "opponent": "random", "side": "us", "seed": 7}, &ai); err != nil {
		t.Fatal(err)
	}

	for round, stop := range []func(){
		func() { srv.cmd.Process.Kill() },
		func() { srv.cmd.Process.Signal(syscall.SIGTERM) },
	} {
		var wg sync.WaitGroup
		for _, c := range clients {
			wg.Add(1)
			go func() { defer wg.Done(); c.play(srv.url, 1000) }()
		}
		// Stop the server while the clients are mid-game.
		deadline := time.Now().Add(20 * time.Second)
		for total := 0; total < 40*(round+1)*games && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			total = 0
			for _, c := range clients {
				total += c.acked // racy read, only to pace the test
			}
		}
		stop()
		wg.Wait()
		exitErr := <-srv.done
		if round == 1 {
			if exitErr != nil {
				t.Errorf("after SIGTERM the server exited with %v\n%s", exitErr, srv.logText())
			}
			if !strings.Contains(srv.logText(), `"msg":"stopped"`) {
				t.Errorf("no clean stop logged:\n%s", srv.logText())
			}
		}
		srv = startServer(t, db)
		total := 0
		for _, c := range clients {
			c.check(t, srv.url)
			c.err = nil
			total += c.acked
		}
		t.Logf("round %d: %d actions acknowledged over %d games", round, total, games)
		// Every game accepts further actions.
		for _, c := range clients {
			before := c.acked
			c.play(srv.url, 3)
			if c.err != nil || (c.acked == before && !c.mirror.State().Result().Over) {
				t.Errorf("game %s after restart: %v", c.id, c.err)
			}
		}
		var v gameView
		deadline = time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if _, err := call("GET", srv.url+"/api/games/"+ai.GameID, ai.SeatToken, nil, &v); err != nil {
				t.Fatal(err)
			}
			if v.Pending.Side == 1 {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if v.Pending.Side != 1 {
			t.Errorf("AI game after restart: pending %+v, want the human's (us) decision", v.Pending)
		}
	}
	srv.cmd.Process.Signal(syscall.SIGTERM)
	<-srv.done
}

// TestServeOwnScenario serves a folder holding a scenario file of a
// user's own and the unit file it needs: the lobby lists it with its map,
// its games are played and saved like others, and after restarts without
// the file, or with the file changed, such a game says why it cannot go
// on (and goes on again once the file is back as it was).
func TestServeOwnScenario(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	orig, err := os.ReadFile("testdata/skirmish.yaml")
	if err != nil {
		t.Fatal(err)
	}
	units, err := os.ReadFile("testdata/jumbo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	scFile := filepath.Join(mine, "skirmish.yaml")
	write := func(b []byte) {
		t.Helper()
		if err := os.WriteFile(scFile, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(orig)
	if err := os.WriteFile(filepath.Join(mine, "jumbo.yaml"), units, 0o644); err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.LoadFile(scFile, filepath.Join(mine, "jumbo.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "games.db")
	srv := startServer(t, db, "--scenario", mine)

	var list struct {
		Scenarios []struct{ ID, Source string } `json:"scenarios"`
	}
	if _, err := call("GET", srv.url+"/api/scenarios", "", nil, &list); err != nil {
		t.Fatal(err)
	}
	sources := map[string]string{}
	for _, s := range list.Scenarios {
		sources[s.ID] = s.Source
	}
	if sources["my/skirmish"] != "file" || sources["armour-battles/battle-1"] != "built-in" {
		t.Errorf("scenarios and their sources: %v; want my/skirmish from a file beside the built-in ones", sources)
	}
	var m struct {
		Terrain []struct{ Name string } `json:"terrain"`
	}
	if _, err := call("GET", srv.url+"/maps/my/skirmish.json", "", nil, &m); err != nil || len(m.Terrain) != 1 || m.Terrain[0].Name != "Copse" {
		t.Errorf("the map of my/skirmish: %+v, %v; want its copse", m, err)
	}

	c := newClient(t, srv.url, sc, 5)
	c.play(srv.url, 30)
	if c.err != nil || c.acked < 30 {
		t.Fatalf("%d actions acknowledged: %v", c.acked, c.err)
	}
	restart := func(flags ...string) {
		t.Helper()
		srv.cmd.Process.Signal(syscall.SIGTERM)
		<-srv.done
		srv = startServer(t, db, flags...)
	}
	refused := func(code, says string) {
		t.Helper()
		_, err := call("GET", srv.url+"/api/games/"+c.id, c.tokens[0], nil, nil)
		if err == nil || !strings.Contains(err.Error(), " 409 ") || !strings.Contains(err.Error(), `"code":"`+code+`"`) || !strings.Contains(err.Error(), says) {
			t.Errorf("the game after a restart: %v; want 409 %s saying %q", err, code, says)
		}
	}

	restart()
	refused("scenario_missing", `scenario \"my/skirmish\" is not on this server; if it came from a scenario file of your own, start the server with that file (sandtable serve --scenario FILE)`)
	var games struct {
		Games []struct {
			ID string `json:"game_id"`
		} `json:"games"`
	}
	if _, err := call("GET", srv.url+"/api/games", "", nil, &games); err != nil || len(games.Games) != 1 || games.Games[0].ID != c.id {
		t.Errorf("the game list without the scenario: %+v, %v; want the game still listed", games, err)
	}

	write([]byte(strings.Replace(string(orig), "version: 1", "version: 2", 1)))
	restart("--scenario", mine)
	refused("scenario_missing", `made with version 1 of scenario \"my/skirmish\" and the server now has version 2`)

	write([]byte(strings.Replace(string(orig), "[20, 14], [28, 14]", "[20, 12], [28, 12]", 1)))
	restart("--scenario", mine)
	refused("rules_changed", "its scenario's data (forces, terrain, set-up rules or unit stats) has changed")

	write(orig)
	restart("--scenario", scFile, "--units", filepath.Join(mine, "jumbo.yaml"))
	c.check(t, srv.url)
	before := c.acked
	c.play(srv.url, 5)
	if c.err != nil || c.acked != before+5 {
		t.Errorf("the game with its file back: %d more actions, %v", c.acked-before, c.err)
	}
	srv.cmd.Process.Signal(syscall.SIGTERM)
	<-srv.done
}

// TestServeScenarioFlags checks serve's refusals of scenario and unit
// files, each naming the file and what is wrong.
func TestServeScenarioFlags(t *testing.T) {
	empty := t.TempDir()
	// A folder of unit files only; one whose files are links; a unit file
	// that redefines a built-in type.
	unitsOnly := t.TempDir()
	if err := os.Symlink(mustAbs(t, "testdata/jumbo.yaml"), filepath.Join(unitsOnly, "jumbo.yaml")); err != nil {
		t.Fatal(err)
	}
	linked := t.TempDir()
	for _, f := range []string{"skirmish.yaml", "jumbo.yaml"} {
		if err := os.Symlink(mustAbs(t, "testdata/"+f), filepath.Join(linked, f)); err != nil {
			t.Fatal(err)
		}
	}
	redefine := filepath.Join(t.TempDir(), "m4.yaml")
	if err := os.WriteFile(redefine, []byte("rules: armour-battles\nunits:\n  - id: m4-75\n    name: Super Sherman\n    nation: usa\n    footprint: {length: 6, width: 4}\n    stats: {class: medium AFV, move: average, reaction: 9, weapon: 75L38 gun, range: [7, 14, 28], at: 7}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, own, err := serveCatalog([]string{linked}, nil); err != nil || len(own) != 1 {
		t.Errorf("a folder of links to the files: %d scenarios, %v; want the skirmish", len(own), err)
	}
	for _, tc := range []struct {
		scenarios, units []string
		want             string
	}{
		{nil, []string{"testdata/jumbo.yaml"}, "--units: only with --scenario"},
		{[]string{"testdata/skirmish.yaml"}, nil, "--scenario: the files have 1 problem:\ntestdata/skirmish.yaml:37:30: no unit type \"Jumbo\" in armour-battles"},
		{[]string{"testdata/jumbo.yaml"}, nil, "--scenario testdata/jumbo.yaml: not a scenario file"},
		{[]string{"testdata/skirmish.yaml"}, []string{"testdata/skirmish.yaml"}, "--units: the files have 1 problem:\ntestdata/skirmish.yaml:1:1: a scenario file, given as a unit file"},
		{[]string{"testdata/none.yaml"}, nil, "testdata/none.yaml: cannot open it"},
		{[]string{empty}, nil, "--scenario " + empty + ": a folder with no .yaml files in it"},
		{[]string{"../../data/armour-battles/battle-1.yaml"}, nil, `id "armour-battles/battle-1" is a built-in scenario's`},
		{[]string{unitsOnly}, nil, "--scenario " + unitsOnly + ": the folder's .yaml files are unit files only"},
		{[]string{"testdata/skirmish.yaml"}, []string{"testdata/jumbo.yaml", redefine}, redefine + `:3:5: unit type id "m4-75" is a built-in one's (M4 75mm)`},
	} {
		_, _, err := serveCatalog(tc.scenarios, tc.units)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--scenario %v --units %v: %v; want %q", tc.scenarios, tc.units, err, tc.want)
		}
	}
	cat, own, err := serveCatalog([]string{"testdata/skirmish.yaml", "testdata/pagano-skirmish.yaml"}, []string{"testdata/jumbo.yaml"})
	if err != nil || len(own) != 2 {
		t.Fatalf("two scenario files: %d scenarios of one's own, %v", len(own), err)
	}
	if sc, err := cat.Scenario("armour-battles/battle-1"); err != nil || !sc.BuiltIn {
		t.Errorf("the built-in scenarios beside them: %v", err)
	}
}

func TestServeFlags(t *testing.T) {
	cmd := newServeCmd()
	for _, f := range []string{"addr", "db", "allow-origin", "rate-limit", "base-url", "log-level"} {
		if cmd.Flags().Lookup(f) == nil {
			t.Errorf("serve has no --%s", f)
		}
	}
	if got := cmd.Flags().Lookup("addr").DefValue; got != "127.0.0.1:8080" {
		t.Errorf("--addr default %q", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := runServe(ctx, serveOptions{addr: "127.0.0.1:0", db: "postgres://nobody@127.0.0.1:1/x?connect_timeout=1", logLevel: "info"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "serve:") {
		t.Errorf("serve with an unreachable PostgreSQL: %v, want an error", err)
	}
}

// TestServeTwoProcessesSharePostgres runs two `sandtable serve`
// processes on one PostgreSQL database (SANDTABLE_TEST_POSTGRES, see
// .ci/postgres.sh): a seat's WebSocket on server B gets, with no gap and
// no duplicate, the events of the actions submitted on server A.
func TestServeTwoProcessesSharePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	db := storetest.PostgresSchemaURL(t, "serve")
	a := startServer(t, db)
	b := startServer(t, db)
	cat, err := scenario.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cat.Scenario("armour-battles/battle-2") // hidden units: private events
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, a.url, sc, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(b.url, "http://", "ws://", 1)+"/api/games/"+c.id+"/ws?after=0",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + c.tokens[1]}}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c.play(a.url, 40)
	if c.err != nil {
		t.Fatal(c.err)
	}
	var got []engine.Event
	// n is the actions side 1 may know of (its own, and those it sees).
	for n, want := -1, c.mirror.ActionsKnownTo(1); n < want; {
		_, raw, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("B's stream after %d events: %v", len(got), err)
		}
		var m struct {
			Events []engine.Event `json:"events"`
			N      int            `json:"n"`
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		got, n = append(got, m.Events...), m.N
	}
	var want struct {
		Events    []engine.Event `json:"events"`
		LastEvent int            `json:"last_event"`
	}
	if _, err := call("GET", a.url+"/api/games/"+c.id+"/events", c.tokens[1], nil, &want); err != nil {
		t.Fatal(err)
	}
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want.Events)
	if string(gb) != string(wb) || len(got) != want.LastEvent {
		t.Fatalf("B streamed %d events, A lists %d (last_event %d):\n%s\n%s", len(got), len(want.Events), want.LastEvent, gb, wb)
	}
	for i, e := range got {
		if e.Seq != i+1 {
			t.Fatalf("event %d numbered %d", i+1, e.Seq)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestServeMetricsApart: with --metrics-addr, /metrics is served there and
// not on --addr, where players are; without it, on --addr as before.
func TestServeMetricsApart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	get := func(url string) (int, string) {
		t.Helper()
		resp, err := httpc.Get(url)
		if err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	plain := startServer(t, filepath.Join(t.TempDir(), "a.db"))
	if code, body := get(plain.url + "/metrics"); code != 200 || !strings.Contains(body, "sandtable_actions_applied_total") && !strings.Contains(body, "sandtable_games_live") {
		t.Errorf("/metrics on --addr without --metrics-addr: %d %.200s", code, body)
	}
	apart := startServer(t, filepath.Join(t.TempDir(), "b.db"), "--metrics-addr", "127.0.0.1:0")
	if code, _ := get(apart.url + "/metrics"); code != 404 {
		t.Errorf("/metrics on --addr with --metrics-addr: %d; want 404", code)
	}
	var addr string
	for _, line := range strings.Split(apart.logText(), "\n") {
		var m struct{ Msg, Addr string }
		if json.Unmarshal([]byte(line), &m) == nil && m.Msg == "metrics" {
			addr = m.Addr
		}
	}
	if addr == "" {
		t.Fatalf("no metrics address logged:\n%s", apart.logText())
	}
	if code, body := get("http://" + addr + "/metrics"); code != 200 || !strings.Contains(body, "sandtable_games_live") {
		t.Errorf("/metrics on --metrics-addr: %d %.200s", code, body)
	}
	if code, _ := get("http://" + addr + "/api/scenarios"); code != 404 {
		t.Errorf("the game API on --metrics-addr: %d; want 404", code)
	}
	apart.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-apart.done; err != nil {
		t.Errorf("SIGTERM with a metrics listener: %v\n%s", err, apart.logText())
	}
}

// TestServeRefusesBadSettings: a mistaken flag stops serve at once, with a
// message naming the flag, before any game resumes.
func TestServeRefusesBadSettings(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "game.jsonl")
	if err := os.WriteFile(notDB, []byte(strings.Repeat("not a database\n", 20)), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "t.db")
	for _, tc := range []struct {
		o    serveOptions
		want string
	}{
		{serveOptions{logLevel: "loud"}, `--log-level "loud": want debug, info, warn or error`},
		{serveOptions{balanceGames: -5}, "--balance-games -5: want the most games of one check, or 0 to turn the checks off"},
		{serveOptions{baseURL: "notaurl"}, `--base-url "notaurl": want an http:// or https:// URL`},
		{serveOptions{baseURL: "https://"}, `--base-url "https://": the URL names no host`},
		{serveOptions{baseURL: "https://x.example/?a=1"}, "takes no ?query"},
		{serveOptions{db: filepath.Join(dir, "none", "t.db")}, "--db " + filepath.Join(dir, "none", "t.db") + ": no directory " + filepath.Join(dir, "none") + " to keep the database in"},
		{serveOptions{db: notDB}, "--db " + notDB + ": "},
		{serveOptions{addr: "bogus"}, "--addr: listen tcp: address bogus: missing port in address"},
		{serveOptions{addr: " "}, `--addr " ": give host:port`},
	} {
		o := tc.o
		if o.logLevel == "" {
			o.logLevel = "info"
		}
		if o.db == "" {
			o.db = db
		}
		if o.addr == "" {
			o.addr = "127.0.0.1:0"
		}
		var log strings.Builder
		err := runServe(context.Background(), o, &log)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("serve %+v: %v; want an error saying %q", tc.o, err, tc.want)
		}
		if strings.Contains(log.String(), "resum") {
			t.Errorf("serve %+v logged before refusing: %s", tc.o, log.String())
		}
	}
	if b, err := os.ReadFile(notDB); err != nil || !strings.HasPrefix(string(b), "not a database") {
		t.Errorf("the file given as --db was changed: %q, %v", b, err)
	}
}
