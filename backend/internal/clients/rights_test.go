package clients_test

import (
	"encoding/json"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// A lawyer hands a client everything Kesi holds about them (the client,
// their cases and sittings, nobody else's), and deletes a client: the
// cases stay in the diary, unlinked.
func TestClients_ExportAndDelete(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		law, other := srv.Lawyer(t), srv.Lawyer(t)
		cl := newClient(t, law, &kesiv1.ClientFields{Fullname: "Jane Wanjiru Mwangi", Email: "jane@example.co.ke", NationalId: "12345678"})
		bystander := newClient(t, law, &kesiv1.ClientFields{Fullname: "Otieno Bystander"})
		mine, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "HCCC/E7/2024", Parties: "Mwangi v. Bank"}))
		if err != nil {
			t.Fatal(err)
		}
		unrelated, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "HCCC/E8/2024", Parties: "Unrelated v. Someone"}))
		if err != nil {
			t.Fatal(err)
		}
		for _, link := range []struct{ client, c string }{{cl.Id, mine.Msg.Case.Id}, {bystander.Id, unrelated.Msg.Case.Id}} {
			if _, err := law.Clients().LinkClientCase(ctx, connect.NewRequest(&kesiv1.LinkClientCaseRequest{ClientId: link.client, CaseId: link.c})); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{Id: mine.Msg.Case.Id,
			NextDate: &date.Date{Year: 2025, Month: 2, Day: 3}, NextActivity: "Hearing"})); err != nil {
			t.Fatal(err)
		}

		res, err := law.Clients().ExportClient(ctx, connect.NewRequest(&kesiv1.ExportClientRequest{Id: cl.Id}))
		if err != nil {
			t.Fatal(err)
		}
		if res.Msg.Filename != "client-jane-wanjiru-mwangi.json" {
			t.Errorf("file name %q", res.Msg.Filename)
		}
		var doc clients.ClientExport
		if err := json.Unmarshal([]byte(res.Msg.Json), &doc); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		if doc.Client.NationalID != "12345678" || doc.Client.Email != "jane@example.co.ke" ||
			len(doc.Cases) != 1 || doc.Cases[0].CaseNumber != "HCCC/E7/2024" || len(doc.Cases[0].Activities) == 0 {
			t.Errorf("export %+v", doc)
		}
		for _, s := range []string{"Otieno Bystander", "HCCC/E8/2024", "Unrelated"} {
			if strings.Contains(res.Msg.Json, s) {
				t.Errorf("the export holds %q, not this client's", s)
			}
		}
		// A client linked to no case gets no case: not the whole diary.
		lonely := newClient(t, law, &kesiv1.ClientFields{Fullname: "Akinyi Lonely"})
		res, err = law.Clients().ExportClient(ctx, connect.NewRequest(&kesiv1.ExportClientRequest{Id: lonely.Id}))
		if err != nil {
			t.Fatal(err)
		}
		var alone clients.ClientExport
		if err := json.Unmarshal([]byte(res.Msg.Json), &alone); err != nil || alone.Cases == nil || len(alone.Cases) != 0 {
			t.Errorf("the export of a client with no case holds cases %v (%v):\n%s", alone.Cases, err, res.Msg.Json)
		}
		// Another lawyer can neither export nor delete the client.
		if _, err := other.Clients().ExportClient(ctx, connect.NewRequest(&kesiv1.ExportClientRequest{Id: cl.Id})); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("another lawyer's export: %v", err)
		}
		if _, err := other.Clients().DeleteClient(ctx, connect.NewRequest(&kesiv1.DeleteClientRequest{Id: cl.Id})); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("another lawyer's delete: %v", err)
		}

		del, err := law.Clients().DeleteClient(ctx, connect.NewRequest(&kesiv1.DeleteClientRequest{Id: cl.Id}))
		if err != nil || del.Msg.UnlinkedCases != 1 {
			t.Fatalf("delete = %v, %v", del, err)
		}
		if _, err := law.Clients().GetClient(ctx, connect.NewRequest(&kesiv1.GetClientRequest{Id: cl.Id})); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("the deleted client is still there: %v", err)
		}
		got, err := law.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: mine.Msg.Case.Id}))
		if err != nil || len(got.Msg.Case.ClientIds) != 0 {
			t.Errorf("the case after its client was deleted: %v, %v", got, err)
		}
		still, err := law.Clients().GetClient(ctx, connect.NewRequest(&kesiv1.GetClientRequest{Id: bystander.Id}))
		if err != nil || len(still.Msg.Client.CaseIds) != 1 {
			t.Errorf("the other client lost their link: %v, %v", still, err)
		}
		if _, err := law.Clients().DeleteClient(ctx, connect.NewRequest(&kesiv1.DeleteClientRequest{Id: "not-a-uuid"})); connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("a malformed id: %v", err)
		}
	})
}
