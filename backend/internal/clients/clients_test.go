package clients_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

var ctx = context.Background()

type clientRow struct {
	User                   string  `json:"user"`
	Fullname               string  `json:"fullname"`
	PhoneNumber            string  `json:"phone_number"`
	Email                  string  `json:"email"`
	NationalID             string  `json:"national_id"`
	IsNationalIDTemporary  bool    `json:"is_national_id_temporary"`
	ProfileImage           string  `json:"profile_image"`
	Address                string  `json:"address"`
	ClientType             string  `json:"client_type"`
	Notes                  string  `json:"notes"`
	PreferredCommunication string  `json:"preferred_communication"`
	CreatedAt              *string `json:"created_at"`
}

func newClient(t *testing.T, s *testkit.Session, f *kesiv1.ClientFields) *kesiv1.Client {
	t.Helper()
	res, err := s.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: f}))
	if err != nil {
		t.Fatalf("create client: %v", err)
	}
	return res.Msg.Client
}

func TestClients_BothDoorsShowEveryField(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		mary := newClient(t, law, &kesiv1.ClientFields{Fullname: " Mary Kilonzo ", PhoneNumber: "0700 918 334", Email: "mkilonzo@example.co.ke",
			NationalId: "TMP-2024-0113", IsNationalIdTemporary: true, Address: "Machakos Town", ClientType: "Individual",
			Notes: "Administrator of the estate.", PreferredCommunication: "WhatsApp"})
		newClient(t, law, &kesiv1.ClientFields{Fullname: "Akinyi Adhiambo"})
		var all []clientRow
		res := law.Do(t, "GET", "/api/clients", nil)
		res.JSON(t, &all)
		if res.Status != 200 || len(all) != 2 || all[0].Fullname != "Akinyi Adhiambo" {
			t.Fatalf("GET /api/clients = %d %s", res.Status, res.Body)
		}
		var one clientRow
		law.Do(t, "GET", "/api/clients/"+mary.Id, nil).JSON(t, &one)
		want := clientRow{User: mary.Id, Fullname: "Mary Kilonzo", PhoneNumber: "0700 918 334", Email: "mkilonzo@example.co.ke",
			NationalID: "TMP-2024-0113", IsNationalIDTemporary: true, Address: "Machakos Town", ClientType: "Individual",
			Notes: "Administrator of the estate.", PreferredCommunication: "WhatsApp", CreatedAt: one.CreatedAt}
		if one != want || one.CreatedAt == nil {
			t.Errorf("GET /api/clients/{id} = %+v, want %+v", one, want)
		}
		upd, err := law.Clients().UpdateClient(ctx, connect.NewRequest(&kesiv1.UpdateClientRequest{Id: mary.Id, Client: &kesiv1.ClientFields{Fullname: "Mary Kilonzo", NationalId: "29876543"}}))
		if err != nil || upd.Msg.Client.IsNationalIdTemporary || upd.Msg.Client.NationalId != "29876543" || upd.Msg.Client.Email != "" {
			t.Errorf("update replaces every field: %v, %v", upd, err)
		}
	})
}

