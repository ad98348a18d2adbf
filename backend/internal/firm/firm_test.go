package firm_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Every list and read of the diary, through both doors: the names of the
// calls through which viewer sees the shared cases (today's hearing, the
// mention needing an update and its document).
var allCalls = []string{
	"connect ListCases", "connect GetCase", "connect ListCaseActivities", "connect ListScheduledCases",
	"connect ListWeekCases", "connect ListCasesBetween", "connect ListReportCases", "connect ListCasesNeedingUpdate",
	"connect ListDocuments",
	"rest /api/cases", "rest /api/cases/{id}", "rest /api/caseschedule/scheduled", "rest /api/cases/week",
	"rest /api/casebetween/cases-between", "rest /api/cases-needing-update", "rest /api/files/{caseId}",
	"rest /api/files/download/{id}",
}

func seen(t *testing.T, a *advocate, hearing, mention *kesiv1.Case, docID, docTitle string) []string {
	t.Helper()
	var out []string
	saw := func(name string, ok bool) {
		if ok {
			out = append(out, name)
		}
	}
	has := func(s fmt.Stringer, what string) bool { return strings.Contains(s.String(), what) }
	c := a.Cases()
	list, err := c.ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
	saw("connect ListCases", err == nil && has(list.Msg, hearing.CaseId))
	got, err := c.GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: hearing.Id}))
	if err != nil && code(err) != connect.CodeNotFound {
		t.Errorf("GetCase of a case not seen = %v, want NotFound", err)
	}
	saw("connect GetCase", err == nil && got.Msg.Case.CaseId == hearing.CaseId)
	acts, err := c.ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: hearing.CaseId}))
	if err != nil && code(err) != connect.CodeNotFound {
		t.Errorf("ListCaseActivities of a case not seen = %v, want NotFound", err)
	}
	saw("connect ListCaseActivities", err == nil && has(acts.Msg, "Hearing"))
	sch, err := c.ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: day(2025, 1, 15)}))
	saw("connect ListScheduledCases", err == nil && has(sch.Msg, hearing.CaseId))
	wk, err := c.ListWeekCases(ctx, connect.NewRequest(&kesiv1.ListWeekCasesRequest{}))
	saw("connect ListWeekCases", err == nil && has(wk.Msg, hearing.CaseId) && has(wk.Msg, mention.CaseId))
	btw, err := c.ListCasesBetween(ctx, connect.NewRequest(&kesiv1.ListCasesBetweenRequest{Start: day(2025, 1, 13), End: day(2025, 1, 19)}))
	saw("connect ListCasesBetween", err == nil && has(btw.Msg, hearing.CaseId) && has(btw.Msg, mention.CaseId))
	rep, err := c.ListReportCases(ctx, connect.NewRequest(&kesiv1.ListReportCasesRequest{}))
	saw("connect ListReportCases", err == nil && has(rep.Msg, hearing.CaseId))
	nu, err := c.ListCasesNeedingUpdate(ctx, connect.NewRequest(&kesiv1.ListCasesNeedingUpdateRequest{}))
	saw("connect ListCasesNeedingUpdate", err == nil && has(nu.Msg, mention.CaseId))
	docs, err := a.Documents().ListDocuments(ctx, connect.NewRequest(&kesiv1.ListDocumentsRequest{CaseId: hearing.Id}))
	saw("connect ListDocuments", err == nil && has(docs.Msg, docTitle))

	rest := func(name, path, want string, notSeen int) {
		res := a.Do(t, http.MethodGet, path, nil)
		ok := res.Status == http.StatusOK && strings.Contains(string(res.Body), want)
		if !ok && res.Status != notSeen {
			t.Errorf("GET %s = %d %s, want 200 or %d", path, res.Status, res.Body, notSeen)
		}
		saw(name, ok)
	}
	rest("rest /api/cases", "/api/cases", hearing.CaseId, 200)
	rest("rest /api/cases/{id}", "/api/cases/"+hearing.Id, hearing.CaseId, 404)
	rest("rest /api/caseschedule/scheduled", "/api/caseschedule/scheduled?date=2025-01-15", hearing.CaseId, 200)
	rest("rest /api/cases/week", "/api/cases/week", hearing.CaseId, 200)
	rest("rest /api/casebetween/cases-between", "/api/casebetween/cases-between?start=2025-01-13&end=2025-01-19", mention.CaseId, 200)
	rest("rest /api/cases-needing-update", "/api/cases-needing-update", mention.CaseId, 200)
	rest("rest /api/files/{caseId}", "/api/files/"+hearing.Id, docTitle, 200)
	rest("rest /api/files/download/{id}", "/api/files/download/"+docID, "PLAINT", 404)
	return out
}

