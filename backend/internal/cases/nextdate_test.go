package cases_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// ymd is d written YYYY-MM-DD, "" when unset.
func ymd(d *date.Date) string {
	if d == nil {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
}

// on is c as a proto date.
func on(c civil.Date) *date.Date { return cases.DateToProto(c) }

// seen is what every door answers about one case: its next date through
// RecordActivity's answer is checked by the caller; here GetCase, GET
// /api/cases/{id}, the case in GET /api/cases, and whether it is in the
// needing-update list of both doors. Every door must agree.
type seen struct {
	next      string // "" when the case has no next date
	needing   bool
	concluded bool
}

func look(t *testing.T, srv *testkit.Server, law *testkit.Session, id string) seen {
	t.Helper()
	law = srv.Session(t, law.User) // a fresh access token at the clock's time
	res, err := law.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: id}))
	if err != nil {
		t.Fatalf("GetCase: %v", err)
	}
	var got seen
	got.next = ymd(res.Msg.Case.ActivityDate)
	got.concluded = res.Msg.Case.Concluded
	var one caseRow
	getJSON(t, law, "/api/cases/"+id, &one)
	if one.date() != got.next {
		t.Errorf("GET /api/cases/%s next date %q, GetCase %q", id, one.date(), got.next)
	}
	var all []caseRow
	getJSON(t, law, "/api/cases", &all)
	i := slices.IndexFunc(all, func(c caseRow) bool { return c.ID == id })
	if i < 0 || all[i].date() != got.next {
		t.Errorf("GET /api/cases: case %s not there or next date differs (want %q)", id, got.next)
	}
	nu, err := law.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{}))
	if err != nil {
		t.Fatalf("ListCasesNeedingUpdate: %v", err)
	}
	got.needing = slices.ContainsFunc(nu.Msg.Cases, func(c *kesiv1.Case) bool { return c.Id == id })
	var rest struct{ Cases []caseRow }
	getJSON(t, law, "/api/cases-needing-update", &rest)
	if in := slices.ContainsFunc(rest.Cases, func(c caseRow) bool { return c.ID == id }); in != got.needing {
		t.Errorf("needing update: REST %v, Connect %v", in, got.needing)
	}
	return got
}

// TestNextDate_Table is the next-date rule over (sitting past / today /
// future) x (outcome / none) x (next date / none), recorded through the
// Connect door and read through both, on both engines.
func TestNextDate_Table(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow) // Wednesday 15 January 2025
		sittings := []struct {
			name string
			when civil.Date
		}{{"past", today.AddDays(-7)}, {"today", today}, {"future", today.AddDays(7)}}
		nextDate := today.AddDays(14)
		n := 0
		for _, sit := range sittings {
			for _, outcome := range []string{"Adjourned; defence witness absent.", ""} {
				for _, withNext := range []bool{true, false} {
					name := fmt.Sprintf("sitting %s, outcome %v, next date %v", sit.name, outcome != "", withNext)
					t.Run(name, func(t *testing.T) {
						n++
						c := create(t, law, withActivity(fmt.Sprintf("HCCC/E%03d/2024", n), "Hearing", on(sit.when), "09:00"))
						req := &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: outcome}
						if withNext {
							req.NextDate, req.NextActivity, req.NextTime = on(nextDate), "Mention", "10:00"
						}
						// What the rule says, worked out by hand.
						want := seen{next: sit.when.String()}
						recorded := outcome != "" || withNext
						switch {
						case sit.name == "future" && outcome != "":
							// No sitting on or before today to record it on.
							_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(req))
							wantCode(t, "outcome with only a future sitting", err, connect.CodeInvalidArgument)
							recorded = false
						case sit.name == "today" && outcome == "" && withNext:
							// Today's sitting is not done: it stays the next date.
						case withNext && (outcome != "" || sit.name == "past"):
							want.next = nextDate.String()
						}
						want.needing = sit.name == "past" && !recorded
						if recorded {
							res := record(t, law, req)
							if got := ymd(res.Case.ActivityDate); got != want.next {
								t.Errorf("RecordActivity answered next date %v, want %s", got, want.next)
							}
						}
						if got := look(t, srv, law, c.Id); got != want {
							t.Errorf("got %+v, want %+v", got, want)
						}
					})
				}
			}
		}
	})
}

