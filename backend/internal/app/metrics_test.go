package app_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
