package errs

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"syscall"
	"testing"

	"github.com/lib/pq"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want Kind
	}{
		{"a full disk under a blob write", Internal(fmt.Errorf("store doc/1: %w", &fs.PathError{Op: "write", Path: "/data/blobs/doc/.tmp-1", Err: syscall.ENOSPC})), KindInsufficientStorage},
		{"a database closed", Internal(fmt.Errorf("list cases: %w", errors.New("sql: database is closed"))), KindUnavailable},
		{"connection refused", Internal(fmt.Errorf("query: %w", syscall.ECONNREFUSED)), KindUnavailable},
		{"Postgres shutting down", Internal(&pq.Error{Code: "57P01"}), KindUnavailable},
		{"a connection gone", Internal(sql.ErrConnDone), KindUnavailable},
		{"a unique violation stays a bug", Internal(&pq.Error{Code: "23505"}), KindInternal},
		{"a plain bug", Internal(errors.New("nil map")), KindInternal},
		{"a client's error is left alone", Invalid("title", "Please enter a title"), KindInvalid},
	} {
		if got := KindOf(Classify(context.Background(), tc.err)); got != tc.want {
			t.Errorf("%s: kind %d, want %d", tc.name, got, tc.want)
		}
	}
}

// A Postgres restart under load logged 138,000 lines; now one a second.
func TestClassify_LogsAnOutageAtMostOnceASecond(t *testing.T) {
	var buf bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })
	outageLog = rateLog{}
	down := Internal(errors.New("sql: database is closed"))
	for range 1000 {
		if KindOf(Classify(context.Background(), down)) != KindUnavailable {
			t.Fatal("not classified")
		}
	}
	if n := strings.Count(buf.String(), "database unreachable"); n != 1 {
		t.Fatalf("1000 failures within a second logged %d lines:\n%s", n, buf.String())
	}
}
