package cases_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/proto"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestCaseNumbersWithSpacesAndSlashes_BothDoors(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		numbers := []string{"MCCC/E3574/2022", "MCSUCC/E068/2022", "Civil Appeal E097 of 2020", "ELRC Cause 7 of 2020"}
		for _, n := range numbers {
			create(t, law, withActivity(n, "Mention", day(2025, 1, 20), "09:30"))
		}
		for _, n := range numbers {
			var got caseRow
			getJSON(t, law, "/api/cases/case/"+esc(n), &got)
			if got.CaseID != n || got.date() != "2025-01-20" || got.Time != "09:30" || got.Activity != "Mention" || got.Status != "Registration/Filing" {
				t.Errorf("GET encoded %q = %+v", n, got)
			}
			// A client that does not encode the slashes still reaches the case.
			raw := strings.ReplaceAll(n, " ", "%20")
			getJSON(t, law, "/api/cases/case/"+raw, &got)
			if got.CaseID != n {
				t.Errorf("GET unencoded %q = %q", n, got.CaseID)
			}
			res, err := law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: n}))
			if err != nil || res.Msg.Case.CaseId != n {
				t.Errorf("Connect GetCaseByCaseId(%q) = %v, %v", n, res, err)
			}
			var byID caseRow
			getJSON(t, law, "/api/cases/"+got.ID, &byID)
			if flat(byID) != flat(got) {
				t.Errorf("GET by id = %+v, want %+v", byID, got)
			}
		}
		var all []caseRow
		getJSON(t, law, "/api/cases", &all)
		if len(all) != len(numbers) {
			t.Fatalf("GET /api/cases has %d cases, want %d", len(all), len(numbers))
		}
		res := law.Do(t, "GET", "/api/cases/case/"+esc("MCCC/E9999/2022"), nil)
		if res.Status != 404 || res.Message(t) != "Case not found." {
			t.Errorf("unknown case number = %d %s, want 404 Case not found.", res.Status, res.Body)
		}
	})
}

func TestCreateCase_RefusesBadInputAndWritesNothing(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E3574/2022"})
		kind := "Hearing"
		bad := []struct {
			name string
			req  *kesiv1.CreateCaseRequest
			code connect.Code
			msg  string
		}{
			{"empty case_id", &kesiv1.CreateCaseRequest{CaseId: "   "}, connect.CodeInvalidArgument, "Case ID is required."},
			{"over-long case_id", &kesiv1.CreateCaseRequest{CaseId: strings.Repeat("E", 121)}, connect.CodeInvalidArgument, "Case ID must be at most 120 characters."},
			{"over-long notes", &kesiv1.CreateCaseRequest{CaseId: "A1", Notes: strings.Repeat("n", 10001)}, connect.CodeInvalidArgument, "Notes must be at most 10000 characters."},
			{"unknown status", &kesiv1.CreateCaseRequest{CaseId: "A2", Status: "Ongoing"}, connect.CodeInvalidArgument, "Status must be one of"},
			{"bad time", &kesiv1.CreateCaseRequest{CaseId: "A3", Activity: &kind, ActivityDate: day(2025, 1, 20), Time: "9am"}, connect.CodeInvalidArgument, "Time must be written HH:MM"},
			{"no such day", &kesiv1.CreateCaseRequest{CaseId: "A4", FilingDate: day(2025, 2, 30)}, connect.CodeInvalidArgument, "not a real calendar date"},
			{"activity without date", &kesiv1.CreateCaseRequest{CaseId: "A5", Activity: &kind}, connect.CodeInvalidArgument, "needs both its kind and its date"},
			{"a number the lawyer has", &kesiv1.CreateCaseRequest{CaseId: " MCCC/E3574/2022 "}, connect.CodeAlreadyExists, "You already have a case numbered MCCC/E3574/2022."},
		}
		for _, b := range bad {
			_, err := law.Cases().CreateCase(ctx, connect.NewRequest(b.req))
			wantCode(t, b.name, err, b.code)
			if !strings.Contains(err.Error(), b.msg) {
				t.Errorf("%s: message %q does not say %q", b.name, err, b.msg)
			}
		}
		var all []caseRow
		getJSON(t, law, "/api/cases", &all)
		if len(all) != 1 {
			t.Errorf("after refused creates the lawyer has %d cases, want 1", len(all))
		}
		// Another lawyer may use the same number.
		create(t, srv.Lawyer(t), &kesiv1.CreateCaseRequest{CaseId: "MCCC/E3574/2022"})
	})
}

