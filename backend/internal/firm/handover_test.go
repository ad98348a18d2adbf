package firm_test

import (
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Only the administrator hands the firm over, and only to a member; the
// new administrator becomes a moderator, the old one a lawyer and member.
func TestFirm_HandOver(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		wanjiku := newAdvocate(t, srv, "Wanjiku Mwangi", "wanjiku@odhiambo-advocates.co.ke")
		otieno := newAdvocate(t, srv, "Otieno Ouma", "otieno@ouma-law.co.ke") // no firm
		ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create firm")
		for _, m := range []*advocate{kamau, wanjiku} {
			if err := m.accept(invite(t, srv, achieng, m.User.Email)); err != nil {
				t.Fatalf("%s accepts: %v", m.User.Fullname, err)
			}
		}
		handOver := func(by *advocate, to string) error {
			_, err := by.Firm().HandOverFirm(ctx, connect.NewRequest(&kesiv1.HandOverFirmRequest{MemberUserId: to}))
			return err
		}
		refused := []struct {
			what string
			by   *advocate
			to   string
			want connect.Code
		}{
			{"a member", kamau, wanjiku.User.ID.String(), connect.CodePermissionDenied},
			{"an advocate outside the firm", otieno, kamau.User.ID.String(), connect.CodeNotFound},
			{"to a stranger", achieng, otieno.User.ID.String(), connect.CodeNotFound},
			{"to a malformed id", achieng, "not-an-id", connect.CodeNotFound},
			{"to themself", achieng, achieng.User.ID.String(), connect.CodeFailedPrecondition},
		}
		for _, r := range refused {
			if err := handOver(r.by, r.to); code(err) != r.want {
				t.Errorf("handover by %s = %v, want %v", r.what, err, r.want)
			}
		}
		if u := srv.DB().User.GetX(ctx, achieng.User.ID); u.Role != user.RoleModerator {
			t.Fatalf("after refused handovers the administrator is %s", u.Role)
		}

		res, err := achieng.Firm().HandOverFirm(ctx, connect.NewRequest(&kesiv1.HandOverFirmRequest{MemberUserId: kamau.User.ID.String()}))
		f := ok(res, err)(t, "hand over")
		if f.Firm.AdminUserId != kamau.User.ID.String() || f.Firm.CallerIsAdmin {
			t.Fatalf("handed over firm = %v", f.Firm)
		}
		if u := srv.DB().User.GetX(ctx, kamau.User.ID); u.Role != user.RoleModerator {
			t.Errorf("the new administrator is %s, want moderator", u.Role)
		}
		if u := srv.DB().User.GetX(ctx, achieng.User.ID); u.Role != user.RoleLawyer {
			t.Errorf("the old administrator is %s, want lawyer", u.Role)
		}
		got := ok(kamau.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{})))(t, "kamau's firm").Firm
		if !got.CallerIsAdmin || got.AdminUserId != kamau.User.ID.String() {
			t.Errorf("kamau sees %v", got)
		}
		members := ok(achieng.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})))(t, "members").Members
		if len(members) != 3 || members[0].UserId != kamau.User.ID.String() || !members[0].Admin {
			t.Fatalf("members after handover = %v", members)
		}
		for _, m := range members[1:] {
			if m.Admin {
				t.Errorf("%s is still an administrator", m.Fullname)
			}
		}
		// The old administrator is a member now: no more invitations, and
		// free to leave; the new one invites.
		if _, err := achieng.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: "x@example.co.ke"})); code(err) != connect.CodePermissionDenied {
			t.Errorf("the old administrator invites = %v, want PermissionDenied", err)
		}
		if err := handOver(achieng, wanjiku.User.ID.String()); code(err) != connect.CodePermissionDenied {
			t.Errorf("the old administrator hands over again = %v, want PermissionDenied", err)
		}
		invite(t, srv, kamau, "njeri@odhiambo-advocates.co.ke")
		if _, err := achieng.Firm().LeaveFirm(ctx, connect.NewRequest(&kesiv1.LeaveFirmRequest{})); err != nil {
			t.Errorf("the old administrator leaves: %v", err)
		}
		if n := srv.DB().AuditEvent.Query().Where(auditevent.Kind(firm.AuditFirmHandedOver)).CountX(ctx); n != 1 {
			t.Errorf("%d handover audit events, want 1", n)
		}
	})
}
