package gateway

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// The documented shapes of SPEC.md section 3 as the door wrote them with
// encoding/json before the appenders of encode.go: the reference the
// appenders must match byte for byte.

// caseJSON is the documented case. Dates are "YYYY-MM-DD" or null.
type caseJSON struct {
	ID           string  `json:"id"`
	CaseID       string  `json:"case_id"`
	Parties      string  `json:"parties"`
	LawCourt     string  `json:"law_court"`
	FilingDate   *string `json:"filing_date"`
	ActivityDate *string `json:"activity_date"`
	Status       string  `json:"status"`
	Notes        string  `json:"notes"`
	CaseType     string  `json:"case_type"`
	Time         string  `json:"time"`
	MarkUpdated  bool    `json:"mark_updated"`
	Activity     string  `json:"activity"`
}

// activityJSON is the documented case activity.
type activityJSON struct {
	ID           string  `json:"id"`
	Activity     string  `json:"activity"`
	ActivityDate *string `json:"activity_date"`
	ClientName   string  `json:"client_name"`
	CaseID       string  `json:"case_id"`
	LawCourt     string  `json:"law_court"`
	Outcome      string  `json:"outcome"`
	Time         string  `json:"time"`
}

// statsJSON and needingUpdateJSON are the cases-needing-update answer.
type statsJSON struct {
	MarkedUpdated int32 `json:"marked_updated"`
	Notification  int32 `json:"notification"`
	Total         int32 `json:"total"`
}

type needingUpdateJSON struct {
	Stats statsJSON  `json:"stats"`
	Cases []caseJSON `json:"cases"`
}

// dateString writes a proto date as YYYY-MM-DD, or "" when unset.
func dateString(d *date.Date) string {
	if d == nil || d.Year == 0 {
		return ""
	}
	return civil.NewDate(int(d.Year), time.Month(d.Month), int(d.Day)).String()
}

// optDate is a proto date as "YYYY-MM-DD", or nil when unset.
func optDate(d *date.Date) *string {
	s := dateString(d)
	if s == "" {
		return nil
	}
	return &s
}

func toCaseJSON(c *kesiv1.Case) caseJSON {
	return caseJSON{
		ID: c.Id, CaseID: c.CaseId, Parties: c.Parties, LawCourt: c.LawCourt,
		FilingDate: optDate(c.FilingDate), ActivityDate: optDate(c.ActivityDate),
		Status: c.Status, Notes: c.Notes, CaseType: c.CaseType, Time: c.Time,
		MarkUpdated: c.MarkUpdated, Activity: c.Activity,
	}
}

func toCasesJSON(cs []*kesiv1.Case) []caseJSON {
	out := make([]caseJSON, len(cs))
	for i, c := range cs {
		out[i] = toCaseJSON(c)
	}
	return out
}

func toActivitiesJSON(as []*kesiv1.Activity) []activityJSON {
	out := make([]activityJSON, len(as))
	for i, a := range as {
		out[i] = activityJSON{
			ID: a.Id, Activity: a.Activity, ActivityDate: optDate(a.ActivityDate), ClientName: a.ClientName,
			CaseID: a.CaseId, LawCourt: a.LawCourt, Outcome: a.Outcome, Time: a.Time,
		}
	}
	return out
}

// encoded is v as writeJSON wrote it: json.Encoder's text and newline.
func encoded(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// appended is what writeAppended writes of appendBody.
func appended(appendBody func([]byte) []byte) []byte {
	return append(appendBody(nil), '\n')
}

// nastyStrings are texts a case's parties or notes may hold that JSON
// encoders tell apart: escapes, HTML, multibyte text, JavaScript line
// separators, invalid UTF-8.
var nastyStrings = []string{
	"", "Wanjiru Holdings Ltd v Otieno", `He said "no" \ yes`, "a\x00b", "\x01\x1f\x7f",
	"\b\f\n\r\t", "<script>alert(1)</script> & co", "Ng'ang'a v Mũrĩithi — “quoted” ✓ 🇰🇪",
	"line\u2028sep\u2029para", "\xff", "bad \xc3\x28 seq", "\xed\xa0\x80 surrogate", "cut \xe2\x82",
	"\xf4\x90\x80\x80 too high", "é\u0301", "\ufffd", "\xef\xbb\xbfBOM",
}

// FuzzAppendString: appendString writes any text exactly as encoding/json
// (escaping HTML, as json.Encoder does) writes it.
func FuzzAppendString(f *testing.F) {
	for _, s := range nastyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(s); err != nil {
			t.Fatal(err)
		}
		got := append(appendString(nil, s), '\n')
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("appendString(%q) = %s, encoding/json writes %s", s, got, want.Bytes())
		}
	})
}

