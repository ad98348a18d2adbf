package cases_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

var ctx = context.Background()

// day is a proto date.
func day(y, m, d int) *date.Date { return &date.Date{Year: int32(y), Month: int32(m), Day: int32(d)} }

// caseRow is the REST door's case, as a client reads it.
type caseRow struct {
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

func (c caseRow) date() string {
	if c.ActivityDate == nil {
		return ""
	}
	return *c.ActivityDate
}

// create adds a case through the Connect door, failing the test on error.
func create(t *testing.T, s *testkit.Session, req *kesiv1.CreateCaseRequest) *kesiv1.Case {
	t.Helper()
	res, err := s.Cases().CreateCase(ctx, connect.NewRequest(req))
	if err != nil {
		t.Fatalf("create case %q: %v", req.CaseId, err)
	}
	return res.Msg.Case
}

// withActivity is a case with a first activity.
func withActivity(caseID, kind string, d *date.Date, tm string) *kesiv1.CreateCaseRequest {
	return &kesiv1.CreateCaseRequest{CaseId: caseID, Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Commercial Magistrate Court",
		Activity: &kind, ActivityDate: d, Time: tm}
}

// record records an activity through the Connect door.
func record(t *testing.T, s *testkit.Session, req *kesiv1.RecordActivityRequest) *kesiv1.RecordActivityResponse {
	t.Helper()
	res, err := s.Cases().RecordActivity(ctx, connect.NewRequest(req))
	if err != nil {
		t.Fatalf("record activity: %v", err)
	}
	return res.Msg
}

// getJSON GETs path and decodes a 200 answer into v.
func getJSON(t *testing.T, s *testkit.Session, path string, v any) {
	t.Helper()
	res := s.Do(t, "GET", path, nil)
	if res.Status != 200 {
		t.Fatalf("GET %s = %d %s, want 200", path, res.Status, res.Body)
	}
	res.JSON(t, v)
}

// wantCode fails unless err is a Connect error with code.
func wantCode(t *testing.T, what string, err error, code connect.Code) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != code {
		t.Fatalf("%s: got %v, want %v", what, err, code)
	}
}

// flat is c in one comparable line.
func flat(c caseRow) string {
	fd := ""
	if c.FilingDate != nil {
		fd = *c.FilingDate
	}
	return fmt.Sprintf("%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|%v|%s", c.ID, c.CaseID, c.Parties, c.LawCourt, fd, c.date(), c.Status, c.Notes, c.CaseType, c.Time, c.MarkUpdated, c.Activity)
}

func esc(s string) string { return url.PathEscape(s) }

func ids(rows []caseRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.CaseID + "@" + r.date() + " " + r.Time
	}
	return out
}
