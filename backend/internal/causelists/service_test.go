package causelists_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/causelistentry"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

var ctx = context.Background()

func day(y, m, d int) *date.Date { return &date.Date{Year: int32(y), Month: int32(m), Day: int32(d)} }

// butereList is a list as Butere publishes them, with invented parties.
func butereList(dayLine string, rows ...string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "BUTERE MAGISTRATE COURT\nMAGISTRATE COURT\nCAUSE LIST\n%s\nHON. A. MWANGI (SRM)  COURT 1\nhttps://meet.example.org/butere-1\n\n09:00 AM\nMENTION\n", dayLine)
	for i, r := range rows {
		if r == "HEARING" {
			b.WriteString("11:30 AM\nHEARING\n")
			continue
		}
		fmt.Fprintf(&b, "%d.    %s       Amani Traders Ltd   Vs  Baraka Otieno\n", i+1, r)
	}
	return []byte(b.String())
}

type fixture struct {
	srv   *testkit.Server
	a, b  *testkit.Session
	cl    func(s *testkit.Session) kesiv1connect.CauseListServiceClient
	cases map[string]string // case number -> internal id, lawyer A's
	bCase string
}

func arrange(t *testing.T, e testkit.Engine) fixture {
	t.Helper()
	srv := testkit.NewServer(t, e, nil)
	// Friday 17 January 2025, 18:00 in Nairobi: the evening look at Monday's lists.
	srv.Clock.Set(time.Date(2025, 1, 17, 18, 0, 0, 0, testkit.Nairobi))
	f := fixture{srv: srv, a: srv.Lawyer(t), b: srv.Lawyer(t), cases: map[string]string{}}
	f.cl = func(s *testkit.Session) kesiv1connect.CauseListServiceClient {
		return kesiv1connect.NewCauseListServiceClient(s.HTTP, srv.URL)
	}
	add := func(s *testkit.Session, number, court string, d *date.Date) string {
		req := &kesiv1.CreateCaseRequest{CaseId: number, Parties: "Amani Traders Ltd v Baraka Otieno", LawCourt: court}
		if d != nil {
			kind := "Mention"
			req.Activity, req.ActivityDate = &kind, d
		}
		res, err := s.Cases().CreateCase(ctx, connect.NewRequest(req))
		if err != nil {
			t.Fatalf("create %s: %v", number, err)
		}
		return res.Msg.Case.Id
	}
	// Listed on Monday as the diary has it, written differently.
	f.cases["MCCC/E52/2024"] = add(f.a, "MCCC/E52/2024", "Butere Law Courts", day(2025, 1, 20))
	// The diary says Tuesday; the list says Monday.
	f.cases["mccc e7 of 2023"] = add(f.a, "mccc e7 of 2023", "Butere Law Courts", day(2025, 1, 21))
	// The diary says Monday at Butere; Monday's list does not carry it.
	f.cases["MCELC/12/2020"] = add(f.a, "MCELC/12/2020", "Butere Law Courts", day(2025, 1, 20))
	// The same number at another station: not this list's matter.
	f.cases["MCCC/E052/2024"] = add(f.a, "MCCC/E052/2024", "Busia Law Courts", day(2025, 1, 20))
	// Lawyer B has the first number at Butere too, with no date recorded.
	f.bCase = add(f.b, "MCCC No. E52 of 2024", "Butere Law Courts", nil)
	return f
}

var monday = butereList("MONDAY, 20 JANUARY 2025", "MCCC/E052/2024", "MCCC/E007/2023", "HEARING", "MCSUCC/E101/2022", "MCELC/E003/2021")

func kinds(ms []*kesiv1.CauseListMatch) []string {
	var out []string
	for _, m := range ms {
		d := m.ListedDate
		out = append(out, fmt.Sprintf("%s %s %04d-%02d-%02d", m.CaseId, strings.TrimPrefix(m.Kind.String(), "CAUSE_LIST_MATCH_KIND_"), d.Year, d.Month, d.Day))
	}
	sort.Strings(out)
	return out
}

