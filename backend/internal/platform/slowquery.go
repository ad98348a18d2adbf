package platform

import (
	"context"
	stdsql "database/sql"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/kesihq/kesi/ent"
)

// LogSlowQueries logs at WARN every statement the ent client runs that
// takes longer than threshold (KESI_SLOW_QUERY), with its SQL and how long
// it took, never its arguments (they hold hashes, tokens and people's
// words). Call it right after OpenDB, before the client is handed out.
func (db *DB) LogSlowQueries(threshold time.Duration) {
	if threshold <= 0 {
		return
	}
	drv := &slowDriver{preparedDriver: db.drv, threshold: threshold}
	db.Client = ent.NewClient(ent.Driver(drv))
}

// slowDriver times the statements of the driver beneath.
type slowDriver struct {
	*preparedDriver
	threshold time.Duration
}

func (d *slowDriver) note(ctx context.Context, query string, args any, start time.Time) {
	took := time.Since(start)
	if took < d.threshold {
		return
	}
	n := 0
	if a, ok := args.([]any); ok {
		n = len(a)
	}
	slog.WarnContext(ctx, "slow query", "took", took.Round(time.Microsecond), "threshold", d.threshold,
		"sql", shorten(query, 2000), "args", n)
}

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("... (%d bytes)", len(s))
}

// Exec implements dialect.Driver.
func (d *slowDriver) Exec(ctx context.Context, query string, args, v any) error {
	defer d.note(ctx, query, args, time.Now())
	return d.preparedDriver.Exec(ctx, query, args, v)
}

// Query implements dialect.Driver.
func (d *slowDriver) Query(ctx context.Context, query string, args, v any) error {
	defer d.note(ctx, query, args, time.Now())
	return d.preparedDriver.Query(ctx, query, args, v)
}

// ExecContext serves the client's ExecContext.
func (d *slowDriver) ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error) {
	defer d.note(ctx, query, args, time.Now())
	return d.preparedDriver.ExecContext(ctx, query, args...)
}

// QueryContext serves the client's QueryContext.
func (d *slowDriver) QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error) {
	defer d.note(ctx, query, args, time.Now())
	return d.preparedDriver.QueryContext(ctx, query, args...)
}

// Tx implements dialect.Driver.
func (d *slowDriver) Tx(ctx context.Context) (dialect.Tx, error) { return d.BeginTx(ctx, nil) }

// BeginTx starts a transaction whose statements are timed too.
func (d *slowDriver) BeginTx(ctx context.Context, opts *stdsql.TxOptions) (dialect.Tx, error) {
	tx, err := d.preparedDriver.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &slowTx{Tx: tx, d: d}, nil
}

// slowTx times the statements of a transaction.
type slowTx struct {
	dialect.Tx
	d *slowDriver
}

func (t *slowTx) Exec(ctx context.Context, query string, args, v any) error {
	defer t.d.note(ctx, query, args, time.Now())
	return t.Tx.Exec(ctx, query, args, v)
}

func (t *slowTx) Query(ctx context.Context, query string, args, v any) error {
	defer t.d.note(ctx, query, args, time.Now())
	return t.Tx.Query(ctx, query, args, v)
}

func (t *slowTx) ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error) {
	defer t.d.note(ctx, query, args, time.Now())
	ex, ok := t.Tx.(interface {
		ExecContext(context.Context, string, ...any) (stdsql.Result, error)
	})
	if !ok {
		return nil, fmt.Errorf("Tx.ExecContext is not supported")
	}
	return ex.ExecContext(ctx, query, args...)
}

func (t *slowTx) QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error) {
	defer t.d.note(ctx, query, args, time.Now())
	q, ok := t.Tx.(interface {
		QueryContext(context.Context, string, ...any) (*stdsql.Rows, error)
	})
	if !ok {
		return nil, fmt.Errorf("Tx.QueryContext is not supported")
	}
	return q.QueryContext(ctx, query, args...)
}