func TestUpdateCase_ChangesOnlyGivenFields(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E1/2024", Parties: "A v B", Notes: "keep"})
		status, parties := "hearing", "A Ltd v B"
		res, err := law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Status: &status, Parties: &parties, FilingDate: day(2024, 3, 1)}))
		if err != nil {
			t.Fatal(err)
		}
		got := res.Msg.Case
		if got.Status != "Hearing" || got.Parties != parties || got.Notes != "keep" || got.FilingDate.GetDay() != 1 {
			t.Errorf("updated case = %v", got)
		}
		empty := ""
		_, err = law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, CaseId: &empty}))
		wantCode(t, "clearing the case number", err, connect.CodeInvalidArgument)
	})
}

// TestWeek_StartsMondayInNairobi checks the week at its edges: 23:30 on a
// Sunday in Nairobi is still the old week though it is 20:30 UTC, and
// 00:30 on Monday in Nairobi is the new week though UTC is still Sunday.
func TestWeek_StartsMondayInNairobi(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		create(t, law, withActivity("MCCC/E1/2025", "Mention", day(2025, 1, 13), "09:00"))  // Monday
		create(t, law, withActivity("MCCC/E2/2025", "Hearing", day(2025, 1, 19), ""))       // Sunday
		create(t, law, withActivity("MCCC/E3/2025", "Hearing", day(2025, 1, 20), "10:00"))  // next Monday
		create(t, law, withActivity("MCCC/E4/2025", "Judgment", day(2025, 1, 26), "14:00")) // next Sunday
		create(t, law, withActivity("MCCC/E5/2025", "Mention", day(2025, 1, 12), "09:00"))  // Sunday before
		steps := []struct {
			now   time.Time
			want  []string
			start string
		}{
			{time.Date(2025, 1, 19, 23, 30, 0, 0, testkit.Nairobi), []string{"MCCC/E1/2025@2025-01-13 09:00", "MCCC/E2/2025@2025-01-19 "}, "2025-01-13"},
			{time.Date(2025, 1, 20, 0, 30, 0, 0, testkit.Nairobi), []string{"MCCC/E3/2025@2025-01-20 10:00", "MCCC/E4/2025@2025-01-26 14:00"}, "2025-01-20"},
		}
		for _, s := range steps {
			srv.Clock.Set(s.now)
			law := srv.Session(t, law.User) // a fresh access token at the new time
			for _, path := range []string{"/api/cases/week", "/api/current/this-week-cases"} {
				var rows []caseRow
				getJSON(t, law, path, &rows)
				if got := ids(rows); !slices.Equal(got, s.want) {
					t.Errorf("at %s (UTC %s) %s = %v, want %v", s.now, s.now.UTC(), path, got, s.want)
				}
			}
			res, err := law.Cases().ListWeekCases(ctx, connect.NewRequest(&kesiv1.ListWeekCasesRequest{}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Msg.Cases) != len(s.want) || res.Msg.Start.GetDay() != int32(s.now.Day())-int32((int(s.now.Weekday())+6)%7) {
				t.Errorf("Connect week at %s = start %v, %d cases", s.now, res.Msg.Start, len(res.Msg.Cases))
			}
		}
	})
}