// TestNextDate_HearingDay is the reported bug: a hearing today, "Adjourned"
// with the next date in two weeks; every door shows the new date at once,
// and the day's list shows the outcome on today's sitting.
func TestNextDate_HearingDay(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		c := create(t, law, withActivity("MCCC/E3574/2022", "Hearing", on(today), "09:00"))
		res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Adjourned", NextDate: on(today.AddDays(14)), NextActivity: "Mention"})
		if got := res.Case.ActivityDate; got.GetDay() != int32(today.AddDays(14).Day) || res.Case.Activity != "Mention" || res.Case.Status != "Mention" {
			t.Errorf("RecordActivity answered %v %s %s, want the mention in two weeks", got, res.Case.Activity, res.Case.Status)
		}
		if got := look(t, srv, law, c.Id); got != (seen{next: today.AddDays(14).String()}) {
			t.Errorf("after recording: %+v", got)
		}
		day, err := law.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: on(today)}))
		if err != nil || len(day.Msg.Cases) != 1 || day.Msg.Cases[0].Activity != "Hearing" {
			t.Fatalf("today's list = %v, %v; want today's hearing", day, err)
		}
		acts, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.CaseId}))
		if err != nil || len(acts.Msg.Activities) != 2 || acts.Msg.Activities[1].Outcome != "Adjourned" || acts.Msg.Activities[0].Outcome != "" {
			t.Errorf("activities = %v, %v; want the outcome on today's hearing and none on the mention", acts, err)
		}
		// Recording again on the same day corrects today's outcome; it does
		// not move onto the mention ahead.
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Adjourned; court not sitting"})
		acts, _ = law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.CaseId}))
		if acts.Msg.Activities[1].Outcome != "Adjourned; court not sitting" || acts.Msg.Activities[0].Outcome != "" {
			t.Errorf("second record: %v", acts.Msg.Activities)
		}
	})
}

// TestNextDate_MidnightInNairobi: the day turns at midnight EAT (21:00
// UTC), not at midnight UTC; a hearing is "today" from its first second to
// its last, and the reads are right before the next-dates job has run,
// without writing.
func TestNextDate_MidnightInNairobi(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		hearing := civil.NewDate(2025, time.January, 16) // Thursday
		srv.Clock.Set(time.Date(2025, time.January, 15, 23, 59, 59, 0, testkit.Nairobi))
		law = srv.Session(t, law.User)
		both := create(t, law, withActivity("ELRC Cause 7 of 2020", "Hearing", on(hearing), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: both.Id, NextDate: on(hearing.AddDays(14)), NextActivity: "Mention"})
		alone := create(t, law, withActivity("Civil Appeal E097 of 2020", "Mention", on(hearing), ""))

		steps := []struct {
			name      string
			at        time.Time
			both      string
			aloneNeed bool
		}{
			{"the evening before", time.Date(2025, time.January, 15, 23, 59, 59, 0, testkit.Nairobi), hearing.String(), false},
			{"the hearing's first second", time.Date(2025, time.January, 16, 0, 0, 0, 0, testkit.Nairobi), hearing.String(), false},
			{"midnight UTC is the hearing day's 03:00", time.Date(2025, time.January, 16, 0, 0, 0, 0, time.UTC), hearing.String(), false},
			{"the hearing's last second", time.Date(2025, time.January, 16, 23, 59, 59, 0, testkit.Nairobi), hearing.String(), false},
			{"the next day's first second (21:00 UTC)", time.Date(2025, time.January, 16, 21, 0, 0, 0, time.UTC), hearing.AddDays(14).String(), true},
		}
		for _, s := range steps {
			srv.Clock.Set(s.at)
			if got := look(t, srv, law, both.Id); got.next != s.both || got.needing {
				t.Errorf("%s: case with a later sitting shows %+v, want next %s", s.name, got, s.both)
			}
			if got := look(t, srv, law, alone.Id); got.next != hearing.String() || got.needing != s.aloneNeed {
				t.Errorf("%s: case with one sitting shows %+v, want needing update %v", s.name, got, s.aloneNeed)
			}
		}
	})
}

