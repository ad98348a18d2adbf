package firm_test

import (
	"errors"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestFirm_CaseSittingsNameTheOwnerOfANewMatter: a colleague's new matter,
// shared before it has any date, is answered with who shared it (the case
// page says "Shared with the firm by ..." from it).
func TestFirm_CaseSittingsNameTheOwnerOfANewMatter(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		achieng, kamau := twoMemberFirm(t, e)
		c := ok(achieng.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: "HCCOMM/E301/2025", Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "High Court Commercial Division",
		})))(t, "new matter").Case
		achieng.share(t, c, true)
		for _, v := range []struct {
			who *advocate
			own bool
		}{{kamau, false}, {achieng, true}} {
			got := ok(v.who.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: c.Id})))(t, "case sittings")
			if len(got.Sittings) != 0 || !got.Shared || got.CallerIsOwner != v.own ||
				got.OwnerName != "Achieng Odhiambo" || got.OwnerUserId != achieng.User.ID.String() {
				t.Errorf("%s's case sittings of a new matter = %v", v.who.User.Fullname, got)
			}
		}
	})
}

// TestFirm_ColleagueRenumberingMeetsTheOwnersCase: case numbers are unique
// per owner, so a colleague giving a shared case a number its owner already
// uses is refused with the owner named, not told they have such a case.
func TestFirm_ColleagueRenumberingMeetsTheOwnersCase(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		achieng, kamau := twoMemberFirm(t, e)
		shared := ok(achieng.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "HCCOMM/E301/2025"})))(t, "shared").Case
		ok(achieng.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "HCCOMM/E302/2025"})))(t, "other")
		achieng.share(t, shared, true)
		taken := "HCCOMM/E302/2025"
		for _, v := range []struct {
			who  *advocate
			want string
		}{
			{kamau, "The case's owner already has a case numbered HCCOMM/E302/2025."},
			{achieng, "You already have a case numbered HCCOMM/E302/2025."},
		} {
			_, err := v.who.Cases().UpdateCase(ctx, connect.NewRequest(&kesiv1.UpdateCaseRequest{Id: shared.Id, CaseId: &taken}))
			var ce *connect.Error
			if !errors.As(err, &ce) || ce.Code() != connect.CodeAlreadyExists || ce.Message() != v.want {
				t.Errorf("%s renumbering: %v, want %q", v.who.User.Fullname, err, v.want)
			}
		}
	})
}

// twoMemberFirm is Achieng's firm, which Kamau has joined.
func twoMemberFirm(t *testing.T, e testkit.Engine) (admin, member *advocate) {
	t.Helper()
	srv := testkit.NewServer(t, e, nil)
	admin = newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
	member = newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
	ok(admin.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create")
	if err := member.accept(invite(t, srv, admin, member.User.Email)); err != nil {
		t.Fatal(err)
	}
	return admin, member
}
