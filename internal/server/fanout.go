package server

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sandtable/sandtable/internal/store"
)

// Several servers may share one PostgreSQL database. Each holds its own
// live copy of the games its clients use; a store.Watcher reports every
// server's commits, and follow brings the live copies here up to date
// from the store (and so pushes the new events to this server's
// WebSocket clients). Appends stay serialised by the store: a server
// whose copy is behind has its next append refused as stale, drops the
// copy and reloads it.

// changeBuffer bounds the commits heard but not yet followed; beyond it
// every live game is checked against the store instead.
const changeBuffer = 4096

// watchStore subscribes to the store's commits if it is shared.
func (s *Server) watchStore() error {
	w, ok := s.cfg.Store.(store.Watcher)
	if !ok {
		return nil
	}
	s.changes = make(chan store.Change, changeBuffer)
	ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
	defer cancel()
	stop, err := w.Watch(ctx, s.heard)
	if err != nil {
		return fmt.Errorf("server: watching the store: %w", err)
	}
	s.stopWatch = stop
	s.bg.Add(1)
	go s.follow()
	return nil
}

// heard queues a commit for follow; it never blocks the store.
func (s *Server) heard(c store.Change) {
	select {
	case s.changes <- c:
	default:
		s.overflow.Store(true)
	}
}

func (s *Server) follow() {
	defer s.bg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case c := <-s.changes:
			if c.GameID == "" || s.overflow.Swap(false) {
				s.catchUpAll()
				if c.GameID == "" {
					continue
				}
			}
			e := s.games.peek(c.GameID)
			if e == nil {
				continue // not live here: it loads from the store when asked for
			}
			select {
			case <-e.ready:
				if e.lg != nil {
					s.catchUp(e.lg, c.Actions)
				}
			default:
				// Still loading: the load may or may not have read this commit.
				s.bg.Add(1)
				go func() {
					defer s.bg.Done()
					select {
					case <-e.ready:
						if e.lg != nil {
							s.catchUp(e.lg, c.Actions)
						}
					case <-s.ctx.Done():
					}
				}()
			}
		}
	}
}

// catchUpAll checks every live game against the store, after commits may
// have gone unheard.
func (s *Server) catchUpAll() {
	for _, lg := range s.games.live() {
		s.catchUp(lg, -1)
	}
}

// catchUp applies to lg the records the store has beyond it, if it has
// fewer than n (n < 0: whatever the store has), and wakes its streams.
func (s *Server) catchUp(lg *liveGame, n int) {
	for range 3 {
		lg.mu.Lock()
		dropped, have := lg.dropped, len(lg.g.Records())
		lg.mu.Unlock()
		if dropped || (n >= 0 && have >= n) {
			return
		}
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		recs, err := s.cfg.Store.Actions(ctx, lg.id, have)
		cancel()
		if err != nil {
			if s.ctx.Err() == nil {
				s.log.Error("following another server's commit", "game", lg.id, "err", err)
			}
			return
		}
		if len(recs) == 0 {
			return
		}
		lg.mu.Lock()
		if lg.dropped || len(lg.g.Records()) != have {
			lg.mu.Unlock()
			continue // moved on meanwhile: look again
		}
		if err := s.applyRecords(lg, recs); err != nil {
			s.log.Error("following another server's commit: the game is reloaded", "game", lg.id, "err", err)
			s.games.drop(lg)
		} else {
			lg.poke()
			s.maybeAI(lg)
		}
		lg.mu.Unlock()
		return
	}
}

// applyRecords re-applies stored records to lg, checking each as
// engine.Replay does (deciding side, dice, state hash); lg.mu held.
func (s *Server) applyRecords(lg *liveGame, recs []store.Action) error {
	g := lg.g
	defer func() {
		lg.indexEvents()
		lg.row.Actions = len(g.Records())
		if g.State().Result().Over {
			lg.row.Status = store.StatusOver
		}
	}()
	for _, r := range recs {
		if r.N != len(g.Records())+1 {
			return fmt.Errorf("record %d follows record %d", r.N, len(g.Records()))
		}
		a, err := g.Rules().DecodeAction(r.Action)
		if err != nil {
			return fmt.Errorf("record %d: %w", r.N, err)
		}
		if side := g.Pending().Side; side != r.Side {
			return fmt.Errorf("record %d: by side %d, the pending decision is side %d's", r.N, r.Side, side)
		}
		if _, err := g.Apply(a); err != nil {
			return fmt.Errorf("record %d rejected: %w", r.N, err)
		}
		got := g.Records()[len(g.Records())-1]
		if !slices.Equal(got.Dice, r.Dice) || got.Hash != r.Hash {
			return fmt.Errorf("record %d diverges: dice %v hash %s stored, %v %s replayed", r.N, r.Dice, r.Hash, got.Dice, got.Hash)
		}
	}
	return nil
}
