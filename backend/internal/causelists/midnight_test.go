package causelists_test

import (
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Just after midnight in Nairobi it is still yesterday in UTC: applying the
// morning's list must move the next open sitting on or after the Nairobi
// day, not the one the UTC day would pick.
func TestApplyJustAfterMidnightInNairobi(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		f := arrange(t, e)
		// Lawyer A's "mccc e7 of 2023" has Tuesday 21 January; give it a
		// sitting on Sunday 19 January too (an open one, no outcome).
		id := f.cases["mccc e7 of 2023"]
		if _, err := f.a.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: id, NextDate: day(2025, 1, 19), NextActivity: "Mention",
		})); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.srv.App.CauseLists.Ingest(ctx, monday, causelists.Source{Kind: causelists.SourceImport}); err != nil {
			t.Fatal(err)
		}
		// Monday 20 January, 00:30 in Nairobi: Sunday 21:30 UTC.
		f.srv.Clock.Set(time.Date(2025, 1, 19, 21, 30, 0, 0, time.UTC))
		f.a = f.srv.Session(t, f.a.User) // a fresh token for the new day
		var id2 string
		for _, m := range list(t, f, f.a, day(2025, 1, 20), day(2025, 1, 20)) {
			if m.CaseRef == id && m.Kind == kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NEW_DATE {
				id2 = m.Id
			}
		}
		if id2 == "" {
			t.Fatal("no NEW_DATE for the case on Monday")
		}
		if _, err := f.cl(f.a).ApplyCauseListMatch(ctx, connect.NewRequest(&kesiv1.ApplyCauseListMatchRequest{Id: id2})); err != nil {
			t.Fatal(err)
		}
		c, err := f.a.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: id}))
		if err != nil {
			t.Fatal(err)
		}
		acts, err := f.a.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: c.Msg.Case.CaseId}))
		if err != nil {
			t.Fatal(err)
		}
		var days []string
		for _, a := range acts.Msg.Activities {
			d := a.ActivityDate
			days = append(days, time.Date(int(d.Year), time.Month(d.Month), int(d.Day), 0, 0, 0, 0, time.UTC).Format("2006-01-02"))
		}
		// Sunday's stays (it is past in Nairobi); Tuesday's moved to Monday.
		if strings.Join(days, ",") != "2025-01-20,2025-01-19" {
			t.Errorf("sittings after apply: %v, want Monday (moved from Tuesday) and Sunday", days)
		}
		if !strings.Contains(c.Msg.Case.Notes, "moved from Tue 21 Jan 2025") {
			t.Errorf("notes: %q", c.Msg.Case.Notes)
		}
	})
}