func TestScheduledAndBetween_OneRowPerActivityAscending(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		a := create(t, law, withActivity("MCCC/E10/2024", "Mention", day(2025, 1, 15), "14:00"))
		create(t, law, withActivity("Civil Appeal E097 of 2020", "Hearing", day(2025, 1, 15), "09:00"))
		create(t, law, withActivity("MCCR/E802/2021", "Plea", day(2025, 1, 15), ""))
		record(t, law, &kesiv1.RecordActivityRequest{Id: a.Id, NextDate: day(2025, 2, 3), NextActivity: "Hearing", NextTime: "11:00"})
		// Another lawyer's sitting the same day is not ours.
		create(t, srv.Lawyer(t), withActivity("MCCC/E10/2024", "Mention", day(2025, 1, 15), "08:00"))

		var today []caseRow
		getJSON(t, law, "/api/caseschedule/scheduled?date=2025-01-15", &today)
		want := []string{"Civil Appeal E097 of 2020@2025-01-15 09:00", "MCCC/E10/2024@2025-01-15 14:00", "MCCR/E802/2021@2025-01-15 "}
		if got := ids(today); !slices.Equal(got, want) {
			t.Errorf("scheduled today = %v, want %v", got, want)
		}
		res, err := law.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: day(2025, 1, 15)}))
		if err != nil || len(res.Msg.Cases) != 3 || res.Msg.Cases[0].Activity != "Hearing" {
			t.Errorf("Connect scheduled = %v, %v", res, err)
		}
		var between []caseRow
		getJSON(t, law, "/api/casebetween/cases-between?start=2025-01-01&end=2025-02-28", &between)
		want = append(want, "MCCC/E10/2024@2025-02-03 11:00")
		if got := ids(between); !slices.Equal(got, want) {
			t.Errorf("between = %v, want %v", got, want)
		}
		// The case row itself shows today's sitting, the next date once it passed.
		var c caseRow
		getJSON(t, law, "/api/cases/"+a.Id, &c)
		if c.date() != "2025-01-15" || c.Activity != "Mention" || c.Status != "Hearing" {
			t.Errorf("after recording, case = %s, want today's mention and status Hearing", flat(c))
		}
		srv.Clock.Advance(24 * time.Hour)
		getJSON(t, srv.Session(t, law.User), "/api/cases/"+a.Id, &c)
		if c.date() != "2025-02-03" || c.Activity != "Hearing" || c.Time != "11:00" {
			t.Errorf("the day after, case = %s, want the hearing of 2025-02-03", flat(c))
		}
	})
}

func TestCalendar_BadDatesAnswer400(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		bad := []struct{ path, msg string }{
			{"/api/caseschedule/scheduled", "date is required, written YYYY-MM-DD."},
			{"/api/caseschedule/scheduled?date=15/01/2025", "date must be a date written YYYY-MM-DD."},
			{"/api/caseschedule/scheduled?date=2025-02-30", "date must be a date written YYYY-MM-DD."},
			{"/api/casebetween/cases-between?start=2025-01-10", "end is required, written YYYY-MM-DD."},
			{"/api/casebetween/cases-between?start=2025-01-10&end=2025-01-09", "End date must not be before start date."},
			{"/api/casebetween/cases-between?start=2024-01-01&end=2025-06-01", "The range must be at most 366 days."},
			{"/api/activities/case?caseid=", "Case ID is required."},
		}
		for _, b := range bad {
			res := law.Do(t, "GET", b.path, nil)
			if res.Status != 400 || res.Message(t) != b.msg {
				t.Errorf("GET %s = %d %s, want 400 %q", b.path, res.Status, res.Body, b.msg)
			}
		}
		_, err := law.Cases().ListCasesBetween(ctx, connect.NewRequest(&kesiv1.ListCasesBetweenRequest{Start: day(2025, 1, 10), End: day(2025, 1, 9)}))
		wantCode(t, "Connect between with end before start", err, connect.CodeInvalidArgument)
		_, err = law.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: day(2025, 13, 1)}))
		wantCode(t, "Connect scheduled on month 13", err, connect.CodeInvalidArgument)
	})
}

type needing struct {
	Stats struct {
		MarkedUpdated int `json:"marked_updated"`
		Notification  int `json:"notification"`
		Total         int `json:"total"`
	} `json:"stats"`
	Cases []caseRow `json:"cases"`
}

