package affiliates_test

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/commission"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

const day = 24 * time.Hour

type statsBody struct {
	Stats struct {
		ReferralCount int     `json:"referralCount"`
		TotalEarnings float64 `json:"totalEarnings"`
	} `json:"stats"`
	Earnings []struct {
		ID        string  `json:"id"`
		Amount    float64 `json:"amount"`
		Status    string  `json:"status"`
		CreatedAt string  `json:"created_at"`
		Month     string  `json:"month"`
	} `json:"earnings"`
	AffiliateCode string `json:"affiliate_code"`
	AffiliateLink string `json:"affiliate_link"`
}

type referralBody struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	CreatedAt string `json:"created_at"`
	Referred  struct {
		Fullname              string  `json:"fullname"`
		Email                 string  `json:"email"`
		SubscriptionExpiresAt *string `json:"subscription_expires_at"`
		DaysRemaining         int     `json:"subscription_days_remaining"`
	} `json:"referred"`
}

func stats(t *testing.T, s *testkit.Session) statsBody {
	t.Helper()
	res := s.Do(t, http.MethodGet, "/api/affiliate/stats", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/affiliate/stats: %d %s", res.Status, res.Body)
	}
	var out statsBody
	res.JSON(t, &out)
	return out
}

func referrals(t *testing.T, s *testkit.Session) []referralBody {
	t.Helper()
	res := s.Do(t, http.MethodGet, "/api/affiliate/referrals", nil)
	if res.Status != http.StatusOK {
		t.Fatalf("GET /api/affiliate/referrals: %d %s", res.Status, res.Body)
	}
	var out []referralBody
	res.JSON(t, &out)
	return out
}

// register signs a new lawyer up through the REST door with a referral code
// and answers a session of theirs.
func register(t *testing.T, srv *testkit.Server, email, code string) *testkit.Session {
	t.Helper()
	res := srv.Anonymous().Do(t, http.MethodPost, "/api/auth/register", map[string]string{
		"fullname": "Achieng Otieno", "email": email, "password": "court-2025",
		"phone_number": "0712345678", "referral_code": code,
	})
	if res.Status != http.StatusOK && res.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", email, res.Status, res.Body)
	}
	u := srv.DB().User.Query().Where(user.Email(email)).OnlyX(context.Background())
	return srv.Session(t, u)
}

func service(srv *testkit.Server) *affiliates.Service {
	return affiliates.NewService(srv.DB(), srv.App.Calendar, srv.URL)
}

func credit(t *testing.T, srv *testkit.Server, month string) int {
	t.Helper()
	m, err := affiliates.ParseMonth(month)
	if err != nil {
		t.Fatal(err)
	}
	n, err := service(srv).CreditMonth(context.Background(), m)
	if err != nil {
		t.Fatalf("credit %s: %v", month, err)
	}
	return n
}

