package causelists_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
)

// BenchmarkRestamp is what every fetch run (each half hour) spends reading
// again the rows of the lists ahead when none differs: a fortnight of lists
// at 40 stations, 20,000 rows. On Postgres when KESI_TEST_DATABASE_URL is set.
func BenchmarkRestamp(b *testing.B) {
	e := testkit.SQLite
	if os.Getenv("KESI_TEST_DATABASE_URL") != "" {
		e = testkit.Postgres
	}
	db := testkit.OpenDB(b, e)
	ctx := context.Background()
	start := civil.NewDate(2025, 1, 6)
	for s := range 40 {
		court := fmt.Sprintf("HIGH COURT OF KENYA AT STATION%02d", s)
		l, err := db.CauseList.Create().SetSha256(fmt.Sprintf("%064d", s)).SetSource(causelists.SourceImport).SetCourt(court).
			SetFirstDate(start).SetLastDate(start.AddDays(13)).Save(ctx)
		if err != nil {
			b.Fatal(err)
		}
		var rows []*ent.CauseListEntryCreate
		for i := range 500 {
			number := fmt.Sprintf("HCCC/E%03d/2024", i)
			k, _ := causelists.ParseCaseKey(number)
			rows = append(rows, db.CauseListEntry.Create().SetListID(l.ID).SetCourt(court).SetSittingDate(start.AddDays(i%14)).
				SetCaseNumber(number).SetStation(causelists.Station(court)).SetCaseKey(k.String()).SetCaseBare(k.Bare().String()).SetCasePrefix(k.Prefix))
		}
		if err := db.CauseListEntry.CreateBulk(rows...).Exec(ctx); err != nil {
			b.Fatal(err)
		}
	}
	svc := causelists.NewService(db.Client, platform.Calendar{Clock: testkit.NewClock(time.Now()), Location: testkit.Nairobi}, nil)
	b.ReportAllocs()
	for b.Loop() {
		if n, err := svc.Restamp(ctx, start); err != nil || n != 0 {
			b.Fatalf("restamp: %d rows, %v", n, err)
		}
	}
}
