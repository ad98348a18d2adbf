// Package testkit gives tests a fresh database on each engine, a running
// Kesi server and signed-in clients. Storage tests run on SQLite always and
// on Postgres whenever KESI_TEST_DATABASE_URL is set.
package testkit

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "github.com/lib/pq" // Postgres driver for creating test databases.

	"github.com/kesihq/kesi/backend/internal/platform"
)

// Engine is a database engine tests run on.
type Engine string

// The engines.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// PostgresURLEnv names the Postgres server for tests; CI always sets it.
const PostgresURLEnv = "KESI_TEST_DATABASE_URL"

// Engines lists the engines this run tests on.
func Engines() []Engine {
	if os.Getenv(PostgresURLEnv) != "" {
		return []Engine{SQLite, Postgres}
	}
	return []Engine{SQLite}
}

// Each runs f as a subtest on every engine.
func Each(t *testing.T, f func(t *testing.T, e Engine)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(string(e), func(t *testing.T) { f(t, e) })
	}
}

// DatabaseURL creates a fresh, empty database on e and answers its URL for
// KESI_DATABASE_URL ("" with a file path for SQLite). It is dropped when the
// test ends.
func DatabaseURL(t testing.TB, e Engine) (databaseURL, sqlitePath string) {
	t.Helper()
	if e == SQLite {
		return "", filepath.Join(t.TempDir(), "kesi.db")
	}
	base := os.Getenv(PostgresURLEnv)
	if base == "" {
		t.Fatalf("%s is not set", PostgresURLEnv)
	}
	name := "kesi_t_" + randomHex(8)
	admin := adminDB(t, base)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Logf("drop test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", PostgresURLEnv, err)
	}
	u.Path = "/" + name
	return u.String(), ""
}

// OpenDB opens a fresh, migrated database on e.
func OpenDB(t testing.TB, e Engine) *platform.DB {
	t.Helper()
	dbURL, path := DatabaseURL(t, e)
	db, err := platform.OpenDB(context.Background(), dbURL, path)
	if err != nil {
		t.Fatalf("open %s: %v", e, err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxConns(4)
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", e, err)
	}
	return db
}

var (
	adminMu sync.Mutex
	admins  = map[string]*sql.DB{}
)

// adminDB is a shared connection to the server's maintenance database, used
// to create and drop the per-test databases.
func adminDB(t testing.TB, base string) *sql.DB {
	adminMu.Lock()
	defer adminMu.Unlock()
	if db, ok := admins[base]; ok {
		return db
	}
	db, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatalf("open %s: %v", PostgresURLEnv, err)
	}
	if err := db.Ping(); err != nil {
		t.Fatalf("reach Postgres at %s: %v", PostgresURLEnv, err)
	}
	db.SetMaxOpenConns(2)
	admins[base] = db
	return db
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return strings.ToLower(hex.EncodeToString(b))
}