func list(t *testing.T, f fixture, s *testkit.Session, from, to *date.Date) []*kesiv1.CauseListMatch {
	t.Helper()
	res, err := f.cl(s).ListCauseListMatches(ctx, connect.NewRequest(&kesiv1.ListCauseListMatchesRequest{Start: from, End: to}))
	if err != nil {
		t.Fatalf("list matches: %v", err)
	}
	return res.Msg.Matches
}

func wantCode(t *testing.T, what string, err error, code connect.Code) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != code {
		t.Fatalf("%s: got %v, want %v", what, err, code)
	}
}

func TestUploadMatchesTheAdvocatesDiary(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		res, err := f.cl(f.a).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{FileName: "butere-20-jan.txt", Content: monday}))
		if err != nil {
			t.Fatal(err)
		}
		want := []string{
			"MCCC/E52/2024 LISTED 2025-01-20",
			"MCELC/12/2020 NOT_LISTED 2025-01-20",
			"mccc e7 of 2023 NEW_DATE 2025-01-20",
		}
		if got := kinds(res.Msg.Matches); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("upload answered\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if l := res.Msg.List; l.Rows != 4 || l.Court != "BUTERE MAGISTRATE COURT" || l.FileName != "butere-20-jan.txt" {
			t.Errorf("list %+v", l)
		}
		// The listing carries what the list adds to the diary.
		ms := list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20))
		var listed *kesiv1.CauseListMatch
		for _, m := range ms {
			if m.Kind == kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_LISTED {
				listed = m
			}
		}
		if listed == nil || listed.Time != "09:00" || listed.CourtRoom != "COURT 1" || listed.JudicialOfficer != "HON. A. MWANGI (SRM)" ||
			listed.Activity != "MENTION" || listed.VirtualLink != "https://meet.example.org/butere-1" || listed.CaseRef != f.cases["MCCC/E52/2024"] ||
			listed.List.GetId() != res.Msg.List.Id {
			t.Errorf("listed: %+v", listed)
		}
		// Outside the list's days there is nothing.
		if ms := list(t, f, f.a, day(2025, 1, 21), day(2025, 1, 31)); len(ms) != 0 {
			t.Errorf("21-31 Jan: %v", kinds(ms))
		}
		// An upload is matched against the uploader alone: B's same number
		// at Butere is not told about a list only A brought.
		if ms := list(t, f, f.b, day(2025, 1, 13), day(2025, 1, 26)); len(ms) != 0 {
			t.Errorf("B sees A's upload: %v", kinds(ms))
		}
		// The operator imports the same published file: stored once, and
		// now every advocate's diary is checked against it.
		stored, created, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport, FileName: "Butere_20_Jan.txt"})
		if err != nil || created || stored.ID.String() != res.Msg.List.Id {
			t.Fatalf("import of the same file: %+v created=%v err=%v", stored, created, err)
		}
		if n := f.srv.DB().CauseList.Query().CountX(ctx); n != 1 {
			t.Errorf("%d lists stored, want 1", n)
		}
		if got := kinds(list(t, f, f.b, day(2025, 1, 20), day(2025, 1, 20))); strings.Join(got, ",") != "MCCC No. E52 of 2024 NEW_DATE 2025-01-20" {
			t.Errorf("B after the import: %v", got)
		}
		// And B still sees nothing of A's cases.
		for _, m := range list(t, f, f.b, day(2025, 1, 1), day(2025, 3, 1)) {
			if m.CaseRef != f.bCase {
				t.Errorf("B sees another advocate's case: %+v", m)
			}
		}
	})
}

