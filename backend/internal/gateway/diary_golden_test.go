package gateway_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func golden(t *testing.T, name string, res *testkit.Response) {
	t.Helper()
	testkit.Golden(t, name+".golden.json", testkit.StableJSON(res.Body))
}

// TestGolden_DiaryShapes pins the documented JSON of the diary's REST paths.
func TestGolden_DiaryShapes(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		hearing, mention := "Hearing", "Mention"
		c1, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: "MCCC/E3574/2022", Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Commercial Magistrate Court",
			FilingDate: &date.Date{Year: 2022, Month: 6, Day: 1}, Status: "Hearing", CaseType: "Civil Suit", Notes: "Plaintiff's list of documents filed.",
			Activity: &hearing, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 15}, Time: "09:30",
		}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: "Civil Appeal E097 of 2020", Parties: "Nyota Logistics Ltd v Mwangaza Traders Ltd", LawCourt: "Milimani Law Courts",
			Activity: &mention, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 10},
		})); err != nil {
			t.Fatal(err)
		}
		cl, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{
			Fullname: "Mary Kilonzo", PhoneNumber: "0700 918 334", Email: "mkilonzo@example.co.ke", NationalId: "TMP-2024-0113",
			IsNationalIdTemporary: true, Address: "Machakos Town", ClientType: "Individual", Notes: "Administrator of the estate.", PreferredCommunication: "WhatsApp",
		}}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Msg.Client.Id, CaseId: c1.Msg.Case.Id})); err != nil {
			t.Fatal(err)
		}
		if _, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: c1.Msg.Case.Id, Outcome: "Part heard; defence witness to attend.", NextDate: &date.Date{Year: 2025, Month: 2, Day: 3}, NextActivity: "Part Heard Hearing", NextTime: "10:00",
		})); err != nil {
			t.Fatal(err)
		}
		id := c1.Msg.Case.Id
		for _, g := range []struct{ name, method, path string }{
			{"cases", "GET", "/api/cases"},
			{"case", "GET", "/api/cases/" + id},
			{"case_by_case_id", "GET", "/api/cases/case/MCCC%2FE3574%2F2022"},
			{"scheduled", "GET", "/api/caseschedule/scheduled?date=2025-01-15"},
			{"week", "GET", "/api/cases/week"},
			{"between", "GET", "/api/casebetween/cases-between?start=2025-01-01&end=2025-02-28"},
			{"activities", "GET", "/api/activities/case?caseid=MCCC%2FE3574%2F2022"},
			{"needing_update", "GET", "/api/cases-needing-update"},
			{"mark_updated", "PATCH", "/api/cases-needing-update/mark-updated?id=" + id},
			{"clients", "GET", "/api/clients"},
			{"client", "GET", "/api/clients/" + cl.Msg.Client.Id},
			{"case_not_found", "GET", "/api/cases/case/MCCC%2FE1%2F1999"},
			{"bad_date", "GET", "/api/caseschedule/scheduled?date=yesterday"},
		} {
			var body any
			if g.method == "PATCH" {
				body = map[string]bool{"mark_updated": true}
			}
			golden(t, "diary_"+g.name, law.Do(t, g.method, g.path, body))
		}
		res := law.Do(t, "DELETE", "/api/cases/"+id, nil)
		golden(t, "diary_delete", res)
	})
}
