package cases_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/demo"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/user"
)

// benchToday is the day the benchmark data set is generated for and read on,
// so that a data set generated once stays meaningful on any later day.
var benchToday = time.Date(2025, time.January, 15, 9, 0, 0, 0, testkit.Nairobi)

// recorder is an ent driver that remembers the SELECTs it runs, so that a
// test can EXPLAIN exactly the queries the service sends.
type recorder struct {
	dialect.Driver
	mu      sync.Mutex
	queries []captured
}

type captured struct {
	sql  string
	args []any
}

func (r *recorder) Query(ctx context.Context, query string, args, v any) error {
	r.mu.Lock()
	a, _ := args.([]any)
	r.queries = append(r.queries, captured{query, a})
	r.mu.Unlock()
	return r.Driver.Query(ctx, query, args, v)
}

// QueryContext is the path of the read calls' own statements (read.go).
func (r *recorder) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	r.mu.Lock()
	r.queries = append(r.queries, captured{query, args})
	r.mu.Unlock()
	return r.Driver.(interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	}).QueryContext(ctx, query, args...)
}

func (r *recorder) take() []captured {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.queries
	r.queries = nil
	return q
}

// dashboard is one call of the dashboard and the index its first query must use.
type dashboard struct {
	name  string
	index string
	call  func(svc *cases.Service, owner uuid.UUID, today civil.Date) error
}

var dashboardCalls = []dashboard{
	{"today", "activity_owner_id_activity_date", func(svc *cases.Service, owner uuid.UUID, today civil.Date) error {
		_, err := svc.Scheduled(context.Background(), owner, today, cases.AllParts)
		return err
	}},
	{"week", "activity_owner_id_activity_date", func(svc *cases.Service, owner uuid.UUID, today civil.Date) error {
		_, _, _, err := svc.Week(context.Background(), owner, cases.AllParts)
		return err
	}},
	{"needing_update", "courtcase_owner_id_latest_activity_date", func(svc *cases.Service, owner uuid.UUID, today civil.Date) error {
		_, err := svc.NeedingUpdate(context.Background(), owner, cases.AllParts)
		return err
	}},
	{"between_60_days", "activity_owner_id_activity_date", func(svc *cases.Service, owner uuid.UUID, today civil.Date) error {
		_, err := svc.Between(context.Background(), owner, today.AddDays(-30), today.AddDays(30), cases.AllParts)
		return err
	}},
}

// indexUse is the index each SELECT of a dashboard call reads, in order:
// every read call is one statement (read.go), the calendar's the sittings
// on the owner-scoped index joined to their cases.
var indexUse = map[string][]string{
	"today":          {"activity_owner_id_activity_date"},
	"week":           {"activity_owner_id_activity_date"},
	"needing_update": {"courtcase_owner_id_latest_activity_date"},
	// The cases of two months: from their sittings, or (a firm's scope
	// joins the owners first) from the owners' cases and their sittings.
	"between_60_days": {"activity_owner_id_activity_date|courtcase_owner_id_latest_activity_date"},
}

