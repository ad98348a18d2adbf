// Command gen writes a new versioned migration, for each engine, from the
// difference between the migrations already in
// backend/internal/platform/migrations and ent/schema. It replays the
// directory on a scratch database (SQLite in memory; a temporary Postgres
// database on the server KESI_MIGRATE_DEV_URL names, by default the local
// one) and writes nothing when the schema has not changed. `make
// migrations` runs it; `make generate` runs that.
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"text/template"
	"time"

	atlas "ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"
	_ "github.com/lib/pq"
	_ "modernc.org/sqlite"

	"github.com/kesihq/kesi/ent/migrate"
)

func main() {
	dir := flag.String("dir", "backend/internal/platform/migrations", "the migrations directory, one subdirectory per engine")
	name := flag.String("name", "schema", "what the new migration does, in a few words joined by underscores")
	devURL := flag.String("dev-url", envOr("KESI_MIGRATE_DEV_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"), "a Postgres server where a scratch database can be created")
	version := flag.String("version", time.Now().UTC().Format("20060102150405"), "the new migration's version")
	flag.Parse()
	ctx := context.Background()
	// One version for both engines, so that their files pair up.
	format, err := atlas.NewTemplateFormatter(
		template.Must(template.New("name").Parse(*version+"_{{ .Name }}.sql")),
		atlas.DefaultFormatter[0].C,
	)
	if err != nil {
		log.Fatal(err)
	}

	sqlite, err := sql.Open("sqlite", "file:kesi-migrate-dev?mode=memory&cache=shared&_pragma=foreign_keys(1)")
	if err != nil {
		log.Fatal(err)
	}
	defer sqlite.Close()
	if err := diff(ctx, filepath.Join(*dir, "sqlite"), *name, dialect.SQLite, sqlite, format); err != nil {
		log.Fatalf("sqlite: %v", err)
	}

	pg, drop, err := scratchPostgres(*devURL)
	if err != nil {
		log.Fatalf("postgres: %v (set KESI_MIGRATE_DEV_URL to a Postgres server where a scratch database can be created)", err)
	}
	defer drop()
	if err := diff(ctx, filepath.Join(*dir, "postgres"), *name, dialect.Postgres, pg, format); err != nil {
		drop()
		log.Fatalf("postgres: %v", err)
	}
}

func diff(ctx context.Context, path, name, dialectName string, db *sql.DB, format atlas.Formatter) error {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return err
	}
	dir, err := atlas.NewLocalDir(path)
	if err != nil {
		return err
	}
	m, err := schema.NewMigrate(entsql.OpenDB(dialectName, db),
		schema.WithDir(dir),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithDialect(dialectName),
		schema.WithFormatter(format),
		schema.WithForeignKeys(true),
	)
	if err != nil {
		return err
	}
	return m.NamedDiff(ctx, name, migrate.Tables...)
}

// scratchPostgres creates an empty database on the server devURL names.
func scratchPostgres(devURL string) (*sql.DB, func(), error) {
	admin, err := sql.Open("postgres", devURL)
	if err != nil {
		return nil, nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	name := "kesi_migrate_dev_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		return nil, nil, err
	}
	u, err := url.Parse(devURL)
	if err != nil {
		return nil, nil, err
	}
	u.Path = "/" + name
	db, err := sql.Open("postgres", u.String())
	if err != nil {
		return nil, nil, err
	}
	return db, func() {
		db.Close()
		if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			fmt.Fprintln(os.Stderr, "drop", name+":", err)
		}
		admin.Close()
	}, nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
