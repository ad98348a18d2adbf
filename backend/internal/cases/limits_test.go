package cases_test

import (
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestTextLimits_CountCharacters: every text limit of cases, activities and
// clients counts characters, in the validators and in the columns: the
// limit in "ñ" (two bytes each) is accepted and read back whole through
// both doors; one more, or a NUL byte, answers 400 naming the field; never
// 500, on both engines.
func TestTextLimits_CountCharacters(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		n := func(k int) string { return strings.Repeat("ñ", k) }
		kind := n(80)

		// A case with every text at its limit, and its first sitting.
		c := create(t, law, &kesiv1.CreateCaseRequest{CaseId: n(120), Parties: n(1000), LawCourt: n(200), CaseType: n(120), Notes: n(10000),
			Activity: &kind, ActivityDate: day(2025, 1, 15)})
		var got caseRow
		getJSON(t, law, "/api/cases/"+c.Id, &got)
		if got.CaseID != n(120) || got.Parties != n(1000) || got.LawCourt != n(200) || got.Notes != n(10000) || got.Activity != kind {
			t.Errorf("a case at the character limits did not come back whole")
		}
		rec := record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, Outcome: n(5000), NextDate: day(2025, 2, 3), NextActivity: n(80)})
		if rec.Next.Activity != n(80) {
			t.Errorf("next activity at the limit: %q", rec.Next.Activity)
		}
		cl, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{
			Fullname: n(200), NationalId: n(40), Address: n(500), ClientType: n(60), Notes: n(5000), PreferredCommunication: n(60)}}))
		if err != nil {
			t.Fatalf("a client at the character limits: %v", err)
		}
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Msg.Client.Id, CaseId: c.Id})); err != nil {
			t.Fatal(err)
		}
		// The next sitting carries the 200-character client name.
		record(t, law, &kesiv1.RecordActivityRequest{Id: c.Id, NextDate: day(2025, 3, 3), NextActivity: "Mention"})

		over := []struct {
			name string
			call func() error
			msg  string
		}{
			{"parties", func() error {
				_, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "A/1", Parties: n(1001)}))
				return err
			}, "Parties must be at most 1000 characters."},
			{"case_id", func() error {
				_, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: n(121)}))
				return err
			}, "Case ID must be at most 120 characters."},
			{"notes on update", func() error {
				notes := n(10001)
				_, err := law.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: c.Id, Notes: &notes}))
				return err
			}, "Notes must be at most 10000 characters."},
			{"a NUL byte in parties", func() error {
				_, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "A/2", Parties: "Otieno\x00 v Wanjiru"}))
				return err
			}, "parties must not contain NUL characters."},
			{"outcome", func() error {
				_, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: c.Id, Outcome: n(5001)}))
				return err
			}, "Outcome must be at most 5000 characters."},
			{"client address", func() error {
				_, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: &kesiv1.ClientFields{Fullname: "Mary Kilonzo", Address: n(501)}}))
				return err
			}, "Address must be at most 500 characters."},
		}
		for _, o := range over {
			err := o.call()
			if connect.CodeOf(err) != connect.CodeInvalidArgument || !strings.Contains(err.Error(), o.msg) {
				t.Errorf("%s over the limit: %v, want InvalidArgument %q", o.name, err, o.msg)
			}
		}
		// The Connect door spoken as JSON over HTTP answers 400, not 500.
		res := law.Do(t, "POST", "/kesi.v1.CaseService/CreateCase", map[string]string{"caseId": "A/3", "parties": n(1001)})
		if res.Status != 400 {
			t.Errorf("JSON CreateCase over the limit = %d %s, want 400", res.Status, res.Body)
		}
		var all []caseRow
		getJSON(t, law, "/api/cases", &all)
		if len(all) != 1 {
			t.Errorf("refused writes left %d cases, want 1", len(all))
		}
	})
}
