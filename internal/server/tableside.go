package server

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/internal/odds"
	ab "github.com/sandtable/sandtable/internal/rules/armourbattles"
	"github.com/sandtable/sandtable/internal/rules/pagano"
)

// tablesideParam is one query parameter of GET /api/odds: the rulesets
// it belongs to and how it sets the question.
type tablesideParam struct {
	rules []string
	set   func(q *odds.Question, v string) error
}

func qBool(f func(q *odds.Question) *bool) func(*odds.Question, string) error {
	return func(q *odds.Question, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", v)
		}
		*f(q) = b
		return nil
	}
}

func qInt(lo, hi int, f func(q *odds.Question) *int) func(*odds.Question, string) error {
	return func(q *odds.Question, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want a whole number from %d to %d, got %q", lo, hi, v)
		}
		*f(q) = n
		return nil
	}
}

func qText(f func(q *odds.Question) *string) func(*odds.Question, string) error {
	return func(q *odds.Question, v string) error { *f(q) = v; return nil }
}

var (
	bothRules = []string{ab.Name, pagano.Name}
	abOnly    = []string{ab.Name}
	pgOnly    = []string{pagano.Name}
)

var tablesideParams = map[string]tablesideParam{
	"firer":  {bothRules, qText(func(q *odds.Question) *string { return &q.Firer })},
	"target": {bothRules, qText(func(q *odds.Question) *string { return &q.Target })},
	"range": {bothRules, func(q *odds.Question, v string) error {
		r, err := strconv.ParseFloat(v, 64)
		// ParseFloat also reads Go's 1_2 (12) and hex floats: not a
		// measured distance.
		if err != nil || strings.ContainsAny(v, "_xXpP") {
			return fmt.Errorf("want a distance in inches, got %q", v)
		}
		q.Range, q.HasRange = r, true
		return nil
	}},
	"ambush":            {bothRules, qBool(func(q *odds.Question) *bool { return &q.Ambush })},
	"target_dp":         {abOnly, qInt(0, odds.DisperseAt-1, func(q *odds.Question) *int { return &q.TargetDP })},
	"artillery":         {abOnly, qBool(func(q *odds.Question) *bool { return &q.Artillery })},
	"flank":             {abOnly, qBool(func(q *odds.Question) *bool { return &q.Flank })},
	"cover":             {abOnly, qBool(func(q *odds.Question) *bool { return &q.Cover })},
	"uphill":            {abOnly, qBool(func(q *odds.Question) *bool { return &q.Uphill })},
	"target_suppressed": {abOnly, qBool(func(q *odds.Question) *bool { return &q.Suppressed })},
	"moves":             {abOnly, qInt(1, 3, func(q *odds.Question) *int { return &q.Moves })},
	"attack_wild":       {abOnly, qInt(0, ab.MaxWild, func(q *odds.Question) *int { return &q.AttackWild })},
	"reaction_wild":     {abOnly, qInt(0, ab.MaxWild, func(q *odds.Question) *int { return &q.ReactionWild })},
	"break_off":         {abOnly, qBool(func(q *odds.Question) *bool { return &q.BreakOff })},
	"disengaging":       {abOnly, qBool(func(q *odds.Question) *bool { return &q.Disengaging })},
	"scoot":             {abOnly, qBool(func(q *odds.Question) *bool { return &q.Scoot })},
	"aspect":            {pgOnly, qText(func(q *odds.Question) *string { return &q.Aspect })},
	"firer_motion":      {pgOnly, qText(func(q *odds.Question) *string { return &q.FirerMotion })},
	"target_motion":     {pgOnly, qText(func(q *odds.Question) *string { return &q.TargetMotion })},
	"hull_down":         {pgOnly, qBool(func(q *odds.Question) *bool { return &q.HullDown })},
	"woods":             {pgOnly, qBool(func(q *odds.Question) *bool { return &q.Woods })},
	"hedge":             {pgOnly, qBool(func(q *odds.Question) *bool { return &q.Hedge })},
	"hedgerow":          {pgOnly, qBool(func(q *odds.Question) *bool { return &q.Hedgerow })},
}

// paramsOf lists the query parameters of rules, sorted.
func paramsOf(rules string) string {
	ps := []string{"rules"}
	for name, p := range tablesideParams {
		if slices.Contains(p.rules, rules) {
			ps = append(ps, name)
		}
	}
	sort.Strings(ps[1:])
	return strings.Join(ps, ", ")
}

// getTablesideOdds answers GET /api/odds: the exact odds of a shot away
// from any game, for a player beside a real table who has measured the
// range (the page's shot calculator). Every parameter is checked: one
// unknown, repeated, of the other ruleset or out of its range is a 400
// that names it.
func (s *Server) getTablesideOdds(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	vals, e := tablesideQuery(r)
	if e != nil {
		return nil, e
	}
	return s.tablesideAnswer(vals)
}

// tablesideQuery reads a table-side query string.
func tablesideQuery(r *http.Request) (url.Values, *apiError) {
	// ParseQuery, not URL.Query, which drops the pairs it cannot read:
	// the answer would be to another question than the one asked.
	vals, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, "the query cannot be read: "+err.Error()+" (parameters are name=value pairs joined by &, with URL escapes)")
	}
	return vals, nil
}

// maxTableSeed is the largest seed a table-side roll takes: 2^53 - 1,
// the largest whole number a JavaScript number holds exactly, so the
// page's "the same dice again" asks for the very seed it was shown.
const maxTableSeed = 1<<53 - 1

