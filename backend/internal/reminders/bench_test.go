package reminders_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/civil"
)

// BenchmarkJob_EveningOf500Advocates measures the 18:30 run that records and
// sends the evening digests of 500 advocates with three sittings each (by
// e-mail to the dev mailer), on a fresh database each time.
func BenchmarkJob_EveningOf500Advocates(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		db := testkit.OpenDB(b, testkit.SQLite).Client
		f := &fixture{db: db, clock: testkit.NewClock(testkit.DefaultNow), sms: &fakeSMS{}, wa: &fakeWhatsApp{}, mailDir: b.TempDir()}
		f.svc = f.service()
		ctx := context.Background()
		for i := range 500 {
			u, err := db.User.Create().SetEmail(fmt.Sprintf("a%d@example.co.ke", i)).SetFullname("A").SetPasswordHash("!").
				SetPaidUntil(f.clock.Now().Add(time.Hour * 24 * 30)).Save(ctx)
			if err != nil {
				b.Fatal(err)
			}
			for j := range 3 {
				c := db.CourtCase.Create().SetOwnerID(u.ID).SetCaseID(fmt.Sprintf("MCCC/E%d/2025", j)).SetLawCourt("Milimani").SaveX(ctx)
				db.Activity.Create().SetOwnerID(u.ID).SetCaseRef(c.ID).SetActivity("Mention").SetActivityDate(civil.NewDate(2025, 1, 16)).SetTime("09:00").SaveX(ctx)
			}
		}
		f.clock.Set(time.Date(2025, 1, 15, 18, 30, 0, 0, testkit.Nairobi))
		b.StartTimer()
		if err := f.svc.Job(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCalendar_500Sittings measures writing a feed of 500 sittings.
func BenchmarkCalendar_500Sittings(b *testing.B) {
	ss := make([]cases.CaseSitting, 500)
	for i := range ss {
		ss[i] = cases.CaseSitting{ID: uuid.New(), CaseRef: uuid.New(), CaseNumber: fmt.Sprintf("MCCC/E%d/2022", i), Parties: "Republic v Mwangi, Kamau; Otieno and others in a long title that folds",
			Court: "Milimani Commercial Court, Court Room 3", Activity: "Hearing", Date: civil.NewDate(2025, 1, 1).AddDays(i % 90), Time: "09:00", LastOutcome: "Adjourned; witness absent"}
	}
	b.ReportAllocs()
	for b.Loop() {
		reminders.Calendar(ss, testkit.DefaultNow, "https://kesi.app")
	}
}

// BenchmarkJob_EveningOf500AdvocatesWithACauseList is the same run with a
// stored list of the day that lists one matter of each advocate: each
// digest asks the cause-list check about its advocate. "next-minute" is
// the 18:31 run, which finds every digest recorded and asks nothing.
func BenchmarkJob_EveningOf500AdvocatesWithACauseList(b *testing.B) {
	arrange := func(b *testing.B) *fixture {
		db := testkit.OpenDB(b, testkit.SQLite).Client
		f := &fixture{db: db, clock: testkit.NewClock(testkit.DefaultNow), sms: &fakeSMS{}, wa: &fakeWhatsApp{}, mailDir: b.TempDir()}
		ctx := context.Background()
		for i := range 500 {
			u, err := db.User.Create().SetEmail(fmt.Sprintf("a%d@example.co.ke", i)).SetFullname("A").SetPasswordHash("!").
				SetPaidUntil(f.clock.Now().Add(time.Hour * 24 * 30)).Save(ctx)
			if err != nil {
				b.Fatal(err)
			}
			for j := range 3 {
				c := db.CourtCase.Create().SetOwnerID(u.ID).SetCaseID(fmt.Sprintf("MCCC/E%d/2025", j)).SetLawCourt("Milimani").SaveX(ctx)
				db.Activity.Create().SetOwnerID(u.ID).SetCaseRef(c.ID).SetActivity("Mention").SetActivityDate(civil.NewDate(2025, 1, 16)).SetTime("09:00").SaveX(ctx)
			}
		}
		withLists(b, f, milimaniList("MCCC/E0/2025", "MCCC/E1/2025"))
		f.clock.Set(time.Date(2025, 1, 15, 18, 30, 0, 0, testkit.Nairobi))
		return f
	}
	b.Run("first", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			f := arrange(b)
			b.StartTimer()
			if err := f.svc.Job(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("next-minute", func(b *testing.B) {
		f := arrange(b)
		if err := f.svc.Job(context.Background()); err != nil {
			b.Fatal(err)
		}
		f.clock.Set(time.Date(2025, 1, 15, 18, 31, 0, 0, testkit.Nairobi))
		for b.Loop() {
			if err := f.svc.Job(context.Background()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
