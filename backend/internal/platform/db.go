package platform

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/lib/pq"  // Postgres driver "postgres".
	_ "modernc.org/sqlite" // Pure-Go SQLite driver "sqlite".

	"github.com/kesihq/kesi/ent"
)

// DB is an open database with the ent client over it.
type DB struct {
	*ent.Client
	SQL     *sql.DB
	Dialect string // dialect.Postgres or dialect.SQLite
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
		db, err = sql.Open("postgres", databaseURL)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		db.SetMaxOpenConns(40)
		db.SetMaxIdleConns(40)
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
		db.SetMaxOpenConns(8)
	default:
		return nil, fmt.Errorf("KESI_DATABASE_URL must start with postgres:// (or be empty for SQLite), not %q", redact(databaseURL))
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("reach %s database: %w", dia, err)
	}
	drv := entsql.OpenDB(dia, db)
	return &DB{Client: ent.NewClient(ent.Driver(drv)), SQL: db, Dialect: dia}, nil
}

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
