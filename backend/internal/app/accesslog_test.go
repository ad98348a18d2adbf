package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) lines() []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(l.b.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// captureLog sends the default logger's lines to a buffer for the test.
func captureLog(t *testing.T) *lockedBuffer {
	t.Helper()
	var buf lockedBuffer
	prev := slog.Default()
	slog.SetDefault(slog.New(platform.LogHandler{Handler: slog.NewJSONHandler(&buf, nil)}))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

// fetchFeed fetches the lawyer's calendar feed as a calendar app does and
// answers the feed's secret token.
func fetchFeed(t *testing.T, srv *testkit.Server, lawyer *testkit.Session) string {
	t.Helper()
	feed, err := kesiv1connect.NewReminderServiceClient(lawyer.HTTP, srv.URL).
		GetCalendarFeed(context.Background(), connect.NewRequest(&kesiv1.GetCalendarFeedRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(feed.Msg.Url)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("feed answered %d", res.StatusCode)
	}
	return strings.TrimSuffix(strings.TrimPrefix(feed.Msg.Url, srv.URL+"/calendar/"), ".ics")
}

// Issue 15: the access log names the user (and the client, and the
// request id), so an operator can follow one person's requests.
func TestAccessLogNamesTheUser(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	buf := captureLog(t)

	lawyer := srv.Lawyer(t)
	if r := lawyer.Do(t, http.MethodGet, "/api/cases", nil); r.Status != http.StatusOK {
		t.Fatalf("GET /api/cases = %d", r.Status)
	}
	srv.Anonymous().Do(t, http.MethodGet, "/api/auth/me", nil)
	var mine, anonymous map[string]any
	for _, l := range buf.lines() {
		if l["msg"] != "http" {
			continue
		}
		switch l["path"] {
		case "/api/cases":
			mine = l
		case "/api/auth/me":
			anonymous = l
		}
	}
	if mine == nil || mine["user"] != lawyer.User.ID.String() || mine["client"] == nil || mine["request_id"] == nil {
		t.Fatalf("the access log line of a signed-in request: %v", mine)
	}
	if anonymous == nil || anonymous["user"] != nil {
		t.Fatalf("the access log line of an anonymous request: %v", anonymous)
	}

	// The argon2 gauge is in the exposition.
	rec := httptest.NewRecorder()
	srv.App.Metrics.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	if !strings.Contains(string(body), "kesi_argon2_in_progress 0") {
		t.Error("the exposition lacks kesi_argon2_in_progress")
	}
}

// A calendar feed's address is its secret: the access log, which an
// operator's log collector keeps, writes the route, never the token.
func TestAccessLogKeepsNoCalendarToken(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	buf := captureLog(t)

	token := fetchFeed(t, srv, srv.Lawyer(t))
	logged := false
	for _, l := range buf.lines() {
		if l["msg"] == "http" && strings.HasPrefix(fmt.Sprint(l["path"]), "/calendar/") {
			logged = true
		}
	}
	buf.mu.Lock()
	all := buf.b.String()
	buf.mu.Unlock()
	if !logged || strings.Contains(all, token) {
		t.Fatalf("the feed's request is not logged, or its token is:\n%s", all)
	}
}
