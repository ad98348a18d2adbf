package app_test

import (
	"context"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// Issue 15: production started on an unmigrated database and answered
// /readyz 200 while every sign-in failed. A schema behind the binary now
// fails readiness with the reason, and serve refuses it until `kesi
// migrate` has run.
func TestSchemaBehindFailsReadinessAndServe(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		// The database of the previous release: the newest migration not applied.
		var newest string
		if err := srv.App.DB.SQL.QueryRowContext(ctx, "SELECT max(version) FROM kesi_schema_migrations").Scan(&newest); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.App.DB.SQL.ExecContext(ctx, "DELETE FROM kesi_schema_migrations WHERE version = $1", newest); err != nil {
			t.Fatal(err)
		}
		r := srv.Anonymous().Do(t, http.MethodGet, "/readyz", nil)
		if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "schema is behind") || !strings.Contains(string(r.Body), "kesi migrate") {
			t.Errorf("GET /readyz with the schema behind = %d %s", r.Status, r.Body)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		serveCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := srv.App.ServeListener(serveCtx, ln); err == nil || !strings.Contains(err.Error(), "schema is behind") {
			t.Errorf("serve on a schema behind: %v", err)
		}
		// Recorded again, as `kesi migrate` records what it applies: ready.
		if _, err := srv.App.DB.SQL.ExecContext(ctx, "INSERT INTO kesi_schema_migrations (version, name, applied_at) VALUES ($1, 'restored', $2)", newest, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		if r := srv.Anonymous().Do(t, http.MethodGet, "/readyz", nil); r.Status != http.StatusOK {
			t.Errorf("GET /readyz once migrated = %d %s", r.Status, r.Body)
		}
	})
}

// Issue 15: a lost database answered 500 "internal error"; it answers 503
// "temporarily unavailable" on both doors.
func TestLostDatabaseAnswers503(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	srv.App.DB.SQL.Close()
	r := lawyer.Do(t, http.MethodGet, "/api/cases", nil)
	if r.Status != http.StatusServiceUnavailable || !strings.Contains(r.Message(t), "temporarily unavailable") {
		t.Errorf("GET /api/cases with the database gone = %d %s", r.Status, r.Body)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/kesi.v1.CaseService/ListCases", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	if r := lawyer.Send(t, req); r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "unavailable") {
		t.Errorf("Connect ListCases with the database gone = %d %s", r.Status, r.Body)
	}
}

// Issue 15: three servers with 40 connections each exhausted a default
// Postgres. The pool is KESI_DB_MAX_CONNS, else sized to the machine.
func TestDatabasePoolIsBounded(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, map[string]string{"KESI_DB_MAX_CONNS": "3"})
		if got := srv.App.DB.SQL.Stats().MaxOpenConnections; got != 3 {
			t.Errorf("KESI_DB_MAX_CONNS=3 gave a pool of %d", got)
		}
	})
	if n := platform.DefaultMaxConns(); n < 4 || n > 2*runtime.NumCPU()+4 {
		t.Errorf("default pool %d on %d processors", n, runtime.NumCPU())
	}
}

// A drained shutdown is a clean exit: ServeListener answers nil, so `kesi
// serve` exits 0.
func TestDrainedShutdownReturnsNil(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_SHUTDOWN_GRACE": "5s"})
	addr, stop := serveLoopback(t, srv)
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if err := stop(); err != nil {
		t.Fatalf("a drained shutdown answered %v", err)
	}
}

// serveLoopback runs srv as `kesi serve` does, on a free loopback port;
// stop shuts it down and answers what ServeListener returned.
func serveLoopback(t *testing.T, srv *testkit.Server) (addr string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.App.ServeListener(ctx, ln) }()
	return ln.Addr().String(), func() error { cancel(); return <-done }
}
