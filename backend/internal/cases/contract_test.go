package cases_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/civil"
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
		for pages < 10 { // a token answering the same page again must not loop for good
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
		// The second page's token without a size: the rest of the list.
		first, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{PageSize: 3}))
		if err != nil {
			t.Fatal(err)
		}
		rest0, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{PageToken: first.Msg.NextPageToken}))
		if err != nil || len(rest0.Msg.Cases) != 4 || rest0.Msg.Cases[0].Id != want[3] || rest0.Msg.NextPageToken != "" {
			t.Errorf("the rest after a page of 3, without a page size = %v, %v; want the last 4 cases", rest0, err)
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

// TestReadMask: a read mask (AIP-157) answers the fields it names and
// leaves the others unset, in every case read and in both halves of a
// calendar answer (the sittings of entries stay whole); no mask or "*"
// answers a case whole, client links included; a path that is not a field
// of Case is refused, naming read_mask.
func TestReadMask(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		now := civil.DateOf(srv.Clock.Now().In(testkit.Nairobi))
		today := &date.Date{Year: int32(now.Year), Month: int32(now.Month), Day: int32(now.Day)}
		c := create(t, law, withActivity("MCCC/E31/2025", "Hearing", today, "09:00"))
		cl, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{Fullname: "Achieng Otieno", PhoneNumber: "0712345678"}}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Msg.Client.Id, CaseId: c.Id})); err != nil {
			t.Fatal(err)
		}
		mask := func(paths ...string) *fieldmaskpb.FieldMask { return &fieldmaskpb.FieldMask{Paths: paths} }
		// What a masked case holds: its number, its client links, its parties, its timestamps
		// (set, to a moment of this decade rather than a zero time), its sitting.
		stamped := func(ts interface{ AsTime() time.Time }) bool { return ts.AsTime().Year() >= 2024 }
		shape := func(k *kesiv1.Case) string {
			return fmt.Sprintf("id=%t case_id=%q parties=%q clients=%d created=%t updated=%t date=%t time=%q kind=%q", k.GetId() != "", k.GetCaseId(),
				k.GetParties(), len(k.GetClientIds()), stamped(k.GetCreatedAt()), stamped(k.GetUpdatedAt()), k.GetActivityDate() != nil, k.GetTime(), k.GetActivity())
		}
		whole := `id=true case_id="MCCC/E31/2025" parties="Wanjiru Holdings Ltd v Otieno" clients=1 created=true updated=true date=true time="09:00" kind="Hearing"`
		number := `id=false case_id="MCCC/E31/2025" parties="" clients=0 created=false updated=false date=false time="" kind=""`
		numberAndClients := `id=false case_id="MCCC/E31/2025" parties="" clients=1 created=false updated=false date=false time="" kind=""`
		numberAndCreated := `id=false case_id="MCCC/E31/2025" parties="" clients=0 created=true updated=false date=false time="" kind=""`
		numberAndSitting := `id=false case_id="MCCC/E31/2025" parties="" clients=0 created=false updated=false date=true time="09:00" kind="Hearing"`

		reads := []struct {
			name string
			read func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error)
		}{
			{"ListCases", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{ReadMask: m})))
				return res.GetCases(), err
			}},
			{"GetCase", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: c.Id, ReadMask: m})))
				return []*kesiv1.Case{res.GetCase()}, err
			}},
			{"GetCaseByCaseId", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: c.CaseId, ReadMask: m})))
				return []*kesiv1.Case{res.GetCase()}, err
			}},
			{"ListScheduledCases", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: today, ReadMask: m})))
				return calendarCases(t, res.GetCases(), res.GetEntries()), err
			}},
			{"ListWeekCases", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().ListWeekCases(ctx, connect.NewRequest(&kesiv1.ListWeekCasesRequest{ReadMask: m})))
				return calendarCases(t, res.GetCases(), res.GetEntries()), err
			}},
			{"ListCasesBetween", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().ListCasesBetween(ctx, connect.NewRequest(&kesiv1.ListCasesBetweenRequest{Start: today, End: today, ReadMask: m})))
				return calendarCases(t, res.GetCases(), res.GetEntries()), err
			}},
			{"ListReportCases", func(m *fieldmaskpb.FieldMask) ([]*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().ListReportCases(ctx, connect.NewRequest(&kesiv1.ListReportCasesRequest{ReadMask: m})))
				return calendarCases(t, res.GetCases(), res.GetEntries()), err
			}},
		}
		for _, r := range reads {
			for _, tc := range []struct {
				mask *fieldmaskpb.FieldMask
				want string
			}{
				{nil, whole},
				{mask(), whole},
				{mask("*"), whole},
				{mask("case_id", "*"), whole},
				{mask("case_id"), number},
				{mask("client_ids", "case_id"), numberAndClients},
				{mask("case_id", "created_at"), numberAndCreated},
				{mask("case_id", "activity_date", "time", "activity"), numberAndSitting},
			} {
				got, err := r.read(tc.mask)
				if err != nil {
					t.Fatalf("%s with read_mask %v: %v", r.name, tc.mask.GetPaths(), err)
				}
				if len(got) == 0 || shape(got[0]) != tc.want {
					t.Errorf("%s with read_mask %v = %v, want one case %s", r.name, tc.mask.GetPaths(), got, tc.want)
				}
			}
			for _, bad := range []string{"clients", "owner_id", "filing_date.year", "", "case_id\x00", "kesi.v1.Case.case_id", "CaseId"} {
				_, err := r.read(mask("case_id", bad))
				wantViolation(t, fmt.Sprintf("%s with read_mask %q", r.name, bad), err, "read_mask")
				_, err = r.read(mask("*", bad))
				wantViolation(t, fmt.Sprintf("%s with read_mask [* %q]", r.name, bad), err, "read_mask")
			}
		}
		// A malformed request is invalid whatever the case it names.
		_, err = law.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: "not-an-id", ReadMask: mask("clients")}))
		wantViolation(t, "GetCase of a malformed id with read_mask clients", err, "read_mask")

		// The writes answer the case whole, its client links included.
		parties, next := "Wanjiru Holdings Ltd v Otieno and another", now.AddDays(14)
		written := map[string]func() (*kesiv1.Case, error){
			"UpdateCase": func() (*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Parties: &parties})))
				return res.GetCase(), err
			},
			"MarkCaseUpdated": func() (*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().MarkCaseUpdated(ctx, connect.NewRequest(&kesiv1.MarkCaseUpdatedRequest{Id: c.Id, MarkUpdated: true})))
				return res.GetCase(), err
			},
			"RecordActivity": func() (*kesiv1.Case, error) {
				res, err := msgOf(law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: c.Id, Outcome: "Adjourned", NextDate: day(next.Year, int(next.Month), next.Day), NextActivity: "Mention"})))
				return res.GetCase(), err
			},
		}
		for name, write := range written {
			got, err := write()
			if err != nil || got.GetId() != c.Id || len(got.GetClientIds()) != 1 || got.GetCreatedAt() == nil {
				t.Errorf("%s answered %v, %v; want the case whole, its client linked", name, got, err)
			}
		}

		// The cases needing an update: a sitting gone by without an outcome, its client linked.
		past := now.AddDays(-3)
		gone := create(t, law, withActivity("MCCC/E32/2025", "Mention", &date.Date{Year: int32(past.Year), Month: int32(past.Month), Day: int32(past.Day)}, ""))
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Msg.Client.Id, CaseId: gone.Id})); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			mask             *fieldmaskpb.FieldMask
			parties, clients int
		}{{nil, 1, 1}, {mask("case_id"), 0, 0}, {mask("client_ids", "case_id"), 0, 1}} {
			res, err := law.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{ReadMask: tc.mask}))
			if err != nil || len(res.Msg.Cases) != 1 || res.Msg.Stats.GetTotal() != 1 {
				t.Fatalf("ListCasesNeedingUpdate with read_mask %v = %v, %v; want MCCC/E32/2025 alone, a total of 1", tc.mask.GetPaths(), res, err)
			}
			got := res.Msg.Cases[0]
			if got.CaseId != "MCCC/E32/2025" || len(got.Parties) > 0 != (tc.parties == 1) || len(got.ClientIds) != tc.clients {
				t.Errorf("ListCasesNeedingUpdate with read_mask %v = %v; want parties %d, clients %d", tc.mask.GetPaths(), got, tc.parties, tc.clients)
			}
		}
		_, err = law.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{ReadMask: mask("next_date")}))
		wantViolation(t, "ListCasesNeedingUpdate with read_mask next_date", err, "read_mask")
	})
}