func TestNeedingUpdate_Transitions(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		past := create(t, law, withActivity("MCCC/E1/2024", "Mention", day(2025, 1, 10), "09:00"))
		tomorrow := create(t, law, withActivity("MCCC/E2/2024", "Hearing", day(2025, 1, 16), "09:00"))
		create(t, law, withActivity("MCCC/E3/2024", "Hearing", day(2025, 1, 15), "09:00")) // today: not yet due
		create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E4/2024"})                  // no dates at all

		check := func(step string, notification, marked int, want ...string) {
			t.Helper()
			var n needing
			getJSON(t, law, "/api/cases-needing-update", &n)
			var got []string
			for _, c := range n.Cases {
				got = append(got, c.CaseID)
			}
			if n.Stats.Notification != notification || n.Stats.MarkedUpdated != marked || n.Stats.Total != notification+marked || !slices.Equal(got, want) {
				t.Errorf("%s: stats %+v cases %v, want notification %d, marked %d, cases %v", step, n.Stats, got, notification, marked, want)
			}
			res, err := law.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{}))
			if err != nil || int(res.Msg.Stats.Total) != len(want) {
				t.Errorf("%s: Connect needing update = %v, %v", step, res, err)
			}
		}
		check("a past date with nothing later", 1, 0, "MCCC/E1/2024")

		res := law.Do(t, "PATCH", "/api/cases-needing-update/mark-updated?id="+past.Id, map[string]bool{"mark_updated": true})
		var marked caseRow
		res.JSON(t, &marked)
		if res.Status != 200 || !marked.MarkUpdated {
			t.Fatalf("mark updated = %d %s", res.Status, res.Body)
		}
		check("marked: moves to Pending", 0, 1, "MCCC/E1/2024")

		// Two days later tomorrow's hearing has passed with nothing recorded.
		srv.Clock.Advance(48 * time.Hour)
		law = srv.Session(t, law.User)
		check("the hearings passed, newest first", 2, 1, "MCCC/E2/2024", "MCCC/E3/2024", "MCCC/E1/2024")

		record(t, law, &kesiv1.RecordActivityRequest{Id: past.Id, Outcome: "Adjourned.", NextDate: day(2025, 2, 4), NextActivity: "Mention"})
		record(t, law, &kesiv1.RecordActivityRequest{Id: tomorrow.Id, Outcome: "Part heard.", NextDate: day(2025, 1, 30), NextActivity: "Part Heard Hearing", NextTime: "10:00"})
		check("recording the next date clears both", 1, 0, "MCCC/E3/2024")

		var acts []struct {
			Activity, Outcome, Time string
			ActivityDate            string `json:"activity_date"`
			CaseID                  string `json:"case_id"`
		}
		getJSON(t, law, "/api/activities/case?caseid="+esc("MCCC/E2/2024"), &acts)
		if len(acts) != 2 || acts[0].ActivityDate != "2025-01-30" || acts[1].Outcome != "Part heard." || acts[0].CaseID != "MCCC/E2/2024" {
			t.Errorf("activities newest first = %+v", acts)
		}
	})
}

// TestNextDate_FollowsTheCalendar checks the denormalised next date on a
// day after it was written: a passed date gives way to the next one.
func TestNextDate_FollowsTheCalendar(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, withActivity("MCCC/E7/2024", "Mention", day(2025, 1, 16), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: day(2025, 1, 23), NextActivity: "Hearing", NextTime: "10:00"})
		steps := []struct {
			now  time.Time
			want string
		}{
			{time.Date(2025, 1, 15, 9, 0, 0, 0, testkit.Nairobi), "2025-01-16"},
			{time.Date(2025, 1, 16, 23, 59, 0, 0, testkit.Nairobi), "2025-01-16"},
			{time.Date(2025, 1, 17, 0, 1, 0, 0, testkit.Nairobi), "2025-01-23"},
			{time.Date(2025, 1, 24, 8, 0, 0, 0, testkit.Nairobi), "2025-01-23"},
		}
		for _, s := range steps {
			srv.Clock.Set(s.now)
			law := srv.Session(t, law.User)
			var all []caseRow
			getJSON(t, law, "/api/cases", &all)
			var one caseRow
			getJSON(t, law, "/api/cases/"+c.Id, &one)
			if len(all) != 1 || all[0].date() != s.want || one.date() != s.want {
				t.Errorf("at %s the case shows %v / %q, want %s", s.now, all, one.date(), s.want)
			}
		}
	})
}

