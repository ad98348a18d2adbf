package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/backend/internal/web"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// painted asks the app what /dashboard is painted with for a browser sending cookie.
func painted(srv *testkit.Server, cookie string) (web.Painted, bool) {
	req := httptest.NewRequest(http.MethodGet, "/dashboard", nil)
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	return srv.App.PaintedDashboard(req)
}

// The dashboard's page is painted with the signed-in advocate's own sittings of today (issue 17),
// the server's answers to the app's own calls, and nothing for anyone else.
func TestDashboardIsPaintedWithTheAdvocatesOwnDay(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil) // Wednesday 15 January 2025, 09:00 in Nairobi
		cookie := signedInCookie(t, srv, "achieng@example.co.ke")
		u := srv.DB().User.Query().Where(user.Email("achieng@example.co.ke")).OnlyX(ctx)
		srv.DB().User.UpdateOne(u).SetPaidUntil(srv.Clock.Now().Add(30 * 24 * time.Hour)).ExecX(ctx)
		law := srv.Session(t, u)
		today, tomorrow := &date.Date{Year: 2025, Month: 1, Day: 15}, &date.Date{Year: 2025, Month: 1, Day: 16}
		mention, hearing := "Mention", "Hearing"
		create := func(s *testkit.Session, req *kesiv1.CreateCaseRequest) *kesiv1.Case {
			t.Helper()
			res, err := s.Cases().CreateCase(ctx, connect.NewRequest(req))
			if err != nil {
				t.Fatal(err)
			}
			return res.Msg.Case
		}
		heard := create(law, &kesiv1.CreateCaseRequest{CaseId: "HCCC/E12/2024", Parties: "Wanjiru <Holdings> Ltd v Ötieno", LawCourt: "Milimani Law Courts",
			Activity: &hearing, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 8}, Time: "09:30"})
		if _, err := law.Cases().RecordActivity(ctx, connect.NewRequest(&kesiv1.RecordActivityRequest{
			Id: heard.Id, Outcome: "Part heard; defence witness to attend.", NextDate: today, NextActivity: "Part Heard Hearing", NextTime: "11:00",
		})); err != nil {
			t.Fatal(err)
		}
		create(law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E7/2025", Activity: &mention, ActivityDate: today})
		create(law, &kesiv1.CreateCaseRequest{CaseId: "MCCC/E8/2025", Activity: &mention, ActivityDate: tomorrow})
		other := srv.Lawyer(t)
		create(other, &kesiv1.CreateCaseRequest{CaseId: "ELC/E1/2025", Activity: &mention, ActivityDate: today})

		p, ok := painted(srv, cookie)
		if !ok {
			t.Fatal("the signed-in advocate's dashboard is not painted")
		}
		if p.Name != "Achieng Otieno" || p.Role != "lawyer" || p.User != u.ID.String() || !p.Day.Equal(time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("painted for %q (%s, %s) on %s", p.Name, p.Role, p.User, p.Day)
		}
		byCase := map[string]web.Sitting{}
		for _, s := range p.Sittings {
			byCase[s.CaseID] = s
		}
		if len(p.Sittings) != 2 || len(byCase) != 2 {
			t.Fatalf("painted sittings %+v, want today's two of this advocate", p.Sittings)
		}
		want := web.Sitting{CaseID: "HCCC/E12/2024", When: "11:00", Activity: "Part Heard Hearing", Court: "Milimani Law Courts",
			Parties: "Wanjiru <Holdings> Ltd v Ötieno", Outcome: "Part heard; defence witness to attend.", OutcomeKnown: true}
		if got := byCase["HCCC/E12/2024"]; got != want {
			t.Errorf("heard case painted as\n%+v, want\n%+v", got, want)
		}
		if got := byCase["MCCC/E7/2025"]; got.When != "Time not set" || got.Outcome != "" || !got.OutcomeKnown || got.Court != "" {
			t.Errorf("new case painted as %+v", got)
		}
		// The answers are the app's own calls' answers, for its cache.
		var answer struct {
			Cases []struct {
				CaseID string `json:"caseId"`
			} `json:"cases"`
		}
		if err := json.Unmarshal(p.Answer, &answer); err != nil || len(answer.Cases) != 2 {
			t.Errorf("answer %s: %v", p.Answer, err)
		}
		if len(p.Activities) != 2 || p.Activities["HCCC/E12/2024"] == nil {
			t.Errorf("activities painted for %d cases", len(p.Activities))
		}

		// Nobody signed in, a forged session, an unpaid advocate, a signed-out one: nothing is painted.
		if _, ok := painted(srv, ""); ok {
			t.Error("painted without a session")
		}
		if _, ok := painted(srv, "kesi_access=forged; kesi_refresh=forged"); ok {
			t.Error("painted for a forged session")
		}
		// An advocate who never paid: the diary's calls refuse them, and nothing is painted.
		if p, ok := painted(srv, signedInCookie(t, srv, "unpaid@example.co.ke")); ok {
			t.Errorf("an unpaid advocate's day painted: %+v", p)
		}
		// Signed out: the access cookie the browser may still send is of a revoked session.
		if res := raw(t, srv, "POST", "/api/auth/logout", "application/json", "{}", map[string]string{"Origin": srv.URL, "Cookie": cookie}); res.Status != 200 {
			t.Fatalf("logout: %d %s", res.Status, res.Body)
		}
		if p, ok := painted(srv, cookie); ok {
			t.Errorf("a signed-out session's day painted: %+v", p)
		}
	})
}

