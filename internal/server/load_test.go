package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/agent"
	"github.com/sandtable/sandtable/internal/engine"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/server"
	"github.com/sandtable/sandtable/internal/store"
)

var (
	load         = flag.Bool("load", false, "run the load test (TestLoad) and print its figures")
	loadGames    = flag.Int("load.games", 100, "concurrent games in the load test")
	loadDuration = flag.Duration("load.duration", 10*time.Second, "how long each phase of the load test submits actions")
	loadRate     = flag.Float64("load.rate", 2000, "actions/s offered in the open-loop phase of the load test")
)

// TestLoad measures the server over loopback with SQLite and durable
// commits: loadGames games (the trivial server-test ruleset, both seats
// played by the client) submit actions as fast as they are acknowledged.
// It reports acknowledged actions/s, latency percentiles, the store's
// group-commit figures, the raw SQLite commit rate on the same disk, and
// memory per live game. It asserts nothing about time.
//
//	go test ./internal/server -run TestLoad -load -v
func TestLoad(t *testing.T) {
	if !*load {
		t.Skip("load test: run with -load")
	}
	e := newEnv(t, server.Config{})
	tr := &http.Transport{MaxIdleConnsPerHost: 2 * *loadGames, MaxConnsPerHost: 2 * *loadGames}
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	post := func(path, token string, body any) ([]byte, int, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", e.url+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, 0, err
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return out, resp.StatusCode, nil
	}

	ids := make([]created, *loadGames)
	for i := range ids {
		ids[i] = e.create(map[string]any{"scenario": longScenario.ID, "opponent": "human", "seed": i})
	}
	moves := make([]int, len(ids)) // per game, actions acknowledged so far
	// phase submits for d: as fast as acknowledged when rate is 0 (closed
	// loop), else each game every len(ids)/rate seconds (open loop, the
	// server sees rate actions/s offered).
	phase := func(name string, rate float64, d time.Duration) {
		commits0, appends0 := store.CommitStats(e.store)
		cpu0 := cpuTime()
		steal0, all0 := machineTicks()
		var mu sync.Mutex
		var lat []time.Duration
		start := time.Now()
		stop := start.Add(d)
		var wg sync.WaitGroup
		for gi, c := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				toks := [2]string{c.SeatToken, c.JoinToken}
				var mine []time.Duration
				var every time.Duration
				next := start
				if rate > 0 {
					every = time.Duration(float64(len(ids)) / rate * float64(time.Second))
					next = start.Add(time.Duration(gi) * every / time.Duration(len(ids)))
				}
				for {
					if rate > 0 {
						time.Sleep(time.Until(next))
						next = next.Add(every)
					}
					if time.Now().After(stop) {
						break
					}
					m := moves[gi]
					// Each move emits a public event and one private to the
					// mover; the mover has made m/2 moves before this one.
					body := map[string]any{"after": m + m/2, "n": m, "action": map[string]any{"kind": "move", "value": m%3 + 1}}
					t0 := time.Now()
					b, status, err := post("/api/games/"+c.GameID+"/actions", toks[m%2], body)
					if err != nil || status != 200 {
						t.Errorf("game %s move %d: %v %d %s", c.GameID, m, err, status, b)
						break
					}
					mine = append(mine, time.Since(t0))
					moves[gi]++
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		cpu := cpuTime() - cpu0
		steal1, all1 := machineTicks()
		commits1, appends1 := store.CommitStats(e.store)
		if len(lat) == 0 {
			t.Fatal("no action acknowledged")
		}
		slices.Sort(lat)
		pct := func(p float64) time.Duration {
			return lat[min(len(lat)-1, int(p*float64(len(lat))))].Round(10 * time.Microsecond)
		}
		commits, appends := commits1-commits0, appends1-appends0
		t.Logf("%s: %d games, %v: %d actions acknowledged, %.0f actions/s; latency p50 %v p90 %v p99 %v max %v; %d commits, %.1f appends per commit; process CPU %.0f µs per action (client and server); %.1f%% of the machine's CPU time stolen by the hypervisor",
			name, len(ids), elapsed.Round(time.Millisecond), len(lat), float64(len(lat))/elapsed.Seconds(),
			pct(0.5), pct(0.9), pct(0.99), lat[len(lat)-1].Round(10*time.Microsecond), commits, float64(appends)/float64(max(commits, 1)),
			float64(cpu.Microseconds())/float64(len(lat)), 100*float64(steal1-steal0)/float64(max(all1-all0, 1)))
	}
	phase("closed loop (as fast as acknowledged)", 0, *loadDuration)
	phase(fmt.Sprintf("open loop at %.0f actions/s offered", *loadRate), *loadRate, *loadDuration)
	raw, err := store.SQLiteCommitRate(context.Background(), filepath.Join(t.TempDir(), "raw.db"), 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("SQLite (WAL, synchronous=FULL) raw single-row commit rate on this disk, same run: %.0f commits/s", raw)

	perGame := func(scenarioID string, actions int) float64 {
		runtime.GC()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		const n = 200
		keep := make([]created, n)
		for i := range keep {
			keep[i] = e.create(map[string]any{"scenario": scenarioID, "opponent": "human", "seed": 1000 + i})
		}
		if actions > 0 {
			cat := newCatalog(t)
			sc, _ := cat.Scenario(scenarioID)
			for i, c := range keep {
				g, _ := engine.NewGame(ab.Rules{}, sc, uint64(1000+i))
				pick := agent.NewRandom(uint64(i))
				toks := [2]string{c.SeatToken, c.JoinToken}
				for k := 0; k < actions && !g.State().Result().Over; k++ {
					a := pick.Choose(g.State())
					raw, _ := engine.EncodeAction(a)
					body := map[string]any{"after": seenBy(g, g.Pending().Side), "n": g.ActionsKnownTo(g.Pending().Side), "action": json.RawMessage(raw)}
					if b, st, err := post("/api/games/"+c.GameID+"/actions", toks[g.Pending().Side], body); err != nil || st != 200 {
						t.Fatalf("%v %d %s", err, st, b)
					}
					g.Apply(a)
				}
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(keep)
		return float64(m1.HeapAlloc-m0.HeapAlloc) / n
	}
	t.Logf("memory per live game (heap, after GC): trivial ruleset %.1f KiB; Armour Battles battle-1 new %.1f KiB, after 60 actions %.1f KiB",
		perGame(longScenario.ID, 0)/1024, perGame("armour-battles/battle-1", 0)/1024, perGame("armour-battles/battle-1", 60)/1024)
}

// seenBy returns how many of g's events side may see: the number of the
// last event that side's seat was sent.
func seenBy(g *engine.Game, side int) int {
	n := 0
	for _, e := range g.Events() {
		if e.VisibleTo(side) {
			n++
		}
	}
	return n
}

// cpuTime returns the CPU time (user and system) the process has used,
// a figure of the work per action that the machine's load does not
// change as it does latency.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// machineTicks returns, from /proc/stat, the CPU time the hypervisor
// stole from this machine and all CPU time, in ticks (zeros where there
// is no /proc). Latency tails follow the steal: a figure measured while
// a neighbour took a tenth of the machine is not this server's.
func machineTicks() (steal, all uint64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0
	}
	for i, v := range f[1:] {
		n, _ := strconv.ParseUint(v, 10, 64)
		if i < 8 { // user nice system idle iowait irq softirq steal; guest time is inside user
			all += n
		}
		if i == 7 {
			steal = n
		}
	}
	return steal, all
}