func TestRecordActivity_RefusesBadInput(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E8/2024"})
		bad := []*kesiv1.RecordActivityRequest{
			{Id: c.Id},
			{Id: c.Id, NextDate: day(2025, 2, 1)},
			{Id: c.Id, NextActivity: "Hearing"},
			{Id: c.Id, NextDate: day(2025, 2, 1), NextActivity: "Hearing", NextTime: "25:00"},
			{Id: c.Id, Outcome: "No sitting yet to record on."},
			{Id: c.Id, Status: "Closed"},
			{Id: c.Id, NextDate: day(2025, 2, 1), NextActivity: strings.Repeat("x", 81)},
		}
		for i, r := range bad {
			_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(r))
			wantCode(t, "bad record "+string(rune('a'+i)), err, connect.CodeInvalidArgument)
		}
		var acts []any
		getJSON(t, law, "/api/activities/case?caseid="+esc(c.CaseId), &acts)
		if len(acts) != 0 {
			t.Errorf("refused records wrote %d activities", len(acts))
		}
	})
}

func TestDeleteCase_RemovesItsActivities(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, withActivity("MCCC/E9/2024", "Mention", day(2025, 1, 15), "09:00"))
		res := law.Do(t, "DELETE", "/api/cases/"+c.Id, nil)
		if res.Status != 200 || res.Message(t) != "Case deleted successfully" {
			t.Fatalf("DELETE = %d %s", res.Status, res.Body)
		}
		if n := srv.DB().Activity.Query().Where(activity.CaseRef(uuid.MustParse(c.Id))).CountX(ctx); n != 0 {
			t.Errorf("%d activities outlive their case", n)
		}
		if res := law.Do(t, "DELETE", "/api/cases/"+c.Id, nil); res.Status != 404 {
			t.Errorf("second DELETE = %d, want 404", res.Status)
		}
		var today []caseRow
		getJSON(t, law, "/api/caseschedule/scheduled?date=2025-01-15", &today)
		if len(today) != 0 {
			t.Errorf("deleted case still scheduled: %v", today)
		}
	})
}

func TestAnotherLawyersCase_Answers404(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		owner, other := srv.Lawyer(t), srv.Lawyer(t)
		c := create(t, owner, withActivity("MCCC/E3574/2022", "Mention", day(2025, 1, 10), "09:00"))
		for _, r := range []struct{ method, path string }{
			{"GET", "/api/cases/" + c.Id},
			{"GET", "/api/cases/case/" + esc(c.CaseId)},
			{"GET", "/api/activities/case?caseid=" + esc(c.CaseId)},
			{"DELETE", "/api/cases/" + c.Id},
			{"PATCH", "/api/cases-needing-update/mark-updated?id=" + c.Id},
			{"GET", "/api/cases/not-a-uuid"},
		} {
			if res := other.Do(t, r.method, r.path, nil); res.Status != 404 {
				t.Errorf("%s %s by another lawyer = %d %s, want 404", r.method, r.path, res.Status, res.Body)
			}
		}
		cc := other.Cases()
		_, err := cc.GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: c.Id}))
		wantCode(t, "GetCase", err, connect.CodeNotFound)
		_, err = cc.GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: c.CaseId}))
		wantCode(t, "GetCaseByCaseId", err, connect.CodeNotFound)
		st := "Hearing"
		_, err = cc.UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Status: &st}))
		wantCode(t, "UpdateCase", err, connect.CodeNotFound)
		_, err = cc.RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: c.Id, NextDate: day(2025, 2, 1), NextActivity: "Hearing"}))
		wantCode(t, "RecordActivity", err, connect.CodeNotFound)
		_, err = cc.MarkCaseUpdated(ctx, connect.NewRequest(&kesiv1.MarkCaseUpdatedRequest{Id: c.Id, MarkUpdated: true}))
		wantCode(t, "MarkCaseUpdated", err, connect.CodeNotFound)
		_, err = cc.DeleteCase(ctx, connect.NewRequest(&kesiv1.DeleteCaseRequest{Id: c.Id}))
		wantCode(t, "DeleteCase", err, connect.CodeNotFound)
		_, err = cc.ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.CaseId}))
		wantCode(t, "ListCaseActivities", err, connect.CodeNotFound)
		for _, path := range []string{"/api/cases", "/api/caseschedule/scheduled?date=2025-01-10", "/api/casebetween/cases-between?start=2025-01-01&end=2025-01-31"} {
			var rows []caseRow
			getJSON(t, other, path, &rows)
			if len(rows) != 0 {
				t.Errorf("%s shows another lawyer %d rows", path, len(rows))
			}
		}
		var n needing
		getJSON(t, other, "/api/cases-needing-update", &n)
		if n.Stats.Total != 0 {
			t.Errorf("another lawyer's needing-update list = %+v", n)
		}
		// And the owner's case is untouched.
		var got caseRow
		getJSON(t, owner, "/api/cases/"+c.Id, &got)
		if got.Status != "Registration/Filing" || got.MarkUpdated {
			t.Errorf("owner's case changed by another lawyer: %+v", got)
		}
	})
}

