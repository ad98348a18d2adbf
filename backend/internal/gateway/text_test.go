package gateway_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/gateway"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestCases_TextAsEncodingJSONWroteIt: a case's parties and notes holding
// quotes, HTML, multibyte text and JavaScript's line separators (and, on
// SQLite, where a row written by an older Kesi may hold them, NUL and
// invalid UTF-8) come back from GET /api/cases byte for byte as
// encoding/json wrote them.
func TestCases_TextAsEncodingJSONWroteIt(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		law := srv.Lawyer(t)
		mention := "Mention <in chambers> & \"online\""
		texts := []struct{ parties, notes string }{
			{`Wanjiru "Holdings" Ltd \ Otieno`, "<script>alert(1)</script> & co"},
			{"Ng'ang'a v Mũrĩithi — “quoted” ✓ 🇰🇪", "line\u2028sep\u2029para\ttab\r\nnext"},
			{"\x01\x1f\x7f controls", "\ufffd é\u0301"},
		}
		var ids []string
		for i, tx := range texts {
			res, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
				CaseId: "HCCC/E" + string(rune('1'+i)) + "/2024", Parties: tx.parties, LawCourt: "Milimani <Commercial>",
				FilingDate: &date.Date{Year: 2024, Month: 2, Day: 29}, Status: "Hearing", Notes: tx.notes,
				Activity: &mention, ActivityDate: &date.Date{Year: 2025, Month: 12, Day: 31}, Time: "09:30",
			}))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, res.Msg.Case.Id)
		}
		list, err := law.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{ReadMask: gateway.CaseFields}))
		if err != nil {
			t.Fatal(err)
		}
		if e == testkit.SQLite {
			// The Connect door cannot carry invalid UTF-8: the case it
			// answered is given the stored text here.
			parties, notes := "nul\x00 and \xff\xfe invalid \xc3\x28", "cut \xe2\x82"
			if err := srv.DB().CourtCase.UpdateOneID(uuid.MustParse(ids[0])).SetParties(parties).SetNotes(notes).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			for _, c := range list.Msg.Cases {
				if c.Id == ids[0] {
					c.Parties, c.Notes = parties, notes
				}
			}
		}
		res := law.Do(t, "GET", "/api/cases", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET /api/cases = %d %s", res.Status, res.Body)
		}
		if want := gateway.EncodedCases(list.Msg.Cases); !bytes.Equal(res.Body, want) {
			t.Errorf("GET /api/cases answered\n%s\nencoding/json wrote\n%s", res.Body, want)
		}
	})
}
