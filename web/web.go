package web

import (
	"embed"
	"encoding/json"
	"io/fs"
	"net/http"
	"strings"
	"sync"

	"github.com/sandtable/sandtable/internal/scenario"
	"github.com/sandtable/sandtable/internal/table"
)

// FS holds the static files under "static/".
//
//go:embed static
var FS embed.FS

// Scenarios is where the maps come from; *scenario.Catalog is one.
type Scenarios interface {
	Scenario(id string) (*scenario.Scenario, error)
}

// Handler returns the handler of the UI: the static files, the page for
// "/", "/games/{id}", "/replay/{id}" and "/odds" (the shot calculator), and the maps of cat's scenarios under "/maps/"
// (of the scenarios shipped in the binary when cat is nil). Mount it at
// "/" beside the API.
func Handler(cat Scenarios) http.Handler {
	static, err := fs.Sub(FS, "static")
	if err != nil {
		panic("web: " + err.Error()) // the embedded tree always has static/
	}
	index, err := fs.ReadFile(static, "index.html")
	if err != nil {
		panic("web: " + err.Error())
	}
	files := http.FileServerFS(static)
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Referrer-Policy", "no-referrer") // links carry tokens
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(index)
	}
	mux.HandleFunc("GET /{$}", page)
	mux.HandleFunc("GET /games/{id}", page)
	mux.HandleFunc("GET /replay/{id}", page)
	mux.HandleFunc("GET /odds", page)
	mux.HandleFunc("GET /maps/", func(w http.ResponseWriter, r *http.Request) { serveMap(w, r, cat) })
	mux.Handle("GET /static/", http.StripPrefix("/static/", cacheShort(files)))
	return mux
}

// cacheShort lets browsers revalidate the static files each time: there is
// no build step to fingerprint them.
func cacheShort(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// mapFile is a scenario's map as the page draws it. Coordinates are
// inches, (0,0) the south-west corner, y northwards.
type mapFile struct {
	ID      string       `json:"id"`
	Title   string       `json:"title"`
	Table   mapTable     `json:"table"`
	Terrain []mapTerrain `json:"terrain"`
	Sides   []mapSide    `json:"sides"`
}

type mapTable struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

type mapTerrain struct {
	Kind    string       `json:"kind"`
	Name    string       `json:"name,omitempty"`
	Level   int          `json:"level,omitempty"`
	Polygon [][2]float64 `json:"polygon,omitempty"`
	Line    [][2]float64 `json:"line,omitempty"`
}

type mapSide struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Edge      string       `json:"edge"`
	Zones     []mapZone    `json:"zones"`
	Companies []mapCompany `json:"companies"`
	Batteries []mapBattery `json:"batteries"`
}

type mapZone struct {
	Name    string       `json:"name"`
	Polygon [][2]float64 `json:"polygon"`
}

type mapCompany struct {
	Name         string   `json:"name"`
	Hidden       bool     `json:"hidden,omitempty"`
	Reserve      bool     `json:"reserve,omitempty"`
	EarliestTurn int      `json:"earliest_turn,omitempty"`
	Units        []string `json:"units"`
	// Placed are the units the scenario file places itself (at:), where
	// they start: a hidden company's are left out.
	Placed []mapPlaced `json:"placed,omitempty"`
}

// mapPlaced is a unit on the table at the start: its centre, heading in
// degrees (0 east, counter-clockwise) and footprint, as the board draws
// units.
type mapPlaced struct {
	ID      string  `json:"id"`
	Type    string  `json:"type"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Heading float64 `json:"heading"`
	Length  float64 `json:"length"`
	Width   float64 `json:"width"`
}

type mapBattery struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Name string `json:"name"`
}

var (
	catalogOnce sync.Once
	catalog     *scenario.Catalog
	catalogErr  error
)

// serveMap answers /maps/{scenario id}.json from cat, or from the
// embedded catalog when cat is nil.
func serveMap(w http.ResponseWriter, r *http.Request, cat Scenarios) {
	id, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/maps/"), ".json")
	if !ok || id == "" {
		http.Error(w, `{"error":"ask for /maps/{scenario id}.json","code":"not_found"}`, http.StatusNotFound)
		return
	}
	if cat == nil {
		catalogOnce.Do(func() { catalog, catalogErr = scenario.Embedded() })
		if catalogErr != nil {
			http.Error(w, `{"error":"scenarios failed to load","code":"internal"}`, http.StatusInternalServerError)
			return
		}
		cat = catalog
	}
	sc, err := cat.Scenario(id)
	if err != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]string{"error": err.Error(), "code": "not_found"})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	json.NewEncoder(w).Encode(mapOf(sc))
}

// mapOf returns the drawable parts of sc: nothing about where hidden units
// stand (the scenario file places none of them).
func mapOf(sc *scenario.Scenario) mapFile {
	m := mapFile{ID: sc.ID, Title: sc.Title, Table: mapTable{sc.Table.Width, sc.Table.Height}, Terrain: []mapTerrain{}}
	for _, t := range sc.Terrain {
		m.Terrain = append(m.Terrain, mapTerrain{Kind: t.Kind, Name: t.Name, Level: t.Level, Polygon: t.Polygon, Line: t.Line})
	}
	for _, sd := range sc.Sides {
		ms := mapSide{ID: sd.ID, Name: sd.Name, Edge: sd.Edge, Zones: []mapZone{}, Companies: []mapCompany{}, Batteries: []mapBattery{}}
		for _, z := range sd.Zones {
			ms.Zones = append(ms.Zones, mapZone{Name: z.Name, Polygon: z.Polygon})
		}
		add := func(cs []scenario.Company, reserve bool) {
			for _, c := range cs {
				mc := mapCompany{Name: c.Name, Hidden: c.Hidden, Reserve: reserve, EarliestTurn: c.EarliestTurn, Units: []string{}}
				for _, u := range c.Units {
					ut := sc.Units[u.ID]
					if ut != nil && ut.Footprint.Length == 0 {
						ms.Batteries = append(ms.Batteries, mapBattery{ID: u.ID, Type: ut.ID, Name: ut.Name})
						continue
					}
					if c.Hidden {
						continue // a hidden company's ids and places are for its side's view only
					}
					mc.Units = append(mc.Units, u.ID)
					if u.At != nil && !reserve && ut != nil {
						h := table.InwardHeading(sd.Edge).Degrees() // the rules' default: facing the enemy's edge
						if u.Facing != nil {
							h = *u.Facing
						}
						mc.Placed = append(mc.Placed, mapPlaced{ID: u.ID, Type: ut.Name, X: u.At[0], Y: u.At[1], Heading: h, Length: ut.Footprint.Length, Width: ut.Footprint.Width})
					}
				}
				if len(mc.Units) > 0 || c.Hidden {
					ms.Companies = append(ms.Companies, mc)
				}
			}
		}
		add(sd.Forces, false)
		add(sd.Reserves, true)
		m.Sides = append(m.Sides, ms)
	}
	return m
}