func TestRoles_AffiliateForbiddenUnpaidMustPayDemoNeedsNoSubscription(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		affiliate := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate}))
		unpaid := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		demo := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Demo}))
		moderator := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Moderator}))
		anonymous := srv.Anonymous()
		paths := []string{"/api/cases", "/api/cases/week", "/api/cases-needing-update", "/api/caseschedule/scheduled?date=2025-01-15"}
		for _, p := range paths {
			for _, w := range []struct {
				who    string
				s      *testkit.Session
				status int
			}{{"affiliate", affiliate, 403}, {"unpaid lawyer", unpaid, 402}, {"demo", demo, 200}, {"moderator", moderator, 200}, {"anonymous", anonymous, 401}} {
				if res := w.s.Do(t, "GET", p, nil); res.Status != w.status {
					t.Errorf("%s GET %s = %d %s, want %d", w.who, p, res.Status, res.Body, w.status)
				}
			}
		}
		req := &kesiv1.CreateCaseRequest{CaseId: "MCCC/E1/2025"}
		_, err := affiliate.Cases().CreateCase(ctx, connect.NewRequest(req))
		wantCode(t, "affiliate creates a case", err, connect.CodePermissionDenied)
		_, err = unpaid.Cases().CreateCase(ctx, connect.NewRequest(req))
		wantCode(t, "unpaid lawyer creates a case", err, connect.CodeFailedPrecondition)
		create(t, demo, req)
	})
}

// TestActivities_NameTheCaseClient: sittings written before a client was
// linked (the first one of a typed-in case, an import) show the case's
// client through both doors; one written with a client keeps it.
func TestActivities_NameTheCaseClient(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, withActivity("MCCC/E77/2024", "Mention", day(2025, 1, 20), "09:00"))
		cl, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{Fullname: "Achieng Otieno", PhoneNumber: "0712345678"}}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Msg.Client.Id, CaseId: c.Id})); err != nil {
			t.Fatal(err)
		}
		var rest []struct {
			ClientName string `json:"client_name"`
		}
		getJSON(t, law, "/api/activities/case?caseid="+esc(c.CaseId), &rest)
		if len(rest) != 1 || rest[0].ClientName != "Achieng Otieno" {
			t.Errorf("REST activities = %+v, want the linked client's name", rest)
		}
		res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.CaseId}))
		if err != nil {
			t.Fatal(err)
		}
		if acts := res.Msg.Activities; len(acts) != 1 || acts[0].ClientName != "Achieng Otieno" {
			t.Errorf("Connect activities = %+v, want the linked client's name", acts)
		}
	})
}

