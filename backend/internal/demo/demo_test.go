package demo_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/courtdays"
	"github.com/kesihq/kesi/backend/internal/demo"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
)

// TestReset_GivesARealisticDiaryOnAnyDay runs the reset on a Wednesday, a
// Saturday, a Sunday night and a Monday morning in Nairobi and checks what a
// visitor sees on the dashboard.
func TestReset_GivesARealisticDiaryOnAnyDay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		db := testkit.OpenDB(t, e)
		u, err := auth.EnsureDemoAccount(ctx, db.Client)
		if err != nil {
			t.Fatal(err)
		}
		for _, now := range []time.Time{
			testkit.DefaultNow,
			time.Date(2025, 3, 1, 12, 0, 0, 0, testkit.Nairobi),
			time.Date(2025, 3, 2, 23, 30, 0, 0, testkit.Nairobi),
			time.Date(2025, 3, 3, 0, 30, 0, 0, testkit.Nairobi),
		} {
			cal := platform.Calendar{Clock: platform.FixedClock{T: now}, Location: testkit.Nairobi}
			if err := demo.Reset(ctx, db.Client, cal, u.ID); err != nil {
				t.Fatalf("reset at %s: %v", now, err)
			}
			svc := cases.NewService(db.Client, cal, nil)
			all, _, err := svc.List(ctx, u.ID, cases.Page{}, cases.AllParts)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) < 40 {
				t.Errorf("at %s the demo has %d cases, want at least 40", now, len(all))
			}
			today, err := svc.Scheduled(ctx, u.ID, cal.Today(), cases.AllParts)
			if err != nil {
				t.Fatal(err)
			}
			hearings := 0
			for _, r := range today {
				if strings.Contains(r.Sitting.Kind, "Hearing") {
					hearings++
				}
			}
			// Courts do not sit on a weekend: the day's hearings are then on
			// the next court day.
			if courtdays.IsCourtDay(cal.Today()) && hearings < 2 {
				t.Errorf("at %s the demo has %d hearings today, want at least 2", now, hearings)
			}
			if !courtdays.IsCourtDay(cal.Today()) && len(today) != 0 {
				t.Errorf("at %s, not a court day, the demo has %d sittings today", now, len(today))
			}
			_, _, week, err := svc.Week(ctx, u.ID, cases.AllParts)
			if err != nil {
				t.Fatal(err)
			}
			if len(week) < 5 {
				t.Errorf("at %s the demo has %d sittings this week, want several", now, len(week))
			}
			nu, err := svc.NeedingUpdate(ctx, u.ID, cases.AllParts)
			if err != nil {
				t.Fatal(err)
			}
			if nu.Notification < 4 || nu.MarkedUpdated < 2 {
				t.Errorf("at %s needing update: %d notifications, %d pending; want several of each", now, nu.Notification, nu.MarkedUpdated)
			}
			between, err := svc.Between(ctx, u.ID, cal.Today().AddDays(-60), cal.Today().AddDays(60), cases.AllParts)
			if err != nil {
				t.Fatal(err)
			}
			first, last := between[0].Sitting.Date, between[len(between)-1].Sitting.Date
			if cal.Today().DaysUntil(first) > -45 || cal.Today().DaysUntil(last) < 45 {
				t.Errorf("at %s activities run from %s to %s, want about two months either side", now, first, last)
			}
			clients, err := db.LawClient.Query().Where(lawclient.OwnerID(u.ID)).Count(ctx)
			if err != nil || clients < 10 {
				t.Errorf("demo clients = %d, %v", clients, err)
			}
		}
		// Resetting replaced the diary rather than adding to it.
		n, err := db.CourtCase.Query().Where(courtcase.OwnerID(u.ID)).Count(ctx)
		if err != nil || n != 44 {
			t.Errorf("after four resets the demo has %d cases, want 44", n)
		}
		// FillEmpty leaves a diary that has data alone.
		if err := demo.FillEmpty(ctx, db.Client, platform.Calendar{Clock: platform.FixedClock{T: testkit.DefaultNow}, Location: testkit.Nairobi}); err != nil {
			t.Fatal(err)
		}
		if m, _ := db.CourtCase.Query().Where(courtcase.OwnerID(u.ID)).Count(ctx); m != n {
			t.Errorf("FillEmpty changed a full demo diary: %d cases, had %d", m, n)
		}
	})
}

