package account_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/testkit"
	entfirm "github.com/kesihq/kesi/ent/firm"
	"github.com/kesihq/kesi/ent/firminvitation"
	"github.com/kesihq/kesi/ent/firmmember"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

func firmClient(s *testkit.Session, srv *testkit.Server) kesiv1connect.FirmServiceClient {
	return kesiv1connect.NewFirmServiceClient(s.HTTP, srv.URL)
}

var joinCode = regexp.MustCompile(`/firm/join\?code=([A-Za-z0-9_-]+)`)

// inviteCode has admin invite email and answers the code of the mailed link.
func inviteCode(t *testing.T, srv *testkit.Server, admin *testkit.Session, email string) string {
	t.Helper()
	if _, err := firmClient(admin, srv).InviteMember(context.Background(), connectReq(&kesiv1.InviteMemberRequest{Email: email})); err != nil {
		t.Fatalf("invite %s: %v", email, err)
	}
	mails := srv.Mails(t, email)
	m := joinCode.FindStringSubmatch(mails[len(mails)-1].Text)
	if m == nil {
		t.Fatalf("no join link mailed to %s", email)
	}
	return m[1]
}

func accept(t *testing.T, srv *testkit.Server, s *testkit.Session, code string) {
	t.Helper()
	if _, err := firmClient(s, srv).AcceptInvitation(context.Background(), connectReq(&kesiv1.AcceptInvitationRequest{Code: code})); err != nil {
		t.Fatalf("accept: %v", err)
	}
}

func userID(t *testing.T, srv *testkit.Server, email string) uuid.UUID {
	t.Helper()
	return srv.DB().User.Query().Where(user.Email(email)).OnlyIDX(context.Background())
}

// A firm's administrator cannot delete their account while the firm has
// other members; after handing it over they can, and the erasure takes
// them out of the firm: the sittings assigned to them go back.
func TestDeleteAccountAsksTheFirmHandedOver(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		const admEmail, memEmail = "achieng@odhiambo-advocates.co.ke", "kamau@odhiambo-advocates.co.ke"
		adm := advocate(t, srv, admEmail)
		mem := advocate(t, srv, memEmail)
		admID, memID := userID(t, srv, admEmail), userID(t, srv, memEmail)
		if _, err := firmClient(adm, srv).CreateFirm(ctx, connectReq(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})); err != nil {
			t.Fatal(err)
		}
		accept(t, srv, mem, inviteCode(t, srv, adm, memEmail))

		// Kamau's shared hearing, attended by Achieng.
		kind := "Hearing"
		c, err := mem.Cases().CreateCase(ctx, connectReq(&kesiv1.CreateCaseRequest{CaseId: "MCCC/E4471/2024", Parties: "Wanjiru Holdings Ltd v Otieno",
			LawCourt: "Milimani Commercial Court", Activity: &kind, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 20}, Time: "10:00"}))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := firmClient(mem, srv).ShareCase(ctx, connectReq(&kesiv1.ShareCaseRequest{Id: c.Msg.Case.Id, Shared: true})); err != nil {
			t.Fatal(err)
		}
		sits, err := firmClient(mem, srv).ListCaseSittings(ctx, connectReq(&kesiv1.ListCaseSittingsRequest{Id: c.Msg.Case.Id}))
		if err != nil || len(sits.Msg.Sittings) != 1 {
			t.Fatalf("sittings: %v %v", sits, err)
		}
		actID := sits.Msg.Sittings[0].ActivityId
		if _, err := firmClient(mem, srv).AssignSitting(ctx, connectReq(&kesiv1.AssignSittingRequest{ActivityId: actID, MemberUserId: admID.String()})); err != nil {
			t.Fatal(err)
		}

		// Refused through both doors, with the reason; nothing scheduled.
		_, err = accountClient(adm, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password}))
		if connect.CodeOf(err) != connect.CodeFailedPrecondition || !strings.Contains(err.Error(), firm.MsgHandOverFirst) {
			t.Fatalf("administrator's deletion = %v, want FailedPrecondition %q", err, firm.MsgHandOverFirst)
		}
		res := adm.Do(t, http.MethodPost, "/api/account/delete", map[string]string{"password": password})
		if res.Status == http.StatusOK || res.Message(t) != firm.MsgHandOverFirst {
			t.Fatalf("REST administrator's deletion: %d %s", res.Status, res.Body)
		}
		if got, err := accountClient(adm, srv).GetAccountDeletion(ctx, connectReq(&kesiv1.GetAccountDeletionRequest{})); err != nil || got.Msg.Deletion != nil {
			t.Fatalf("a refused deletion was scheduled: %v %v", got, err)
		}

		if _, err := firmClient(adm, srv).HandOverFirm(ctx, connectReq(&kesiv1.HandOverFirmRequest{MemberUserId: memID.String()})); err != nil {
			t.Fatal(err)
		}
		if _, err := accountClient(adm, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
			t.Fatalf("deletion after the handover: %v", err)
		}
		srv.Clock.Advance(8 * 24 * time.Hour)
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
			t.Fatal(err)
		}
		if srv.DB().User.Query().Where(user.ID(admID)).ExistX(ctx) {
			t.Fatal("the account was not erased")
		}
		if srv.DB().FirmMember.Query().Where(firmmember.UserID(admID)).ExistX(ctx) {
			t.Error("the erased account is still a member")
		}
		if a := srv.DB().Activity.GetX(ctx, uuid.MustParse(actID)); a.AttendedBy != nil {
			t.Errorf("the sitting is still assigned to the erased account: %v", a.AttendedBy)
		}
		members, err := firmClient(signIn(t, srv, memEmail), srv).ListMembers(ctx, connectReq(&kesiv1.ListMembersRequest{}))
		if err != nil || len(members.Msg.Members) != 1 || members.Msg.Members[0].UserId != memID.String() || !members.Msg.Members[0].Admin {
			t.Fatalf("members after the erasure: %v %v", members, err)
		}
	})
}

