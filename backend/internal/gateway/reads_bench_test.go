package gateway_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/demo"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/user"
)

// BenchmarkReads measures the REST door's read calls of bench/loadtest for
// one seeded lawyer (100 cases, about three sittings each) in process, so
// that a CPU profile (-cpuprofile) shows where a request's time goes:
//
//	go test ./backend/internal/gateway -run '^$' -bench Reads -cpuprofile cpu.out
func BenchmarkReads(b *testing.B) { benchReads(b, 100) }

// BenchmarkReads500 is BenchmarkReads for a lawyer of 500 cases, the size
// make bench loads: there converting and encoding the answer weigh more.
func BenchmarkReads500(b *testing.B) { benchReads(b, 500) }

func benchReads(b *testing.B, cases int) {
	e := testkit.SQLite
	if testkit.Engines()[len(testkit.Engines())-1] == testkit.Postgres {
		e = testkit.Postgres
	}
	srv := testkit.NewServer(b, e, nil)
	ctx := context.Background()
	today := civil.DateOf(srv.Clock.Now().In(testkit.Nairobi))
	if err := demo.Seed(ctx, srv.App.DB.Client, today, demo.SeedOptions{Lawyers: 1, Cases: cases, Seed: 3, EmailPrefix: "bench", PaidUntil: srv.Clock.Now().Add(30 * 24 * time.Hour)}); err != nil {
		b.Fatal(err)
	}
	if e == testkit.Postgres {
		// Statistics, as autovacuum keeps them on a live database: without
		// them Postgres plans the fresh tables as if they were empty.
		if _, err := srv.App.DB.Client.ExecContext(ctx, "ANALYZE"); err != nil {
			b.Fatal(err)
		}
	}
	u, err := srv.App.DB.Client.User.Query().Where(user.Email(demo.SeedEmail("bench", 0))).Only(ctx)
	if err != nil {
		b.Fatal(err)
	}
	law := srv.Session(b, u)
	c, err := srv.App.DB.Client.CourtCase.Query().Where(courtcase.OwnerID(u.ID)).First(ctx)
	if err != nil {
		b.Fatal(err)
	}
	paths := []struct{ name, path string }{
		{"today", "/api/caseschedule/scheduled?date=" + today.String()},
		{"week", "/api/cases/week"},
		{"list", "/api/cases"},
		{"by_number", "/api/cases/case/" + url.PathEscape(c.CaseID)},
		{"activities", "/api/activities/case?caseid=" + url.QueryEscape(c.CaseID)},
		{"needing_update", "/api/cases-needing-update"},
		{"report_window", "/api/casebetween/cases-between?start=" + today.String() + "&end=" + today.AddDays(60).String()},
	}
	for _, p := range paths {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := law.HTTP.Get(srv.URL + p.path)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					b.Fatalf("GET %s = %d", p.path, res.StatusCode)
				}
			}
		})
	}
}
