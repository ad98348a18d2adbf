// Package metrics is what Kesi tells Prometheus: requests by Connect
// procedure and by REST route with status and latency, the database pool,
// each background job's last success, duration and failures, the sweep's
// deletions and the build. `kesi serve` exposes it on KESI_METRICS_ADDR.
package metrics

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// SweepDeletions counts the blobs the documents sweep deleted, by reason.
var SweepDeletions = prometheus.NewCounterVec(prometheus.CounterOpts{
	Name: "kesi_documents_sweep_deletions_total",
	Help: "Blobs the documents sweep deleted: uploads that never completed, leftovers of interrupted writes.",
}, []string{"reason"})

// SweepUnknownBlobs is how many blobs the last sweep found that the
// database does not know (reported, never deleted).
var SweepUnknownBlobs = prometheus.NewGauge(prometheus.GaugeOpts{
	Name: "kesi_documents_sweep_unknown_blobs",
	Help: "Blobs the last documents sweep found that the database does not know; they are left in place.",
})

// Argon2Queue is the gauge of password hashes (argon2id, 64 MiB each)
// being computed now, read from running: sign-ins piling up show there
// before they show as latency.
func Argon2Queue(running func() int64) prometheus.Collector {
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "kesi_argon2_in_progress",
		Help: "Password hashes (argon2id) being computed now: sign-ins, registrations, password changes.",
	}, func() float64 { return float64(running()) })
}

// Metrics holds Kesi's collectors.
type Metrics struct {
	reg         *prometheus.Registry
	rpc         *prometheus.HistogramVec
	http        *prometheus.HistogramVec
	jobLast     *prometheus.GaugeVec
	jobDuration *prometheus.GaugeVec
	jobFailures *prometheus.CounterVec
	jobRuns     *prometheus.CounterVec
}

// New registers the collectors, with the pool of db.
func New(db *sql.DB) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		rpc: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kesi_rpc_duration_seconds",
			Help:    "Connect calls by procedure and code.",
			Buckets: prometheus.DefBuckets,
		}, []string{"procedure", "code"}),
		http: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "kesi_http_request_duration_seconds",
			Help:    "REST door requests by route and status.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route", "status"}),
		jobLast: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "kesi_job_last_success_timestamp_seconds",
			Help: "When each background job last succeeded on this server.",
		}, []string{"job"}),
		jobDuration: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "kesi_job_last_duration_seconds",
			Help: "How long each background job's last run took.",
		}, []string{"job"}),
		jobFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kesi_job_failures_total",
			Help: "Failed runs of each background job.",
		}, []string{"job"}),
		jobRuns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "kesi_job_runs_total",
			Help: "Runs of each background job on this server, failed ones included; summed over the servers, one per period.",
		}, []string{"job"}),
	}
	m.reg.MustRegister(m.rpc, m.http, m.jobLast, m.jobDuration, m.jobFailures, m.jobRuns,
		SweepDeletions, SweepUnknownBlobs,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewBuildInfoCollector(),
		collectors.NewDBStatsCollector(db, "kesi"),
	)
	return m
}

// Register adds a domain's own collectors (the reminders' message counts...)
// to this server's exposition. A collector already registered is kept.
func (m *Metrics) Register(cs ...prometheus.Collector) {
	for _, c := range cs {
		if err := m.reg.Register(c); err != nil {
			var already prometheus.AlreadyRegisteredError
			if !errors.As(err, &already) {
				panic(err)
			}
		}
	}
}

// Handler serves the exposition.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Interceptor times every Connect call.
func (m *Metrics) Interceptor() connect.Interceptor {
	return connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			start := time.Now()
			res, err := next(ctx, req)
			code := "ok"
			if err != nil {
				code = connect.CodeOf(err).String()
			}
			m.rpc.WithLabelValues(req.Spec().Procedure, code).Observe(time.Since(start).Seconds())
			return res, err
		}
	})
}

// HTTP times the requests of a router: the route is the pattern the
// ServeMux inside next matched (so wrap the mux itself), never the raw path.
func (m *Metrics) HTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &status{ResponseWriter: w, code: http.StatusOK}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		m.http.WithLabelValues(route, strconv.Itoa(rec.code)).Observe(time.Since(start).Seconds())
	})
}

// JobDone records a background job's run.
func (m *Metrics) JobDone(job string, took time.Duration, err error) {
	m.jobRuns.WithLabelValues(job).Inc()
	m.jobDuration.WithLabelValues(job).Set(took.Seconds())
	if err != nil && !errors.Is(err, context.Canceled) {
		m.jobFailures.WithLabelValues(job).Inc()
		return
	}
	if err == nil {
		m.jobLast.WithLabelValues(job).SetToCurrentTime()
	}
}

type status struct {
	http.ResponseWriter
	code  int
	wrote bool
}

func (s *status) WriteHeader(code int) {
	if !s.wrote {
		s.code, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *status) Write(b []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer beneath.
func (s *status) Unwrap() http.ResponseWriter { return s.ResponseWriter }
