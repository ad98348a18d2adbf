package platform

import (
	"context"
	"database/sql"
	"sync"

	entsql "entgo.io/ent/dialect/sql"
)

// preparedDriver is the ent driver with the client's QueryContext (which
// ent's own builders never call: it serves the hand-written one-statement
// reads of the domains, such as cases/read.go) sent through statements
// prepared once per connection. Postgres then parses and plans such a
// statement once, not on every request: the reads' owner scope (the firm's
// members, sharing) costs 1 to 2 ms to plan and 0.1 to 1 ms to run, and a
// prepared statement is one round trip to the server where lib/pq sends an
// unprepared one with arguments in two.
type preparedDriver struct {
	*entsql.Driver
	db *sql.DB

	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// maxPrepared bounds the statements kept, in case a caller writes a value
// into its text instead of passing it as an argument: past it, a new text
// is sent unprepared. The reads have a few shapes each, so the bound is
// never reached by them; and as no statement is ever closed while the
// server runs, no request finds its statement closed under it.
const maxPrepared = 512

func newPreparedDriver(dialectName string, db *sql.DB) *preparedDriver {
	return &preparedDriver{Driver: entsql.OpenDB(dialectName, db), db: db, stmts: map[string]*sql.Stmt{}}
}

// QueryContext serves the client's QueryContext with a prepared statement.
func (d *preparedDriver) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := d.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return d.Driver.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// stmt is query's prepared statement, prepared now if it is new, or nil
// past maxPrepared.
func (d *preparedDriver) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	d.mu.Lock()
	st, ok := d.stmts[query]
	full := len(d.stmts) >= maxPrepared
	d.mu.Unlock()
	if ok || full {
		return st, nil
	}
	st, err := d.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if had, ok := d.stmts[query]; ok {
		st.Close() // prepared meanwhile by another request, and not yet used
		return had, nil
	}
	d.stmts[query] = st
	return st, nil
}

// Close closes the prepared statements and the database.
func (d *preparedDriver) Close() error {
	d.mu.Lock()
	for _, st := range d.stmts {
		st.Close()
	}
	d.stmts = map[string]*sql.Stmt{}
	d.mu.Unlock()
	return d.Driver.Close()
}