// TestReferralPaysAndAffiliateEarns is the "done when": a new
// lawyer registers through an affiliate's link, pays through the fake
// checkout and is let in; the affiliate sees the referral and, after the
// month's job, KSh 450 pending.
func TestReferralPaysAndAffiliateEarns(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Fullname: "Kamau Njoroge"})
		affiliate := srv.Session(t, aff)

		st := stats(t, affiliate)
		if st.AffiliateCode != *aff.AffiliateCode || st.AffiliateLink != srv.URL+"/register?ref="+*aff.AffiliateCode {
			t.Errorf("code %q link %q", st.AffiliateCode, st.AffiliateLink)
		}
		if st.Stats.ReferralCount != 0 || st.Stats.TotalEarnings != 0 || len(st.Earnings) != 0 {
			t.Errorf("a new affiliate has %+v", st)
		}

		lawyer := register(t, srv, "achieng@example.co.ke", *aff.AffiliateCode)
		refs := referrals(t, affiliate)
		if len(refs) != 1 || refs[0].Status != "inactive" || refs[0].Referred.Email != "achieng@example.co.ke" ||
			refs[0].Referred.SubscriptionExpiresAt != nil || refs[0].Referred.DaysRemaining != 0 {
			t.Fatalf("before paying, referrals = %+v", refs)
		}
		if res := lawyer.Do(t, http.MethodGet, "/api/cases", nil); res.Status != http.StatusPaymentRequired {
			t.Fatalf("unpaid referred lawyer GET /api/cases: %d, want 402", res.Status)
		}

		lawyer.Subscribe(t, "monthly")
		if res := lawyer.Do(t, http.MethodGet, "/api/cases", nil); res.Status != http.StatusOK {
			t.Fatalf("paid lawyer GET /api/cases: %d %s", res.Status, res.Body)
		}
		refs = referrals(t, affiliate)
		wantExpiry := srv.Clock.Now().Add(30 * day).UTC().Format(time.RFC3339)
		if refs[0].Status != "active" || refs[0].Referred.Fullname != "Achieng Otieno" || refs[0].Referred.DaysRemaining != 30 ||
			refs[0].Referred.SubscriptionExpiresAt == nil || *refs[0].Referred.SubscriptionExpiresAt != wantExpiry {
			t.Errorf("after paying, referral = %+v, want active until %s", refs[0], wantExpiry)
		}

		// At the turn of the month the scheduled job credits January.
		srv.Clock.Set(time.Date(2025, 2, 1, 0, 30, 0, 0, srv.App.Calendar.Location))
		if err := srv.App.Jobs.RunOnce(context.Background(), "commissions"); err != nil {
			t.Fatal(err)
		}
		affiliate = srv.Session(t, aff)
		st = stats(t, affiliate)
		if st.Stats.ReferralCount != 1 || st.Stats.TotalEarnings != 450 || len(st.Earnings) != 1 {
			t.Fatalf("after January's job, stats = %+v", st)
		}
		if got := st.Earnings[0]; got.Amount != 450 || got.Status != "pending" || got.Month != "2025-01" || got.CreatedAt == "" {
			t.Errorf("earning = %+v, want KSh 450 pending for 2025-01", got)
		}
		res := affiliate.Do(t, http.MethodGet, "/api/affiliate/stats", nil)
		if !strings.Contains(string(res.Body), `"totalEarnings":450`) || !strings.Contains(string(res.Body), `"amount":450`) {
			t.Errorf("amounts are not KSh in major units: %s", res.Body)
		}

		// The Connect door answers the same, in minor units.
		got, err := affiliate.Affiliate().GetAffiliateStats(context.Background(), connect.NewRequest(&kesiv1.GetAffiliateStatsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if got.Msg.TotalEarnings.AmountMinor != 45000 || got.Msg.ReferralCount != 1 || got.Msg.Earnings[0].Amount.Currency != "KES" {
			t.Errorf("Connect stats = %v", got.Msg)
		}
	})
}