func TestSeed_WritesTheAskedSize(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		db := testkit.OpenDB(t, e)
		opts := demo.SeedOptions{Lawyers: 3, Cases: 250, Batch: 100, Seed: 3, EmailPrefix: "t"}
		today := testkit.DefaultNow
		cal := platform.Calendar{Clock: platform.FixedClock{T: today}, Location: testkit.Nairobi}
		for range 2 { // the second run finds the lawyers and adds nothing
			if err := demo.Seed(ctx, db.Client, cal.Today(), opts); err != nil {
				t.Fatal(err)
			}
		}
		if n := db.CourtCase.Query().CountX(ctx); n != 750 {
			t.Errorf("seeded %d cases, want 750", n)
		}
		// The denormalised dates agree with the next-date rule.
		for _, c := range db.CourtCase.Query().WithActivities().Limit(50).AllX(ctx) {
			d := cases.DatesOf(c.Edges.Activities, cal.Today())
			if d.Next.ActivityDate != c.ActivityDate || d.Latest.ActivityDate != c.LatestActivityDate ||
				d.Next.Activity != c.ActivityKind || cases.Done(d.Latest) != c.LatestDone {
				t.Errorf("seeded case %s: stored %s/%s, computed %s/%s", c.CaseID, c.ActivityDate, c.LatestActivityDate, d.Next.ActivityDate, d.Latest.ActivityDate)
			}
		}
	})
}

// TestReset_SittingsOnCourtDaysAndNumbersNotAfterFiling resets the demo on
// many days, among them a Friday, Easter Monday and the Tuesday after it,
// Christmas Eve and New Year's Day, and checks what a Kenyan advocate would
// notice at once: no sitting on a weekend or a public holiday, and no case
// numbered with a year after its filing.
func TestReset_SittingsOnCourtDaysAndNumbersNotAfterFiling(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		db := testkit.OpenDB(t, e)
		u, err := auth.EnsureDemoAccount(ctx, db.Client)
		if err != nil {
			t.Fatal(err)
		}
		days := []time.Time{
			time.Date(2025, 1, 17, 9, 0, 0, 0, testkit.Nairobi),   // a Friday
			time.Date(2025, 4, 21, 9, 0, 0, 0, testkit.Nairobi),   // Easter Monday
			time.Date(2025, 4, 22, 9, 0, 0, 0, testkit.Nairobi),   // the Tuesday after Easter
			time.Date(2025, 12, 24, 9, 0, 0, 0, testkit.Nairobi),  // Christmas Eve
			time.Date(2026, 1, 1, 0, 5, 0, 0, testkit.Nairobi),    // New Year's Day, just after midnight
			time.Date(2026, 11, 28, 12, 0, 0, 0, testkit.Nairobi), // a Saturday
		}
		// And every day of one month, a few at a time.
		for d := 0; d < 31; d += 3 {
			days = append(days, time.Date(2026, 3, 1+d, 10, 0, 0, 0, testkit.Nairobi))
		}
		for _, now := range days {
			cal := platform.Calendar{Clock: platform.FixedClock{T: now}, Location: testkit.Nairobi}
			if err := demo.Reset(ctx, db.Client, cal, u.ID); err != nil {
				t.Fatalf("reset at %s: %v", now, err)
			}
			for _, c := range db.CourtCase.Query().Where(courtcase.OwnerID(u.ID)).WithActivities().AllX(ctx) {
				for _, a := range c.Edges.Activities {
					if !courtdays.IsCourtDay(a.ActivityDate) {
						name, _ := courtdays.Holiday(a.ActivityDate)
						t.Errorf("reset at %s: %s sits on %s %s %s", now.Format(time.DateOnly), c.CaseID, a.ActivityDate.Weekday(), a.ActivityDate, name)
					}
				}
				if y := numberYear(c.CaseID); y > c.FilingDate.Year {
					t.Errorf("reset at %s: %s numbered %d, filed %s", now.Format(time.DateOnly), c.CaseID, y, c.FilingDate)
				}
			}
		}
	})
}

// numberYear is the last year written in a case number, 0 when none.
func numberYear(caseID string) int {
	y := 0
	for i := 0; i+4 <= len(caseID); i++ {
		if n, err := strconv.Atoi(caseID[i : i+4]); err == nil && n >= 1900 && n < 2100 {
			y = n
		}
	}
	return y
}
