package imports_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/activity"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

var ctx = context.Background()

func day(y, m, d int) *date.Date { return &date.Date{Year: int32(y), Month: int32(m), Day: int32(d)} }

func batch() []*kesiv1.ImportedCase {
	return []*kesiv1.ImportedCase{
		{CaseId: "MCCC/E3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Commercial Magistrate Court", FilingDate: day(2022, 6, 1), Status: "Mention",
			Activities: []*kesiv1.ImportedActivity{
				{Activity: "Mention", ActivityDate: day(2025, 1, 6), Time: "09:00", Outcome: "Adjourned."},
				{Activity: "Hearing", ActivityDate: day(2025, 2, 3), Time: "10:00"},
			}},
		{CaseId: "Civil Appeal E097 of 2020", Parties: "Nyota Logistics Ltd v Mwangaza Traders Ltd", LawCourt: "Milimani Law Courts",
			Activities: []*kesiv1.ImportedActivity{{Activity: "Judgment", ActivityDate: day(2025, 1, 15), Time: "14:00"}}},
	}
}

func importCases(t *testing.T, s *testkit.Session, cases []*kesiv1.ImportedCase) *kesiv1.ImportCasesResponse {
	t.Helper()
	res, err := s.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: cases, Source: "https://efiling.court.go.ke/"}))
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return res.Msg
}

func counts(r *kesiv1.ImportCasesResponse) string {
	return fmt.Sprintf("created %d updated %d unchanged %d skipped %d", r.Created, r.Updated, r.Unchanged, r.Skipped)
}

type row struct {
	CaseID       string `json:"case_id"`
	ActivityDate string `json:"activity_date"`
	Activity     string `json:"activity"`
	Status       string `json:"status"`
}

func TestImport_IsIdempotentAndFollowsAChangedDate(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		if got := counts(importCases(t, law, batch())); got != "created 2 updated 0 unchanged 0 skipped 0" {
			t.Fatalf("first import: %s", got)
		}
		if got := counts(importCases(t, law, batch())); got != "created 0 updated 0 unchanged 2 skipped 0" {
			t.Fatalf("same batch again: %s", got)
		}
		if n := srv.DB().Activity.Query().Where(activity.OwnerID(law.User.ID)).CountX(ctx); n != 3 {
			t.Errorf("after two imports there are %d activities, want 3", n)
		}
		// The court adjourned the hearing to a new date.
		moved := batch()
		moved[0].Activities[1].ActivityDate = day(2025, 2, 17)
		res := importCases(t, law, moved)
		if got := counts(res); got != "created 0 updated 1 unchanged 1 skipped 0" {
			t.Fatalf("moved date: %s", got)
		}
		if res.Results[0].Outcome != kesiv1.ImportOutcome_IMPORT_OUTCOME_UPDATED || res.Results[0].CaseId != "MCCC/E3574/2022" {
			t.Errorf("results in batch order = %v", res.Results)
		}
		resp := law.Do(t, "GET", "/api/cases/case/"+strings.ReplaceAll("MCCC/E3574/2022", "/", "%2F"), nil)
		var c row
		resp.JSON(t, &c)
		if c.ActivityDate != "2025-02-17" || c.Activity != "Hearing" || c.Status != "Mention" {
			t.Errorf("after the adjournment the case shows %+v, want the hearing of 2025-02-17", c)
		}
		var between []row
		law.Do(t, "GET", "/api/casebetween/cases-between?start=2025-02-01&end=2025-02-28", nil).JSON(t, &between)
		if len(between) != 1 || between[0].ActivityDate != "2025-02-17" {
			t.Errorf("the old date is still in the calendar: %+v", between)
		}
		// Importing for another lawyer creates their own copy.
		if got := counts(importCases(t, srv.Lawyer(t), batch())); got != "created 2 updated 0 unchanged 0 skipped 0" {
			t.Errorf("another lawyer's import: %s", got)
		}
	})
}

func TestImport_SkipsBadRowsAndWritesNothingOfThem(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		bad := []*kesiv1.ImportedCase{
			{CaseId: "  "},
			{CaseId: "MCCC/E1/2024", Activities: []*kesiv1.ImportedActivity{{Activity: "Mention", ActivityDate: day(2025, 2, 30)}}},
			{CaseId: "MCCC/E2/2024", Activities: []*kesiv1.ImportedActivity{{Activity: "Mention", ActivityDate: day(2025, 2, 3), Time: "9.30"}}},
			{CaseId: strings.Repeat("E", 121)},
			{CaseId: "MCCC/E3/2024", Parties: "Fine Ltd v Good Ltd"},
		}
		res := importCases(t, law, bad)
		if got := counts(res); got != "created 1 updated 0 unchanged 0 skipped 4" {
			t.Fatalf("bad rows: %s", got)
		}
		reasons := []string{"Case ID is required.", "activity_date is not a real calendar date.", "Time must be written HH:MM, for example 09:30.", "Case ID must be at most 120 characters."}
		for i, want := range reasons {
			if r := res.Results[i]; r.Outcome != kesiv1.ImportOutcome_IMPORT_OUTCOME_SKIPPED || r.Reason != want {
				t.Errorf("row %d = %v, want skipped: %q", i, r, want)
			}
		}
		var all []row
		law.Do(t, "GET", "/api/cases", nil).JSON(t, &all)
		if len(all) != 1 || all[0].CaseID != "MCCC/E3/2024" {
			t.Errorf("cases after a batch with bad rows = %+v", all)
		}
	})
}

func TestImport_LimitsAndAccess(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		big := make([]*kesiv1.ImportedCase, 1001)
		for i := range big {
			big[i] = &kesiv1.ImportedCase{CaseId: fmt.Sprintf("MCCC/E%d/2024", i)}
		}
		_, err := law.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: big}))
		if connect.CodeOf(err) != connect.CodeInvalidArgument {
			t.Errorf("1001 cases: %v, want InvalidArgument", err)
		}
		if n := len(srv.DB().User.QueryCases(law.User).AllX(ctx)); n != 0 {
			t.Errorf("a refused batch wrote %d cases", n)
		}
		for _, w := range []struct {
			spec testkit.UserSpec
			code connect.Code
		}{
			{testkit.UserSpec{Role: auth.RoleAffiliate}, connect.CodePermissionDenied},
			{testkit.UserSpec{Unpaid: true}, connect.CodeFailedPrecondition},
		} {
			s := srv.Session(t, srv.CreateUser(t, w.spec))
			_, err := s.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: batch()}))
			if connect.CodeOf(err) != w.code {
				t.Errorf("%s import: %v, want %v", w.spec.Role, err, w.code)
			}
		}
		demo := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: auth.RoleDemo}))
		if got := counts(importCases(t, demo, batch())); got != "created 2 updated 0 unchanged 0 skipped 0" {
			t.Errorf("demo import: %s", got)
		}
	})
}