// BenchmarkPaintedDashboard is what painting costs the server per cold opening of /dashboard: the
// session, today's sittings and each one's activities asked of the Connect door in process, and
// the page filled in (web.PaintDashboard), for an advocate with eight sittings today.
func BenchmarkPaintedDashboard(b *testing.B) {
	ctx := context.Background()
	srv := testkit.NewServer(b, testkit.SQLite, nil)
	law := srv.Lawyer(b)
	hearing := "Hearing"
	for i := range 8 {
		if _, err := law.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: fmt.Sprintf("HCCC/E%d/2024", i+1), Parties: "Wanjiru Holdings Ltd v Otieno", LawCourt: "Milimani Law Courts",
			Activity: &hearing, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 15}, Time: fmt.Sprintf("%02d:00", 9+i),
		})); err != nil {
			b.Fatal(err)
		}
	}
	signer, err := auth.NewSigner(srv.App.Config.MasterKey)
	if err != nil {
		b.Fatal(err)
	}
	token := signer.Mint(auth.Principal{UserID: law.User.ID, Role: role.Lawyer, Scope: auth.ScopeSession, FamilyID: uuid.New()}, srv.Clock.Now())
	cookie := auth.Cookies{}.AccessName() + "=" + token
	if p, ok := painted(srv, cookie); !ok || len(p.Sittings) != 8 {
		b.Fatalf("painted %v: %d sittings", ok, len(p.Sittings))
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := painted(srv, cookie); !ok {
			b.Fatal("not painted")
		}
	}
}

// A colleague's case shared with the firm, whose sitting of today was assigned to the advocate,
// is painted as the app draws it: linked by its id, and saying who attends and who assigned it.
func TestPaintedDashboardShowsTheFirmsSittingsAssignedToTheAdvocate(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv := testkit.NewServer(t, e, nil)
		cookie := signedInCookie(t, srv, "achieng@example.co.ke") // "Achieng Otieno"
		achieng := srv.DB().User.Query().Where(user.Email("achieng@example.co.ke")).OnlyX(ctx)
		srv.DB().User.UpdateOne(achieng).SetPaidUntil(srv.Clock.Now().Add(30 * 24 * time.Hour)).ExecX(ctx)
		kamau := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Fullname: "Kamau Njoroge"}))
		firms := kesiv1connect.NewFirmServiceClient(kamau.HTTP, srv.URL)
		if _, err := firms.CreateFirm(ctx, connect.NewRequest(&kesiv1.CreateFirmRequest{Name: "Njoroge & Co. Advocates"})); err != nil {
			t.Fatal(err)
		}
		if _, err := firms.InviteMember(ctx, connect.NewRequest(&kesiv1.InviteMemberRequest{Email: "achieng@example.co.ke"})); err != nil {
			t.Fatal(err)
		}
		mails := srv.Mails(t, "achieng@example.co.ke")
		code := regexp.MustCompile(`/firm/join\?code=([A-Za-z0-9_-]+)`).FindStringSubmatch(mails[len(mails)-1].Text)
		if code == nil {
			t.Fatalf("no join link in %s", mails[len(mails)-1].Text)
		}
		if _, err := kesiv1connect.NewFirmServiceClient(srv.Session(t, achieng).HTTP, srv.URL).AcceptInvitation(ctx,
			connect.NewRequest(&kesiv1.AcceptInvitationRequest{Code: code[1]})); err != nil {
			t.Fatal(err)
		}
		hearing := "Hearing"
		res, err := kamau.Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{CaseId: "HCCC/E5/2025", Parties: "Njeri v Baraka Motors",
			LawCourt: "Milimani Law Courts", Activity: &hearing, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: 15}, Time: "10:00"}))
		if err != nil {
			t.Fatal(err)
		}
		shared := res.Msg.Case
		if _, err := firms.ShareCase(ctx, connect.NewRequest(&kesiv1.ShareCaseRequest{Id: shared.Id, Shared: true})); err != nil {
			t.Fatal(err)
		}
		sittings, err := firms.ListCaseSittings(ctx, connect.NewRequest(&kesiv1.ListCaseSittingsRequest{Id: shared.Id}))
		if err != nil || len(sittings.Msg.Sittings) != 1 {
			t.Fatalf("sittings %v: %v", sittings, err)
		}
		if _, err := firms.AssignSitting(ctx, connect.NewRequest(&kesiv1.AssignSittingRequest{ActivityId: sittings.Msg.Sittings[0].ActivityId, MemberUserId: achieng.ID.String()})); err != nil {
			t.Fatal(err)
		}

		p, ok := painted(srv, cookie)
		if !ok || len(p.Sittings) != 1 {
			t.Fatalf("painted %v: %+v", ok, p.Sittings)
		}
		want := web.Sitting{CaseID: "HCCC/E5/2025", Ref: shared.Id, When: "10:00", Activity: "Hearing", Court: "Milimani Law Courts", Parties: "Njeri v Baraka Motors",
			Attending: "Achieng Otieno (assigned by Kamau Njoroge)", OutcomeKnown: true}
		if p.Sittings[0] != want {
			t.Errorf("the firm's sitting painted as\n%+v, want\n%+v", p.Sittings[0], want)
		}
	})
}