func TestApplyAndDismiss(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		if _, _, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport, FileName: "Butere_20_Jan.txt"}); err != nil {
			t.Fatal(err)
		}
		byKind := map[kesiv1.CauseListMatchKind]*kesiv1.CauseListMatch{}
		for _, m := range list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20)) {
			byKind[m.Kind] = m
		}
		newDate := byKind[kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NEW_DATE]
		notListed := byKind[kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NOT_LISTED]
		listed := byKind[kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_LISTED]
		if newDate == nil || notListed == nil || listed == nil {
			t.Fatalf("findings: %v", byKind)
		}
		// Another advocate can neither apply nor dismiss A's findings.
		_, err := f.cl(f.b).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: newDate.Id}))
		wantCode(t, "B applies A's finding", err, connect.CodeNotFound)
		_, err = f.cl(f.b).DismissCauseListMatch(ctx, connect.NewRequest(&kesiv1.DismissCauseListMatchRequest{Id: notListed.Id}))
		wantCode(t, "B dismisses A's finding", err, connect.CodeNotFound)
		for _, bad := range []string{"", "x", "not.a.finding", strings.Repeat("é", 300)} {
			_, err = f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: bad}))
			wantCode(t, fmt.Sprintf("apply %q", bad), err, connect.CodeNotFound)
		}
		// Text no id can hold is refused at the edge.
		_, err = f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: "\x00"}))
		wantCode(t, "apply a NUL", err, connect.CodeInvalidArgument)
		// Only a new date is applied.
		_, err = f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: listed.Id}))
		wantCode(t, "apply LISTED", err, connect.CodeInvalidArgument)

		// Apply: Tuesday's sitting moves to Monday, with the change noted.
		if _, err := f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: newDate.Id})); err != nil {
			t.Fatal(err)
		}
		c, err := f.a.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: newDate.CaseRef}))
		if err != nil {
			t.Fatal(err)
		}
		got := c.Msg.Case
		if d := got.ActivityDate; d == nil || d.Day != 20 || got.Time != "09:00" || got.Activity != "Mention" {
			t.Errorf("after apply: next date %v %q %q", got.ActivityDate, got.Time, got.Activity)
		}
		if !strings.Contains(got.Notes, "listed for Mon 20 Jan 2025 on the cause list of BUTERE MAGISTRATE COURT") || !strings.Contains(got.Notes, "moved from Tue 21 Jan 2025") {
			t.Errorf("notes after apply: %q", got.Notes)
		}
		acts, err := f.a.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: got.CaseId}))
		if err != nil {
			t.Fatal(err)
		}
		if n := len(acts.Msg.Activities); n != 1 {
			t.Errorf("%d sittings after the move, want 1 (moved, not added)", n)
		}
		// Applied twice: the finding is now LISTED, not a new date.
		_, err = f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: newDate.Id}))
		wantCode(t, "apply again", err, connect.CodeNotFound)

		// Dismiss hides the NOT_LISTED finding, and only it.
		if _, err := f.cl(f.a).DismissCauseListMatch(ctx, connect.NewRequest(&kesiv1.DismissCauseListMatchRequest{Id: notListed.Id})); err != nil {
			t.Fatal(err)
		}
		want := []string{"MCCC/E52/2024 LISTED 2025-01-20", "mccc e7 of 2023 LISTED 2025-01-20"}
		if got := kinds(list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20))); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("after apply and dismiss: %v, want %v", got, want)
		}
	})
}

func TestListRange(t *testing.T) {
	f := arrange(t, testkit.SQLite)
	for _, tt := range []struct {
		start, end *date.Date
	}{
		{nil, day(2025, 1, 20)},
		{day(2025, 1, 20), nil},
		{day(2025, 1, 21), day(2025, 1, 20)},
		{day(2025, 1, 1), day(2025, 6, 1)},
		{day(2025, 2, 30), day(2025, 3, 1)},
	} {
		_, err := f.cl(f.a).ListCauseListMatches(ctx, connect.NewRequest(&kesiv1.ListCauseListMatchesRequest{Start: tt.start, End: tt.end}))
		wantCode(t, fmt.Sprintf("range %v..%v", tt.start, tt.end), err, connect.CodeInvalidArgument)
	}
}

