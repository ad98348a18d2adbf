package causelists_test

import (
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
			k, ok := causelists.ParseCaseKey(r.CaseNumber)
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
