package cases_test

import (
	"context"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/demo"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	entcivil "github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/user"
)

// BenchmarkReadsOnAStaleDay measures the case list and the needing-update
// list of one lawyer with 500 cases, on the day their stored dates were
// written and three days later before the next-dates job has run (the
// reads then correct the stale dates in memory, never writing), on each
// engine.
func BenchmarkReadsOnAStaleDay(b *testing.B) {
	for _, e := range testkit.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := testkit.OpenDB(b, e)
			seeded := testkit.DefaultNow
			if err := demo.Seed(ctx, db.Client, entcivil.DateOf(seeded), demo.SeedOptions{Lawyers: 1, Cases: 500, Batch: 100, Seed: 5, EmailPrefix: "stale"}); err != nil {
				b.Fatal(err)
			}
			owner := db.Client.User.Query().Where(user.Email(demo.SeedEmail("stale", 0))).OnlyX(ctx).ID
			for _, day := range []struct {
				name string
				at   time.Time
			}{{"same day", seeded}, {"three days on, job not run", seeded.AddDate(0, 0, 3)}} {
				svc := cases.NewService(db.Client, platform.Calendar{Clock: platform.FixedClock{T: day.at}, Location: testkit.Nairobi}, nil)
				b.Run(day.name+"/list", func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, _, err := svc.List(ctx, owner, cases.Page{}, cases.AllParts); err != nil {
							b.Fatal(err)
						}
					}
				})
				b.Run(day.name+"/needing_update", func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if _, err := svc.NeedingUpdate(ctx, owner, cases.AllParts); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}
