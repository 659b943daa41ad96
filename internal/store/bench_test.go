package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/sandtable/sandtable/internal/store"
	"github.com/sandtable/sandtable/internal/store/storetest"
)

// BenchmarkSQLiteAppendConcurrent measures durable appends from 100
// games at once, each waiting for its commit as the server does.
func BenchmarkSQLiteAppendConcurrent(b *testing.B) {
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const games = 100
	for i := range games {
		if err := s.CreateGame(ctx, storetest.NewGame(fmt.Sprint("g", i))); err != nil {
			b.Fatal(err)
		}
	}
	c0, a0 := store.CommitStats(s)
	start := time.Now()
	var wg sync.WaitGroup
	per := b.N/games + 1
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprint("g", i)
			for k := 1; k <= per; k++ {
				if err := s.Append(ctx, store.Append{GameID: id, After: k - 1, Actions: storetest.Actions(k, 1), Status: store.StatusActive}); err != nil {
					b.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	c1, a1 := store.CommitStats(s)
	b.ReportMetric(float64(per*games)/time.Since(start).Seconds(), "appends/s")
	b.ReportMetric(float64(a1-a0)/float64(max(c1-c0, 1)), "appends/commit")
}