// TestAffiliate_ErasedReferralCountsButNamesNoOne: a referred lawyer pays,
// January's commission is credited, then they delete their account and the
// erasure job empties the referral's referred side. Both doors still answer:
// the referral and its earning stay counted, inactive, naming no one.
func TestAffiliate_ErasedReferralCountsButNamesNoOne(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		lawyer := register(t, srv, "leaving@example.co.ke", *aff.AffiliateCode)
		lawyer.Subscribe(t, "monthly")
		if n := credit(t, srv, "2025-01"); n != 1 {
			t.Fatalf("credit 2025-01 created %d commissions, want 1", n)
		}

		if _, err := srv.App.Account.DeleteAccount(ctx, lawyer.User.ID, "court-2025", ""); err != nil {
			t.Fatal(err)
		}
		srv.Clock.Advance(account.Grace + time.Hour)
		if err := srv.App.Account.EraseDue(ctx); err != nil {
			t.Fatal(err)
		}
		if n := srv.DB().Referral.Query().Where(referral.AffiliateID(aff.ID), referral.ReferredIDIsNil()).CountX(ctx); n != 1 {
			t.Fatalf("%d erased referrals, want 1 (the erasure job no longer empties referred_id?)", n)
		}

		affiliate := srv.Session(t, aff)
		st := stats(t, affiliate)
		if st.Stats.ReferralCount != 1 || st.Stats.TotalEarnings != 450 || len(st.Earnings) != 1 {
			t.Errorf("after the erasure, stats = %+v, want the referral and its KSh 450 kept", st)
		}
		refs := referrals(t, affiliate)
		if len(refs) != 1 || refs[0].Status != "inactive" || refs[0].CreatedAt == "" ||
			refs[0].Referred.Fullname != "" || refs[0].Referred.Email != "" || refs[0].Referred.SubscriptionExpiresAt != nil {
			t.Errorf("after the erasure, referrals = %+v, want one inactive naming no one", refs)
		}
		res := affiliate.Do(t, http.MethodGet, "/api/affiliate/referrals", nil)
		if strings.Contains(string(res.Body), "leaving@example.co.ke") || strings.Contains(string(res.Body), "Achieng") {
			t.Errorf("the erased person shows: %s", res.Body)
		}

		got, err := affiliate.Affiliate().GetAffiliateStats(ctx, connect.NewRequest(&kesiv1.GetAffiliateStatsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if got.Msg.ReferralCount != 1 || got.Msg.ActiveReferralCount != 0 || got.Msg.TotalEarnings.AmountMinor != 45000 {
			t.Errorf("Connect stats after the erasure = %v", got.Msg)
		}
		list, err := affiliate.Affiliate().ListReferrals(ctx, connect.NewRequest(&kesiv1.ListReferralsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if rs := list.Msg.Referrals; len(rs) != 1 || rs[0].Status != "inactive" || rs[0].Referred != nil {
			t.Errorf("Connect referrals after the erasure = %v, want one inactive with no referred user", rs)
		}
	})
}

// paid records an applied payment for u covering [from, from+days), as the
// billing service leaves one, and moves u's paid-until to its end.
func paid(t *testing.T, srv *testkit.Server, u *ent.User, from time.Time, days int) {
	t.Helper()
	ctx := context.Background()
	until := from.Add(time.Duration(days) * day).UTC()
	srv.DB().Payment.Create().
		SetUserID(u.ID).SetPlanID("monthly").SetReference("TEST-" + uuid.NewString()).
		SetAmountMinor(150000).SetCurrency("KES").SetDurationDays(days).
		SetStatus("success").SetProvider("fake").
		SetAppliedAt(from.UTC()).SetPaidUntilAfter(until).
		ExecX(ctx)
	srv.DB().User.UpdateOneID(u.ID).SetPaidUntil(until).ExecX(ctx)
}

func refer(t *testing.T, srv *testkit.Server, affiliate, referred *ent.User) {
	t.Helper()
	srv.DB().Referral.Create().SetAffiliateID(affiliate.ID).SetReferredID(referred.ID).ExecX(context.Background())
}

func TestCommissions(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		nairobi := srv.App.Calendar.Location
		at := func(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, nairobi) }
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})

		// Paid 20 Jan for 30 days, then stopped: one month paid, January's.
		stopped := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, stopped)
		paid(t, srv, stopped, at(2025, 1, 20, 10), 30)

		// Paid a year on 1 Dec 2024: twelve months, December to November.
		yearly := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, yearly)
		paid(t, srv, yearly, at(2024, 12, 1, 9), 365)

		// Registered, never paid.
		refer(t, srv, aff, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))

		// Not referred: paid, but nobody earns for them.
		paid(t, srv, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}), at(2025, 1, 2, 8), 30)

		// Paid until midnight at the start of 1 January in Nairobi (21:00 UTC
		// on 31 December): a December customer, not a January one.
		december := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, december)
		paid(t, srv, december, at(2025, 1, 1, 0).Add(-30*day), 30)

		// Self-referral: never credited, however it got into the table.
		refer(t, srv, aff, aff)
		paid(t, srv, aff, at(2025, 1, 5, 8), 30)

		for _, tc := range []struct {
			month string
			want  int
		}{
			{"2025-01", 2}, // stopped and yearly
			{"2025-01", 0}, // run twice: nothing more
			{"2025-02", 1}, // stopped's 30 days run into February, but paid one month
			{"2025-03", 1}, // only yearly
			{"2025-02", 0},
		} {
			if got := credit(t, srv, tc.month); got != tc.want {
				t.Errorf("credit %s created %d commissions, want %d", tc.month, got, tc.want)
			}
		}
		ctx := context.Background()
		for month, want := range map[string]int{"2024-12": 0, "2025-01": 2, "2025-02": 1, "2025-03": 1} {
			if n := srv.DB().Commission.Query().Where(commission.Month(month)).CountX(ctx); n != want {
				t.Errorf("%s has %d commissions, want %d", month, n, want)
			}
		}
		if n := srv.DB().Commission.Query().Where(commission.AffiliateID(aff.ID)).CountX(ctx); n != 4 {
			t.Errorf("the affiliate has %d commissions, want 4", n)
		}
		for _, c := range srv.DB().Commission.Query().WithReferral().AllX(ctx) {
			if c.Edges.Referral.ReferredID == aff.ID {
				t.Errorf("a self-referral was credited for %s", c.Month)
			}
			if c.AmountMinor != 45000 || c.Currency != "KES" || c.Status != commission.StatusPending {
				t.Errorf("commission %+v, want KES 45000 pending", c)
			}
		}
	})
}