func TestFirm_SharedDiary(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		wanjiku := newAdvocate(t, srv, "Wanjiku Mwangi", "wanjiku@odhiambo-advocates.co.ke")
		otieno := newAdvocate(t, srv, "Otieno Ouma", "otieno@ouma-law.co.ke")         // no firm
		rival := newAdvocate(t, srv, "Njeri Kariuki", "njeri@kariuki-partners.co.ke") // another firm

		f := ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create firm").Firm
		if !f.CallerIsAdmin || f.AdminUserId != achieng.User.ID.String() {
			t.Fatalf("created firm = %v", f)
		}
		if u := srv.DB().User.GetX(ctx, achieng.User.ID); u.Role != user.RoleModerator {
			t.Fatalf("the firm's creator has role %s, want moderator", u.Role)
		}
		if _, err := achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Second"})); code(err) != connect.CodeAlreadyExists {
			t.Fatalf("a second firm = %v, want AlreadyExists", err)
		}
		ok(rival.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Kariuki & Partners"})))(t, "rival firm")

		for _, m := range []*advocate{kamau, wanjiku} {
			if err := m.accept(invite(t, srv, achieng, m.User.Email)); err != nil {
				t.Fatalf("%s accepts: %v", m.User.Fullname, err)
			}
		}
		if _, err := kamau.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: "x@example.co.ke"})); code(err) != connect.CodePermissionDenied {
			t.Fatalf("a member invites = %v, want PermissionDenied", err)
		}
		members := ok(kamau.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})))(t, "members").Members
		var names []string
		for _, m := range members {
			names = append(names, m.Fullname)
		}
		if !slices.Equal(names, []string{"Achieng Odhiambo", "Kamau Njoroge", "Wanjiku Mwangi"}) || !members[0].Admin {
			t.Fatalf("members = %v", names)
		}

		// Achieng's diary: today's hearing and Monday's mention, shared; a
		// private matter. Kamau's own case stays his.
		hearing := achieng.newCase(t, "MCCC/E4471/2024", "Milimani Commercial Court", "Hearing", day(2025, 1, 15), "10:00")
		mention := achieng.newCase(t, "ELC/E112/2023", "Environment and Land Court, Milimani", "Mention", day(2025, 1, 13), "09:00")
		private := achieng.newCase(t, "HCCC/E90/2022", "High Court Commercial Division", "Mention", day(2025, 1, 15), "11:00")
		own := kamau.newCase(t, "CMCC/E2003/2024", "Kibera Law Courts", "Mention", day(2025, 1, 15), "09:30")
		docID := achieng.uploadDoc(t, hearing.Id, "Plaint and verifying affidavit")
		achieng.share(t, hearing, true)
		achieng.share(t, mention, true)

		for _, who := range []*advocate{achieng, kamau, wanjiku} {
			if got := seen(t, who, hearing, mention, docID, "Plaint and verifying affidavit"); !slices.Equal(got, allCalls) {
				t.Errorf("%s sees the shared cases only through %v", who.User.Fullname, got)
			}
		}
		for _, who := range []*advocate{otieno, rival} {
			if got := seen(t, who, hearing, mention, docID, "Plaint and verifying affidavit"); len(got) != 0 {
				t.Errorf("%s, outside the firm, sees the shared cases through %v", who.User.Fullname, got)
			}
			if _, err := who.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: hearing.Id})); code(err) != connect.CodeNotFound {
				t.Errorf("ListCaseSittings by an outsider = %v, want NotFound", err)
			}
		}
		// The private matters stay private, even to the firm: one on the
		// day of the shared hearing, one past and needing an update, in
		// every list and read.
		pastPrivate := achieng.newCase(t, "HCCC/E91/2022", "High Court Commercial Division", "Mention", day(2025, 1, 13), "09:00")
		for _, who := range []*advocate{kamau, wanjiku} {
			if got := seen(t, who, private, pastPrivate, uuid.NewString(), "no such document"); len(got) != 0 {
				t.Errorf("%s sees a colleague's unshared case through %v", who.User.Fullname, got)
			}
		}
		if got := seen(t, achieng, private, pastPrivate, uuid.NewString(), "no such document"); !slices.Contains(got, "connect ListCasesNeedingUpdate") {
			t.Errorf("the owner does not see her past matter as needing an update: %v", got)
		}

		if _, err := kamau.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: private.Id})); code(err) != connect.CodeNotFound {
			t.Errorf("a member reads an unshared case: %v", err)
		}
		// Only the owner shares, takes back or deletes.
		if _, err := kamau.Firm().ShareCase(ctx, connect.NewRequest(&kesiv1.ShareCaseRequest{Id: hearing.Id, Shared: false})); code(err) != connect.CodePermissionDenied {
			t.Errorf("a member unshares a colleague's case: %v", err)
		}
		if _, err := kamau.Cases().DeleteCase(ctx, connect.NewRequest(&kesiv1.DeleteCaseRequest{Id: hearing.Id})); code(err) != connect.CodePermissionDenied {
			t.Errorf("a member deletes a colleague's case: %v", err)
		}
		if _, err := otieno.Firm().ShareCase(ctx, connect.NewRequest(&kesiv1.ShareCaseRequest{Id: hearing.Id, Shared: true})); code(err) != connect.CodeNotFound {
			t.Errorf("an outsider shares the firm's case: %v", err)
		}

		// Achieng assigns today's hearing to Kamau: it is in his day, marked.
		acts := ok(achieng.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: hearing.Id})))(t, "case sittings")
		if !acts.Shared || !acts.CallerIsOwner || len(acts.Sittings) != 1 {
			t.Fatalf("case sittings = %v", acts)
		}
		hearingSitting := acts.Sittings[0].ActivityId
		as := ok(achieng.Firm().AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: hearingSitting, MemberUserId: kamau.User.ID.String()})))(t, "assign")
		if as.Sitting.AttendeeName != "Kamau Njoroge" || as.Sitting.AssignedByName != "Achieng Odhiambo" || as.Sitting.OwnerName != "Achieng Odhiambo" {
			t.Fatalf("assigned sitting = %v", as.Sitting)
		}
		// Kamau's own 09:30 at Kibera and the 10:00 at Milimani Commercial:
		// a clash, answered with the assignment.
		if len(as.Clashes) != 1 || as.Clashes[0].Kind != kesiv1.ClashKind_CLASH_KIND_OVERLAP || as.Clashes[0].UserId != kamau.User.ID.String() {
			t.Fatalf("clashes after assigning = %v", as.Clashes)
		}
		// Achieng learns when and where Kamau is busy, not which matter.
		for _, s := range as.Clashes[0].Sittings {
			if s.CaseId == own.CaseId || strings.Contains(s.String(), own.CaseId) {
				t.Errorf("the clash shows Kamau's private case to Achieng: %v", s)
			}
			if s.CaseId == "" && (s.Parties != firm.MsgPrivateMatter || s.LawCourt != "Kibera Law Courts" || s.Time != "09:30") {
				t.Errorf("the private sitting in the clash = %v", s)
			}
		}
		if !strings.Contains(as.Clashes[0].Message, "Kamau Njoroge has 2 sittings within an hour") {
			t.Errorf("clash message = %q", as.Clashes[0].Message)
		}
		sch := ok(kamau.Cases().ListScheduledCases(ctx, connect.NewRequest(&kesiv1.ListScheduledCasesRequest{Date: day(2025, 1, 15)})))(t, "Kamau's day")
		marked := false
		for _, en := range sch.Entries {
			if en.Case.CaseId == hearing.CaseId {
				marked = en.Sitting.AttendedByName == "Kamau Njoroge" && en.Sitting.AssignedByName == "Achieng Odhiambo"
			}
		}
		if !marked {
			t.Errorf("Kamau's day does not mark the hearing as assigned to him by Achieng: %v", sch.Entries)
		}
		clashes := ok(wanjiku.Firm().ListClashes(ctx, connect.NewRequest(&kesiv1.ListClashesRequest{Start: day(2025, 1, 13), End: day(2025, 1, 19)})))(t, "clashes")
		// Wanjiku sees the firm's shared sittings, not Kamau's own matter:
		// no clash is visible to her.
		if len(clashes.Clashes) != 0 {
			t.Errorf("Wanjiku sees clashes built on a colleague's private matter: %v", clashes.Clashes)
		}
		firmDay := ok(wanjiku.Firm().ListFirmSittings(ctx, connect.NewRequest(&kesiv1.ListFirmSittingsRequest{Date: day(2025, 1, 15)})))(t, "firm day")
		if len(firmDay.Sittings) != 1 || firmDay.Sittings[0].CaseId != hearing.CaseId || firmDay.Sittings[0].AttendeeName != "Kamau Njoroge" {
			t.Errorf("firm day for Wanjiku = %v", firmDay.Sittings)
		}
		// The reminders' digests read the day through cases.SittingsOn: the
		// hearing is in Kamau's digest as well as Achieng's.
		digest, err := cases.SittingsOn(ctx, srv.DB(), civil.Date{Year: 2025, Month: 1, Day: 15})
		if err != nil {
			t.Fatal(err)
		}
		inDay := map[uuid.UUID][]string{}
		for _, s := range digest {
			inDay[s.Owner] = append(inDay[s.Owner], s.CaseNumber)
		}
		if !slices.Contains(inDay[kamau.User.ID], hearing.CaseId) || !slices.Contains(inDay[achieng.User.ID], hearing.CaseId) {
			t.Errorf("today's digests: %v", inDay)
		}
		feed, err := cases.SittingsFrom(ctx, srv.DB(), kamau.User.ID, civil.Date{Year: 2025, Month: 1, Day: 1})
		if err != nil || len(feed) != 2 {
			t.Errorf("Kamau's calendar feed = %v, %v; want his own mention and the assigned hearing", feed, err)
		}
		// A member records the outcome of the hearing he attended: the next
		// date is in the owner's diary.
		rec := ok(kamau.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: hearing.Id, Outcome: "Part heard; defence to file submissions", NextDate: day(2025, 2, 4), NextActivity: "Hearing", NextTime: "10:00",
		})))(t, "record")
		if rec.Case.ActivityDate.GetDay() != 4 {
			t.Errorf("next date after Kamau's record = %v", rec.Case.ActivityDate)
		}
		if n := srv.DB().Activity.Query().Where().CountX(ctx); n == 0 {
			t.Fatal("no sittings")
		}
		if c := srv.DB().CourtCase.GetX(ctx, uuid.MustParse(hearing.Id)); c.OwnerID != achieng.User.ID {
			t.Errorf("the case changed owner: %s", c.OwnerID)
		}

		// Kamau is removed: at once he sees none of the firm's cases and
		// keeps his own; his assignment goes back to Achieng.
		ok(achieng.Firm().RemoveMember(ctx, connect.NewRequest(&kesiv1.RemoveMemberRequest{MemberUserId: kamau.User.ID.String()})))(t, "remove")
		if got := seen(t, kamau, hearing, mention, docID, "Plaint and verifying affidavit"); len(got) != 0 {
			t.Errorf("a removed member still sees the firm's cases through %v", got)
		}
		if _, err := kamau.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: own.Id})); err != nil {
			t.Errorf("a removed member lost his own case: %v", err)
		}
		after := ok(achieng.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: hearing.Id})))(t, "case sittings")
		for _, s := range after.Sittings {
			if s.AttendeeUserId != achieng.User.ID.String() {
				t.Errorf("sitting %s still attended by %s after the removal", s.ActivityId, s.AttendeeName)
			}
		}
		if _, err := kamau.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})); code(err) != connect.CodeNotFound {
			t.Errorf("a removed member lists members: %v", err)
		}

		// Wanjiku shares a case, then leaves: it stays hers, unshared, and
		// the firm no longer sees it.
		hers := wanjiku.newCase(t, "CR/E77/2024", "Milimani Law Courts (Criminal)", "Plea", day(2025, 1, 16), "09:00")
		wanjiku.share(t, hers, true)
		if _, err := achieng.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: hers.Id})); err != nil {
			t.Fatalf("the administrator does not see a member's shared case: %v", err)
		}
		if _, err := achieng.Firm().LeaveFirm(ctx, connect.NewRequest(&kesiv1.LeaveFirmRequest{})); code(err) != connect.CodeFailedPrecondition {
			t.Errorf("the administrator leaves a firm with members: %v", err)
		}
		ok(wanjiku.Firm().LeaveFirm(ctx, connect.NewRequest(&kesiv1.LeaveFirmRequest{})))(t, "leave")
		if _, err := achieng.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: hers.Id})); code(err) != connect.CodeNotFound {
			t.Errorf("the firm still sees the case of a member who left: %v", err)
		}
		if res := achieng.Do(t, http.MethodGet, "/api/cases/"+hers.Id, nil); res.Status != http.StatusNotFound {
			t.Errorf("REST: the firm still sees the case of a member who left: %d", res.Status)
		}
		c := srv.DB().CourtCase.GetX(ctx, uuid.MustParse(hers.Id))
		if c.OwnerID != wanjiku.User.ID || c.Shared {
			t.Errorf("the leaver's case: owner %s, shared %v", c.OwnerID, c.Shared)
		}
		if _, err := wanjiku.Cases().GetCase(ctx, connect.NewRequest(&kesiv1.GetCaseRequest{Id: hers.Id})); err != nil {
			t.Errorf("the leaver lost her case: %v", err)
		}

		// A sitting carries its case's owner, and the calendar reads join
		// on it: a sitting that did not (written wrong, by hand) shows no
		// one another's case. Achieng's sitting on an outsider's shared
		// case stays hidden from her.
		outsiders := otieno.newCase(t, "CMCC/E555/2024", "Kibera Law Courts", "Hearing", day(2025, 1, 15), "12:00")
		srv.DB().CourtCase.UpdateOneID(uuid.MustParse(outsiders.Id)).SetShared(true).ExecX(ctx)
		srv.DB().Activity.Create().SetOwnerID(achieng.User.ID).SetCaseRef(uuid.MustParse(outsiders.Id)).SetActivity("Hearing").
			SetActivityDate(civil.Date{Year: 2025, Month: 1, Day: 15}).SetTime("14:00").ExecX(ctx)
		if got := seen(t, achieng, outsiders, outsiders, uuid.NewString(), "no such document"); len(got) != 0 {
			t.Errorf("Achieng sees an outsider's case through a sitting written as hers: %v", got)
		}

		// Every cross-member action is in the audit log.
		kinds := srv.DB().AuditEvent.Query().Where(auditevent.KindHasPrefix("firm_")).Select(auditevent.FieldKind).StringsX(ctx)
		for _, k := range []string{firm.AuditFirmCreated, firm.AuditMemberInvited, firm.AuditInvitationAccepted, firm.AuditCaseShared,
			firm.AuditSittingAssigned, firm.AuditMemberRemoved, firm.AuditMemberLeft} {
			if !slices.Contains(kinds, k) {
				t.Errorf("no %s in the audit log (%v)", k, kinds)
			}
		}
		_ = courtcase.Label
	})
}

