package app_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// collector is an OTLP/HTTP endpoint that keeps what it is sent.
type collector struct {
	mu     sync.Mutex
	bodies [][]byte
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	if r.URL.Path == "/v1/traces" {
		c.mu.Lock()
		c.bodies = append(c.bodies, b)
		c.mu.Unlock()
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
}

func (c *collector) has(parts ...[]byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	all := bytes.Join(c.bodies, nil)
	for _, p := range parts {
		if !bytes.Contains(all, p) {
			return false
		}
	}
	return true
}

// tracedServer is a server exporting its spans, within 50 ms, to a
// collector of the test's.
func tracedServer(t *testing.T) (*collector, *testkit.Server) {
	t.Helper()
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "50")
	col := &collector{}
	otlp := httptest.NewServer(col)
	t.Cleanup(otlp.Close)
	return col, testkit.NewServer(t, testkit.SQLite, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": otlp.URL})
}

// Issue 15: with OTEL_EXPORTER_OTLP_ENDPOINT set, requests and Connect
// calls are traced there, continuing the caller's trace.
func TestTracesGoToTheOTLPEndpoint(t *testing.T) {
	col, srv := tracedServer(t)
	lawyer := srv.Lawyer(t)
	if _, err := lawyer.Cases().ListCases(context.Background(), connect.NewRequest(&kesiv1.ListCasesRequest{})); err != nil {
		t.Fatal(err)
	}
	traceID := "4bf92f3577b34da6a3ce929d0e0e4736"
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/cases", nil)
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	if r := lawyer.Send(t, req); r.Status != http.StatusOK {
		t.Fatalf("GET /api/cases = %d", r.Status)
	}
	id, _ := hex.DecodeString(traceID)
	deadline := time.Now().Add(15 * time.Second)
	for !col.has([]byte("kesi.v1.CaseService/ListCases"), id) {
		if time.Now().After(deadline) {
			t.Fatal("no span of the Connect call, or of the request in the caller's trace, reached the collector")
		}
		time.Sleep(50 * time.Millisecond)
	}

}

// A span's url.path would carry a calendar feed's secret token to the
// collector: the feed's requests are traced without it.
func TestTracesKeepNoCalendarToken(t *testing.T) {
	col, srv := tracedServer(t)
	lawyer := srv.Lawyer(t)
	token := fetchFeed(t, srv, lawyer)
	// A later request: once its span is in, the feed's is too.
	traceID := "4bf92f3577b34da6a3ce929d0e0e4737"
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/cases", nil)
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	if r := lawyer.Send(t, req); r.Status != http.StatusOK {
		t.Fatalf("GET /api/cases = %d", r.Status)
	}
	id, _ := hex.DecodeString(traceID)
	deadline := time.Now().Add(15 * time.Second)
	for !col.has(id) {
		if time.Now().After(deadline) {
			t.Fatal("no span reached the collector")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if col.has([]byte(token)) {
		t.Fatal("the feed's token reached the collector")
	}
	if !col.has([]byte("/calendar/{file}")) {
		t.Fatal("the feed's request was not traced")
	}
}