func TestCommissions_OnePerMonthPaidFor(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		nairobi := srv.App.Calendar.Location
		at := func(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, nairobi) }
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})

		// 30 days paid on the last day of January, late in the evening.
		monthEnd := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, monthEnd)
		paid(t, srv, monthEnd, at(2025, 1, 31, 22), 30)
		// A year paid on 31 January: twelve commissions, one a month.
		yearly := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, yearly)
		paid(t, srv, yearly, at(2025, 1, 31, 9), 365)

		total := 0
		m := affiliates.Month{Year: 2025, Month: time.January}
		perMonth := map[string]int{}
		for range 15 {
			n := credit(t, srv, m.String())
			perMonth[m.String()] = n
			total += n
			m = m.Next()
		}
		if total != 13 {
			t.Errorf("a 30-day and a yearly payment earned %d commissions, want 1 + 12: %v", total, perMonth)
		}
		// The year's second month starts on 2 March (31 January + 365/12
		// days): February is not a month it paid for.
		if perMonth["2025-01"] != 2 || perMonth["2025-02"] != 0 || perMonth["2026-02"] != 0 {
			t.Errorf("commissions by month %v: want two in January (both start then), none in February, none after the year", perMonth)
		}
		ctx := context.Background()
		for _, u := range []*ent.User{monthEnd, yearly} {
			n := srv.DB().Commission.Query().Where(commission.HasReferralWith(referral.ReferredID(u.ID))).CountX(ctx)
			want := map[bool]int{true: 1, false: 12}[u.ID == monthEnd.ID]
			if n != want {
				t.Errorf("%s earned %d commissions, want %d", u.Email, n, want)
			}
		}
	})
}

// refunded records that refundedMinor of u's payments came back to them, as
// billing's refund leaves a payment.
func refunded(t *testing.T, srv *testkit.Server, u *ent.User, refundedMinor int64) {
	t.Helper()
	srv.DB().Payment.Update().Where(payment.UserID(u.ID)).
		SetRefundedAt(srv.Clock.Now().UTC()).SetRefundedMinor(refundedMinor).
		ExecX(context.Background())
}

// TestCommissions_OnlyForTheMonthsARefundKept: a refund takes its share off
// the end of the paid period, and the affiliate earns for the months kept,
// to the nearest month.
func TestCommissions_OnlyForTheMonthsARefundKept(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		nairobi := srv.App.Calendar.Location
		at := func(y int, m time.Month, d, h int) time.Time { return time.Date(y, m, d, h, 0, 0, 0, nairobi) }
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})

		// Paid through the checkout on 15 January and refunded in full the
		// same day by Paystack's refund.processed: never a paying customer.
		whole := register(t, srv, "whole@example.co.ke", *aff.AffiliateCode)
		ref := whole.Subscribe(t, "monthly")
		svc := billing.NewService(srv.DB(), srv.Clock, billing.NewFake(srv.DB(), srv.URL), srv.URL, nil, slog.Default())
		ev := billing.WebhookEvent{Event: billing.EventRefundProcessed,
			Transaction: billing.Transaction{Reference: ref, Status: "processed", AmountMinor: 1_500_00, Currency: "KES"}}
		if err := svc.Webhook(ctx, ev); err != nil {
			t.Fatal(err)
		}
		// 30 days, a third refunded: most of the month kept, so it earns.
		third := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, third)
		paid(t, srv, third, at(2025, 1, 10, 9), 30)
		refunded(t, srv, third, 500_00)
		// 30 days, 60% refunded: less than half the month kept.
		most := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, most)
		paid(t, srv, most, at(2025, 1, 10, 9), 30)
		refunded(t, srv, most, 900_00)
		// A year from 1 January, 7/12 refunded: January to May kept.
		yearly := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, yearly)
		paid(t, srv, yearly, at(2025, 1, 1, 9), 365)
		refunded(t, srv, yearly, 1_500_00*7/12)

		total := 0
		perMonth := map[string]int{}
		for m := (affiliates.Month{Year: 2025, Month: time.January}); m.Year == 2025; m = m.Next() {
			n := credit(t, srv, m.String())
			perMonth[m.String()] = n
			total += n
		}
		if perMonth["2025-01"] != 2 || perMonth["2025-05"] != 1 || perMonth["2025-06"] != 0 || total != 6 {
			t.Errorf("commissions by month %v, want January's two, then one a month to May (6 in all)", perMonth)
		}
		for _, tc := range []struct {
			u    *ent.User
			want int
		}{{whole.User, 0}, {third, 1}, {most, 0}, {yearly, 5}} {
			n := srv.DB().Commission.Query().Where(commission.HasReferralWith(referral.ReferredID(tc.u.ID))).CountX(ctx)
			if n != tc.want {
				t.Errorf("%s earned %d commissions, want %d", tc.u.Email, n, tc.want)
			}
		}
	})
}

