package platform_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/user"
)

// syncBuffer is a log sink safe for the pool's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// captureLogs sends slog's default logger to a buffer for the test.
func captureLogs(t *testing.T) *syncBuffer {
	var buf syncBuffer
	prev := slog.Default()
	slog.SetDefault(slog.New(platform.LogHandler{Handler: slog.NewTextHandler(&buf, nil)}))
	t.Cleanup(func() { slog.SetDefault(prev) })
	return &buf
}

// Issue 15: slow queries logged. A statement over KESI_SLOW_QUERY is
// logged at WARN with its SQL and duration, never its arguments, inside
// transactions too; a fast one is not.
func TestSlowQueriesAreLogged(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		db := testkit.OpenDB(t, e)
		logs := captureLogs(t)
		db.LogSlowQueries(time.Hour)
		if _, err := db.User.Query().Where(user.Email("secret-address@example.co.ke")).Count(ctx); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(logs.String(), "slow query") {
			t.Fatalf("a fast query was logged as slow:\n%s", logs)
		}

		db.LogSlowQueries(time.Nanosecond) // every statement is slow now
		if _, err := db.User.Query().Where(user.Email("secret-address@example.co.ke")).Count(ctx); err != nil {
			t.Fatal(err)
		}
		err := platform.InTx(ctx, db.Client, func(tx *ent.Client) error {
			_, err := tx.AuditEvent.Delete().Where(auditevent.Kind("in-a-transaction")).Exec(ctx)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		out := logs.String()
		if !strings.Contains(out, "level=WARN msg=\"slow query\"") || !strings.Contains(out, "users") || !strings.Contains(out, "audit_events") || !strings.Contains(out, "threshold=1ns") {
			t.Fatalf("slow queries not logged as such:\n%s", out)
		}
		if strings.Contains(out, "secret-address") || strings.Contains(out, "in-a-transaction") {
			t.Fatalf("a slow query's arguments reached the log:\n%s", out)
		}
	})
}