// TestListCases_ByNextDate checks the cases list's order through both doors:
// the matters coming up soonest first (today's earlier sitting before its
// later one), then passed dates latest first, then no date, concluded last.
func TestListCases_ByNextDate(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil) // today is Wed 15 Jan 2025
		law := srv.Lawyer(t)
		create(t, law, withActivity("MCCC/E1/2024", "Mention", day(2025, 1, 20), "09:00"))
		create(t, law, withActivity("MCCC/E2/2024", "Hearing", day(2025, 1, 15), "14:00"))
		create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E3/2024"})
		create(t, law, withActivity("MCCC/E4/2024", "Hearing", day(2025, 1, 5), "09:00"))
		done := create(t, law, withActivity("MCCC/E5/2024", "Judgment", day(2025, 1, 13), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: done.Id, Outcome: "Judgment delivered; suit dismissed", Status: "Dismissed"})
		create(t, law, withActivity("MCCC/E6/2024", "Mention", day(2025, 1, 10), "09:00"))
		create(t, law, withActivity("MCCC/E7/2024", "Mention", day(2025, 1, 15), "09:00"))
		want := []string{"MCCC/E7/2024", "MCCC/E2/2024", "MCCC/E1/2024", "MCCC/E6/2024", "MCCC/E4/2024", "MCCC/E3/2024", "MCCC/E5/2024"}

		var all []caseRow
		getJSON(t, law, "/api/cases", &all)
		var rest []string
		for _, c := range all {
			rest = append(rest, c.CaseID)
		}
		if !slices.Equal(rest, want) {
			t.Errorf("REST order = %v, want %v", ids(all), want)
		}
		res, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Msg.Cases {
			got = append(got, c.CaseId)
		}
		if !slices.Equal(got, want) {
			t.Errorf("Connect order = %v, want %v", got, want)
		}

		// One minute past midnight in Nairobi (21:01 UTC), today's two
		// sittings have passed: the 20th comes first, and they follow it,
		// latest passed first, ahead of the 10th.
		srv.Clock.Set(time.Date(2025, 1, 15, 21, 1, 0, 0, time.UTC))
		law = srv.Session(t, law.User)
		all = nil
		getJSON(t, law, "/api/cases", &all)
		rest = nil
		for _, c := range all {
			rest = append(rest, c.CaseID)
		}
		if len(rest) != len(want) || rest[0] != "MCCC/E1/2024" || !slices.Contains(rest[1:3], "MCCC/E2/2024") ||
			!slices.Contains(rest[1:3], "MCCC/E7/2024") || rest[3] != "MCCC/E6/2024" || rest[6] != "MCCC/E5/2024" {
			t.Errorf("after midnight in Nairobi: order = %v", ids(all))
		}
	})
}

// The report runs from today to the day the subscription ends in Nairobi
// (22:30 UTC is already the next day there), both included; an account
// without sittings still answers its window.
func TestReport_TodayToTheSubscriptionsLastDayInNairobi(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		today := civil.DateOf(srv.Clock.Now().In(testkit.Nairobi))
		last := today.AddDays(20)
		paid := time.Date(last.Year, last.Month, last.Day-1, 22, 30, 0, 0, time.UTC)
		law := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{PaidUntil: &paid}))
		on := func(d civil.Date) *date.Date { return day(d.Year, int(d.Month), d.Day) }

		res, err := law.Cases().ListReportCases(ctx, connect.NewRequest(&kesiv1.ListReportCasesRequest{}))
		if err != nil || len(res.Msg.Cases) != 0 || !proto.Equal(res.Msg.Start, on(today)) || !proto.Equal(res.Msg.End, on(last)) {
			t.Fatalf("empty report = %v, %v; want %s to %s, no cases", res, err, today, last)
		}
		create(t, law, withActivity("MCCC/R1/2025", "Mention", on(today.AddDays(-1)), "09:00"))
		create(t, law, withActivity("MCCC/R2/2025", "Hearing", on(today), "10:00"))
		create(t, law, withActivity("MCCC/R3/2025", "Ruling", on(last), ""))
		create(t, law, withActivity("MCCC/R4/2025", "Judgment", on(last.AddDays(1)), "09:00"))
		res, err = law.Cases().ListReportCases(ctx, connect.NewRequest(&kesiv1.ListReportCasesRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Msg.Cases {
			got = append(got, c.CaseId)
		}
		if want := []string{"MCCC/R2/2025", "MCCC/R3/2025"}; !slices.Equal(got, want) || !proto.Equal(res.Msg.End, on(last)) {
			t.Errorf("report = %v to %v, want %v to %s", got, res.Msg.End, want, last)
		}
	})
}