// multipartFile is a POST /api/cause-lists body.
func multipartFile(t *testing.T, field, name string, data []byte) (*bytes.Buffer, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, err := mw.CreateFormFile(field, name)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	mw.Close()
	return &body, mw.FormDataContentType()
}

func TestUploadRefusesBadFilesAndStoresNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		var zipped bytes.Buffer
		zw := zip.NewWriter(&zipped)
		w, _ := zw.Create("readme.txt")
		w.Write(monday)
		zw.Close()
		bad := map[string][]byte{
			"empty.txt":   nil,
			"binary.pdf":  {0x00, 0x01, 0x02, 0xff, 0xfe, 0x00},
			"notes.docx":  zipped.Bytes(),
			"huge.txt":    bytes.Repeat([]byte("MCCC/E1/2024 "), (causelists.MaxFileBytes/13)+2),
			"minutes.txt": []byte("Court users' committee minutes\nNo cause list here.\n"),
			"broken.pdf":  []byte("%PDF-1.7\nnot a pdf at all"),
		}
		for name, data := range bad {
			// The REST door.
			body, ctype := multipartFile(t, "file", name, data)
			req, _ := http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
			req.Header.Set("Content-Type", ctype)
			res := f.a.Send(t, req)
			if res.Status < 400 || res.Status >= 500 {
				t.Errorf("POST %s = %d %s, want 4xx", name, res.Status, res.Body)
			} else if msg := res.Message(t); msg == "" {
				t.Errorf("POST %s: no message", name)
			}
			// The Connect door; the huge file is beyond its message limit.
			_, err := f.cl(f.a).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{FileName: name, Content: data}))
			var ce *connect.Error
			if !errors.As(err, &ce) || (ce.Code() != connect.CodeInvalidArgument && ce.Code() != connect.CodeResourceExhausted) {
				t.Errorf("UploadCauseList %s: %v, want InvalidArgument or ResourceExhausted", name, err)
			}
		}
		// Not multipart, or no "file" field.
		// A JSON body is refused by the write guard before the route (403).
		res := f.a.Do(t, "POST", "/api/cause-lists", map[string]string{"file": "x"})
		if res.Status != 403 {
			t.Errorf("JSON body: %d, want 403", res.Status)
		}
		body, ctype := multipartFile(t, "document", "list.txt", monday)
		req, _ := http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
		req.Header.Set("Content-Type", ctype)
		if res := f.a.Send(t, req); res.Status != 400 {
			t.Errorf("no file field: %d", res.Status)
		}
		if n := f.srv.DB().CauseList.Query().CountX(ctx); n != 0 {
			t.Errorf("%d lists stored after refusals", n)
		}
		if n := f.srv.DB().CauseListEntry.Query().CountX(ctx); n != 0 {
			t.Errorf("%d rows stored after refusals", n)
		}
	})
}

func TestUploadDoors(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		body, ctype := multipartFile(t, "file", "butere.txt", monday)
		req, _ := http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
		req.Header.Set("Content-Type", ctype)
		res := f.a.Send(t, req)
		if res.Status != 201 {
			t.Fatalf("POST /api/cause-lists = %d %s", res.Status, res.Body)
		}
		var out struct {
			List    struct{ ID, Court string }
			Matches []struct {
				CaseID      string `json:"case_id"`
				Kind        string `json:"kind"`
				VirtualLink string `json:"virtual_link"`
			}
		}
		res.JSON(t, &out)
		if out.List.Court != "BUTERE MAGISTRATE COURT" || len(out.Matches) != 3 {
			t.Errorf("REST upload answered %s", res.Body)
		}
		// The same file through the Connect door by B: stored once; B sees
		// its own finding only.
		r2, err := f.cl(f.b).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{FileName: "from-a-colleague.txt", Content: monday}))
		if err != nil {
			t.Fatal(err)
		}
		if got := kinds(r2.Msg.Matches); strings.Join(got, ",") != "MCCC No. E52 of 2024 NEW_DATE 2025-01-20" {
			t.Errorf("B's upload: %v", got)
		}
		if n := f.srv.DB().CauseList.Query().CountX(ctx); n != 1 {
			t.Errorf("%d lists stored, want 1", n)
		}
		// Signed out, and the demo account, may not upload.
		anon := f.srv.Anonymous()
		body, ctype = multipartFile(t, "file", "butere.txt", monday)
		req, _ = http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
		req.Header.Set("Content-Type", ctype)
		if res := anon.Send(t, req); res.Status != 401 {
			t.Errorf("anonymous upload: %d", res.Status)
		}
		demo := f.srv.Session(t, f.srv.CreateUser(t, testkit.UserSpec{Role: role.Demo}))
		_, err = f.cl(demo).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{Content: monday}))
		wantCode(t, "demo upload", err, connect.CodePermissionDenied)
		if _, err := f.cl(demo).ListCauseListMatches(ctx, connect.NewRequest(&kesiv1.ListCauseListMatchesRequest{Start: day(2025, 1, 20), End: day(2025, 1, 20)})); err != nil {
			t.Errorf("demo reads its own findings: %v", err)
		}
	})
}