// saturdayJustAfterMidnight is a server at 00:30 on Saturday 18 January 2025 in Nairobi, still
// Friday in UTC, with a paid advocate signed in (their cookie) who has a mention on each of the
// January days given, numbered MCCC/E<day>/2025.
func saturdayJustAfterMidnight(t *testing.T, days ...int32) (srv *testkit.Server, cookie string, advocate uuid.UUID) {
	t.Helper()
	ctx := context.Background()
	srv = testkit.NewServer(t, testkit.SQLite, nil)
	srv.Clock.Set(time.Date(2025, 1, 17, 21, 30, 0, 0, time.UTC))
	cookie = signedInCookie(t, srv, "achieng@example.co.ke")
	u := srv.DB().User.Query().Where(user.Email("achieng@example.co.ke")).OnlyX(ctx)
	srv.DB().User.UpdateOne(u).SetPaidUntil(srv.Clock.Now().Add(30 * 24 * time.Hour)).ExecX(ctx)
	mention := "Mention"
	for _, day := range days {
		if _, err := srv.Session(t, u).Cases().CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
			CaseId: fmt.Sprintf("MCCC/E%d/2025", day), Activity: &mention, ActivityDate: &date.Date{Year: 2025, Month: 1, Day: day}, Time: "09:00",
		})); err != nil {
			t.Fatal(err)
		}
	}
	return srv, cookie, u.ID
}

// Just after midnight in Nairobi (still Friday in UTC), the painted day is Saturday's: its
// hearing, not Friday's, with Saturday's date on the page.
func TestPaintedDayIsNairobisAfterMidnight(t *testing.T) {
	t.Parallel()
	srv, cookie, _ := saturdayJustAfterMidnight(t, 17, 18)
	p, ok := painted(srv, cookie)
	if !ok || !p.Day.Equal(time.Date(2025, 1, 18, 0, 0, 0, 0, time.UTC)) || len(p.Sittings) != 1 || p.Sittings[0].CaseID != "MCCC/E18/2025" {
		t.Fatalf("painted %v for %s: %+v, want Saturday's one hearing", ok, p.Day, p.Sittings)
	}
	// Its access cookie past its quarter hour, the session is not renewed here: the plain page.
	srv.Clock.Advance(16 * time.Minute)
	if _, ok := painted(srv, cookie); ok {
		t.Error("painted with an expired access cookie")
	}
}

// A day without matters is painted too (issue 17: the app's page of such a day): today's empty
// answer, for the app to take. At 00:30 on a Saturday in Nairobi (still Friday in UTC), Friday's
// sitting is yesterday's and Sunday's tomorrow's: Saturday is painted, without either.
func TestADayWithoutMattersIsPaintedEmpty(t *testing.T) {
	t.Parallel()
	srv, cookie, advocate := saturdayJustAfterMidnight(t, 17, 19)
	p, ok := painted(srv, cookie)
	if !ok || len(p.Sittings) != 0 || len(p.Activities) != 0 || p.User != advocate.String() || !p.Day.Equal(time.Date(2025, 1, 18, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("painted %v: %+v, want Saturday without a sitting", ok, p)
	}
	var answer kesiv1.ListScheduledCasesResponse
	if err := protojson.Unmarshal(p.Answer, &answer); err != nil || len(answer.GetCases()) != 0 {
		t.Errorf("answer %s (%v), want today's empty list", p.Answer, err)
	}
}
