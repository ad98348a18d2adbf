package platform_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	atlas "ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"
	_ "modernc.org/sqlite"

	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/migrate"
)

func open(t *testing.T, e testkit.Engine) *platform.DB {
	t.Helper()
	url, path := testkit.DatabaseURL(t, e)
	return openURL(t, url, path)
}

func openURL(t *testing.T, url, path string) *platform.DB {
	t.Helper()
	db, err := platform.OpenDB(context.Background(), url, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Issue 15: three migrates at once on a fresh database crashed on duplicate
// type names. Under the lock they all succeed, and the schema is whole.
func TestMigrate_ConcurrentOnAFreshDatabase(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		url, path := testkit.DatabaseURL(t, e)
		dbs := []*platform.DB{openURL(t, url, path), openURL(t, url, path), openURL(t, url, path)}
		if ok, err := dbs[0].HasSchema(context.Background()); err != nil || ok {
			t.Fatalf("a fresh database: HasSchema %v, %v", ok, err)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(dbs))
		for i, db := range dbs {
			wg.Go(func() { errs[i] = db.Migrate(context.Background()) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("migrate %d: %v", i, err)
			}
		}
		if ok, err := dbs[0].HasSchema(context.Background()); err != nil || !ok {
			t.Fatalf("after migrate: HasSchema %v, %v", ok, err)
		}
		pending, err := dbs[0].PendingMigrations(context.Background())
		if err != nil || len(pending) != 0 {
			t.Fatalf("after three migrates: pending %v, %v", pending, err)
		}
		if n := dbs[1].User.Query().CountX(context.Background()); n != 0 {
			t.Fatalf("%d users in a fresh database", n)
		}
	})
}

// Issue 15: migrate dropped indexes and unique constraints it had not
// created. Versioned migrations touch only what their files name.
func TestMigrate_KeepsWhatItDoesNotOwn(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := open(t, e)
		ctx := context.Background()
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		// An operator's own index and unique constraint.
		for _, stmt := range []string{
			"CREATE INDEX ops_users_fullname ON users (fullname)",
			"CREATE UNIQUE INDEX ops_users_phone ON users (phone_number, email)",
		} {
			if _, err := db.SQL.ExecContext(ctx, stmt); err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for _, name := range []string{"ops_users_fullname", "ops_users_phone"} {
			if !indexExists(t, db, name) {
				t.Errorf("migrate dropped the operator's index %s", name)
			}
		}
	})
}

func indexExists(t *testing.T, db *platform.DB, name string) bool {
	t.Helper()
	q := "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = $1"
	if db.Dialect == dialect.Postgres {
		q = "SELECT count(*) FROM pg_indexes WHERE indexname = $1"
	}
	var n int
	if err := db.SQL.QueryRow(q, name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n > 0
}

// A database that Kesi created before versioned migrations (the baseline's
// tables, no record of migrations) is adopted: the baseline is recorded,
// later migrations applied, nothing recreated.
func TestMigrate_AdoptsADatabaseFromBeforeVersionedMigrations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := open(t, e)
		ctx := context.Background()
		all, err := platform.Migrations(db.Dialect)
		if err != nil {
			t.Fatal(err)
		}
		for _, stmt := range all[0].Stmts {
			if _, err := db.SQL.ExecContext(ctx, stmt); err != nil {
				t.Fatal(err)
			}
		}
		plan, err := db.MigrationPlan(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan) != len(all)-1 || plan[0].Version == all[0].Version {
			t.Fatalf("the plan for an old database: %d migrations, want the %d after the baseline", len(plan), len(all)-1)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("migrate an old database: %v", err)
		}
		if pending, _ := db.PendingMigrations(ctx); len(pending) != 0 {
			t.Fatalf("pending after migrate: %v", pending)
		}
	})
}

// --dry-run's plan lists every migration of a fresh database and applies
// none of them.
func TestMigrationPlan_AppliesNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := open(t, e)
		ctx := context.Background()
		all, _ := platform.Migrations(db.Dialect)
		plan, err := db.MigrationPlan(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan) != len(all) || len(plan[0].Stmts) == 0 {
			t.Fatalf("plan of a fresh database: %d of %d migrations", len(plan), len(all))
		}
		pending, err := db.PendingMigrations(ctx)
		if err != nil || len(pending) != len(all) {
			t.Fatalf("after a dry run %d of %d pending (%v): the dry run applied something", len(pending), len(all), err)
		}
	})
}