// TestApply_APastListMovesNothing: findings cover any days asked for, so a
// past list still shows a new date; applying it would move the case's next
// hearing back to a day already gone. It is refused and the diary kept.
func TestApply_APastListMovesNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		if _, _, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport, FileName: "Butere_20_Jan.txt"}); err != nil {
			t.Fatal(err)
		}
		id := f.cases["mccc e7 of 2023"] // the diary: a mention on Tuesday 21 January
		f.srv.Clock.Set(time.Date(2025, 1, 22, 10, 0, 0, 0, testkit.Nairobi))
		f.a = f.srv.Session(t, f.a.User)
		if _, err := f.a.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: id, Outcome: "Adjourned", NextDate: day(2025, 1, 30), NextActivity: "Hearing"})); err != nil {
			t.Fatal(err)
		}
		var newDate *kesiv1.CauseListMatch
		for _, m := range list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20)) {
			if m.CaseRef == id && m.Kind == kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NEW_DATE {
				newDate = m
			}
		}
		if newDate == nil {
			t.Fatal("Monday's list shows no new date for the case")
		}
		_, err := f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: newDate.Id}))
		wantCode(t, "apply Monday's listing on Wednesday", err, connect.CodeFailedPrecondition)
		c, err := f.a.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		if d := c.Msg.Case.ActivityDate; d == nil || d.Day != 30 || strings.Contains(c.Msg.Case.Notes, "listed for") {
			t.Errorf("after the refused apply: next date %v, notes %q; want the hearing of 30 January, no note", d, c.Msg.Case.Notes)
		}
	})
}

// A file name is whatever the sender's system wrote: bytes that are not
// UTF-8 are kept readable rather than failing the upload.
func TestUploadTakesAnyFileName(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		body, ctype := multipartFile(t, "file", "Butere \xff\xfe list.txt", monday)
		req, _ := http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
		req.Header.Set("Content-Type", ctype)
		if res := f.a.Send(t, req); res.Status != 201 {
			t.Fatalf("POST = %d %s, want 201", res.Status, res.Body)
		}
		// The uploader's own name for it, kept on their upload.
		l := f.srv.DB().CauseListUpload.Query().OnlyX(ctx)
		if !utf8.ValidString(l.FileName) || strings.ContainsRune(l.FileName, 0) || !strings.HasPrefix(l.FileName, "Butere ") {
			t.Errorf("file name stored as %q", l.FileName)
		}
	})
}

