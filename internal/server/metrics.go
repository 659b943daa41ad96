package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus series, in a registry of its own so
// several servers can live in one process (tests).
type metrics struct {
	reg        *prometheus.Registry
	actions    *prometheus.CounterVec
	latency    prometheus.Histogram
	wsClients  prometheus.Gauge
	aiDecision prometheus.Histogram
	rejected   *prometheus.CounterVec
	// aiLeasedElsewhere counts AI decisions left to another server
	// sharing the store, which held their lease.
	aiLeasedElsewhere prometheus.Counter
	// byHuman and byAI are actions' two series, looked up once.
	byHuman, byAI prometheus.Counter
}

// applied returns the counter of actions chosen by source ("human" or
// "ai").
func (m *metrics) applied(source string) prometheus.Counter {
	switch source {
	case "human":
		return m.byHuman
	case "ai":
		return m.byAI
	}
	return m.actions.WithLabelValues(source)
}

func newMetrics(live func() float64) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandtable_actions_applied_total",
			Help: "Actions applied and durably stored, by who chose them (human or ai).",
		}, []string{"source"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "sandtable_action_latency_seconds",
			Help:    "Time from receiving an action to acknowledging it after its commit.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 14),
		}),
		wsClients: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sandtable_websocket_clients",
			Help: "Open WebSocket connections.",
		}),
		aiDecision: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "sandtable_ai_decision_seconds",
			Help:    "Time an AI seat took to choose an action, as the game saw it: in a reaction window, paced as the players see it.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sandtable_actions_rejected_total",
			Help: "Submitted actions refused, by error code.",
		}, []string{"code"}),
	}
	m.aiLeasedElsewhere = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "sandtable_ai_decisions_leased_elsewhere_total",
		Help: "AI decisions not computed here because another server sharing the store held their lease.",
	})
	m.byHuman, m.byAI = m.actions.WithLabelValues("human"), m.actions.WithLabelValues("ai")
	m.reg.MustRegister(m.actions, m.latency, m.wsClients, m.aiDecision, m.rejected, m.aiLeasedElsewhere,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "sandtable_games_live",
			Help: "Games held in memory.",
		}, live),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}
