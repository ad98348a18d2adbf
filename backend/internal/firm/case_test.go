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

// TestFirm_ColleaguesCaseOfTheSameNumberOpensByID: numbers restart at every
// station, so a colleague's shared case may have the number of one's own.
// By number the activities are one's own case's; by the case's internal id
// (the firm's day links with it) they are the colleague's.
func TestFirm_ColleaguesCaseOfTheSameNumberOpensByID(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		achieng, kamau := twoMemberFirm(t, e)
		theirs := achieng.newCase(t, "HCCC/E12/2026", "Milimani Commercial Court", "Mention", day(2025, 1, 16), "09:00")
		achieng.share(t, theirs, true)
		mine := kamau.newCase(t, "HCCC/E12/2026", "Kisumu Law Courts", "Hearing", day(2025, 1, 17), "10:00")
		for _, v := range []struct {
			req  *kesiv1.ListCaseActivitiesRequest
			want *kesiv1.Case
		}{
			{&kesiv1.ListCaseActivitiesRequest{CaseId: "HCCC/E12/2026"}, mine},
			{&kesiv1.ListCaseActivitiesRequest{CaseId: "HCCC/E12/2026", Id: theirs.Id}, theirs},
			{&kesiv1.ListCaseActivitiesRequest{Id: theirs.Id}, theirs},
		} {
			acts := ok(kamau.Cases().ListCaseActivities(ctx, connect.NewRequest(v.req)))(t, "activities").Activities
			if len(acts) != 1 || acts[0].LawCourt != v.want.LawCourt {
				t.Errorf("Kamau's activities of %v = %v, want those of the case in %s", v.req, acts, v.want.LawCourt)
			}
		}
		outsider := newAdvocate(t, achieng.srv, "Otieno Ouma", "otieno@ouma-law.co.ke")
		for _, id := range []string{theirs.Id, "not-an-id"} {
			if _, err := outsider.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{Id: id})); code(err) != connect.CodeNotFound {
				t.Errorf("an outsider's activities of case %q = %v, want NotFound", id, err)
			}
		}
	})
}

// TestFirm_ColleaguesCaseIsAnsweredAsSharedWithMe: every read of a case
// tells a colleague's shared case from the caller's own, so that the app
// links it by id rather than by a number the caller's own case may have.
func TestFirm_ColleaguesCaseIsAnsweredAsSharedWithMe(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		achieng, kamau := twoMemberFirm(t, e)
		theirs := achieng.newCase(t, "HCCC/E12/2026", "Milimani Commercial Court", "Mention", day(2025, 1, 13), "09:00")
		achieng.share(t, theirs, true)
		kamau.newCase(t, "HCCC/E12/2026", "Kisumu Law Courts", "Hearing", day(2025, 1, 17), "10:00")
		for _, who := range []*advocate{achieng, kamau} {
			answered := map[string][]*kesiv1.Case{}
			c := who.Cases()
			answered["ListCases"] = ok(c.ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{})))(t, "list").Cases
			answered["GetCase"] = []*kesiv1.Case{ok(c.GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: theirs.Id})))(t, "get").Case}
			answered["ListWeekCases"] = ok(c.ListWeekCases(ctx, connect.NewRequest(&kesiv1.ListWeekCasesRequest{})))(t, "week").Cases
			answered["ListCasesNeedingUpdate"] = ok(c.ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{})))(t, "needing update").Cases
			for call, cs := range answered {
				sawTheirs := false
				for _, got := range cs {
					colleagues := got.Id == theirs.Id && who == kamau
					sawTheirs = sawTheirs || got.Id == theirs.Id
					if got.SharedWithMe != colleagues {
						t.Errorf("%s's %s: %s of %s has shared_with_me %v, want %v",
							who.User.Fullname, call, got.CaseId, got.LawCourt, got.SharedWithMe, colleagues)
					}
				}
				if !sawTheirs {
					t.Errorf("%s's %s does not answer the shared case: %v", who.User.Fullname, call, cs)
				}
			}
		}
	})
}

// TestFirm_MarkUpdatedIsEachMembersOwn: Mark Updated on a shared case
// needing an update moves it to the marker's Pending tab only, the owner's
// as a colleague's; a new sitting clears every mark.
func TestFirm_MarkUpdatedIsEachMembersOwn(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		achieng, kamau := twoMemberFirm(t, e)
		c := achieng.newCase(t, "ELC/E112/2023", "Environment and Land Court, Milimani", "Mention", day(2025, 1, 13), "09:00")
		achieng.share(t, c, true)
		mark := func(who *advocate) {
			t.Helper()
			got := ok(who.Cases().MarkCaseUpdated(ctx, connect.NewRequest(&kesiv1.MarkCaseUpdatedRequest{Id: c.Id, MarkUpdated: true})))(t, "mark").Case
			if !got.MarkUpdated {
				t.Errorf("%s's mark answers %v", who.User.Fullname, got)
			}
		}
		// want is whether each of achieng and kamau sees the case in Pending
		// (marked) rather than Notifications.
		want := func(when string, achiengMarked, kamauMarked bool) {
			t.Helper()
			for _, v := range []struct {
				who    *advocate
				marked bool
			}{{achieng, achiengMarked}, {kamau, kamauMarked}} {
				nu := ok(v.who.Cases().ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{})))(t, "needing update")
				pending := int32(0)
				if v.marked {
					pending = 1
				}
				if len(nu.Cases) != 1 || nu.Cases[0].Id != c.Id || nu.Cases[0].MarkUpdated != v.marked ||
					nu.Stats.MarkedUpdated != pending || nu.Stats.Notification != 1-pending {
					t.Errorf("%s: %s's needing update = %v, want the case marked %v", when, v.who.User.Fullname, nu, v.marked)
				}
			}
		}
		want("at first", false, false)
		mark(kamau)
		want("kamau marked it", false, true)
		mark(achieng)
		want("both marked it", true, true)
		ok(achieng.Cases().MarkCaseUpdated(ctx, connect.NewRequest(&kesiv1.MarkCaseUpdatedRequest{Id: c.Id, MarkUpdated: false})))(t, "unmark")
		want("achieng took hers back", false, true)
		mark(achieng)

		next := "Hearing"
		ok(achieng.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: c.Id, Outcome: "Adjourned", NextDate: day(2025, 2, 10), NextActivity: next,
		})))(t, "new sitting")
		for _, who := range []*advocate{achieng, kamau} {
			got := ok(who.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: c.Id})))(t, "get").Case
			if got.MarkUpdated {
				t.Errorf("after a new sitting %s's case is still marked updated", who.User.Fullname)
			}
		}
	})
}