// The committed directories are what atlas wrote (atlas.sum matches), and
// both engines have the same versions.
func TestMigrations_DirectoriesAreIntactAndPaired(t *testing.T) {
	var versions [2][]string
	for i, engine := range []string{"sqlite", "postgres"} {
		dir, err := atlas.NewLocalDir(filepath.Join("migrations", engine))
		if err != nil {
			t.Fatal(err)
		}
		if err := atlas.Validate(dir); err != nil {
			t.Errorf("%s: %v (regenerate with make migrations; never edit a migration by hand)", engine, err)
		}
		files, err := dir.Files()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			versions[i] = append(versions[i], f.Version())
		}
	}
	if !slices.Equal(versions[0], versions[1]) {
		t.Errorf("sqlite has versions %v, postgres %v", versions[0], versions[1])
	}
}

// Expand then contract (README "Changing the schema"): while two versions
// serve side by side on one Postgres, a migration only adds. A migration
// that drops or renames must say so in its name (…_contract) and ship a
// release after the code stopped using what it removes. (SQLite serves one
// process, and changes a table by rebuilding it, so its files are exempt.)
func TestMigrations_OnlyExpandUnlessNamedContract(t *testing.T) {
	destructive := regexp.MustCompile(`(?i)\b(DROP\s+(TABLE|COLUMN|INDEX|CONSTRAINT)|RENAME\s+(TO|COLUMN)|ALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL)\b`)
	for _, engine := range []string{"postgres"} {
		names, err := filepath.Glob(filepath.Join("migrations", engine, "*.sql"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_contract.sql") {
				continue
			}
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if m := destructive.Find(b); m != nil {
				t.Errorf("%s is not an expand-only change (%q): split it, and name the removal …_contract", name, m)
			}
		}
	}
}

// After a change to ent/schema, `make migrations` must write a migration,
// or every fresh database (tests' included) lacks the change. Replaying the
// SQLite files and comparing them with ent/schema says so in `go test`.
func TestMigrations_HoldEveryChangeOfEntSchema(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join("migrations", "sqlite")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, e.Name()), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	dir, err := atlas.NewLocalDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:kesi-stale-check?mode=memory&cache=shared&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := schema.NewMigrate(entsql.OpenDB(dialect.SQLite, db),
		schema.WithDir(dir), schema.WithMigrationMode(schema.ModeReplay), schema.WithDialect(dialect.SQLite),
		schema.WithFormatter(atlas.DefaultFormatter), schema.WithErrNoPlan(true))
	if err != nil {
		t.Fatal(err)
	}
	err = m.NamedDiff(context.Background(), "stale", migrate.Tables...)
	if !errors.Is(err, atlas.ErrNoPlan) {
		written, _ := os.ReadDir(tmp)
		t.Fatalf("ent/schema has changes that no migration holds (%v; %d files after the diff): run `make migrations` and commit the new files", err, len(written))
	}
}

// Prepared statements keep one plan on Postgres: a statement with an
// argument is explained with its parameter ($1), not planned again for the
// value, on every connection of the pool.
func TestOpenDB_PostgresKeepsOnePlanPerStatement(t *testing.T) {
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip("plan_cache_mode is Postgres': set " + testkit.PostgresURLEnv)
	}
	db := testkit.OpenDB(t, testkit.Postgres)
	ctx := context.Background()
	// Two connections held at once: each new one is set, not the first only.
	for range 2 {
		c, err := db.SQL.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		var mode string
		if err := c.QueryRowContext(ctx, "SHOW plan_cache_mode").Scan(&mode); err != nil || mode != "force_generic_plan" {
			t.Errorf("plan_cache_mode %q, %v; want force_generic_plan", mode, err)
		}
		plan := testkit.ExplainPrepared(t, c, "SELECT id FROM users WHERE email = $1", "a@example.co.ke")
		if !strings.Contains(plan, "$1") {
			t.Errorf("planned for the value, not once:\n%s", plan)
		}
	}
}