// TestAppendString_EveryByte: each single byte and each rune of the first
// planes' edges, alone and between text, as encoding/json writes it.
func TestAppendString_EveryByte(t *testing.T) {
	t.Parallel()
	var ss []string
	for b := range 256 {
		ss = append(ss, string([]byte{byte(b)}), "x"+string([]byte{byte(b)})+"y")
	}
	for _, r := range []rune{0x80, 0x7ff, 0x800, 0x2027, 0x2028, 0x2029, 0x202a, 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, utf8.MaxRune} {
		ss = append(ss, string(r), "<"+string(r)+">")
	}
	for _, s := range ss {
		want := encoded(t, s)
		if got := appended(func(b []byte) []byte { return appendString(b, s) }); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

// randomCase is a case of random fields, nasty texts among them, and dates
// unset, zero, valid, at month ends and out of range.
func randomCase(r *rand.Rand) *kesiv1.Case {
	return &kesiv1.Case{
		Id: randomString(r), CaseId: randomString(r), Parties: randomString(r), LawCourt: randomString(r),
		FilingDate: randomDate(r), ActivityDate: randomDate(r), Status: randomString(r), Notes: randomString(r),
		CaseType: randomString(r), Time: randomString(r), MarkUpdated: r.IntN(2) == 0, Activity: randomString(r),
		// Fields the documented case leaves out: they must not show.
		Concluded: true, ClientIds: []string{"x"}, StatusCode: kesiv1.CaseStatus_CASE_STATUS_HEARING,
	}
}

func randomActivity(r *rand.Rand) *kesiv1.Activity {
	return &kesiv1.Activity{
		Id: randomString(r), Activity: randomString(r), ActivityDate: randomDate(r), ClientName: randomString(r),
		CaseId: randomString(r), LawCourt: randomString(r), Outcome: randomString(r), Time: randomString(r),
		AttendedByName: "left out",
	}
}

func randomString(r *rand.Rand) string {
	if r.IntN(2) == 0 {
		return nastyStrings[r.IntN(len(nastyStrings))]
	}
	b := make([]byte, r.IntN(24))
	for i := range b {
		b[i] = byte(r.IntN(256))
		if r.IntN(3) > 0 {
			b[i] = byte(' ' + r.IntN(95))
		}
	}
	return string(b)
}

func randomDate(r *rand.Rand) *date.Date {
	switch r.IntN(6) {
	case 0:
		return nil
	case 1:
		return &date.Date{}
	case 2:
		// Out of range and odd: normalized, or written as they are.
		return &date.Date{Year: int32(r.IntN(20001) - 10000), Month: int32(r.IntN(30) - 8), Day: int32(r.IntN(80) - 20)}
	case 3:
		// Month ends, leap years and not.
		return &date.Date{Year: []int32{1900, 2000, 2023, 2024, 2100}[r.IntN(5)], Month: int32(1 + r.IntN(12)), Day: int32(28 + r.IntN(4))}
	}
	return &date.Date{Year: int32(1 + r.IntN(9999)), Month: int32(1 + r.IntN(12)), Day: int32(1 + r.IntN(31))}
}

// TestAppendCase_MatchesEncodingJSON: the documented case, a list of them,
// a list of activities and the cases-needing-update answer are written
// byte for byte as encoding/json wrote the documented structs.
func TestAppendCase_MatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		c := randomCase(r)
		if got, want := appended(func(b []byte) []byte { return appendCase(b, c) }), encoded(t, toCaseJSON(c)); !bytes.Equal(got, want) {
			t.Fatalf("case %v:\n got %s\nwant %s", c, got, want)
		}
	}
	for n := range 6 {
		cs := make([]*kesiv1.Case, n)
		as := make([]*kesiv1.Activity, n)
		for i := range n {
			cs[i], as[i] = randomCase(r), randomActivity(r)
		}
		if got, want := appended(func(b []byte) []byte { return appendCases(b, cs) }), encoded(t, toCasesJSON(cs)); !bytes.Equal(got, want) {
			t.Errorf("%d cases:\n got %s\nwant %s", n, got, want)
		}
		if got, want := appended(func(b []byte) []byte { return appendActivities(b, as) }), encoded(t, toActivitiesJSON(as)); !bytes.Equal(got, want) {
			t.Errorf("%d activities:\n got %s\nwant %s", n, got, want)
		}
		res := &kesiv1.ListCasesNeedingUpdateResponse{Cases: cs}
		if n > 0 {
			res.Stats = &kesiv1.CaseUpdateStats{MarkedUpdated: int32(r.Int()), Notification: -int32(n), Total: int32(n)}
		}
		s := res.GetStats()
		want := encoded(t, needingUpdateJSON{
			Stats: statsJSON{MarkedUpdated: s.GetMarkedUpdated(), Notification: s.GetNotification(), Total: s.GetTotal()},
			Cases: toCasesJSON(cs),
		})
		if got := appended(func(b []byte) []byte { return appendNeedingUpdate(b, res) }); !bytes.Equal(got, want) {
			t.Errorf("needing update of %d:\n got %s\nwant %s", n, got, want)
		}
	}
	// nil lists are [], never null.
	if got := appended(func(b []byte) []byte { return appendCases(b, nil) }); string(got) != "[]\n" {
		t.Errorf("no cases = %s, want []", got)
	}
	if got := appended(func(b []byte) []byte { return appendActivities(b, nil) }); string(got) != "[]\n" {
		t.Errorf("no activities = %s, want []", got)
	}
}