// Names and parties in letters of more than one byte (Kikuyu's ũ and ĩ, a
// dash, a name in Arabic script) are kept, cut to what a column holds, as
// for any other text: the upload is not refused, nor fails.
func TestUploadKeepsLongMultibyteText(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		court := strings.Repeat("ŨĨ", 100) + " MAGISTRATE COURT"
		parties := strings.Repeat("Wanjikũ Mũthoni Kĩmani ", 60) + "Vs  Baraka Otieno"
		list := strings.Replace(string(monday), "BUTERE MAGISTRATE COURT", court, 1)
		list = strings.Replace(list, "Amani Traders Ltd   Vs  Baraka Otieno", parties, 1)
		name := strings.Repeat("Orodha ya kesi — ũ ", 20) + ".txt"
		body, ctype := multipartFile(t, "file", name, []byte(list))
		req, _ := http.NewRequest("POST", f.srv.URL+"/api/cause-lists", body)
		req.Header.Set("Content-Type", ctype)
		if res := f.a.Send(t, req); res.Status != 201 {
			t.Fatalf("POST = %d %s, want 201", res.Status, res.Body)
		}
		l := f.srv.DB().CauseList.Query().OnlyX(ctx)
		u := f.srv.DB().CauseListUpload.Query().OnlyX(ctx)
		if !utf8.ValidString(u.FileName) || !strings.HasPrefix(u.FileName, "Orodha ya kesi — ũ") || !strings.HasPrefix(l.Court, "ŨĨŨĨ") || !utf8.ValidString(l.Court) {
			t.Errorf("stored name %q, court %q", u.FileName, l.Court)
		}
		r := f.srv.DB().CauseListEntry.Query().Where(causelistentry.Number(1)).OnlyX(ctx)
		if !strings.HasPrefix(r.Parties, "Wanjikũ Mũthoni") || !utf8.ValidString(r.Parties) || !utf8.ValidString(r.Court) {
			t.Errorf("stored row: court %q, parties %q", r.Court, r.Parties)
		}
	})
}

// TestUpload_AFileNameStaysWithItsUploader: a list is stored once however
// many advocates upload it, but the name each gave the file is theirs: it
// can carry a client's name or an advocate's remark. Another advocate who
// uploads the same bytes, or reads findings from them once they are
// published, never sees it, in an answer or in the note an applied date
// writes into their case.
func TestUpload_AFileNameStaysWithItsUploader(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		const private = "Amani Traders - advice to client, privileged.txt"
		names := func(s *testkit.Session) []string {
			var out []string
			for _, m := range list(t, f, s, day(2025, 1, 20), day(2025, 1, 20)) {
				out = append(out, m.List.GetFileName())
			}
			return out
		}
		ra, err := f.cl(f.a).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{FileName: private, Content: monday}))
		if err != nil {
			t.Fatal(err)
		}
		if got := ra.Msg.List.GetFileName(); got != private {
			t.Errorf("A's upload answers file name %q, want A's own", got)
		}
		rb, err := f.cl(f.b).UploadCauseList(ctx, connect.NewRequest(&kesiv1.UploadCauseListRequest{FileName: "butere-monday.txt", Content: monday}))
		if err != nil {
			t.Fatal(err)
		}
		if got := rb.Msg.List.GetFileName(); got != "butere-monday.txt" {
			t.Errorf("B's upload of the same bytes answers file name %q, want B's own", got)
		}
		for _, n := range names(f.b) {
			if n != "butere-monday.txt" {
				t.Errorf("B's findings carry file name %q, want B's own", n)
			}
		}
		// Published by an operator's import: one who never uploaded it sees
		// the published name; each uploader still sees their own.
		if _, _, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport, FileName: "Butere_20_Jan.txt"}); err != nil {
			t.Fatal(err)
		}
		c := f.srv.Lawyer(t)
		if _, err := c.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "MCCC/E52/2024", LawCourt: "Butere Law Courts"})); err != nil {
			t.Fatal(err)
		}
		for who, want := range map[*testkit.Session]string{f.a: private, f.b: "butere-monday.txt", c: "Butere_20_Jan.txt"} {
			got := names(who)
			if len(got) == 0 {
				t.Errorf("no findings for the lawyer who should see %q", want)
			}
			for _, n := range got {
				if n != want {
					t.Errorf("findings carry file name %q, want %q", n, want)
				}
			}
		}
		// The note an applied date writes names C's view of the list.
		for _, m := range list(t, f, c, day(2025, 1, 20), day(2025, 1, 20)) {
			if m.Kind != kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NEW_DATE {
				continue
			}
			if _, err := f.cl(c).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: m.Id})); err != nil {
				t.Fatal(err)
			}
			got, err := c.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: m.CaseRef}))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(got.Msg.Case.Notes, "privileged") || !strings.Contains(got.Msg.Case.Notes, "Butere_20_Jan.txt") {
				t.Errorf("C's case notes after apply: %q", got.Msg.Case.Notes)
			}
		}
	})
}