func TestFirm_InvitationAbuse(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		admin := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		invitee := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		other := newAdvocate(t, srv, "Otieno Ouma", "otieno@ouma-law.co.ke")
		ok(admin.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create")

		// Wrong addresses are refused before any mail.
		for _, bad := range []string{"", "not-an-address", "kamau@localhost", "Kamau <kamau@x.co.ke>", "a\x00@x.co.ke"} {
			if _, err := admin.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: bad})); code(err) != connect.CodeInvalidArgument {
				t.Errorf("invite %q = %v, want InvalidArgument", bad, err)
			}
		}
		if _, err := admin.Firm().InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: admin.User.Email})); code(err) != connect.CodeAlreadyExists {
			t.Errorf("inviting a member = %v, want AlreadyExists", err)
		}

		link := invite(t, srv, admin, "KAMAU@odhiambo-advocates.co.ke ")
		// Another account with the link: refused, and the link still works.
		if err := other.accept(link); code(err) != connect.CodePermissionDenied {
			t.Fatalf("another account accepts = %v, want PermissionDenied", err)
		}
		if _, err := other.Firm().GetFirm(ctx, connect.NewRequest(&kesiv1.GetFirmRequest{})); code(err) != connect.CodeNotFound {
			t.Fatalf("the other account joined: %v", err)
		}
		for _, bad := range []string{"", "nonsense", strings.Repeat("A", 5000), codeOf(link) + "x"} {
			if _, err := invitee.Firm().AcceptInvitation(ctx, connect.NewRequest(&kesiv1.AcceptInvitationRequest{Code: bad})); code(err) != connect.CodeNotFound {
				t.Errorf("accept %q... = %v, want NotFound", bad[:min(len(bad), 10)], err)
			}
		}
		if err := invitee.accept(link); err != nil {
			t.Fatalf("the invitee accepts: %v", err)
		}
		// Reused: by the invitee again, and by another account.
		if err := invitee.accept(link); code(err) != connect.CodeFailedPrecondition {
			t.Errorf("reused by the invitee = %v, want FailedPrecondition", err)
		}
		if err := other.accept(link); code(err) != connect.CodeFailedPrecondition && code(err) != connect.CodePermissionDenied {
			t.Errorf("reused by another = %v", err)
		}

		// Expired: seven days and a minute later.
		late := invite(t, srv, admin, other.User.Email)
		srv.Clock.Advance(firm.InvitationTTL + time.Minute)
		for _, a := range []*advocate{admin, invitee, other} {
			a.Session = srv.Session(t, a.User) // the old access tokens expired too
		}
		if err := other.accept(late); code(err) != connect.CodeFailedPrecondition {
			t.Errorf("expired = %v, want FailedPrecondition", err)
		}
		// Withdrawn.
		fresh := invite(t, srv, admin, other.User.Email)
		invs := ok(admin.Firm().ListInvitations(ctx, connect.NewRequest(&kesiv1.ListInvitationsRequest{})))(t, "invitations").Invitations
		if len(invs) != 1 || invs[0].Email != other.User.Email || invs[0].InvitedBy != "Achieng Odhiambo" {
			t.Fatalf("pending invitations = %v (the expired one is not pending)", invs)
		}
		ok(admin.Firm().RevokeInvitation(ctx, connect.NewRequest(&kesiv1.RevokeInvitationRequest{Id: invs[0].Id})))(t, "revoke")
		if err := other.accept(fresh); code(err) != connect.CodeFailedPrecondition {
			t.Errorf("withdrawn = %v, want FailedPrecondition", err)
		}
		// Of two acceptances of one code at once, one joins.
		both := invite(t, srv, admin, other.User.Email)
		var wg sync.WaitGroup
		errsOf := make([]error, 4)
		for i := range errsOf {
			wg.Add(1)
			go func() { defer wg.Done(); errsOf[i] = other.accept(both) }()
		}
		wg.Wait()
		joined := 0
		for _, err := range errsOf {
			switch {
			case err == nil:
				joined++
			case code(err) != connect.CodeFailedPrecondition && code(err) != connect.CodeAlreadyExists:
				t.Errorf("a concurrent acceptance answered %v", err)
			}
		}
		if joined != 1 {
			t.Errorf("%d concurrent acceptances joined, want 1", joined)
		}
		ms := ok(admin.Firm().ListMembers(ctx, connect.NewRequest(&kesiv1.ListMembersRequest{})))(t, "members").Members
		if len(ms) != 3 {
			t.Errorf("%d members, want 3", len(ms))
		}
		if n := srv.DB().AuditEvent.Query().Where(auditevent.Kind(firm.AuditInvitationRefused)).CountX(ctx); n < 5 {
			t.Errorf("%d refused acceptances in the audit log", n)
		}
	})
}