func TestCommissions_ConcurrentRuns(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		for range 20 {
			u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
			refer(t, srv, aff, u)
			paid(t, srv, u, srv.Clock.Now().Add(-day), 30)
		}
		m, _ := affiliates.ParseMonth("2025-01")
		var wg sync.WaitGroup
		for range 4 { // as several servers running the job at once
			wg.Go(func() {
				if _, err := service(srv).CreditMonth(context.Background(), m); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if n := srv.DB().Commission.Query().CountX(context.Background()); n != 20 {
			t.Errorf("concurrent runs left %d commissions, want 20", n)
		}
	})
}

func TestCommissions_MarkPaid(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Email: "partner@example.co.ke"})
		lawyer := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, lawyer)
		paid(t, srv, lawyer, srv.Clock.Now().Add(-20*day), 90)
		credit(t, srv, "2024-12")
		credit(t, srv, "2025-01")
		m, _ := affiliates.ParseMonth("2024-12")
		ctx := context.Background()
		n, err := service(srv).MarkPaid(ctx, "Partner@example.co.ke", m)
		if err != nil || n != 1 {
			t.Fatalf("MarkPaid: %d, %v, want 1", n, err)
		}
		if n, _ := service(srv).MarkPaid(ctx, "partner@example.co.ke", m); n != 0 {
			t.Errorf("marking paid twice marked %d", n)
		}
		if _, err := service(srv).MarkPaid(ctx, "nobody@example.co.ke", m); err == nil {
			t.Error("MarkPaid of an unknown affiliate succeeded")
		}
		st := stats(t, srv.Session(t, aff))
		statuses := map[string]string{}
		for _, e := range st.Earnings {
			statuses[e.Month] = e.Status
		}
		if statuses["2024-12"] != "paid" || statuses["2025-01"] != "pending" || st.Stats.TotalEarnings != 900 {
			t.Errorf("after paying December: %+v", st)
		}
	})
}

func TestAffiliate_SeesOnlyOwn(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		a := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		b := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		la := srv.CreateUser(t, testkit.UserSpec{Unpaid: true, Email: "of-a@example.co.ke"})
		lb := srv.CreateUser(t, testkit.UserSpec{Unpaid: true, Email: "of-b@example.co.ke"})
		refer(t, srv, a, la)
		refer(t, srv, b, lb)
		paid(t, srv, la, srv.Clock.Now().Add(-day), 30)
		paid(t, srv, lb, srv.Clock.Now().Add(-day), 30)
		credit(t, srv, "2025-01")

		for _, tc := range []struct {
			aff   *ent.User
			email string
		}{{a, "of-a@example.co.ke"}, {b, "of-b@example.co.ke"}} {
			s := srv.Session(t, tc.aff)
			refs := referrals(t, s)
			if len(refs) != 1 || refs[0].Referred.Email != tc.email {
				t.Errorf("affiliate %s sees referrals %+v, want only %s", tc.aff.Email, refs, tc.email)
			}
			st := stats(t, s)
			if st.Stats.ReferralCount != 1 || len(st.Earnings) != 1 || st.Stats.TotalEarnings != 450 {
				t.Errorf("affiliate %s sees stats %+v, want only their own", tc.aff.Email, st)
			}
		}
	})
}