// An ELRC list prints its suits as bare causes; the advocate's diary writes
// "ELRC Cause" and names the court as Milimani, the same station. The check
// finds the matter through storage, as it does in memory (see
// TestCheckReadsABareCauseAtTheELRC), and rows stored the older way are
// read again for the days ahead.
func TestAnELRCListFindsItsCausesWrittenEitherWay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		srv.Clock.Set(time.Date(2025, 1, 17, 18, 0, 0, 0, testkit.Nairobi))
		a := srv.Lawyer(t)
		kind := "Mention"
		for _, number := range []string{"ELRC Cause No. E7 of 2020", "Employment and Labour Relations Cause E9 of 2020"} {
			req := &kesiv1.CreateCaseRequest{CaseId: number, Parties: "Amani Traders Ltd v Baraka Otieno",
				LawCourt: "Milimani Law Courts", Activity: &kind, ActivityDate: day(2025, 1, 20)}
			if _, err := a.Cases().CreateCase(ctx, connect.NewRequest(req)); err != nil {
				t.Fatal(err)
			}
		}
		elrc := strings.Replace(string(butereList("MONDAY, 20 JANUARY 2025", "Cause No. E7 of 2020", "Cause No. E8 of 2020")),
			"BUTERE MAGISTRATE COURT\nMAGISTRATE COURT", "EMPLOYMENT AND LABOUR RELATIONS COURT AT NAIROBI", 1)
		if _, _, err := srv.App.CauseLists.Ingest(ctx, []byte(elrc), causelists.Source{Kind: causelists.SourceImport}); err != nil {
			t.Fatal(err)
		}
		f := fixture{srv: srv, cl: func(s *testkit.Session) kesiv1connect.CauseListServiceClient {
			return kesiv1connect.NewCauseListServiceClient(s.HTTP, srv.URL)
		}}
		got := func() []string {
			var out []string
			for _, m := range list(t, f, a, day(2025, 1, 20), day(2025, 1, 20)) {
				out = append(out, m.CaseId+" "+m.Kind.String())
			}
			slices.Sort(out)
			return out
		}
		want := []string{"ELRC Cause No. E7 of 2020 CAUSE_LIST_MATCH_KIND_LISTED", "Employment and Labour Relations Cause E9 of 2020 CAUSE_LIST_MATCH_KIND_NOT_LISTED"}
		if g := got(); !slices.Equal(g, want) {
			t.Fatalf("findings %q, want %q", g, want)
		}
		// As the version before stored an ELRC list's bare causes.
		srv.DB().CauseListEntry.Update().SetCaseKey("CAUSE/E7/2020").SetCasePrefix("CAUSE").
			Where(causelistentry.CaseNumber("Cause No. E7 of 2020")).ExecX(ctx)
		srv.DB().CauseListEntry.Update().SetCaseKey("CAUSE/E8/2020").SetCasePrefix("CAUSE").
			Where(causelistentry.CaseNumber("Cause No. E8 of 2020")).ExecX(ctx)
		if err := srv.App.Jobs.RunOnce(ctx, "causelists-fetch"); err != nil {
			t.Fatal(err)
		}
		if g := got(); !slices.Equal(g, want) {
			t.Fatalf("after the fetch job re-read the rows: findings %q, want %q", g, want)
		}
	})
}