// The erasure of a lone administrator ends the firm and its invitations;
// of one whose firm gained members in the grace period, it hands the firm
// to the earliest-joined.
func TestErasureEndsOrHandsOverTheFirm(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		lone := advocate(t, srv, "lone@ouma-law.co.ke")
		adm := advocate(t, srv, "njeri@kariuki-partners.co.ke")
		first := advocate(t, srv, "wanjiku@kariuki-partners.co.ke")
		advocate(t, srv, "otieno@kariuki-partners.co.ke")
		member := advocate(t, srv, "mwangi@kariuki-partners.co.ke")
		for _, s := range []*testkit.Session{lone, adm} {
			if _, err := firmClient(s, srv).CreateFirm(ctx, connectReq(&kesiv1.CreateFirmRequest{Name: "Firm"})); err != nil {
				t.Fatal(err)
			}
		}
		loneFirm := srv.DB().Firm.Query().Where(entfirm.AdminID(userID(t, srv, "lone@ouma-law.co.ke"))).OnlyIDX(ctx)
		admFirm := srv.DB().Firm.Query().Where(entfirm.AdminID(userID(t, srv, "njeri@kariuki-partners.co.ke"))).OnlyIDX(ctx)
		inviteCode(t, srv, lone, "pending@ouma-law.co.ke")
		firstCode := inviteCode(t, srv, adm, "wanjiku@kariuki-partners.co.ke")
		secondCode := inviteCode(t, srv, adm, "otieno@kariuki-partners.co.ke")
		memberCode := inviteCode(t, srv, adm, "mwangi@kariuki-partners.co.ke")
		accept(t, srv, member, memberCode)
		// The lone administrator and Mwangi, a member, delete their accounts;
		// Njeri may only once Mwangi is out of her firm.
		for _, s := range []*testkit.Session{lone, member} {
			if _, err := accountClient(s, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
				t.Fatal(err)
			}
		}
		_, err := accountClient(adm, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password}))
		if connect.CodeOf(err) != connect.CodeFailedPrecondition {
			t.Fatalf("Njeri's deletion with a member = %v, want FailedPrecondition", err)
		}
		if _, err := firmClient(adm, srv).RemoveMember(ctx, connectReq(&kesiv1.RemoveMemberRequest{MemberUserId: userID(t, srv, "mwangi@kariuki-partners.co.ke").String()})); err != nil {
			t.Fatal(err)
		}
		if _, err := accountClient(adm, srv).DeleteAccount(ctx, connectReq(&kesiv1.DeleteAccountRequest{Password: password})); err != nil {
			t.Fatalf("a lone administrator's deletion: %v", err)
		}
		// In the grace period two advocates join Njeri's firm.
		accept(t, srv, first, firstCode)
		srv.Clock.Advance(time.Hour)
		accept(t, srv, signIn(t, srv, "otieno@kariuki-partners.co.ke"), secondCode)

		srv.Clock.Advance(8 * 24 * time.Hour)
		if err := srv.App.Jobs.RunOnce(ctx, "erasure"); err != nil {
			t.Fatal(err)
		}
		for _, email := range []string{"lone@ouma-law.co.ke", "njeri@kariuki-partners.co.ke", "mwangi@kariuki-partners.co.ke"} {
			if srv.DB().User.Query().Where(user.Email(email)).ExistX(ctx) {
				t.Errorf("%s was not erased", email)
			}
		}
		if srv.DB().Firm.Query().Where(entfirm.ID(loneFirm)).ExistX(ctx) ||
			srv.DB().FirmInvitation.Query().Where(firminvitation.FirmID(loneFirm)).ExistX(ctx) ||
			srv.DB().FirmMember.Query().Where(firmmember.FirmID(loneFirm)).ExistX(ctx) {
			t.Error("the lone administrator's firm outlived their erasure")
		}
		firstID, secondID := userID(t, srv, "wanjiku@kariuki-partners.co.ke"), userID(t, srv, "otieno@kariuki-partners.co.ke")
		if f := srv.DB().Firm.GetX(ctx, admFirm); f.AdminID != firstID {
			t.Errorf("Njeri's firm went to %s, want the earliest-joined %s", f.AdminID, firstID)
		}
		ms := srv.DB().FirmMember.Query().Where(firmmember.FirmID(admFirm)).Order(firmmember.ByJoinedAt()).AllX(ctx)
		if len(ms) != 2 || ms[0].UserID != firstID || !ms[0].Admin || ms[1].UserID != secondID || ms[1].Admin {
			t.Fatalf("members of Njeri's firm after her erasure: %+v", ms)
		}
		if u := srv.DB().User.GetX(ctx, firstID); u.Role != user.RoleModerator {
			t.Errorf("the new administrator is %s, want moderator", u.Role)
		}
		got, err := firmClient(signIn(t, srv, "wanjiku@kariuki-partners.co.ke"), srv).GetFirm(ctx, connectReq(&kesiv1.GetFirmRequest{}))
		if err != nil || !got.Msg.Firm.CallerIsAdmin {
			t.Fatalf("the heir's firm: %v %v", got, err)
		}
	})
}