func TestFirm_ConcurrentAssignment(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		admin := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		a := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		b := newAdvocate(t, srv, "Wanjiku Mwangi", "wanjiku@odhiambo-advocates.co.ke")
		ok(admin.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create")
		for _, m := range []*advocate{a, b} {
			if err := m.accept(invite(t, srv, admin, m.User.Email)); err != nil {
				t.Fatal(err)
			}
		}
		c := admin.newCase(t, "MCCC/E4471/2024", "Milimani Commercial Court", "Hearing", day(2025, 1, 16), "10:00")
		acts := ok(admin.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: c.Id})))(t, "sittings")
		sit := acts.Sittings[0].ActivityId
		// Not shared yet: no colleague may be assigned.
		if _, err := admin.Firm().AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: sit, MemberUserId: a.User.ID.String()})); code(err) != connect.CodeFailedPrecondition {
			t.Fatalf("assigning an unshared case's sitting = %v", err)
		}
		admin.share(t, c, true)
		outsider := newAdvocate(t, srv, "Otieno Ouma", "otieno@ouma-law.co.ke")
		if _, err := admin.Firm().AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: sit, MemberUserId: outsider.User.ID.String()})); code(err) != connect.CodeNotFound {
			t.Fatalf("assigning an outsider = %v, want NotFound", err)
		}
		// Two members each assign themselves, five times over, at once.
		var wg sync.WaitGroup
		var mu sync.Mutex
		var failures []error
		for i := range 10 {
			who := []*advocate{a, b}[i%2]
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := who.Firm().AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: sit, MemberUserId: who.User.ID.String()}))
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(failures) > 0 {
			t.Fatalf("concurrent assignments failed: %v", failures)
		}
		final := ok(admin.Firm().ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: c.Id})))(t, "sittings").Sittings[0]
		// Whole: the attendee is the one who assigned themself.
		if !(final.AttendeeUserId == a.User.ID.String() && final.AssignedByUserId == a.User.ID.String()) &&
			!(final.AttendeeUserId == b.User.ID.String() && final.AssignedByUserId == b.User.ID.String()) {
			t.Fatalf("after concurrent assignments the sitting is attended by %s, assigned by %s", final.AttendeeName, final.AssignedByName)
		}
		// Exactly one member has it in their day.
		in := 0
		for _, m := range []*advocate{a, b} {
			feed, err := cases.SittingsFrom(ctx, srv.DB(), m.User.ID, civil.Date{Year: 2025, Month: 1, Day: 1})
			if err != nil {
				t.Fatal(err)
			}
			in += len(feed)
		}
		if in != 1 {
			t.Errorf("the sitting is in %d members' personal days, want 1", in)
		}
		if n := srv.DB().AuditEvent.Query().Where(auditevent.Kind(firm.AuditSittingAssigned)).CountX(ctx); n != 10 {
			t.Errorf("%d assignments in the audit log, want 10", n)
		}
		// Clearing gives it back to the owner.
		res := ok(admin.Firm().AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: sit})))(t, "clear")
		if res.Sitting.AttendeeUserId != admin.User.ID.String() || res.Sitting.AssignedByUserId != "" {
			t.Errorf("cleared sitting = %v", res.Sitting)
		}
	})
}

