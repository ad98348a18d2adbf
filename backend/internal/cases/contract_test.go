package cases_test

import (
	"fmt"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestListCases_Pages: page_size and page_token walk the whole list once,
// in the list's order; page_size 0 (the REST door) answers everything; a
// foreign token is refused.
func TestListCases_Pages(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		for i := range 7 {
			create(t, law, &kesiv1.CreateCaseRequest{CaseId: fmt.Sprintf("MCCC/E%d/2024", i)})
		}
		all, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil || len(all.Msg.Cases) != 7 || all.Msg.NextPageToken != "" {
			t.Fatalf("ListCases without a page = %d cases, token %q, %v", len(all.Msg.Cases), all.Msg.NextPageToken, err)
		}
		var walked []string
		token, pages := "", 0
		for {
			res, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{PageSize: 3, PageToken: token}))
			if err != nil {
				t.Fatal(err)
			}
			pages++
			for _, c := range res.Msg.Cases {
				walked = append(walked, c.Id)
			}
			if token = res.Msg.NextPageToken; token == "" {
				break
			}
		}
		var want []string
		for _, c := range all.Msg.Cases {
			want = append(want, c.Id)
		}
		if pages != 3 || fmt.Sprint(walked) != fmt.Sprint(want) {
			t.Errorf("pages of 3: %d pages, %v; want 3 pages, %v", pages, walked, want)
		}
		var rest []caseRow
		getJSON(t, law, "/api/cases", &rest)
		if len(rest) != 7 {
			t.Errorf("the REST door answered %d cases, want all 7", len(rest))
		}
		for _, bad := range []*kesiv1.ListCasesRequest{{PageToken: "nonsense"}, {PageSize: -1}} {
			_, err := law.Cases().ListCases(ctx, connect.NewRequest(bad))
			wantCode(t, fmt.Sprintf("ListCases(%v)", bad), err, connect.CodeInvalidArgument)
		}
		cls, err := law.Clients().ListClients(ctx, connect.NewRequest(&kesiv1.ListClientsRequest{PageSize: 1}))
		if err != nil || len(cls.Msg.Clients) != 0 || cls.Msg.NextPageToken != "" {
			t.Errorf("ListClients with no clients = %v, %v", cls, err)
		}
	})
}

// TestCalendarEntries: a calendar answer's entries carry the sitting and
// the case with its own next date, where Case.activity_date is overloaded.
func TestCalendarEntries(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, withActivity("MCCC/E1/2025", "Hearing", day(2025, 1, 15), "09:00"))
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Adjourned", NextDate: day(2025, 1, 29), NextActivity: "Mention"})
		res, err := law.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: day(2025, 1, 15)}))
		if err != nil || len(res.Msg.Entries) != 1 {
			t.Fatalf("scheduled = %v, %v", res, err)
		}
		en := res.Msg.Entries[0]
		if ymd(en.Sitting.ActivityDate) != "2025-01-15" || en.Sitting.Outcome != "Adjourned" || ymd(en.Case.ActivityDate) != "2025-01-29" {
			t.Errorf("entry: sitting %s %q, case next %s; want today's adjourned hearing of a case next on 2025-01-29",
				ymd(en.Sitting.ActivityDate), en.Sitting.Outcome, ymd(en.Case.ActivityDate))
		}
		if ymd(res.Msg.Cases[0].ActivityDate) != "2025-01-15" {
			t.Errorf("the SPEC.md row still stands for the sitting: %s", ymd(res.Msg.Cases[0].ActivityDate))
		}
	})
}

// TestUpdateCase_Mask: with an update mask only the named fields change,
// and a named field the request does not hold is cleared.
func TestUpdateCase_Mask(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		c := create(t, law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E9/2024", Parties: "A v B", Notes: "keep me", CaseType: "Civil Suit"})
		parties, notes := "A Ltd v B Ltd", "ignored: not in the mask"
		res, err := law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Parties: &parties, Notes: &notes,
			UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"parties", "case_type"}}}))
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Msg.Case; got.Parties != parties || got.Notes != "keep me" || got.CaseType != "" {
			t.Errorf("masked update: parties %q notes %q case type %q", got.Parties, got.Notes, got.CaseType)
		}
		_, err = law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"owner_id"}}}))
		wantCode(t, "a mask naming no field", err, connect.CodeInvalidArgument)
	})
}

// TestStatusCode: every status has its enum beside the text.
func TestStatusCode(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		for _, st := range cases.Statuses {
			c := create(t, law, &kesiv1.CreateCaseRequest{CaseId: "STATUS/" + st, Status: st})
			name := "CASE_STATUS_" + strings.NewReplacer("/", "_", " ", "_").Replace(strings.ToUpper(st))
			if c.Status != st || c.StatusCode.String() != name {
				t.Errorf("status %q answered %q, code %s; want code %s", st, c.Status, c.StatusCode, name)
			}
		}
	})
}
