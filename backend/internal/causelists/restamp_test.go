package causelists_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/causelistentry"
)

// A list's rows keep the station and canonical numbers worked out when the
// list was stored, and the check finds rows by them. When a new version of
// Kesi reads court names or numbers better, the lists already stored for
// the days ahead must be read its way too: the fetch job re-reads their
// rows, and leaves the past alone.
func TestFetchJobRereadsTheRowsOfListsAhead(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		db := f.srv.DB()
		if _, _, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport}); err != nil {
			t.Fatal(err)
		}
		want := len(list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20)))
		if want == 0 {
			t.Fatal("no matches on Monday to begin with")
		}
		// As an older version stored them.
		stale := func() {
			t.Helper()
			db.CauseListEntry.Update().SetStation("KENYA").SetCaseKey("").SetCaseBare("").ExecX(ctx)
		}
		stale()
		if got := len(list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20))); got != 0 {
			t.Fatalf("%d matches from stale rows, want none (the test's premise)", got)
		}

		// Tuesday: Monday's list is past, and stays as it was.
		f.srv.Clock.Set(time.Date(2025, 1, 21, 18, 0, 0, 0, testkit.Nairobi))
		if err := f.srv.App.Jobs.RunOnce(ctx, "causelists-fetch"); err != nil {
			t.Fatal(err)
		}
		if n := db.CauseListEntry.Query().Where(causelistentry.StationNEQ("KENYA")).CountX(ctx); n != 0 {
			t.Fatalf("%d rows of a past list rewritten", n)
		}

		// Friday before: Monday is ahead, its rows are read again.
		f.srv.Clock.Set(time.Date(2025, 1, 17, 18, 0, 0, 0, testkit.Nairobi))
		if err := f.srv.App.Jobs.RunOnce(ctx, "causelists-fetch"); err != nil {
			t.Fatal(err)
		}
		for _, r := range db.CauseListEntry.Query().AllX(ctx) {
			k, ok := causelists.KeyAt(r.CaseNumber, r.Court)
			if r.Station != causelists.Station(r.Court) || (ok && (r.CaseKey != k.String() || r.CaseBare != k.Bare().String())) {
				t.Errorf("row %q at %q: station %q, key %q, bare %q", r.CaseNumber, r.Court, r.Station, r.CaseKey, r.CaseBare)
			}
		}
		f.a = f.srv.Session(t, f.a.User)
		if got := len(list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20))); got != want {
			t.Fatalf("%d matches after the job, want %d", got, want)
		}
	})
}

// The job re-reads the rows of today's lists and those ahead, today being
// Nairobi's day whatever the server's zone: at 23:59 in Nairobi today's
// list is still ahead; at 00:00 it is yesterday's, though UTC's day has
// not changed yet.
func TestFetchJobRereadsTodayByNairobisDay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		db := f.srv.DB()
		tuesday := butereList("TUESDAY, 21 JANUARY 2025", "MCCC/E052/2024", "MCCC/E007/2023")
		for _, l := range [][]byte{monday, tuesday} {
			if _, _, err := f.srv.App.CauseLists.Ingest(ctx, l, causelists.Source{Kind: causelists.SourceImport}); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			name string
			at   time.Time
			want string // the days whose rows are read again
		}{
			{"Sunday 23:59 in Nairobi", time.Date(2025, 1, 19, 23, 59, 59, 0, testkit.Nairobi), "2025-01-20,2025-01-21"},
			{"Monday 00:00 in Nairobi, Sunday in UTC", time.Date(2025, 1, 20, 0, 0, 0, 0, testkit.Nairobi), "2025-01-20,2025-01-21"},
			{"Monday 23:59 in Nairobi", time.Date(2025, 1, 20, 23, 59, 59, 0, testkit.Nairobi), "2025-01-20,2025-01-21"},
			{"Tuesday 00:00 in Nairobi, Monday in UTC", time.Date(2025, 1, 21, 0, 0, 0, 0, testkit.Nairobi), "2025-01-21"},
			{"Monday 21:30 UTC, Tuesday in Nairobi", time.Date(2025, 1, 20, 21, 30, 0, 0, time.UTC), "2025-01-21"},
			{"just after midnight UTC on Tuesday", time.Date(2025, 1, 21, 0, 0, 1, 0, time.UTC), "2025-01-21"},
			{"Tuesday 23:59 in Nairobi", time.Date(2025, 1, 21, 23, 59, 59, 0, testkit.Nairobi), "2025-01-21"},
			{"Wednesday 00:00 in Nairobi, Tuesday in UTC", time.Date(2025, 1, 22, 0, 0, 0, 0, testkit.Nairobi), ""},
		}
		for _, tt := range tests {
			db.CauseListEntry.Update().SetStation("KENYA").SetCaseKey("").SetCaseBare("").ExecX(ctx)
			f.srv.Clock.Set(tt.at)
			if err := f.srv.App.Jobs.RunOnce(ctx, "causelists-fetch"); err != nil {
				t.Fatal(err)
			}
			var days []string
			for _, r := range db.CauseListEntry.Query().Where(causelistentry.StationNEQ("KENYA")).AllX(ctx) {
				if d := r.SittingDate.String(); !slices.Contains(days, d) {
					days = append(days, d)
				}
			}
			slices.Sort(days)
			if got := strings.Join(days, ","); got != tt.want {
				t.Errorf("%s: rows of %q read again, want %q", tt.name, got, tt.want)
			}
		}
	})
}