func TestAffiliate_OnlyAffiliates(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		for _, role := range []role.Role{role.Lawyer, role.Moderator, role.Demo} {
			s := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role}))
			for _, path := range []string{"/api/affiliate/stats", "/api/affiliate/referrals"} {
				res := s.Do(t, http.MethodGet, path, nil)
				if res.Status != http.StatusForbidden || res.Message(t) != auth.MsgForbidden {
					t.Errorf("%s GET %s: %d %s, want 403", role, path, res.Status, res.Body)
				}
			}
			_, err := s.Affiliate().ListReferrals(context.Background(), connect.NewRequest(&kesiv1.ListReferralsRequest{}))
			if connect.CodeOf(err) != connect.CodePermissionDenied {
				t.Errorf("%s ListReferrals over Connect: %v, want PermissionDenied", role, err)
			}
		}
		if res := srv.Anonymous().Do(t, http.MethodGet, "/api/affiliate/stats", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("anonymous stats: %d, want 401", res.Status)
		}
	})
}

func TestMonth(t *testing.T) {
	nairobi, _ := time.LoadLocation("Africa/Nairobi")
	m, err := affiliates.ParseMonth("2025-01")
	if err != nil || m.String() != "2025-01" || m.Previous().String() != "2024-12" {
		t.Fatalf("ParseMonth(2025-01) = %v, %v", m, err)
	}
	start, end := m.Bounds(nairobi)
	if !start.Equal(time.Date(2024, 12, 31, 21, 0, 0, 0, time.UTC)) || !end.Equal(time.Date(2025, 1, 31, 21, 0, 0, 0, time.UTC)) {
		t.Errorf("January in Nairobi is [%v, %v)", start.UTC(), end.UTC())
	}
	if got := affiliates.MonthOf(time.Date(2025, 1, 31, 22, 0, 0, 0, time.UTC), nairobi); got.String() != "2025-02" {
		t.Errorf("31 Jan 22:00 UTC is in %s in Nairobi, want 2025-02", got)
	}
	for _, bad := range []string{"", "2025", "2025-13", "2025-1", "25-01", "2025-01-01", "январь"} {
		if _, err := affiliates.ParseMonth(bad); err == nil {
			t.Errorf("ParseMonth(%q) accepted a bad month", bad)
		}
	}
}

func FuzzParseMonth(f *testing.F) {
	for _, s := range []string{"2025-01", "1999-12", "2025-13", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := affiliates.ParseMonth(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Errorf("ParseMonth(%q) = %s, which does not write back the same", s, m)
		}
	})
}

// TestCommissions_NoneForAnErasedAffiliate: an affiliate erases their
// account while a customer they referred goes on paying. The months already
// credited stay in the books; the months after earn nothing, as there is no
// one left to pay, and no commission is ever credited to no affiliate.
func TestCommissions_NoneForAnErasedAffiliate(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		nairobi := srv.App.Calendar.Location
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate})
		yearly := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		refer(t, srv, aff, yearly)
		paid(t, srv, yearly, time.Date(2024, 12, 1, 9, 0, 0, 0, nairobi), 365)
		if n := credit(t, srv, "2024-12"); n != 1 {
			t.Fatalf("credit 2024-12 created %d commissions, want 1", n)
		}

		now := srv.Clock.Now().UTC()
		srv.DB().AccountDeletion.Create().SetUserID(aff.ID).SetRequestedAt(now).SetEraseAt(now).
			SetCreatedAt(now).SetUpdatedAt(now).ExecX(ctx)
		if err := srv.App.Account.EraseDue(ctx); err != nil {
			t.Fatal(err)
		}
		if srv.DB().User.Query().Where(user.ID(aff.ID)).ExistX(ctx) {
			t.Fatal("the affiliate was not erased")
		}

		for _, month := range []string{"2025-01", "2025-02"} {
			if n := credit(t, srv, month); n != 0 {
				t.Errorf("credit %s created %d commissions for an erased affiliate, want 0", month, n)
			}
		}
		if n := srv.DB().Commission.Query().Where(commission.AffiliateID(uuid.Nil)).CountX(ctx); n != 0 {
			t.Errorf("%d commissions belong to no affiliate", n)
		}
		if n := srv.DB().Commission.Query().CountX(ctx); n != 1 {
			t.Errorf("%d commissions in all, want December's one kept", n)
		}
	})
}
