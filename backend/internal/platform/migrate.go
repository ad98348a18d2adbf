package platform

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"log/slog"
	"path"
	"slices"
	"strings"
	"time"

	atlas "ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"

	"github.com/kesihq/kesi/backend/internal/platform/migrations"
)

// Migration is one versioned migration file.
type Migration struct {
	Version string // 20261123050000
	Name    string // the file name
	Stmts   []string
}

// baseline is the first migration: the schema Kesi created by itself before
// versioned migrations. A database that has Kesi's tables but no record of
// migrations was made by that older Kesi, and starts after it.
const baseline = "20261123000000"

// revisionsTable records which migrations a database has applied.
const revisionsTable = "kesi_schema_migrations"

// Migrations lists the migrations of dialectName in order.
func Migrations(dialectName string) ([]Migration, error) {
	dir := "sqlite"
	if dialectName == dialect.Postgres {
		dir = "postgres"
	}
	names, err := fs.Glob(migrations.FS, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	out := make([]Migration, 0, len(names))
	for _, name := range names {
		b, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return nil, err
		}
		f := atlas.NewLocalFile(path.Base(name), b)
		stmts, err := f.Stmts()
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", name, err)
		}
		out = append(out, Migration{Version: f.Version(), Name: path.Base(name), Stmts: stmts})
	}
	return out, nil
}

// Migrate applies the migrations the database has not applied yet, in
// order, in one transaction under a lock: on Postgres a transaction-level
// advisory lock (safe behind PgBouncer in transaction mode), on SQLite an
// immediate transaction. Concurrent starts wait for each other; the later
// ones find nothing to do. It never touches what its files do not name.
func (db *DB) Migrate(ctx context.Context) error {
	_, err := db.migrate(ctx, false)
	return err
}

// MigrationPlan answers what Migrate would apply, applying nothing.
func (db *DB) MigrationPlan(ctx context.Context) ([]Migration, error) {
	return db.migrate(ctx, true)
}

func (db *DB) migrate(ctx context.Context, dryRun bool) ([]Migration, error) {
	all, err := Migrations(db.Dialect)
	if err != nil {
		return nil, err
	}
	conn, err := db.SQL.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if db.Dialect == dialect.SQLite {
		// SQLite changes a table by rebuilding it (create, copy, drop, rename).
		// With foreign keys on, dropping the old table would cascade into the
		// rows that refer to it, and the PRAGMA that turns them off is
		// ignored inside a transaction: turn them off around it, and check
		// every reference before committing.
		if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
			return nil, fmt.Errorf("migrate: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA foreign_keys = ON")
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("migrate: begin: %w", err)
	}
	defer tx.Rollback()
	if db.Dialect == dialect.Postgres {
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", migrateLockKey()); err != nil {
			return nil, fmt.Errorf("migrate: lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS "+revisionsTable+
		" (version varchar(32) PRIMARY KEY, name varchar(255) NOT NULL, applied_at "+db.timestampType()+" NOT NULL)"); err != nil {
		return nil, fmt.Errorf("migrate: create %s: %w", revisionsTable, err)
	}
	applied, err := appliedVersions(ctx, tx)
	if err != nil {
		return nil, err
	}
	if len(applied) == 0 {
		legacy, err := db.tableExists(ctx, tx, "users")
		if err != nil {
			return nil, err
		}
		if legacy {
			slog.InfoContext(ctx, "adopting a database created before versioned migrations", "baseline", baseline)
			if !dryRun {
				if err := recordVersion(ctx, tx, baseline, "baseline (adopted)"); err != nil {
					return nil, err
				}
			}
			applied[baseline] = true
		}
	}
	var pending []Migration
	for _, m := range all {
		if !applied[m.Version] {
			pending = append(pending, m)
		}
	}
	if dryRun {
		return pending, nil
	}
	for _, m := range pending {
		for _, stmt := range m.Stmts {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return nil, fmt.Errorf("migration %s: %w\n%s", m.Name, err, stmt)
			}
		}
		if err := recordVersion(ctx, tx, m.Version, m.Name); err != nil {
			return nil, err
		}
	}
	if db.Dialect == dialect.SQLite {
		if err := foreignKeyCheck(ctx, tx); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("migrate: commit: %w", err)
	}
	for _, m := range pending {
		slog.InfoContext(ctx, "applied migration", "migration", m.Name)
	}
	return pending, nil
}

// PendingMigrations answers the migrations this binary knows that the
// database has not applied, without a lock: a schema that is behind. A
// database ahead of the binary (a newer version migrated it) is not behind:
// expand-then-contract keeps it working for this version.
func (db *DB) PendingMigrations(ctx context.Context) ([]string, error) {
	all, err := Migrations(db.Dialect)
	if err != nil {
		return nil, err
	}
	exists, err := db.tableExists(ctx, db.SQL, revisionsTable)
	if err != nil {
		return nil, err
	}
	applied := map[string]bool{}
	if exists {
		if applied, err = appliedVersions(ctx, db.SQL); err != nil {
			return nil, err
		}
	}
	var pending []string
	for _, m := range all {
		if !applied[m.Version] {
			pending = append(pending, m.Name)
		}
	}
	return pending, nil
}

// HasSchema reports whether any migration was ever applied: a fresh
// database has nothing to load until Migrate.
func (db *DB) HasSchema(ctx context.Context) (bool, error) {
	return db.tableExists(ctx, db.SQL, revisionsTable)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func appliedVersions(ctx context.Context, q querier) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, "SELECT version FROM "+revisionsTable)
	if err != nil {
		return nil, fmt.Errorf("read applied migrations: %w", err)
	}
	defer rows.Close()
	applied := map[string]bool{}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		applied[v] = true
	}
	return applied, rows.Err()
}

// foreignKeyCheck fails when a row refers to one that is not there.
func foreignKeyCheck(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return fmt.Errorf("migrate: foreign key check: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		return errors.New("migrate: the migration leaves rows that refer to missing rows; nothing was applied")
	}
	return rows.Err()
}

func recordVersion(ctx context.Context, tx *sql.Tx, version, name string) error {
	// Both drivers accept $n placeholders.
	_, err := tx.ExecContext(ctx, "INSERT INTO "+revisionsTable+" (version, name, applied_at) VALUES ($1, $2, $3)",
		version, name, time.Now().UTC())
	if err != nil {
		return fmt.Errorf("record migration %s: %w", name, err)
	}
	return nil
}

func (db *DB) tableExists(ctx context.Context, q querier, table string) (bool, error) {
	var n int
	query := "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = $1"
	if db.Dialect == dialect.Postgres {
		query = "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = $1"
	}
	if err := q.QueryRowContext(ctx, query, table).Scan(&n); err != nil {
		return false, fmt.Errorf("look for table %s: %w", table, err)
	}
	return n > 0, nil
}

func (db *DB) timestampType() string {
	if db.Dialect == dialect.Postgres {
		return "timestamptz"
	}
	return "datetime"
}

func migrateLockKey() int64 {
	h := fnv.New64a()
	h.Write([]byte("kesi migrate"))
	return int64(h.Sum64())
}

// SchemaBehind describes pending migrations for an operator.
func SchemaBehind(pending []string) string {
	return fmt.Sprintf("the database schema is behind this version of Kesi: %d migration(s) not applied (%s); run `kesi migrate`",
		len(pending), strings.Join(pending, ", "))
}
