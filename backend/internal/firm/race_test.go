package firm_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/testkit"
	entfirm "github.com/kesihq/kesi/ent/firm"
	"github.com/kesihq/kesi/ent/firminvitation"
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
				tx.Firm.Update().Where(entfirm.AdminID(achieng.User.ID)).SetAdminID(kamau.User.ID).ExecX(ctx)
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

// TestFirm_JoiningWhileTheLoneAdministratorLeaves: an invitation accepted
// while the firm's only member, its administrator, leaves it. Whichever
// comes first decides: an acceptance that joined first keeps the
// administrator in the firm with the new member; a firm that ended first
// has no invitation left to accept, and the invitee is told it was
// withdrawn. Never does the invitee end up in an ended firm or one with
// no administrator.
func TestFirm_JoiningWhileTheLoneAdministratorLeaves(t *testing.T) {
	for _, first := range []string{"join", "leave"} {
		t.Run(first+" first", func(t *testing.T) {
			testkit.Each(t, func(t *testing.T, e testkit.Engine) {
				srv := testkit.NewServer(t, e, nil)
				achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
				kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
				f := ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create").Firm
				link := invite(t, srv, achieng, kamau.User.Email)
				firmID := uuid.MustParse(f.Id)
				now := srv.Clock.Now().UTC()

				// The first one's writes, held open while the other runs.
				tx, err := srv.DB().Tx(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if first == "join" {
					tx.Firm.UpdateOneID(firmID).SetUpdatedAt(now).ExecX(ctx)
					tx.FirmInvitation.Update().Where(firminvitation.FirmID(firmID)).SetAcceptedAt(now).SetAcceptedBy(kamau.User.ID).ExecX(ctx)
					tx.FirmMember.Create().SetFirmID(firmID).SetUserID(kamau.User.ID).ExecX(ctx)
				} else {
					tx.FirmMember.Delete().Where(firmmember.UserID(achieng.User.ID)).ExecX(ctx)
					tx.Firm.DeleteOneID(firmID).ExecX(ctx)
				}
				done := make(chan error, 1)
				go func() {
					if first == "join" {
						_, err := achieng.Firm().LeaveFirm(ctx, connect.NewRequest(&kesiv1.LeaveFirmRequest{}))
						done <- err
					} else {
						done <- kamau.accept(link)
					}
				}()
				time.Sleep(500 * time.Millisecond)
				if err := tx.Commit(); err != nil {
					t.Fatal(err)
				}
				err = <-done

				if first == "join" {
					if code(err) != connect.CodeFailedPrecondition {
						t.Errorf("the administrator left as Kamau joined: %v, want FailedPrecondition", err)
					}
					got, err := kamau.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{}))
					if err != nil || got.Msg.Firm.Id != f.Id || got.Msg.Firm.AdminUserId != achieng.User.ID.String() {
						t.Errorf("Kamau, who joined, sees the firm %v (%v), want %s administered by Achieng", got, err, f.Id)
					}
					return
				}
				var ce *connect.Error
				if !errors.As(err, &ce) || ce.Code() != connect.CodeFailedPrecondition || ce.Message() != firm.MsgInvitationGone {
					t.Errorf("Kamau accepts as the firm ends: %v, want %q", err, firm.MsgInvitationGone)
				}
				if _, err := kamau.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{})); code(err) != connect.CodeNotFound {
					t.Errorf("Kamau is in a firm that ended: %v", err)
				}
				if n := srv.DB().FirmMember.Query().CountX(ctx); n != 0 {
					t.Errorf("%d memberships left after the firm ended", n)
				}
			})
		})
	}
}

// quietAudit is an Auditor that keeps nothing.
type quietAudit struct{}

func (quietAudit) Audit(context.Context, string, *uuid.UUID, string, string) {}

// TestFirm_ErasureSeesAJoinUnderWay: an account erased while it accepts an
// invitation is erased out of the firm it joined: no membership outlives
// the erasure's firm step, for the firm to list a member with no account.
func TestFirm_ErasureSeesAJoinUnderWay(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		f := ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create").Firm
		invite(t, srv, achieng, kamau.User.Email)
		firmID := uuid.MustParse(f.Id)
		now := srv.Clock.Now().UTC()

		// Kamau's acceptance, its writes held open while his erasure runs.
		tx, err := srv.DB().Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tx.User.UpdateOneID(kamau.User.ID).SetUpdatedAt(now).ExecX(ctx)
		tx.Firm.UpdateOneID(firmID).SetUpdatedAt(now).ExecX(ctx)
		tx.FirmInvitation.Update().Where(firminvitation.FirmID(firmID)).SetAcceptedAt(now).SetAcceptedBy(kamau.User.ID).ExecX(ctx)
		tx.FirmMember.Create().SetFirmID(firmID).SetUserID(kamau.User.ID).ExecX(ctx)
		svc := firm.NewService(srv.DB(), nil, srv.App.Calendar, nil, quietAudit{}, srv.URL)
		done := make(chan error, 1)
		go func() { done <- svc.EraseOwner(ctx, kamau.User.ID) }()
		time.Sleep(500 * time.Millisecond)
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatalf("erase: %v", err)
		}
		ms := ok(achieng.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})))(t, "members").Members
		if n := srv.DB().FirmMember.Query().Where(firmmember.UserID(kamau.User.ID)).CountX(ctx); n != 0 || len(ms) != 1 {
			t.Errorf("after Kamau's erasure he keeps %d memberships; the firm lists %d members", n, len(ms))
		}
	})
}