// TestFirm_SameNumberAtTwoStations: numbers restart at every station, so two
// members may each hold MCCC/E1/2024. Once a colleague shares his, a member's
// own case by its number still shows its own sittings alone, and the case
// and its activities are the same one case; the colleague's own reads show
// his.
func TestFirm_SameNumberAtTwoStations(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		achieng := newAdvocate(t, srv, "Achieng Odhiambo", "achieng@odhiambo-advocates.co.ke")
		kamau := newAdvocate(t, srv, "Kamau Njoroge", "kamau@odhiambo-advocates.co.ke")
		ok(achieng.Firm().CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Odhiambo & Co. Advocates"})))(t, "create firm")
		if err := kamau.accept(invite(t, srv, achieng, kamau.User.Email)); err != nil {
			t.Fatal(err)
		}
		hers := achieng.newCase(t, "MCCC/E1/2024", "Milimani Commercial Magistrate Court", "Mention", day(2025, 1, 20), "09:00")
		his := kamau.newCase(t, "MCCC/E1/2024", "Kibera Law Courts", "Hearing", day(2025, 1, 22), "11:00")
		kamau.share(t, his, true)
		for _, v := range []struct {
			who   *advocate
			want  *kesiv1.Case
			court string
		}{{achieng, hers, "Milimani Commercial Magistrate Court"}, {kamau, his, "Kibera Law Courts"}} {
			byNumber := ok(v.who.Cases().GetCaseByCaseId(ctx, connect.NewRequest(&kesiv1.GetCaseByCaseIdRequest{CaseId: "MCCC/E1/2024"})))(t, "case by number").Case
			acts := ok(v.who.Cases().ListCaseActivities(ctx, connect.NewRequest(&kesiv1.ListCaseActivitiesRequest{CaseId: "MCCC/E1/2024"})))(t, "activities").Activities
			var got []string
			for _, a := range acts {
				got = append(got, fmt.Sprintf("%s %s %02d-%02d", a.Activity, a.LawCourt, a.ActivityDate.GetMonth(), a.ActivityDate.GetDay()))
			}
			if byNumber.Id != v.want.Id || len(acts) != 1 || acts[0].LawCourt != v.court {
				t.Errorf("%s's MCCC/E1/2024: the case at %s, activities %q; want their own at %s alone", v.who.User.Fullname, byNumber.LawCourt, got, v.court)
			}
		}
	})
}
