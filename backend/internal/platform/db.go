package platform

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"
	_ "modernc.org/sqlite" // Pure-Go SQLite driver "sqlite".

	"github.com/kesihq/kesi/ent"
)

// DB is an open database with the ent client over it.
type DB struct {
	*ent.Client
	SQL     *sql.DB
	Dialect string // dialect.Postgres or dialect.SQLite
	drv     *preparedDriver
}

// OpenDB opens Postgres when url is a postgres:// URL, else the SQLite file at
// sqlitePath (created if missing).
func OpenDB(ctx context.Context, databaseURL, sqlitePath string) (*DB, error) {
	var (
		db  *sql.DB
		dia string
		err error
	)
	switch {
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		dia = dialect.Postgres
		connector, err := pq.NewConnector(databaseURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		db = sql.OpenDB(genericPlans{connector})
		db.SetMaxOpenConns(DefaultMaxConns())
		db.SetMaxIdleConns(DefaultMaxConns())
		db.SetConnMaxIdleTime(5 * time.Minute)
	case databaseURL == "" || strings.HasPrefix(databaseURL, "file:") || strings.HasPrefix(databaseURL, "sqlite:"):
		dia = dialect.SQLite
		path := sqlitePath
		if databaseURL != "" {
			path = strings.TrimPrefix(strings.TrimPrefix(databaseURL, "sqlite:"), "file:")
		}
		db, err = sql.Open("sqlite", SQLiteDSN(path))
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		// One writer at a time is SQLite's rule; a small pool keeps readers
		// concurrent under WAL while busy_timeout queues the writers.
		db.SetMaxOpenConns(sqliteMaxConns)
	default:
		return nil, fmt.Errorf("KESI_DATABASE_URL must start with postgres:// (or be empty for SQLite), not %q", redact(databaseURL))
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("reach %s database: %w", dia, err)
	}
	drv := newPreparedDriver(dia, db)
	return &DB{Client: ent.NewClient(ent.Driver(drv)), SQL: db, Dialect: dia, drv: drv}, nil
}

// genericPlans opens Postgres connections whose prepared statements keep
// one plan. By default Postgres plans a prepared statement again on every
// execution while it estimates the plan for the actual values cheaper than
// the generic one, and it does so for the diary's reads: the plan was 0.8 ms
// of Postgres' time a call, more than running it (0.6 ms), for the same
// plan. The reads are all owner-scoped and read their indexes whatever the
// values (TestExplain_DashboardQueriesUseIndexes explains them as run).
// Behind PgBouncer a connection's setting does not follow its statements:
// set it for Kesi's role there (README, "Scaling out").
type genericPlans struct{ driver.Connector }

func (c genericPlans) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.(driver.ExecerContext).ExecContext(ctx, "SET plan_cache_mode = force_generic_plan", nil); err != nil {
		conn.Close()
		return nil, fmt.Errorf("set plan_cache_mode: %w", err)
	}
	return conn, nil
}

// DefaultMaxConns is the Postgres pool size when KESI_DB_MAX_CONNS is not
// set: twice the processors, at least 4. A request holds a connection for
// one or two short queries, so more connections than cores only queue in
// Postgres instead of in the pool, and several servers must fit in the
// server's max_connections (100 by default).
func DefaultMaxConns() int { return max(4, 2*runtime.NumCPU()) }

// SetMaxConns bounds the pool to n connections (SQLite keeps its own,
// smaller bound: one writer at a time is its rule).
func (db *DB) SetMaxConns(n int) {
	if db.Dialect == dialect.SQLite {
		n = min(n, sqliteMaxConns)
	}
	db.SQL.SetMaxOpenConns(n)
	db.SQL.SetMaxIdleConns(n)
}

const sqliteMaxConns = 8

// SQLiteDSN is the DSN for the SQLite file at path with the pragmas Kesi needs.
func SQLiteDSN(path string) string {
	return "file:" + path + "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
}

// Close closes the database.
func (db *DB) Close() error { return db.Client.Close() }

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.SQL.PingContext(ctx) }

func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparseable)"
	}
	return u.Redacted()
}