func TestClients_LinkToCases(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law, other := srv.Lawyer(t), srv.Lawyer(t)
		cl := newClient(t, law, &kesiv1.ClientFields{Fullname: "Nyota Logistics Ltd"})
		c, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "MCCC/E1/2024"}))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := other.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "MCCC/E2/2024"}))
		if err != nil {
			t.Fatal(err)
		}
		linked, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Id, CaseId: c.Msg.Case.Id}))
		if err != nil || len(linked.Msg.Client.CaseIds) != 1 {
			t.Fatalf("link = %v, %v", linked, err)
		}
		got, _ := law.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: c.Msg.Case.Id}))
		if len(got.Msg.Case.ClientIds) != 1 || got.Msg.Case.ClientIds[0] != cl.Id {
			t.Errorf("the case does not list its client: %v", got.Msg.Case.ClientIds)
		}
		// The list reads the links in one pass: the same ids, by the clients' names.
		abc := newClient(t, law, &kesiv1.ClientFields{Fullname: "Akinyi Otieno"})
		if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: abc.Id, CaseId: c.Msg.Case.Id})); err != nil {
			t.Fatal(err)
		}
		if _, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "MCCC/E3/2024"})); err != nil {
			t.Fatal(err)
		}
		list, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		links := map[string][]string{}
		for _, k := range list.Msg.Cases {
			links[k.CaseId] = k.ClientIds
		}
		if want := []string{abc.Id, cl.Id}; !slices.Equal(links["MCCC/E1/2024"], want) || len(links["MCCC/E3/2024"]) != 0 || len(links) != 2 {
			t.Errorf("the list's client links = %v, want MCCC/E1/2024 %v and none for MCCC/E3/2024", links, want)
		}
		if _, err := law.Clients().UnlinkClientCase(ctx, connect.NewRequest(&kesiv1.UnlinkClientCaseRequest{ClientId: abc.Id, CaseId: c.Msg.Case.Id})); err != nil {
			t.Fatal(err)
		}
		// The activity recorded next carries the client's name.
		rec, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: c.Msg.Case.Id, NextDate: &date.Date{Year: 2025, Month: 2, Day: 3}, NextActivity: "Hearing"}))
		if err != nil || rec.Msg.Next.ClientName != "Nyota Logistics Ltd" {
			t.Errorf("recorded activity = %v, %v; want it to carry the client's name", rec, err)
		}
		_, err = law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: cl.Id, CaseId: theirs.Msg.Case.Id}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("linking another lawyer's case: %v, want NotFound", err)
		}
		un, err := law.Clients().UnlinkClientCase(ctx, connect.NewRequest(&kesiv1.UnlinkClientCaseRequest{ClientId: cl.Id, CaseId: c.Msg.Case.Id}))
		if err != nil || len(un.Msg.Client.CaseIds) != 0 {
			t.Errorf("unlink = %v, %v", un, err)
		}
	})
}

func TestClients_BadInputAndAccess(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law, other := srv.Lawyer(t), srv.Lawyer(t)
		cl := newClient(t, law, &kesiv1.ClientFields{Fullname: "Zawadi Nekesa"})
		for _, f := range []*kesiv1.ClientFields{
			{Fullname: "Z"},
			{Fullname: "Zawadi", Email: "not-an-address"},
			{Fullname: "Zawadi", PhoneNumber: "call me"},
			{Fullname: "Zawadi", Notes: strings.Repeat("n", 5001)},
			nil,
		} {
			_, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: f}))
			if connect.CodeOf(err) != connect.CodeInvalidArgument {
				t.Errorf("create %v: %v, want InvalidArgument", f, err)
			}
		}
		if n := len(srv.DB().User.QueryClients(law.User).AllX(ctx)); n != 1 {
			t.Errorf("refused creates left %d clients, want 1", n)
		}
		for _, p := range []string{"/api/clients/" + cl.Id, "/api/clients/nonsense"} {
			if res := other.Do(t, "GET", p, nil); res.Status != 404 || res.Message(t) != "Client not found." {
				t.Errorf("another lawyer GET %s = %d %s, want 404", p, res.Status, res.Body)
			}
		}
		var list []clientRow
		other.Do(t, "GET", "/api/clients", nil).JSON(t, &list)
		if len(list) != 0 {
			t.Errorf("another lawyer sees %d clients", len(list))
		}
		_, err := other.Clients().GetClient(ctx, connect.NewRequest(&kesiv1.GetClientRequest{Id: cl.Id}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("Connect GetClient by another lawyer: %v", err)
		}
		_, err = other.Clients().UpdateClient(ctx, connect.NewRequest(&kesiv1.UpdateClientRequest{Id: cl.Id, Client: &kesiv1.ClientFields{Fullname: "Taken Over"}}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("Connect UpdateClient by another lawyer: %v", err)
		}
		affiliate := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate}))
		unpaid := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		if res := affiliate.Do(t, "GET", "/api/clients", nil); res.Status != 403 {
			t.Errorf("affiliate GET /api/clients = %d", res.Status)
		}
		if res := unpaid.Do(t, "GET", "/api/clients", nil); res.Status != 402 {
			t.Errorf("unpaid GET /api/clients = %d", res.Status)
		}
		_, err = unpaid.Clients().ListClients(ctx, connect.NewRequest(&kesiv1.ListClientsRequest{}))
		if connect.CodeOf(err) != connect.CodeFailedPrecondition {
			t.Errorf("unpaid Connect ListClients: %v", err)
		}
	})
}