// TestNextDate_ReadsNeverWrite: on a day the stored next date has passed, a
// read answers the right date and leaves every row as it was; the
// next-dates job then moves the stored date, and running it again changes
// nothing.
func TestNextDate_ReadsNeverWrite(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		c := create(t, law, withActivity("MCCC/E1234/2025", "Mention", on(today), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: on(today.AddDays(7)), NextActivity: "Hearing"})
		snapshot := func() string {
			rows := srv.DB().CourtCase.Query().Where(courtcase.OwnerID(law.User.ID)).Order(courtcase.ByID()).AllX(ctx)
			out := ""
			for _, r := range rows {
				out += fmt.Sprintf("%s %s %s %s %v %v %s|", r.CaseID, r.ActivityDate, r.ActivityKind, r.LatestActivityDate, r.LatestDone, r.Concluded, r.UpdatedAt.UTC())
			}
			for _, a := range srv.DB().Activity.Query().Where(activity.OwnerID(law.User.ID)).Order(activity.ByID()).AllX(ctx) {
				out += fmt.Sprintf("%s %s %q %s|", a.ActivityDate, a.Activity, a.Outcome, a.UpdatedAt.UTC())
			}
			return out
		}
		srv.Clock.Set(testkit.DefaultNow.AddDate(0, 0, 2)) // Friday: the mention passed
		law = srv.Session(t, law.User)
		before := snapshot()
		if got := look(t, srv, law, c.Id); got.next != today.AddDays(7).String() {
			t.Errorf("read on a stale day: next %s, want %s", got.next, today.AddDays(7))
		}
		for _, call := range []func() error{
			func() error {
				_, err := law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: c.CaseId}))
				return err
			},
			func() error {
				_, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
				return err
			},
		} {
			if err := call(); err != nil {
				t.Fatal(err)
			}
		}
		if after := snapshot(); after != before {
			t.Errorf("reads wrote:\nbefore %s\nafter  %s", before, after)
		}
		if stored := srv.DB().CourtCase.Query().Where(courtcase.OwnerID(law.User.ID)).OnlyX(ctx); stored.ActivityDate != today {
			t.Fatalf("stored next date %s before the job, want the passed %s", stored.ActivityDate, today)
		}
		for range 2 {
			if err := srv.App.Jobs.RunOnce(ctx, "next-dates"); err != nil {
				t.Fatalf("run next-dates: %v", err)
			}
			if stored := srv.DB().CourtCase.Query().Where(courtcase.OwnerID(law.User.ID)).OnlyX(ctx); stored.ActivityDate != today.AddDays(7) || stored.ActivityKind != "Hearing" {
				t.Errorf("after the job the stored next date is %s %s, want %s Hearing", stored.ActivityDate, stored.ActivityKind, today.AddDays(7))
			}
		}
		if got := look(t, srv, law, c.Id); got.next != today.AddDays(7).String() {
			t.Errorf("after the job: next %s", got.next)
		}
	})
}

// TestNextDate_Weekend: a matter adjourned on Friday to Monday shows Monday
// through the weekend, and needs no update on Saturday or Sunday.
func TestNextDate_Weekend(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		friday := civil.NewDate(2025, time.January, 17)
		monday := friday.AddDays(3)
		srv.Clock.Set(time.Date(2025, time.January, 17, 16, 30, 0, 0, testkit.Nairobi))
		law = srv.Session(t, law.User)
		c := create(t, law, withActivity("HCCOMM/E77/2024", "Hearing", on(friday), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Part heard", NextDate: on(monday), NextActivity: "Part Heard Hearing"})
		for _, at := range []civil.Date{friday, friday.AddDays(1), friday.AddDays(2), monday} {
			srv.Clock.Set(at.In(testkit.Nairobi).Add(10 * time.Hour))
			if got := look(t, srv, law, c.Id); got != (seen{next: monday.String()}) {
				t.Errorf("on %s %s: %+v, want Monday %s", at.Weekday(), at, got, monday)
			}
		}
		srv.Clock.Set(monday.AddDays(1).In(testkit.Nairobi).Add(10 * time.Hour))
		if got := look(t, srv, law, c.Id); got != (seen{next: monday.String(), needing: true}) {
			t.Errorf("Tuesday after the unrecorded Monday: %+v, want needing update", got)
		}
	})
}

