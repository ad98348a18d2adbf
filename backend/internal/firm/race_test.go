package firm_test

import (
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/firm"
	"github.com/kesihq/kesi/ent/firmmember"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestFirm_NeverLeftWithoutAdministrator: a handover that commits while a
// removal or a departure of the new administrator waits on it leaves the
// firm administered: the member now administering is neither removed nor
// let go, and the firm still has its administrator among its members.
func TestFirm_NeverLeftWithoutAdministrator(t *testing.T) {
	for _, what := range []string{"leave", "remove"} {
		t.Run(what, func(t *testing.T) {
			testkit.Each(t, func(t *testing.T, e testkit.Engine) {
				srv := testkit.NewServer(t, e, nil)
				achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
				kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
				wanjiku := newAdvocate(t, srv, "Wanjiku Mwangi", "wanjiku@odhiambo-advocates.co.ke")
				f := ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create").Firm
				for _, m := range []*advocate{kamau, wanjiku} {
					if err := m.accept(invite(t, srv, achieng, m.User.Email)); err != nil {
						t.Fatal(err)
					}
				}
				// Achieng hands the firm over to Kamau (the handover's writes,
				// held open) while Kamau leaves, or while Achieng, in another
				// tab, removes him.
				tx, err := srv.DB().Tx(ctx)
				if err != nil {
					t.Fatal(err)
				}
				tx.FirmMember.Update().Where(firmmember.UserID(achieng.User.ID)).SetAdmin(false).ExecX(ctx)
				tx.FirmMember.Update().Where(firmmember.UserID(kamau.User.ID)).SetAdmin(true).ExecX(ctx)
				tx.Firm.Update().Where(firm.AdminID(achieng.User.ID)).SetAdminID(kamau.User.ID).ExecX(ctx)
				done := make(chan error, 1)
				go func() {
					var err error
					if what == "leave" {
						_, err = kamau.Firm().LeaveFirm(ctx, connect.NewRequest(&kesiv1.LeaveFirmRequest{}))
					} else {
						_, err = achieng.Firm().RemoveMember(ctx, connect.NewRequest(&kesiv1.RemoveMemberRequest{MemberUserId: kamau.User.ID.String()}))
					}
					done <- err
				}()
				time.Sleep(500 * time.Millisecond)
				if err := tx.Commit(); err != nil {
					t.Fatal(err)
				}
				err = <-done
				want := map[string]connect.Code{"leave": connect.CodeFailedPrecondition, "remove": connect.CodePermissionDenied}[what]
				if code(err) != want {
					t.Errorf("the new administrator let go (%s) as the firm was handed to him: %v, want %v", what, err, want)
				}
				ms := ok(wanjiku.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})))(t, "members").Members
				got := ok(wanjiku.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{})))(t, "firm").Firm
				admins := 0
				for _, m := range ms {
					if m.Admin && m.UserId == got.AdminUserId {
						admins++
					}
				}
				if admins != 1 || got.Id != f.Id {
					t.Errorf("after the handover and the %s the firm has %d administrators among its members %v (admin %s)", what, admins, ms, got.AdminUserId)
				}
			})
		})
	}
}
