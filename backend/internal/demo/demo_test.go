package demo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
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
			all, err := svc.List(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) < 40 {
				t.Errorf("at %s the demo has %d cases, want at least 40", now, len(all))
			}
			today, err := svc.Scheduled(ctx, u.ID, cal.Today())
			if err != nil {
				t.Fatal(err)
			}
			hearings := 0
			for _, r := range today {
				if strings.Contains(r.Activity.Activity, "Hearing") {
					hearings++
				}
			}
			if hearings < 2 {
				t.Errorf("at %s the demo has %d hearings today, want at least 2", now, hearings)
			}
			_, _, week, err := svc.Week(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(week) < 5 {
				t.Errorf("at %s the demo has %d sittings this week, want several", now, len(week))
			}
			nu, err := svc.NeedingUpdate(ctx, u.ID)
			if err != nil {
				t.Fatal(err)
			}
			if nu.Notification < 4 || nu.MarkedUpdated < 2 {
				t.Errorf("at %s needing update: %d notifications, %d pending; want several of each", now, nu.Notification, nu.MarkedUpdated)
			}
			between, err := svc.Between(ctx, u.ID, cal.Today().AddDays(-60), cal.Today().AddDays(60))
			if err != nil {
				t.Fatal(err)
			}
			first, last := between[0].Activity.ActivityDate, between[len(between)-1].Activity.ActivityDate
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