// TestConclude: an outcome with a concluding status and no next date
// concludes the case on every door; a next date, or a status that does not
// conclude, opens it again.
func TestConclude(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		for _, st := range []string{"Completed", "Dismissed", "withdrawn", "Settled"} {
			t.Run(st, func(t *testing.T) {
				c := create(t, law, withActivity("CONCLUDE/"+st, "Judgment", on(today.AddDays(-3)), "11:00"))
				if got := look(t, srv, law, c.Id); !got.needing {
					t.Fatalf("before: %+v, want needing update", got)
				}
				res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Judgment delivered; suit dismissed.", Status: st})
				if !res.Case.Concluded || res.Case.ActivityDate != nil {
					t.Errorf("RecordActivity answered concluded %v, next %v", res.Case.Concluded, res.Case.ActivityDate)
				}
				if got := look(t, srv, law, c.Id); got != (seen{concluded: true}) {
					t.Errorf("concluded case shows %+v", got)
				}
				srv.Clock.Set(testkit.DefaultNow.AddDate(0, 0, 20))
				if got := look(t, srv, law, c.Id); got != (seen{concluded: true}) {
					t.Errorf("20 days later: %+v", got)
				}
				srv.Clock.Set(testkit.DefaultNow)
				law = srv.Session(t, law.User)
			})
		}
		// A concluding status with a next date does not conclude.
		c := create(t, law, withActivity("OPEN/1", "Hearing", on(today), "09:00"))
		res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Consent recorded", Status: "Settled", NextDate: on(today.AddDays(30)), NextActivity: "Mention"})
		if res.Case.Concluded || res.Case.Status != "Settled" {
			t.Errorf("with a next date: concluded %v status %s", res.Case.Concluded, res.Case.Status)
		}
		// Reopened by a next date.
		c = create(t, law, withActivity("REOPEN/1", "Judgment", on(today), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Judgment delivered", Status: "Completed"})
		res = record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: on(today.AddDays(10)), NextActivity: "Taxation"})
		if res.Case.Concluded {
			t.Errorf("a next date left the case concluded")
		}
		if got := look(t, srv, law, c.Id); got != (seen{next: today.AddDays(10).String()}) {
			t.Errorf("reopened by a next date: %+v", got)
		}
		// Reopened by a status that does not conclude.
		c = create(t, law, withActivity("REOPEN/2", "Judgment", on(today.AddDays(-1)), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Status: "Dismissed"})
		if got := look(t, srv, law, c.Id); got != (seen{concluded: true}) {
			t.Errorf("concluded without an outcome: %+v", got)
		}
		hearing := "Hearing"
		up, err := law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Status: &hearing}))
		if err != nil || up.Msg.Case.Concluded {
			t.Fatalf("UpdateCase to Hearing: %v, %v", up, err)
		}
		if got := look(t, srv, law, c.Id); got != (seen{next: today.AddDays(-1).String(), needing: true}) {
			t.Errorf("reopened by a status: %+v", got)
		}
	})
}

// TestNextDate_JobBackfillsLatestDone: a case stored before latest_done
// existed (its latest sitting has an outcome, the flag says not) shows in
// the needing-update list until the next-dates job's first run fixes it.
func TestNextDate_JobBackfillsLatestDone(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		c := create(t, law, withActivity("MCCC/E55/2023", "Mention", on(today.AddDays(-5)), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Matter settled out of court."})
		open := create(t, law, withActivity("MCCC/E56/2023", "Mention", on(today.AddDays(-5)), "09:00"))
		// As an older Kesi left the row.
		srv.DB().CourtCase.Update().Where(courtcase.OwnerID(law.User.ID)).SetLatestDone(false).ExecX(ctx)
		if got := look(t, srv, law, c.Id); !got.needing {
			t.Fatalf("before the job: %+v", got)
		}
		if err := srv.App.Jobs.RunOnce(ctx, "next-dates"); err != nil {
			t.Fatal(err)
		}
		if got := look(t, srv, law, c.Id); got.needing {
			t.Errorf("after the job the recorded case still needs an update")
		}
		if got := look(t, srv, law, open.Id); !got.needing {
			t.Errorf("after the job the case with no outcome left the list")
		}
	})
}