// TestExplain_DashboardQueriesUseIndexes prints the Postgres plans of the
// dashboard's queries at a realistic size and checks each reads its index.
func TestExplain_DashboardQueriesUseIndexes(t *testing.T) {
	if os.Getenv(testkit.PostgresURLEnv) == "" {
		t.Skip("EXPLAIN needs Postgres: set " + testkit.PostgresURLEnv)
	}
	db := testkit.OpenDB(t, testkit.Postgres)
	today := civil.DateOf(benchToday)
	err := demo.Seed(context.Background(), db.Client, today, demo.SeedOptions{Lawyers: 200, Cases: 100, Workers: 8, Seed: 7, EmailPrefix: "explain"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.SQL.Exec("ANALYZE"); err != nil {
		t.Fatal(err)
	}
	svc, rec, owner := recordingService(t, db, "explain")
	for _, d := range dashboardCalls {
		rec.take()
		if err := d.call(svc, owner, today); err != nil {
			t.Fatalf("%s: %v", d.name, err)
		}
		qs := rec.take()
		want := indexUse[d.name]
		if len(qs) != len(want) {
			t.Fatalf("%s ran %d queries, want %d: %v", d.name, len(qs), len(want), qs)
		}
		for i, q := range qs {
			plan := explain(t, db.SQL, q)
			t.Logf("%s query %d:\n%s\n%s", d.name, i+1, q.sql, plan)
			// The seeded lawyers have no clients: Postgres rightly scans the
			// empty client tables of the client-links subquery, and the
			// firm scope's membership table.
			if !strings.Contains(plan, "Index") || !readsOneOf(plan, want[i]) ||
				strings.Contains(plan, "Seq Scan on activities") || strings.Contains(plan, "Seq Scan on court_cases") {
				t.Errorf("%s query %d does not read index %s:\n%s", d.name, i+1, want[i], plan)
			}
		}
	}
}

// recordingService is a cases.Service over db whose queries are recorded,
// with the calendar at benchToday, and the id of the first lawyer of prefix.
func recordingService(t testing.TB, db *platform.DB, prefix string) (*cases.Service, *recorder, uuid.UUID) {
	rec := &recorder{Driver: entsql.OpenDB(dialect.Postgres, db.SQL)}
	client := ent.NewClient(ent.Driver(rec))
	svc := cases.NewService(client, platform.Calendar{Clock: platform.FixedClock{T: benchToday}, Location: testkit.Nairobi}, nil)
	u, err := db.Client.User.Query().Where(user.Email(demo.SeedEmail(prefix, 1))).Only(context.Background())
	if err != nil {
		t.Fatalf("find a seeded lawyer: %v", err)
	}
	return svc, rec, u.ID
}

// explain answers the plan q runs with on a connection of db: prepared, as
// the server sends it, with its generic plan (platform.OpenDB).
func explain(t testing.TB, db *sql.DB, q captured) string {
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return testkit.ExplainPrepared(t, c, q.sql, q.args...)
}

// benchDB is a database kept between benchmark runs, holding 1,000 lawyers
// with 500 cases each (generated once by demo.Seed, resumed if cut short).
func benchDB(b *testing.B) *platform.DB {
	base := os.Getenv(testkit.PostgresURLEnv)
	if base == "" {
		b.Skip("benchmarks need Postgres: set " + testkit.PostgresURLEnv)
	}
	admin, err := sql.Open("postgres", base)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	var exists bool
	if err := admin.QueryRow("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = 'kesi_bench_diary')").Scan(&exists); err != nil {
		b.Fatal(err)
	}
	if !exists {
		if _, err := admin.Exec("CREATE DATABASE kesi_bench_diary"); err != nil {
			b.Fatal(err)
		}
	}
	u, err := url.Parse(base)
	if err != nil {
		b.Fatal(err)
	}
	u.Path = "/kesi_bench_diary"
	ctx := context.Background()
	db, err := platform.OpenDB(ctx, u.String(), "")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	const lawyers, perLawyer = 1000, 500
	n, err := db.User.Query().Where(user.EmailHasPrefix("bench-")).Count(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if n < lawyers {
		start := time.Now()
		err := demo.Seed(ctx, db.Client, civil.DateOf(benchToday), demo.SeedOptions{Lawyers: lawyers, Cases: perLawyer, Workers: 8, Seed: 1, EmailPrefix: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.SQL.Exec("ANALYZE"); err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(os.Stderr, "generated %d lawyers x %d cases in %s\n", lawyers, perLawyer, time.Since(start).Round(time.Second))
	}
	return db
}

// BenchmarkDashboard measures the dashboard's calls for one lawyer among
// 1,000 with 500 cases each, on Postgres (service time, no HTTP).
func BenchmarkDashboard(b *testing.B) {
	db := benchDB(b)
	svc, rec, owner := recordingService(b, db, "bench")
	today := civil.DateOf(benchToday)
	for _, d := range dashboardCalls {
		rec.take()
		if err := d.call(svc, owner, today); err != nil {
			b.Fatal(err)
		}
		for i, q := range rec.take() {
			b.Logf("%s query %d plan:\n%s", d.name, i+1, explain(b, db.SQL, q))
		}
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := d.call(svc, owner, today); err != nil {
					b.Fatal(err)
				}
				rec.take()
			}
		})
	}
}

// readsOneOf reports whether plan reads one of the indexes "a|b".
func readsOneOf(plan, indexes string) bool {
	for _, ix := range strings.Split(indexes, "|") {
		if strings.Contains(plan, ix) {
			return true
		}
	}
	return false
}