// getTablesideRoll answers GET /api/odds/roll: the shot of GET /api/odds
// rolled, die by die (odds.Roll), for a player beside a real table who
// would rather the dice were rolled here. seed= repeats a roll; with none
// the server draws one and says which.
func (s *Server) getTablesideRoll(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	vals, e := tablesideQuery(r)
	if e != nil {
		return nil, e
	}
	seed := randUint64() >> 11 // 53 bits: a JavaScript number shows it exactly
	if vs, ok := vals["seed"]; ok {
		n, err := strconv.ParseUint(vs[0], 10, 64)
		switch {
		case len(vs) > 1:
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("seed: given %d times; give it once", len(vs)))
		case err != nil || n > maxTableSeed:
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("seed: want a whole number from 0 to %d, got %q", maxTableSeed, vs[0]))
		}
		seed = n
		delete(vals, "seed")
	}
	q, e := tablesideQuestion(vals)
	if e != nil {
		return nil, e
	}
	rolled, err := odds.Roll(s.cfg.Catalog, q, seed)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, err.Error())
	}
	return rolled, nil
}

// getTablesideCompare answers GET /api/odds/compare: the shot of
// GET /api/odds asked for every firer against every target
// (odds.Compare), for a scenario designer weighing unit types. It takes
// GET /api/odds's parameters but firer and target, and firers= and
// targets=, comma-separated unit types (default: all but off-table
// artillery).
func (s *Server) getTablesideCompare(w http.ResponseWriter, r *http.Request) (any, *apiError) {
	vals, e := tablesideQuery(r)
	if e != nil {
		return nil, e
	}
	lists := map[string][]string{}
	for _, name := range []string{"firers", "targets"} {
		vs, ok := vals[name]
		if !ok {
			continue
		}
		if len(vs) > 1 {
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: given %d times; give it once, the unit types comma-separated", name, len(vs)))
		}
		for _, u := range strings.Split(vs[0], ",") {
			if u = strings.TrimSpace(u); u == "" {
				return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: %q has an empty name; want unit types comma-separated", name, vs[0]))
			}
			lists[name] = append(lists[name], u)
		}
		delete(vals, name)
	}
	rules := ab.Name
	if rs := vals["rules"]; len(rs) > 0 {
		rules = rs[0]
	}
	for _, name := range slices.Sorted(maps.Keys(vals)) {
		if slices.Contains(notCompareParams, name) {
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: not a parameter of a comparison, which asks every firer (firers=) at every target (targets=); off-table artillery named among the firers fires for effect", name))
		}
		if _, known := tablesideParams[name]; !known && name != "rules" && slices.Contains(bothRules, rules) {
			return nil, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: no such parameter; a comparison under %s takes firers, targets, %s", name, rules, compareParamsOf(rules)))
		}
	}
	q, e := tablesideQuestion(vals)
	if e != nil {
		return nil, e
	}
	m, err := odds.Compare(s.cfg.Catalog, q, lists["firers"], lists["targets"])
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, err.Error())
	}
	return m, nil
}

// notCompareParams are GET /api/odds's parameters a comparison does not
// take: it asks every firer at every target, and off-table artillery
// among the firers as fire for effect.
var notCompareParams = []string{"firer", "target", "artillery"}

// compareParamsOf lists the situation parameters a comparison under rules
// takes: GET /api/odds's but notCompareParams.
func compareParamsOf(rules string) string {
	var ps []string
	for _, p := range strings.Split(paramsOf(rules), ", ") {
		if !slices.Contains(notCompareParams, p) {
			ps = append(ps, p)
		}
	}
	return strings.Join(ps, ", ")
}

// tablesideAnswer answers the question of a table-side query.
func (s *Server) tablesideAnswer(vals url.Values) (any, *apiError) {
	q, e := tablesideQuestion(vals)
	if e != nil {
		return nil, e
	}
	ans, err := odds.Answer(s.cfg.Catalog, q)
	if err != nil {
		return nil, errf(http.StatusBadRequest, codeBadRequest, err.Error())
	}
	return ans, nil
}

// tablesideQuestion reads a table-side query's question; every
// parameter is checked.
func tablesideQuestion(vals url.Values) (odds.Question, *apiError) {
	q := odds.Question{Rules: ab.Name}
	if rs := vals["rules"]; len(rs) > 0 {
		q.Rules = rs[0]
	}
	if !slices.Contains(bothRules, q.Rules) {
		return q, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("rules: %q has no shot odds; want armour-battles or pagano", q.Rules))
	}
	names := make([]string, 0, len(vals))
	for name := range vals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		vs := vals[name]
		if len(vs) > 1 {
			return q, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: given %d times; give it once", name, len(vs)))
		}
		if name == "rules" {
			continue
		}
		p, ok := tablesideParams[name]
		switch {
		case !ok:
			return q, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: no such parameter; %s takes %s", name, q.Rules, paramsOf(q.Rules)))
		case !slices.Contains(p.rules, q.Rules):
			return q, errf(http.StatusBadRequest, codeBadRequest, fmt.Sprintf("%s: not a parameter of %s, which takes %s", name, q.Rules, paramsOf(q.Rules)))
		}
		if err := p.set(&q, vs[0]); err != nil {
			return q, errf(http.StatusBadRequest, codeBadRequest, name+": "+err.Error())
		}
	}
	return q, nil
}
