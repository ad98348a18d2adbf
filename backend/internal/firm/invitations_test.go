package firm_test

import (
	"fmt"
	"sync"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestFirm_RemovedMemberCannotRejoinByASecondLink: an administrator who
// sent the invitation twice (the first mail was not found) and later
// removes the member has not invited them back: the second link, unused,
// no longer joins, and while they are a member it is not listed as pending.
func TestFirm_RemovedMemberCannotRejoinByASecondLink(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		admin := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		ok(admin.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create")

		first := invite(t, srv, admin, kamau.User.Email)
		second := invite(t, srv, admin, kamau.User.Email)
		if err := kamau.accept(first); err != nil {
			t.Fatalf("kamau accepts: %v", err)
		}
		if invs := ok(admin.Firm().ListInvitations(ctx, connect.NewRequest(&kesiv1.ListInvitationsRequest{})))(t, "invitations").Invitations; len(invs) != 0 {
			t.Errorf("a member's address is still listed as invited: %v", invs)
		}
		ok(admin.Firm().RemoveMember(ctx, connect.NewRequest(&kesiv1.RemoveMemberRequest{MemberUserId: kamau.User.ID.String()})))(t, "remove")
		if err := kamau.accept(second); code(err) != connect.CodeFailedPrecondition {
			t.Errorf("the removed member opens the second link = %v, want FailedPrecondition", err)
		}
		if _, err := kamau.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{})); code(err) != connect.CodeNotFound {
			t.Errorf("the removed member is back in the firm: %v", err)
		}
	})
}

// TestFirm_NameIsOneLineOfVisibleText: the firm's name goes into the
// invitation's subject and body, where a line break starts a paragraph of
// the creator's choosing and a right-to-left override turns the text
// after it around; a name that is nothing but such characters shows as
// no name at all. Such names are refused as a case number's are.
func TestFirm_NameIsOneLineOfVisibleText(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		a := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		for _, name := range []string{
			"Odhiambo & Co.\n\nYour Kesi subscription has lapsed: pay at https://example.com",
			"Odhiambo\r& Co.", "Odhiambo\t& Co.", "\u202e", "Odhiambo \u202eoC &", "\u200f\u2066",
		} {
			if _, err := a.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: name})); code(err) != connect.CodeInvalidArgument {
				t.Errorf("firm named %q = %v, want InvalidArgument", name, err)
			}
		}
		f := ok(a.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "  Odhiambo, Wanjikũ & Ng'ang'a — Advocates  "})))(t, "create").Firm
		if f.Name != "Odhiambo, Wanjikũ & Ng'ang'a — Advocates" {
			t.Errorf("firm name = %q", f.Name)
		}
	})
}

// TestFirm_InvitationsSentAtOnceKeepTheCap: an administrator (or a script
// with their session) sending many invitations at once gets no more unused
// ones than the cap: each request counts those sent beside it.
func TestFirm_InvitationsSentAtOnceKeepTheCap(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		admin := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		ok(admin.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create")
		const room = 3
		for i := range firm.MaxPendingInvitations - room {
			invite(t, srv, admin, fmt.Sprintf("pupil%02d@odhiambo-advocates.co.ke", i))
		}
		const sent = 10
		var wg sync.WaitGroup
		errsOf := make([]error, sent)
		for i := range errsOf {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errsOf[i] = admin.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: fmt.Sprintf("clerk%02d@odhiambo-advocates.co.ke", i)}))
			}()
		}
		wg.Wait()
		sentOK := 0
		for _, err := range errsOf {
			switch {
			case err == nil:
				sentOK++
			case code(err) != connect.CodeFailedPrecondition:
				t.Errorf("an invitation sent at once answered %v", err)
			}
		}
		invs := ok(admin.Firm().ListInvitations(ctx, connect.NewRequest(&kesiv1.ListInvitationsRequest{})))(t, "invitations").Invitations
		if sentOK != room || len(invs) != firm.MaxPendingInvitations {
			t.Errorf("%d of %d invitations sent at once went out, %d unused in all; want %d and %d",
				sentOK, sent, len(invs), room, firm.MaxPendingInvitations)
		}
	})
}