// TestRecordActivity_SentTwiceRecordsOnce: an outcome sent again with its key
// (an answer lost on a poor signal, a reload mid-send, a second tab; two at
// once reach two servers) is recorded once, with one next date. On the
// hearing day, as the advocate records it.
func TestRecordActivity_SentTwiceRecordsOnce(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		sittings := func(caseID string) []*kesiv1.Activity {
			t.Helper()
			res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: caseID}))
			if err != nil {
				t.Fatal(err)
			}
			return res.Msg.Activities
		}

		c := create(t, law, withActivity("MCCC/E3574/2022", "Hearing", on(today), "09:00"))
		req := &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Adjourned", NextDate: on(today.AddDays(14)), NextActivity: "Mention",
			RequestId: "0b7e9a52-3c1d-4f6e-9a1b-2c3d4e5f6a7b"}
		first := record(t, law, req)
		if first.Next == nil {
			t.Fatal("the first send answered no next sitting")
		}
		again := record(t, law, req)
		if again.Next != nil || again.Case.ActivityDate.GetDay() != int32(today.AddDays(14).Day) || again.Case.Activity != "Mention" {
			t.Errorf("the second send answered next %v and case %v %s, want no next and the case as the first left it", again.Next, again.Case.ActivityDate, again.Case.Activity)
		}
		if acts := sittings(c.CaseId); len(acts) != 2 || acts[1].Outcome != "Adjourned" {
			t.Errorf("after two sends of one outcome the case has %d sittings (%v), want today's with its outcome and the mention", len(acts), acts)
		}

		// Two sends of one key at once (two tabs, two servers): one next date.
		both := create(t, law, withActivity("MCCC/E12/2023", "Hearing", on(today), "10:00"))
		var wg sync.WaitGroup
		errc := make(chan error, 2)
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: both.Id, Outcome: "Part heard",
					NextDate: on(today.AddDays(7)), NextActivity: "Hearing", RequestId: "same-key-from-two-tabs"}))
				errc <- err
			}()
		}
		wg.Wait()
		close(errc)
		for err := range errc {
			if err != nil {
				t.Errorf("a send racing another of the same key: %v", err)
			}
		}
		if acts := sittings(both.CaseId); len(acts) != 2 {
			t.Errorf("two sends of one key at once left %d sittings, want 2", len(acts))
		}

		// A key is the case's: the same key on another case, or a new key on this one, records.
		other := create(t, law, withActivity("MCCC/E13/2023", "Mention", on(today), ""))
		if res := record(t, law, &kesiv1.RecordActivityRequest{Id: other.Id, Outcome: "Adjourned", NextDate: on(today.AddDays(14)),
			NextActivity: "Mention", RequestId: req.RequestId}); res.Next == nil {
			t.Error("a key used on another case refused the outcome")
		}
		if res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: on(today.AddDays(21)), NextActivity: "Hearing",
			RequestId: "a-new-key"}); res.Next == nil {
			t.Error("a new key on the same case refused the next date")
		}

		// A key that is not one: refused, and nothing written.
		for _, key := range []string{strings.Repeat("a", 65), "key with spaces", "ключ", "nul\x00key"} {
			_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: other.Id, NextDate: on(today.AddDays(30)),
				NextActivity: "Hearing", RequestId: key}))
			wantCode(t, "request_id "+strconv.Quote(key), err, connect.CodeInvalidArgument)
		}
		if acts := sittings(other.CaseId); len(acts) != 2 {
			t.Errorf("refused keys wrote sittings: %d, want 2", len(acts))
		}
	})
}