// msgOf is a call's answer, nil when it failed.
func msgOf[T any](res *connect.Response[T], err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return res.Msg, nil
}

// calendarCases answers a calendar answer's cases after checking that its
// entries hold the same cases, masked alike, beside whole sittings.
func calendarCases(t *testing.T, cs []*kesiv1.Case, entries []*kesiv1.CalendarEntry) []*kesiv1.Case {
	t.Helper()
	if len(entries) != len(cs) {
		t.Fatalf("%d cases but %d entries", len(cs), len(entries))
	}
	for i, e := range entries {
		if e.GetCase().GetCaseId() != cs[i].GetCaseId() || e.GetCase().GetParties() != cs[i].GetParties() || len(e.GetCase().GetClientIds()) != len(cs[i].GetClientIds()) {
			t.Errorf("entry %d's case %v, masked otherwise than the case %v", i, e.GetCase(), cs[i])
		}
		if e.GetSitting().GetId() == "" || e.GetSitting().GetActivity() == "" || e.GetSitting().GetActivityDate() == nil {
			t.Errorf("entry %d's sitting %v is not whole", i, e.GetSitting())
		}
	}
	return cs
}

// wantViolation fails unless err is InvalidArgument with a google.rpc.BadRequest naming field
// (or a path within it: read_mask.paths[1]).
func wantViolation(t *testing.T, what string, err error, field string) {
	t.Helper()
	wantCode(t, what, err, connect.CodeInvalidArgument)
	var ce *connect.Error
	errors.As(err, &ce)
	for _, d := range ce.Details() {
		if m, err := d.Value(); err == nil {
			if br, ok := m.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) == 1 {
				if f := br.GetFieldViolations()[0].GetField(); f == field || strings.HasPrefix(f, field+".") {
					return
				}
			}
		}
	}
	t.Errorf("%s: %v carries no field violation on %s", what, err, field)
}

