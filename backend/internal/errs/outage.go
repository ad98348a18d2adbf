package errs

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"log/slog"
	"net"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Kinds of failure that are neither the client's nor a bug: the
// infrastructure is down or full. They answer a status a client can wait
// out (503) or a person can understand (507), never "internal error".
const (
	KindUnavailable Kind = 100 + iota
	KindInsufficientStorage
)

// Messages of the outage kinds.
const (
	MsgUnavailable    = "Kesi is temporarily unavailable. Please try again in a minute."
	MsgStorageIsFull  = "Kesi's document storage is full, so nothing was saved. Please try again later; if it keeps happening, tell your Kesi administrator."
	outageLogInterval = time.Second
)

// Classify turns an internal error caused by a lost database or a full
// disk into its outage kind, logging it at most once a second with the
// number of failures since the last line; any other error is answered as is.
func Classify(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if e, ok := As(err); ok && e.Kind != KindInternal {
		return err
	}
	var kind Kind
	var message string
	switch {
	case storageFull(err):
		kind, message = KindInsufficientStorage, MsgStorageIsFull
	case databaseDown(err):
		kind, message = KindUnavailable, MsgUnavailable
	default:
		return err
	}
	outageLog.log(ctx, kind, err)
	return &Error{Kind: kind, Message: message, Err: err}
}

func storageFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) ||
		strings.Contains(err.Error(), "XMinioStorageFull")
}

// databaseDown reports a database that cannot be reached, as opposed to a
// query that failed.
func databaseDown(err error) bool {
	var netErr *net.OpError
	var state interface{ SQLState() string }
	switch {
	case errors.Is(err, driver.ErrBadConn), errors.Is(err, sql.ErrConnDone),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.As(err, &netErr):
		return true
	case errors.As(err, &state):
		// Class 08: connection exception; 57P01-57P03: the server is shutting
		// down or not accepting connections yet.
		code := state.SQLState()
		return strings.HasPrefix(code, "08") || strings.HasPrefix(code, "57P")
	}
	return strings.Contains(err.Error(), "sql: database is closed")
}

// outageLog says an outage once a second, not once per request: a
// Postgres restart under load wrote 138,000 lines.
var outageLog rateLog

type rateLog struct {
	mu         sync.Mutex
	last       time.Time
	suppressed int
}

func (l *rateLog) log(ctx context.Context, kind Kind, err error) {
	l.mu.Lock()
	now := time.Now()
	if now.Sub(l.last) < outageLogInterval {
		l.suppressed++
		l.mu.Unlock()
		return
	}
	suppressed := l.suppressed
	l.last, l.suppressed = now, 0
	l.mu.Unlock()
	what := "database unreachable"
	if kind == KindInsufficientStorage {
		what = "storage full"
	}
	slog.ErrorContext(ctx, what, "err", err, "similar_errors_not_logged", suppressed)
}