// TestRecordActivity_NextDateAfterTheSittingItFollows: on the hearing day a
// next date typed a month early (14 Jan for 14 Feb) is refused, outcome and
// all, rather than lost behind the sitting just done; stood over to the
// afternoon is kept; an outcome sent from the phone two days after it was
// typed keeps its next date, now past, which then asks for its own outcome.
func TestRecordActivity_NextDateAfterTheSittingItFollows(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)

		c := create(t, law, withActivity("MCCC/E3574/2022", "Hearing", on(today), "09:00"))
		_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: c.Id,
			Outcome: "Adjourned; plaintiff's witness absent", NextDate: on(today.AddDays(-1)), NextActivity: "Hearing"}))
		wantCode(t, "a next date before today's hearing", err, connect.CodeInvalidArgument)
		if got := look(t, srv, law, c.Id); got != (seen{next: today.String()}) {
			t.Errorf("a refused next date changed the case: %+v", got)
		}
		res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Stood over", NextDate: on(today), NextActivity: "Hearing", NextTime: "14:30"})
		if ymd(res.Case.ActivityDate) != today.String() || res.Case.Time != "14:30" {
			t.Errorf("stood over to the afternoon: next %s %s, want today 14:30", ymd(res.Case.ActivityDate), res.Case.Time)
		}

		// Typed on Monday's mention with Tuesday as the next date, sent on Wednesday.
		late := create(t, law, withActivity("MCCC/E12/2023", "Mention", on(today.AddDays(-2)), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: late.Id, Outcome: "Adjourned", NextDate: on(today.AddDays(-1)), NextActivity: "Hearing"})
		nu, err := law.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(nu.Msg.Cases, func(c *kesiv1.Case) bool { return c.Id == late.Id }) {
			t.Errorf("yesterday's sitting, added late, does not ask for its outcome: %v", nu.Msg.Cases)
		}

		// A case with no sitting yet: a next date in the past is refused.
		fresh := create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E13/2023"})
		_, err = law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: fresh.Id, NextDate: on(today.AddDays(-7)), NextActivity: "Mention"}))
		wantCode(t, "a first sitting last week", err, connect.CodeInvalidArgument)

		// Half past midnight in Nairobi, still yesterday in UTC: today is Nairobi's.
		tomorrow := today.AddDays(1)
		srv.Clock.Set(time.Date(tomorrow.Year, tomorrow.Month, tomorrow.Day, 0, 30, 0, 0, testkit.Nairobi))
		law = srv.Session(t, law.User)
		_, err = law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: fresh.Id, NextDate: on(today), NextActivity: "Mention"}))
		wantCode(t, "yesterday in Nairobi at 00:30", err, connect.CodeInvalidArgument)
		if res := record(t, law, &kesiv1.RecordActivityRequest{Id: fresh.Id, NextDate: on(tomorrow), NextActivity: "Mention"}); ymd(res.Case.ActivityDate) != tomorrow.String() {
			t.Errorf("today in Nairobi at 00:30: next %s, want %s", ymd(res.Case.ActivityDate), tomorrow)
		}
	})
}

// TestRecordActivity_OutcomeAloneKeepsAConcludedCaseConcluded: the decree
// extracted after judgment is recorded on a concluded case without opening
// it again; a next date does open it.
func TestRecordActivity_OutcomeAloneKeepsAConcludedCaseConcluded(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		today := civil.DateOf(testkit.DefaultNow)
		c := create(t, law, withActivity("MCCC/E3574/2022", "Judgment", on(today), "09:00"))
		res := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Judgment for the plaintiff", Status: "Completed"})
		if !res.Case.Concluded || res.Case.ActivityDate != nil {
			t.Fatalf("not concluded: %v", res.Case)
		}
		res = record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Judgment for the plaintiff; decree extracted"})
		if !res.Case.Concluded || res.Case.ActivityDate != nil || res.Case.Status != "Completed" {
			t.Errorf("an outcome alone opened the case: concluded=%v status=%q next=%v", res.Case.Concluded, res.Case.Status, res.Case.ActivityDate)
		}
		res = record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: on(today.AddDays(30)), NextActivity: "Mention"})
		if res.Case.Concluded || ymd(res.Case.ActivityDate) != today.AddDays(30).String() {
			t.Errorf("a next date did not open the case: concluded=%v next=%v", res.Case.Concluded, res.Case.ActivityDate)
		}
	})
}