// TestWriteAppended_AsWriteJSON: the headers, status and body writeJSON
// writes, for a body too large for the server's first buffer too.
func TestWriteAppended_AsWriteJSON(t *testing.T) {
	t.Parallel()
	cs := []*kesiv1.Case{{Id: "1", Parties: strings.Repeat("<&>", 3000)}, {Id: "2"}}
	for _, status := range []int{http.StatusOK, http.StatusCreated} {
		want := httptest.NewRecorder()
		writeJSON(want, status, toCasesJSON(cs))
		got := httptest.NewRecorder()
		writeAppended(got, status, func(b []byte) []byte { return appendCases(b, cs) })
		if got.Code != want.Code || !bytes.Equal(got.Body.Bytes(), want.Body.Bytes()) {
			t.Errorf("writeAppended wrote %d %.80s, writeJSON %d %.80s", got.Code, got.Body, want.Code, want.Body)
		}
		if g, w := got.Header(), want.Header(); len(g) != len(w) || g.Get("Content-Type") != w.Get("Content-Type") {
			t.Errorf("writeAppended headers %v, writeJSON %v", g, w)
		}
	}
}

// benchCases are 500 cases as the door's list reads them: the fields of the
// documented case, realistic texts.
func benchCases() []*kesiv1.Case {
	cs := make([]*kesiv1.Case, 500)
	for i := range cs {
		cs[i] = &kesiv1.Case{
			Id: "0b7f2c1e-8a43-4f0e-9d6b-3c2a1e5f7d" + strconv.Itoa(10+i%90), CaseId: "MCCC/E" + strconv.Itoa(3000+i) + "/2022",
			Parties: "Wanjiru Holdings Ltd v Otieno & 2 others", LawCourt: "Milimani Commercial Magistrate Court",
			FilingDate: &date.Date{Year: 2022, Month: 6, Day: 1}, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: int32(1 + i%28)},
			Status: "Hearing", Notes: "Plaintiff's list of documents filed; defence to respond within 14 days.", CaseType: "Civil Suit",
			Time: "09:30", Activity: "Part Heard Hearing",
		}
	}
	return cs
}

// BenchmarkEncodeCases compares the door's list of 500 cases written by
// appendCases with the same written by encoding/json, as it was.
func BenchmarkEncodeCases(b *testing.B) {
	cs := benchCases()
	b.Run("append", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			writeAppended(httptest.NewRecorder(), http.StatusOK, func(b []byte) []byte { return appendCases(b, cs) })
		}
	})
	b.Run("encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			writeJSON(httptest.NewRecorder(), http.StatusOK, toCasesJSON(cs))
		}
	})
}
