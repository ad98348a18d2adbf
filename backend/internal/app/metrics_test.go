package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestMetricsAnOperatorCanGraph(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	lawyer := srv.Lawyer(t)
	if r := lawyer.Do(t, http.MethodGet, "/api/cases", nil); r.Status != http.StatusOK {
		t.Fatalf("GET /api/cases = %d", r.Status)
	}
	lawyer.Do(t, http.MethodGet, "/api/cases/NO%2FSUCH", nil)
	if _, err := lawyer.Cases().ListCases(context.Background(), connect.NewRequest(&kesiv1.ListCasesRequest{})); err != nil {
		t.Fatal(err)
	}
	if err := srv.App.Jobs.RunOnce(context.Background(), "documents-sweep"); err != nil {
		t.Fatal(err)
	}
	// The reminders' counter is the domain's, registered with the server's
	// metrics; a send attempt makes its series appear.
	reminders.MessagesTotal.WithLabelValues("sms", "sent").Add(0)
	rec := httptest.NewRecorder()
	srv.App.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`kesi_http_request_duration_seconds_count{route="GET /api/cases",status="200"} 1`,
		`kesi_rpc_duration_seconds_count{code="ok",procedure="/kesi.v1.CaseService/ListCases"}`,
		`go_sql_in_use_connections{db_name="kesi"}`,
		`go_sql_wait_count_total{db_name="kesi"}`,
		`kesi_job_last_success_timestamp_seconds{job="documents-sweep"}`,
		`kesi_job_last_duration_seconds{job="documents-sweep"}`,
		`kesi_documents_sweep_unknown_blobs 0`,
		`go_build_info{`,
		`kesi_reminder_messages_total{channel="sms",status="sent"}`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the exposition lacks %s", want)
		}
	}
	if strings.Contains(string(body), "NO%2FSUCH") || strings.Contains(string(body), "NO/SUCH") {
		t.Error("a raw path became a label: one series per case number would swamp Prometheus")
	}
}

// The operators' listener serves the running server's profiles beside its
// metrics; the public address never does.
func TestProfilesOnlyOnTheOperatorsListener(t *testing.T) {
	t.Parallel()
	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	metricsAddr := free.Addr().String()
	free.Close()
	srv := testkit.NewServer(t, testkit.SQLite, map[string]string{"KESI_METRICS_ADDR": metricsAddr})
	addr, stop := serveLoopback(t, srv)
	t.Cleanup(func() { _ = stop() })

	get := func(url string) (int, string, error) {
		res, err := http.Get(url)
		if err != nil {
			return 0, "", err
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		return res.StatusCode, string(body), err
	}
	const index = "Types of profiles available"
	var status int
	var body string
	for i := 0; i < 50; i++ { // the listener opens as the server starts
		if status, body, err = get("http://" + metricsAddr + "/debug/pprof/"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil || status != http.StatusOK || !strings.Contains(body, index) {
		t.Fatalf("operators' /debug/pprof/: %d, %v, %.200q", status, err, body)
	}
	if status, body, err = get("http://" + metricsAddr + "/debug/pprof/heap?debug=1"); err != nil || status != http.StatusOK || !strings.Contains(body, "heap profile") {
		t.Errorf("operators' heap profile: %d, %v, %.200q", status, err, body)
	}
	if _, body, err = get("http://" + addr + "/debug/pprof/"); err != nil || strings.Contains(body, index) {
		t.Errorf("the public address served the profiles: %v, %.200q", err, body)
	}
}
