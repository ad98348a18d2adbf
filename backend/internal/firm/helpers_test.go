package firm_test

import (
	"bytes"
	"context"
	"errors"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

var ctx = context.Background()

func day(y, m, d int) *date.Date { return &date.Date{Year: int32(y), Month: int32(m), Day: int32(d)} }

// advocate is a signed-in account with its Connect clients.
type advocate struct {
	*testkit.Session
	srv  *testkit.Server
	User *ent.User
}

func newAdvocate(t *testing.T, srv *testkit.Server, name, email string) *advocate {
	t.Helper()
	u := srv.CreateUser(t, testkit.UserSpec{Fullname: name, Email: email})
	return &advocate{Session: srv.Session(t, u), srv: srv, User: u}
}

func (a *advocate) Firm() kesiv1connect.FirmServiceClient {
	return kesiv1connect.NewFirmServiceClient(a.HTTP, a.srv.URL)
}

// code is the Connect code of err (0 when nil).
func code(err error) connect.Code {
	if err == nil {
		return 0
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		return ce.Code()
	}
	return connect.CodeUnknown
}

// ok answers a call's message, failing the test on its error.
func ok[T any](res *connect.Response[T], err error) func(t *testing.T, what string) *T {
	return func(t *testing.T, what string) *T {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return res.Msg
	}
}

// newCase creates a case through the Connect door with one sitting.
func (a *advocate) newCase(t *testing.T, number, court, kind string, on *date.Date, tm string) *kesiv1.Case {
	t.Helper()
	res, err := a.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
		CaseId: number, Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: court, Activity: &kind, ActivityDate: on, Time: tm,
	}))
	return ok(res, err)(t, "create case "+number).Case
}

func (a *advocate) share(t *testing.T, c *kesiv1.Case, shared bool) {
	t.Helper()
	_, err := a.Firm().ShareCase(ctx, connect.NewRequest(&kesiv1.ShareCaseRequest{Id: c.Id, Shared: shared}))
	if err != nil {
		t.Fatalf("share %s = %v: %v", c.CaseId, shared, err)
	}
}

var joinLink = regexp.MustCompile(`(https?://\S+/firm/join\?code=[A-Za-z0-9_-]+)`)

// invite has admin invite email and answers the join link of the mail.
func invite(t *testing.T, srv *testkit.Server, admin *advocate, email string) string {
	t.Helper()
	to := strings.ToLower(strings.TrimSpace(email))
	before := len(srv.Mails(t, to))
	if _, err := admin.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: email})); err != nil {
		t.Fatalf("invite %s: %v", email, err)
	}
	mails := srv.Mails(t, to)
	if len(mails) != before+1 {
		t.Fatalf("%d mails to %s, want %d", len(mails), email, before+1)
	}
	m := joinLink.FindStringSubmatch(mails[len(mails)-1].Text)
	if m == nil {
		t.Fatalf("the invitation has no join link:\n%s", mails[len(mails)-1].Text)
	}
	if !strings.HasPrefix(m[1], srv.URL+"/firm/join?code=") {
		t.Fatalf("join link %s is not under the public URL %s", m[1], srv.URL)
	}
	return m[1]
}

func codeOf(link string) string { _, c, _ := strings.Cut(link, "code="); return c }

func (a *advocate) accept(link string) error {
	_, err := a.Firm().AcceptInvitation(ctx, connect.NewRequest(&kesiv1.AcceptInvitationRequest{Code: codeOf(link)}))
	return err
}

// uploadDoc uploads one small document to the case through the REST door.
func (a *advocate) uploadDoc(t *testing.T, caseRef, title string) string {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("case_id", caseRef)
	_ = mw.WriteField("document_title", title)
	part, _ := mw.CreateFormFile("files", "plaint.txt")
	_, _ = part.Write([]byte("IN THE CHIEF MAGISTRATE'S COURT AT MILIMANI\nPLAINT\n"))
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, a.srv.URL+"/api/files/upload", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res := a.Send(t, req)
	if res.Status != http.StatusCreated {
		t.Fatalf("upload = %d %s", res.Status, res.Body)
	}
	var out struct {
		Files []struct {
			ID string `json:"document_id"`
		} `json:"files"`
	}
	res.JSON(t, &out)
	return out.Files[0].ID
}
