package cases_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/user"
)

// observer records what OnDateMoved was told, one line per call.
type observer struct {
	mu    sync.Mutex
	calls []string
	sits  []cases.CaseSitting
	fail  error
}

func (o *observer) moved(_ context.Context, sit cases.CaseSitting, from civil.Date) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, fmt.Sprintf("%s %s %s %s from %q", sit.CaseNumber, sit.Activity, sit.Date, sit.Time, from.String()))
	o.sits = append(o.sits, sit)
	return o.fail
}

// take answers the calls since the last take.
func (o *observer) take() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := o.calls
	o.calls = nil
	return out
}

func ymdDate(s string) civil.Date {
	d, err := civil.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// movesFixture is the diary's service over a database at testkit's
// Wednesday 15 January 2025, 09:00 Nairobi, with an observer.
func movesFixture(t *testing.T, e testkit.Engine) (*cases.Service, *ent.Client, *observer) {
	t.Helper()
	db := testkit.OpenDB(t, e).Client
	svc := cases.NewService(db, platform.Calendar{Clock: testkit.NewClock(testkit.DefaultNow), Location: testkit.Nairobi}, nil)
	o := &observer{}
	svc.OnDateMoved = o.moved
	return svc, db, o
}

func advocate(t *testing.T, db *ent.Client) uuid.UUID {
	t.Helper()
	u, err := db.User.Create().SetEmail("adv-" + uuid.NewString()[:8] + "@example.co.ke").SetFullname("Wanjiru Kamau").
		SetPasswordHash("!").SetRole(user.RoleLawyer).SetPaidUntil(testkit.DefaultNow.Add(365 * 24 * time.Hour)).
		Save(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func portalCase(sittings ...cases.PortalSitting) cases.PortalCase {
	return cases.PortalCase{CaseID: "MCCC/E3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Commercial Magistrate Court", Sittings: sittings}
}

func TestImportPortal_TellsEachNewUpcomingDateOfAnExistingCase(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		svc, db, o := movesFixture(t, e)
		owner := advocate(t, db)
		imp := func(in cases.PortalCase, want cases.Imported) {
			t.Helper()
			did, err := svc.ImportPortal(ctx, owner, in)
			if err != nil || did != want {
				t.Fatalf("import: %v %v, want %v", did, err, want)
			}
		}
		past := cases.PortalSitting{Kind: "Mention", Date: ymdDate("2025-01-06"), Time: "09:00", Outcome: "Adjourned."}
		hearing := cases.PortalSitting{Kind: "Hearing", Date: ymdDate("2025-02-03"), Time: "10:00"}

		// A case the import creates is not a date change.
		imp(portalCase(past, hearing), cases.ImportedCreated)
		if got := o.take(); len(got) != 0 {
			t.Fatalf("a new case alerted: %q", got)
		}
		imp(portalCase(past, hearing), cases.ImportedUnchanged)
		if got := o.take(); len(got) != 0 {
			t.Fatalf("a re-import alerted: %q", got)
		}

		// The court adjourned the hearing to 17 February.
		moved := hearing
		moved.Date = ymdDate("2025-02-17")
		imp(portalCase(past, moved), cases.ImportedUpdated)
		if got := o.take(); !slices.Equal(got, []string{`MCCC/E3574/2022 Hearing 2025-02-17 10:00 from "2025-02-03"`}) {
			t.Fatalf("moved hearing: %q", got)
		}
		sit := o.sits[len(o.sits)-1]
		stored := db.Activity.Query().Where(activity.OwnerID(owner), activity.ActivityDate(moved.Date)).OnlyX(ctx)
		if sit.ID != stored.ID || sit.CaseRef != stored.CaseRef || sit.Owner != owner || sit.Court != "Milimani Commercial Magistrate Court" ||
			sit.Parties != "Wanjiru Holdings Ltd v Otieno" || sit.LastOutcome != "Adjourned." {
			t.Fatalf("sitting told %+v, stored %+v", sit, stored)
		}
		imp(portalCase(past, moved), cases.ImportedUnchanged)
		if got := o.take(); len(got) != 0 {
			t.Fatalf("the same move again alerted: %q", got)
		}

		// A further date the diary lacks is a new date; a past one, one on
		// a day the case already sits and a time filled in are not news.
		ruling := cases.PortalSitting{Kind: "Ruling", Date: ymdDate("2025-03-10"), Time: "14:00"}
		oldMention := cases.PortalSitting{Kind: "Mention", Date: ymdDate("2024-12-02")}
		sameDay := cases.PortalSitting{Kind: "Mention", Date: moved.Date}
		imp(portalCase(past, oldMention, moved, sameDay, ruling), cases.ImportedUpdated)
		if got := o.take(); !slices.Equal(got, []string{`MCCC/E3574/2022 Ruling 2025-03-10 14:00 from ""`}) {
			t.Fatalf("new date: %q", got)
		}

		// Today's date is a date change too; the hearing it replaces is its
		// previous date, not the ruling of another kind.
		today := cases.PortalSitting{Kind: "Hearing", Date: ymdDate("2025-01-15"), Time: "11:30"}
		imp(portalCase(past, oldMention, sameDay, ruling, today), cases.ImportedUpdated)
		if got := o.take(); !slices.Equal(got, []string{`MCCC/E3574/2022 Hearing 2025-01-15 11:30 from "2025-02-17"`}) {
			t.Fatalf("moved to today: %q", got)
		}

		// Another advocate's import of the same number is their own new case.
		if _, err := svc.ImportPortal(ctx, advocate(t, db), portalCase(past, moved)); err != nil {
			t.Fatal(err)
		}
		if got := o.take(); len(got) != 0 {
			t.Fatalf("another advocate's new case alerted: %q", got)
		}
	})
}

func TestImportPortal_AnObserverFailureFailsNothing(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		svc, db, o := movesFixture(t, e)
		owner := advocate(t, db)
		if _, err := svc.ImportPortal(ctx, owner, portalCase(cases.PortalSitting{Kind: "Hearing", Date: ymdDate("2025-02-03")})); err != nil {
			t.Fatal(err)
		}
		o.fail = errors.New("sms provider down")
		did, err := svc.ImportPortal(ctx, owner, portalCase(cases.PortalSitting{Kind: "Hearing", Date: ymdDate("2025-02-17")}))
		if err != nil || did != cases.ImportedUpdated {
			t.Fatalf("import with a failing observer: %v %v", did, err)
		}
		if got := o.take(); len(got) != 1 {
			t.Fatalf("calls %q", got)
		}
		acts := db.Activity.Query().Where(activity.OwnerID(owner)).AllX(ctx)
		if len(acts) != 1 || acts[0].ActivityDate != ymdDate("2025-02-17") {
			t.Fatalf("diary after the import: %d sittings", len(acts))
		}
	})
}