// The whole list is sorted in Go and a page by its statement: both must
// answer one order, on the hearing day itself, with every kind of case (coming
// up today and later, known and unknown times, passed, no date, concluded with
// and without a date) and with ties that only the order of creation breaks.
func TestListCases_WholeListInThePagesOrder(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil) // today is Wed 15 Jan 2025
		law := srv.Lawyer(t)
		for i, c := range []struct {
			d  *date.Date
			tm string
		}{
			{day(2025, 1, 15), "14:00"}, {day(2025, 1, 15), ""}, {day(2025, 1, 15), "09:00"}, {day(2025, 1, 15), "09:00"},
			{day(2025, 1, 20), ""}, {day(2025, 1, 20), "11:30"}, {day(2025, 1, 14), "09:00"}, {day(2025, 1, 14), ""},
			{day(2024, 12, 2), "10:00"}, {nil, ""}, {nil, ""}, {day(2025, 2, 3), "09:00"},
		} {
			req := &kesiv1.CreateCaseRequest{CaseId: fmt.Sprintf("HCCC/E%d/2024", 12-i)}
			if c.d != nil {
				req = withActivity(req.CaseId, "Mention", c.d, c.tm)
			}
			create(t, law, req)
		}
		// Concluded, with a date and without: an outcome that concludes a
		// case clears its next date, but rows of older releases and
		// imports keep one.
		for i, d := range []*date.Date{day(2025, 1, 10), nil, day(2025, 1, 17), nil} {
			req := &kesiv1.CreateCaseRequest{CaseId: fmt.Sprintf("ELC/%d/2020", i)}
			if d != nil {
				req = withActivity(req.CaseId, "Judgment", d, "09:00")
			}
			c := create(t, law, req)
			if err := srv.App.DB.Client.CourtCase.UpdateOneID(uuid.MustParse(c.Id)).SetConcluded(true).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		all, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		var whole, paged []string
		for _, c := range all.Msg.Cases {
			whole = append(whole, c.CaseId)
		}
		for token := ""; ; {
			res, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{PageSize: 2, PageToken: token}))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range res.Msg.Cases {
				paged = append(paged, c.CaseId)
			}
			if token = res.Msg.NextPageToken; token == "" {
				break
			}
		}
		if len(whole) != 16 || !slices.Equal(whole, paged) {
			t.Errorf("whole list %v\npages      %v", whole, paged)
		}
		// Today's sittings first, by time, the unknown time last of them.
		if len(whole) < 4 || !slices.Contains(whole[:2], "HCCC/E10/2024") || !slices.Contains(whole[:2], "HCCC/E9/2024") ||
			whole[2] != "HCCC/E12/2024" || whole[3] != "HCCC/E11/2024" {
			t.Errorf("today's cases %v, want the two at 09:00, then 14:00, then the one with no time", whole)
		}
	})
}
