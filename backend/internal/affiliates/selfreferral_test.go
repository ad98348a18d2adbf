package affiliates_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/commission"
	"github.com/kesihq/kesi/ent/referral"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// paidAs records a 30-day payment of u from at, made by payer as Paystack
// reported them.
func paidAs(t *testing.T, srv *testkit.Server, u *ent.User, at time.Time, customer, email, phone, signature string) {
	t.Helper()
	ctx := context.Background()
	until := at.Add(30 * day).UTC()
	srv.DB().Payment.Create().
		SetUserID(u.ID).SetPlanID("monthly").SetReference("TEST-" + uuid.NewString()).
		SetAmountMinor(150000).SetCurrency("KES").SetDurationDays(30).
		SetStatus("success").SetProvider("paystack").
		SetAppliedAt(at.UTC()).SetPaidUntilAfter(until).
		SetPayerCustomerCode(customer).SetPayerEmail(email).SetPayerPhone(phone).SetPayerSignature(signature).
		ExecX(ctx)
	srv.DB().User.UpdateOneID(u.ID).SetPaidUntil(until).ExecX(ctx)
}

// A referral whose account shares the affiliate's phone number or Paystack
// customer (their customer code, card, e-mail or M-Pesa number) earns no
// commission, and the affiliate sees it as not eligible, with why, through
// both doors.
func TestSelfReferral_SamePhoneOrPaystackCustomerEarnsNothing(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		at := time.Date(2025, 1, 6, 10, 0, 0, 0, srv.App.Calendar.Location)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Phone: "+254 799 111 222"})
		// The affiliate once paid with their own card and Paystack customer.
		paidAs(t, srv, aff, at.Add(-60*day), "CUS_affiliate", aff.Email, "", "SIG_affiliates_card")

		person := func(phone string) *ent.User {
			u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true, Phone: phone})
			refer(t, srv, aff, u)
			return u
		}
		samePhone := person("0799111222")
		paidAs(t, srv, samePhone, at, "CUS_a", samePhone.Email, "", "")
		mpesaOfAffiliate := person("0722000001")
		paidAs(t, srv, mpesaOfAffiliate, at, "CUS_b", mpesaOfAffiliate.Email, "254799111222", "")
		affiliatesCard := person("0722000002")
		paidAs(t, srv, affiliatesCard, at, "CUS_c", affiliatesCard.Email, "", "SIG_affiliates_card")
		affiliatesCustomer := person("0722000003")
		paidAs(t, srv, affiliatesCustomer, at, "CUS_affiliate", aff.Email, "", "")
		honest := person("0733000444")
		paidAs(t, srv, honest, at, "CUS_honest", honest.Email, "0733000444", "SIG_honest")

		if got := credit(t, srv, "2025-01"); got != 1 {
			t.Fatalf("credited %d referrals, want only the honest one", got)
		}
		if c := srv.DB().Commission.Query().WithReferral().OnlyX(ctx); c.Edges.Referral.ReferredID != honest.ID {
			t.Fatalf("the commission went to %s", c.Edges.Referral.ReferredID)
		}
		want := map[string]string{
			samePhone.Email:          affiliates.MsgSelfReferralPhone,
			mpesaOfAffiliate.Email:   affiliates.MsgSelfReferralPhone,
			affiliatesCard.Email:     affiliates.MsgSelfReferralCustomer,
			affiliatesCustomer.Email: affiliates.MsgSelfReferralCustomer,
			honest.Email:             "",
		}
		if n := srv.DB().Referral.Query().Where(referral.FlaggedAtNotNil(), referral.NotEligibleReasonNEQ("")).CountX(ctx); n != 4 {
			t.Errorf("%d referrals flagged, want 4", n)
		}
		session := srv.Session(t, aff)
		// REST.
		res := session.Do(t, http.MethodGet, "/api/affiliate/referrals", nil)
		var rest []struct {
			NotEligibleReason *string `json:"not_eligible_reason"`
			Referred          struct {
				Email string `json:"email"`
			} `json:"referred"`
		}
		res.JSON(t, &rest)
		if len(rest) != len(want) {
			t.Fatalf("%d referrals: %s", len(rest), res.Body)
		}
		for _, r := range rest {
			got := ""
			if r.NotEligibleReason != nil {
				got = *r.NotEligibleReason
			}
			if got != want[r.Referred.Email] {
				t.Errorf("REST %s: reason %q, want %q", r.Referred.Email, got, want[r.Referred.Email])
			}
		}
		// Connect.
		lr, err := session.Affiliate().ListReferrals(ctx, connect.NewRequest(&kesiv1.ListReferralsRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range lr.Msg.Referrals {
			if r.NotEligibleReason != want[r.Referred.Email] {
				t.Errorf("Connect %s: reason %q, want %q", r.Referred.Email, r.NotEligibleReason, want[r.Referred.Email])
			}
		}
		// Later months earn nothing either, and the honest referral's
		// next month still does.
		paidAs(t, srv, samePhone, at.Add(30*day), "CUS_a", samePhone.Email, "", "")
		paidAs(t, srv, honest, at.Add(30*day), "CUS_honest", honest.Email, "", "SIG_honest")
		if got := credit(t, srv, "2025-02"); got != 1 {
			t.Errorf("February credited %d, want 1", got)
		}
		if n := srv.DB().Commission.Query().Where(commission.AffiliateID(aff.ID)).CountX(ctx); n != 2 {
			t.Errorf("%d commissions, want 2", n)
		}
	})
}

// The same phone number shows at once, before any payment: a lawyer who
// registers through the affiliate's link with the affiliate's number.
func TestSelfReferral_SamePhoneShowsAtRegistration(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Phone: "0712345678"})
		register(t, srv, "own-number@example.co.ke", *aff.AffiliateCode) // registers with 0712345678
		refs := referrals(t, srv.Session(t, aff))
		res := srv.Session(t, aff).Do(t, http.MethodGet, "/api/affiliate/referrals", nil)
		if len(refs) != 1 || !contains(string(res.Body), affiliates.MsgSelfReferralPhone) {
			t.Fatalf("referrals: %s", res.Body)
		}
	})
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