func TestAdoptListedDate_TellsTheMove(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		svc, db, o := movesFixture(t, e)
		owner := advocate(t, db)
		if _, err := svc.ImportPortal(ctx, owner, portalCase(
			cases.PortalSitting{Kind: "Mention", Date: ymdDate("2025-01-06"), Outcome: "Adjourned."},
			cases.PortalSitting{Kind: "Mention", Date: ymdDate("2025-01-20"), Time: "09:00"})); err != nil {
			t.Fatal(err)
		}
		c := db.CourtCase.Query().OnlyX(ctx)
		adopt := cases.Adoption{Date: ymdDate("2025-01-27"), Time: "09:30", Activity: "Hearing", Note: "listed"}
		if _, err := svc.AdoptListedDate(ctx, owner, c.ID, adopt); err != nil {
			t.Fatal(err)
		}
		if got := o.take(); !slices.Equal(got, []string{`MCCC/E3574/2022 Hearing 2025-01-27 09:30 from "2025-01-20"`}) {
			t.Fatalf("adoption: %q", got)
		}
		// Adopting it again changes nothing and tells nothing.
		if _, err := svc.AdoptListedDate(ctx, owner, c.ID, adopt); err != nil {
			t.Fatal(err)
		}
		if got := o.take(); len(got) != 0 {
			t.Fatalf("second adoption: %q", got)
		}
		// Another advocate's case answers not found and tells nothing.
		if _, err := svc.AdoptListedDate(ctx, advocate(t, db), c.ID, cases.Adoption{Date: ymdDate("2025-02-03")}); err == nil {
			t.Fatal("adopted into another advocate's case")
		}
		// With no open sitting left, the listed date is added: a new date.
		db.Activity.Update().Where(activity.CaseRef(c.ID), activity.ActivityDate(adopt.Date)).SetOutcome("Heard.").ExecX(ctx)
		if _, err := svc.AdoptListedDate(ctx, owner, c.ID, cases.Adoption{Date: ymdDate("2025-02-03"), Note: "listed"}); err != nil {
			t.Fatal(err)
		}
		if got := o.take(); !slices.Equal(got, []string{`MCCC/E3574/2022 Mention 2025-02-03  from ""`}) {
			t.Fatalf("added date: %q", got)
		}
	})
}