// The web form's rules (frontend/src/lib/validation.ts clientRules) hold on
// the API too, with the form's messages on the field: an integrator's client
// cannot hold a phone number or address the form would refuse.
func TestClients_TheFormsRulesHoldOnTheAPI(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		cl := newClient(t, law, &kesiv1.ClientFields{Fullname: "Zawadi Nekesa"})
		for _, tc := range []struct {
			name         string
			fields       *kesiv1.ClientFields
			field, label string
		}{
			{"short phone", &kesiv1.ClientFields{Fullname: "Zawadi", PhoneNumber: "0712"}, "phone_number", "Phone number must be at least 10 digits."},
			{"punctuation for a phone", &kesiv1.ClientFields{Fullname: "Zawadi", PhoneNumber: "+-() --"}, "phone_number", "Phone number must be at least 10 digits."},
			{"letters in a phone", &kesiv1.ClientFields{Fullname: "Zawadi", PhoneNumber: "0712 345 678 ext"}, "phone_number", "Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters."},
			{"Arabic-Indic digits", &kesiv1.ClientFields{Fullname: "Zawadi", PhoneNumber: "٠٧١٢٣٤٥٦٧٨٩"}, "phone_number", "Phone number may contain only digits, spaces, +, - and brackets, at most 32 characters."},
			{"no dot in the domain", &kesiv1.ClientFields{Fullname: "Zawadi", Email: "zawadi@localhost"}, "email", "Please enter a valid email address."},
			{"display name", &kesiv1.ClientFields{Fullname: "Zawadi", Email: "Zawadi <zawadi@example.co.ke>"}, "email", "Please enter a valid email address."},
		} {
			_, err := law.Clients().CreateClient(ctx, connect.NewRequest(&kesiv1.CreateClientRequest{Client: tc.fields}))
			wantViolation(t, "create with "+tc.name, err, tc.field, tc.label)
			_, err = law.Clients().UpdateClient(ctx, connect.NewRequest(&kesiv1.UpdateClientRequest{Id: cl.Id, Client: tc.fields}))
			wantViolation(t, "update with "+tc.name, err, tc.field, tc.label)
		}
		// What the form lets through, the API takes.
		for _, phone := range []string{"+254 712 345 678", "0712345678", "(020) 222-1234"} {
			newClient(t, law, &kesiv1.ClientFields{Fullname: "Zawadi", PhoneNumber: phone, Email: "zawadi@example.co.ke"})
		}
		if n := len(srv.DB().User.QueryClients(law.User).AllX(ctx)); n != 4 {
			t.Errorf("the lawyer has %d clients, want 4", n)
		}
	})
}

func wantViolation(t *testing.T, what string, err error, field, description string) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeInvalidArgument {
		t.Errorf("%s: %v, want InvalidArgument", what, err)
		return
	}
	for _, d := range ce.Details() {
		if m, err := d.Value(); err == nil {
			if br, ok := m.(*errdetails.BadRequest); ok && len(br.GetFieldViolations()) == 1 {
				v := br.GetFieldViolations()[0]
				if v.GetField() != field || v.GetDescription() != description {
					t.Errorf("%s: violation %s %q, want %s %q", what, v.GetField(), v.GetDescription(), field, description)
				}
				return
			}
		}
	}
	t.Errorf("%s: %v carries no field violation", what, err)
}
