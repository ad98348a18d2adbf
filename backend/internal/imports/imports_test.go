package imports_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/courtcase"
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
			{testkit.UserSpec{Role: role.Affiliate}, connect.CodePermissionDenied},
			{testkit.UserSpec{Unpaid: true}, connect.CodeFailedPrecondition},
		} {
			s := srv.Session(t, srv.CreateUser(t, w.spec))
			_, err := s.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: batch()}))
			if connect.CodeOf(err) != w.code {
				t.Errorf("%s import: %v, want %v", w.spec.Role, err, w.code)
			}
		}
		demo := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Demo}))
		if got := counts(importCases(t, demo, batch())); got != "created 2 updated 0 unchanged 0 skipped 0" {
			t.Errorf("demo import: %s", got)
		}
	})
}

// TestImport_NeverOverwritesWhatTheLawyerRecorded: an import adds cases and
// sittings; a sitting, an outcome or a field the lawyer recorded stays as
// the lawyer left it, even when the portal says otherwise or no longer
// lists the sitting.
func TestImport_NeverOverwritesWhatTheLawyerRecorded(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		importCases(t, law, batch())
		var c row
		law.Do(t, "GET", "/api/cases/case/Civil%20Appeal%20E097%20of%202020", nil).JSON(t, &c)
		var full struct {
			ID string `json:"id"`
		}
		law.Do(t, "GET", "/api/cases/case/Civil%20Appeal%20E097%20of%202020", nil).JSON(t, &full)
		// At today's judgment the lawyer records what happened and the next date.
		if _, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: full.ID, Outcome: "Judgment reserved.", NextDate: day(2025, 3, 10), NextActivity: "Judgment", NextTime: "09:00",
		})); err != nil {
			t.Fatal(err)
		}
		parties := "Nyota Logistics Limited v Mwangaza Traders Limited"
		if _, err := law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: full.ID, Parties: &parties})); err != nil {
			t.Fatal(err)
		}
		// The portal still lists the old day with its own words and not the
		// lawyer's next date; its parties are spelled differently.
		again := batch()
		again[1].Parties = "NYOTA LOGISTICS v MWANGAZA"
		again[1].Activities[0].Outcome = "Judgment delivered."
		again[1].Activities[0].Time = "15:00"
		importCases(t, law, again)

		res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: "Civil Appeal E097 of 2020"}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range res.Msg.Activities {
			got = append(got, fmt.Sprintf("%d-%02d-%02d %s %s %q", a.ActivityDate.Year, a.ActivityDate.Month, a.ActivityDate.Day, a.Activity, a.Time, a.Outcome))
		}
		want := []string{`2025-03-10 Judgment 09:00 ""`, `2025-01-15 Judgment 14:00 "Judgment reserved."`}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("sittings after the import = %v, want %v", got, want)
		}
		law.Do(t, "GET", "/api/cases/case/Civil%20Appeal%20E097%20of%202020", nil).JSON(t, &c)
		if c.ActivityDate != "2025-03-10" {
			t.Errorf("next date after the import = %s, want the lawyer's 2025-03-10", c.ActivityDate)
		}
		cs, _ := law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: "Civil Appeal E097 of 2020"}))
		if cs.Msg.Case.Parties != parties {
			t.Errorf("parties after the import = %q, want the lawyer's %q", cs.Msg.Case.Parties, parties)
		}
		// A field the diary lacks is filled in.
		again[0].CaseType = "Civil Suit"
		importCases(t, law, again)
		cs, _ = law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: "MCCC/E3574/2022"}))
		if cs.Msg.Case.CaseType != "Civil Suit" {
			t.Errorf("an empty case type was not filled: %q", cs.Msg.Case.CaseType)
		}
	})
}

// TestImport_MultibyteWithinTheCharacterLimit: limits count characters.
func TestImport_MultibyteWithinTheCharacterLimit(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		res := importCases(t, law, []*kesiv1.ImportedCase{
			{CaseId: "MCCC/Ñ1/2024", Parties: strings.Repeat("ñ", 600)},
			{CaseId: "MCCC/Ñ2/2024", Parties: strings.Repeat("ñ", 1001)},
		})
		if got := counts(res); got != "created 1 updated 0 unchanged 0 skipped 1" {
			t.Fatalf("multibyte import: %s %v", got, res.Results)
		}
		if r := res.Results[1].Reason; r != "Parties must be at most 1000 characters." {
			t.Errorf("over the limit: %q", r)
		}
		// A NUL byte is refused at the edge, naming the row's field, and the
		// batch is all or nothing: its other, valid case is not created.
		_, err := law.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Source: "https://efiling.court.go.ke/", Cases: []*kesiv1.ImportedCase{
			{CaseId: "MCCC/Ñ4/2024", Parties: "Wanjiru v Otieno"},
			{CaseId: "MCCC/Ñ3/2024", Parties: "Nul\x00 Ltd"},
		}}))
		if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), "cases[1].parties") {
			t.Errorf("a NUL byte in a row: %v, want InvalidArgument naming cases[1].parties", err)
		}
		if _, err := law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: "MCCC/Ñ4/2024"})); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("the refused batch's valid case: %v, want NotFound", err)
		}
	})
}

