package pagano

import (
	"bytes"
	"testing"

	"github.com/sandtable/sandtable/internal/engine"
	"github.com/sandtable/sandtable/internal/geom"
)

// TestFireMemoSameAnswers plays random games of every Pagano scenario
// with one memo for all of them and, before every action, asks
// canFireAny of both sides twice (the second time from the memo) and in
// copies with one vehicle changed (moved, turned, its turret turned,
// stunned, fired, put out of action): every answer must be findShot's
// worked out afresh. It counts the answers the memo served, and the
// changes that turned an answer over, so that it is known to test
// something.
func TestFireMemoSameAnswers(t *testing.T) {
	var memo any
	asked, served, flipped := 0, 0, 0
	games := 2
	if testing.Short() {
		games = 1
	}
	changes := []func(s *State, u int){
		func(s *State, u int) { s.Units[u].Pos = s.Units[u].Pos.Add(geom.Pt(3, -2)) },
		func(s *State, u int) { s.Units[u].Heading += geom.Deg(90) },
		func(s *State, u int) { s.Units[u].Turret += geom.Deg(120) },
		func(s *State, u int) { s.Units[u].Stunned = !s.Units[u].Stunned },
		func(s *State, u int) { s.Units[u].FiredIn = s.Serial },
		func(s *State, u int) { s.Units[u].Out = true },
	}
	pos := 0 // positions met
	eachRandomPosition(t, games, 400, nil, func(where string, s *State, _ engine.Action) {
		check := func(c *State, what string) {
			bare := c.clone()
			c.WithMemo(&memo)
			m := memo.(*SightMemo)
			for side := range 2 {
				want := bare.findShot(side)
				for k := range 2 {
					had := m.fireFills
					if got := c.canFireAny(side); got != want {
						t.Fatalf("%s (turn %d, phase %d), %s: side %d can fire %v (asked %d), worked out afresh %v", where, c.Turn, c.Phase, what, side, got, k, want)
					}
					asked++
					if k == 1 && m.fireFills == had {
						served++
					}
				}
			}
		}
		check(s.clone(), "as it stands")
		pos++
		for u := range s.Units {
			if !s.Units[u].Active() || u%3 != pos%3 {
				continue
			}
			before := [2]bool{s.findShot(0), s.findShot(1)}
			for _, change := range changes {
				c := s.clone()
				change(c, u)
				check(c, "vehicle "+s.Units[u].ID+" changed")
				if after := [2]bool{c.findShot(0), c.findShot(1)}; after != before {
					flipped++
				}
			}
		}
	})
	t.Logf("%d answers, %d served from the memo, %d changes turned an answer over", asked, served, flipped)
	if served == 0 || flipped == 0 {
		t.Fatalf("%d answers, %d from the memo, %d turned over by a change: the test proves too little", asked, served, flipped)
	}
}

// TestFireKeyComplete checks that fireKey changes with everything it
// keeps (the side; a firer's place, hull and turret and whether it may
// fire; an enemy's place, hull and whether it is active), and not with
// an enemy's turret or a vehicle of side that may not fire moving.
func TestFireKeyComplete(t *testing.T) {
	units := []placed{
		{id: "a", typ: "m4-75", side: us, x: 10, y: 24, facing: 0},
		{id: "b", typ: "panzer-iv-h", side: german, x: 30, y: 24, facing: 180},
		{id: "c", typ: "m4-75", side: us, x: 10, y: 30, facing: 0},
	}
	s := newFixture(t, nil, 2, units...).s
	side := s.Units[0].Side
	base := s.fireKey(side, nil)
	if again := s.fireKey(side, nil); !bytes.Equal(again, base) {
		t.Fatal("the same layout keyed twice differently")
	}
	differs := map[string]func(c *State){
		"side":          func(c *State) {},
		"firer x":       func(c *State) { c.Units[0].Pos.X += 1e-9 },
		"firer y":       func(c *State) { c.Units[0].Pos.Y += 1e-9 },
		"firer hull":    func(c *State) { c.Units[0].Heading += 1e-9 },
		"firer turret":  func(c *State) { c.Units[0].Turret += 1e-9 },
		"firer stunned": func(c *State) { c.Units[0].Stunned = true },
		"firer fired":   func(c *State) { c.Units[0].FiredIn = c.Serial },
		"enemy x":       func(c *State) { c.Units[1].Pos.X += 1e-9 },
		"enemy y":       func(c *State) { c.Units[1].Pos.Y += 1e-9 },
		"enemy hull":    func(c *State) { c.Units[1].Heading += 1e-9 },
		"enemy out":     func(c *State) { c.Units[1].Out = true },
	}
	for name, change := range differs {
		c := s.clone()
		change(c)
		sd := side
		if name == "side" {
			sd = 1 - side
		}
		if bytes.Equal(c.fireKey(sd, nil), base) {
			t.Errorf("changing the %s left the key as it was", name)
		}
	}
	same := map[string]func(c *State){
		"enemy turret":         func(c *State) { c.Units[1].Turret += geom.Deg(30) },
		"stunned friend moved": func(c *State) { c.Units[2].Stunned, c.Units[2].Pos.X = true, 50 },
	}
	c := s.clone()
	c.Units[2].Stunned = true
	base = c.fireKey(side, nil)
	for name, change := range same {
		d := c.clone()
		change(d)
		if !bytes.Equal(d.fireKey(side, nil), base) {
			t.Errorf("changing the %s changed the key", name)
		}
	}
}
