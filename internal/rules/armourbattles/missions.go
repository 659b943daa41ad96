package armourbattles

import "github.com/sandtable/sandtable/internal/geom"

// missionScore is the doctrine's worth of calling mission a (see order):
// high explosive is worth more the more enemy units the burst may catch;
// smoke is worth something only while no unit of the side has a good shot
// (the screen would blind its own gunners too) and more for every ready
// enemy gun it blinds that watches one of the side's units.
func (d *docCtx) missionScore(a CallMission) float64 {
	s := d.State
	p := geom.Point{X: a.X, Y: a.Y}
	if !a.Smoke {
		n := 0
		for _, e := range s.enemiesOf(s.Active) {
			if s.frame(e).DistToPoint(p) <= BurstRadius {
				n++
			}
		}
		if n <= 1 {
			return 2.5
		}
		return 3 + 0.2*float64(n-2)
	}
	own := s.unitsOf(s.Active)
	if d.gunsInRange(own, true) > 0 {
		return 0
	}
	screen := SmokeScreen{Center: p, Orient: geom.Deg(a.Orient)}.Box()
	blinded := 0
	for _, e := range d.readyEnemies() {
		if !screen.Contains(s.Units[e].Pos) {
			continue
		}
		for _, u := range own {
			if d.sees(e, u) {
				blinded++
				break
			}
		}
	}
	if blinded == 0 {
		return 0
	}
	return 2.5 + 0.3*float64(blinded)
}