// TestImport_TheSamePageTwiceAtOnce: the extension's retry, or two tabs,
// import one page at the same moment. Each answers; every case, and every
// sitting, is there once.
func TestImport_TheSamePageTwiceAtOnce(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		var page []*kesiv1.ImportedCase
		for i := range 40 {
			page = append(page, &kesiv1.ImportedCase{CaseId: fmt.Sprintf("MCCC/E%d/2024", i), Parties: "Wanjiru v Otieno",
				Activities: []*kesiv1.ImportedActivity{{Activity: "Mention", ActivityDate: day(2025, 2, 3)}}})
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for w := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[w] = law.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: page, Source: "https://efiling.court.go.ke/"}))
			}()
		}
		wg.Wait()
		for w, err := range errs {
			if err != nil {
				t.Errorf("import %d of the same page at once: %v", w, err)
			}
		}
		if n := srv.DB().CourtCase.Query().Where(courtcase.OwnerID(law.User.ID)).CountX(ctx); n != len(page) {
			t.Errorf("%d cases after four imports of %d at once", n, len(page))
		}

		// The portal has since given each case a hearing; the page comes twice at once again.
		for _, c := range page {
			c.Activities = append(c.Activities, &kesiv1.ImportedActivity{Activity: "Hearing", ActivityDate: day(2025, 3, 3), Time: "10:00"})
		}
		for w := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[w] = law.Import().ImportCases(ctx, connect.NewRequest(&kesiv1.ImportCasesRequest{Cases: page, Source: "https://efiling.court.go.ke/"}))
			}()
		}
		wg.Wait()
		for w, err := range errs {
			if err != nil {
				t.Errorf("import %d of the page with its new hearings: %v", w, err)
			}
		}
		if n := srv.DB().Activity.Query().Where(activity.OwnerID(law.User.ID)).CountX(ctx); n != 2*len(page) {
			t.Errorf("%d sittings after four imports at once of %d cases with two sittings each", n, len(page))
		}
	})
}

// TestImport_SameSittingInCapitals: cause lists and the portal write the
// business in capitals (MENTION, HEARING). A sitting the diary already has
// on that day, written "Hearing", is the same sitting: the import adds no
// second one, and a re-import in other capitals neither duplicates nor
// removes it.
func TestImport_SameSittingInCapitals(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		hearing := "Hearing"
		c, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: "MCCC/E3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno",
			Activity: &hearing, ActivityDate: day(2031, 3, 10), Time: "09:00",
		}))
		if err != nil {
			t.Fatal(err)
		}
		portal := func(kind string) []*kesiv1.ImportedCase {
			return []*kesiv1.ImportedCase{{CaseId: "MCCC/E3574/2022", Activities: []*kesiv1.ImportedActivity{
				{Activity: kind, ActivityDate: day(2031, 3, 10), Time: "09:00"},
				{Activity: "MENTION", ActivityDate: day(2031, 4, 7)},
			}}}
		}
		importCases(t, law, portal("HEARING"))
		importCases(t, law, portal("hearing"))
		res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.Msg.Case.CaseId}))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range res.Msg.Activities {
			got = append(got, fmt.Sprintf("%d-%02d-%02d %s", a.ActivityDate.Year, a.ActivityDate.Month, a.ActivityDate.Day, a.Activity))
		}
		if want := []string{"2031-04-07 MENTION", "2031-03-10 Hearing"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("sittings after importing the hearing in capitals = %v, want %v", got, want)
		}
	})
}

// An advocate who typed the case number in small letters on a phone has the
// case the portal writes in capitals: importing it updates theirs rather
// than adding a second case for one matter. Two cases that differ only so
// stay apart, and the import then keeps to the one written as the portal
// writes it.
func TestImport_CaseNumberTypedInSmallLetters(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		mention := "Mention"
		if _, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: "mccc/e3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno",
			Activity: &mention, ActivityDate: day(2031, 3, 10), Time: "09:00",
		})); err != nil {
			t.Fatal(err)
		}
		importCases(t, law, []*kesiv1.ImportedCase{{CaseId: "MCCC/E3574/2022", Activities: []*kesiv1.ImportedActivity{
			{Activity: "HEARING", ActivityDate: day(2031, 4, 7)},
		}}})
		list, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Msg.Cases) != 1 || list.Msg.Cases[0].CaseId != "mccc/e3574/2022" {
			var ids []string
			for _, c := range list.Msg.Cases {
				ids = append(ids, c.CaseId)
			}
			t.Fatalf("cases after the import: %q, want the advocate's one case", ids)
		}
		res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: "mccc/e3574/2022"}))
		if err != nil || len(res.Msg.Activities) != 2 {
			t.Fatalf("sittings of the advocate's case: %v %v, want the imported hearing beside the mention", err, res)
		}

		// Both forms in the diary already: the import takes the portal's.
		for _, id := range []string{"hccc/e9/2023", "HCCC/E9/2023"} {
			if _, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: id})); err != nil {
				t.Fatal(err)
			}
		}
		importCases(t, law, []*kesiv1.ImportedCase{{CaseId: "HCCC/E9/2023", Activities: []*kesiv1.ImportedActivity{
			{Activity: "MENTION", ActivityDate: day(2031, 5, 5)},
		}}})
		for id, want := range map[string]int{"hccc/e9/2023": 0, "HCCC/E9/2023": 1} {
			res, err := law.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: id}))
			if err != nil || len(res.Msg.Activities) != want {
				t.Fatalf("sittings of %s: %v %v, want %d", id, err, res, want)
			}
		}
	})
}
