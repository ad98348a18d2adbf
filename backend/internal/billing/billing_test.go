package billing_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/payment"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

const day = 24 * time.Hour

// paystackKesi is a Kesi that pays through a Paystack test server.
func paystackKesi(t *testing.T, e testkit.Engine) (*testkit.Server, *paystackServer) {
	ps := newPaystackServer(t)
	srv := testkit.NewServer(t, e, map[string]string{
		"KESI_PAYSTACK_SECRET_KEY": testSecret,
		"KESI_PAYSTACK_BASE_URL":   ps.URL,
	})
	return srv, ps
}

type verifyBody struct {
	Success bool   `json:"success"`
	Status  string `json:"status"`
	Data    struct {
		Status string `json:"status"`
	} `json:"data"`
	Message string `json:"message"`
	Expiry  string `json:"expiry"`
}

func verify(t *testing.T, s *testkit.Session, ref string) (int, verifyBody) {
	t.Helper()
	res := s.Do(t, http.MethodPost, "/api/payment/verify", map[string]string{"reference": ref})
	var v verifyBody
	if res.Status == http.StatusOK {
		res.JSON(t, &v)
	} else {
		v.Message = res.Message(t)
	}
	return res.Status, v
}

func paidUntil(t *testing.T, srv *testkit.Server, u *ent.User) *time.Time {
	t.Helper()
	return srv.DB().User.GetX(context.Background(), u.ID).PaidUntil
}

func TestPlans(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		res := srv.Anonymous().Do(t, http.MethodGet, "/api/plans", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("GET /api/plans: %d %s", res.Status, res.Body)
		}
		var plans []map[string]any
		res.JSON(t, &plans)
		want := `[{"id":"monthly","name":"Monthly","price":1500,"currency":"KES","duration":30},{"id":"quarterly","name":"Quarterly","price":4000,"currency":"KES","duration":90},{"id":"yearly","name":"Yearly","price":15000,"currency":"KES","duration":365}]`
		if got := strings.TrimSpace(string(res.Body)); got != want {
			t.Errorf("plans answered\n%s\nwant\n%s", got, want)
		}

		got, err := srv.Anonymous().Billing().ListPlans(context.Background(), connect.NewRequest(&kesiv1.ListPlansRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if p := got.Msg.Plans[0]; p.Price.AmountMinor != 150000 || p.Price.Currency != "KES" || p.DurationDays != 30 {
			t.Errorf("Connect plan = %v, want KES 150000 minor for 30 days", p)
		}
	})
}

func TestPlans_OperatorChangesSurviveMigrate(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	err := billing.SetPlan(ctx, srv.DB(), billing.Plan{ID: "monthly", Name: "Monthly", PriceMinor: 1_800_00, Currency: "kes", DurationDays: 31, Active: true, SortOrder: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := billing.SetPlan(ctx, srv.DB(), billing.Plan{ID: "yearly", Name: "Yearly", PriceMinor: 1, Currency: "KES", DurationDays: 365}); err != nil {
		t.Fatal(err)
	}
	if err := srv.App.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var plans []struct {
		ID       string
		Price    float64
		Duration int
	}
	srv.Anonymous().Do(t, http.MethodGet, "/api/plans", nil).JSON(t, &plans)
	if len(plans) != 2 || plans[0].ID != "monthly" || plans[0].Price != 1800 || plans[0].Duration != 31 {
		t.Errorf("after migrate plans = %+v, want the operator's monthly price and the yearly plan withdrawn", plans)
	}
	for _, bad := range []billing.Plan{
		{ID: "", Name: "X", PriceMinor: 1, Currency: "KES", DurationDays: 1},
		{ID: "x", Name: "X", PriceMinor: 0, Currency: "KES", DurationDays: 1},
		{ID: "x", Name: "X", PriceMinor: 1, Currency: "KSH!", DurationDays: 1},
		{ID: "x", Name: "X", PriceMinor: 1, Currency: "KES", DurationDays: 0},
	} {
		if err := billing.SetPlan(ctx, srv.DB(), bad); err == nil {
			t.Errorf("SetPlan(%+v) accepted a bad plan", bad)
		}
	}
}

func TestPaystack_InitializeSendsDocumentedRequest(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		lawyer := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true, Email: "wanjiru@example.co.ke"}))
		co := lawyer.StartPayment(t, "quarterly")
		if !strings.HasPrefix(co.AuthorizationURL, "https://checkout.paystack.com/") || co.Reference == "" {
			t.Fatalf("initialize answered %+v", co)
		}
		body := ps.initBody(co.Reference)
		if body["email"] != "wanjiru@example.co.ke" || body["amount"] != float64(400000) || body["currency"] != "KES" ||
			body["callback_url"] != srv.URL+"/success" {
			t.Errorf("Paystack received %v", body)
		}
		p := srv.DB().Payment.Query().Where(payment.Reference(co.Reference)).OnlyX(context.Background())
		if p.Status != payment.StatusPending || p.AmountMinor != 400000 || p.DurationDays != 90 || p.Provider != "paystack" {
			t.Errorf("payment row = %+v", p)
		}
	})
}

func TestInitialize_BadInput(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		lawyer := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		for _, tc := range []struct {
			name   string
			body   any
			status int
			msg    string
		}{
			{"no plan", map[string]string{}, 400, billing.MsgSelectPlan},
			{"blank plan", map[string]string{"planId": "  "}, 400, billing.MsgSelectPlan},
			{"unknown plan", map[string]string{"planId": "weekly"}, 400, billing.MsgPlanNotOnSale},
			{"not JSON", "{", 400, "Request body must be valid JSON."},
		} {
			var res *testkit.Response
			if s, ok := tc.body.(string); ok {
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/initialize", strings.NewReader(s))
				req.Header.Set("Content-Type", "application/json")
				res = lawyer.Send(t, req)
			} else {
				res = lawyer.Do(t, http.MethodPost, "/api/payment/initialize", tc.body)
			}
			if res.Status != tc.status || res.Message(t) != tc.msg {
				t.Errorf("%s: %d %s, want %d %q", tc.name, res.Status, res.Body, tc.status, tc.msg)
			}
		}
		if n := srv.DB().Payment.Query().CountX(context.Background()); n != 0 {
			t.Errorf("bad requests left %d payments behind", n)
		}
	})
}

func TestInitialize_WhoMayPay(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		demo := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Demo}))
		affiliate := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate}))
		moderator := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Moderator, Unpaid: true}))
		for _, tc := range []struct {
			name   string
			s      *testkit.Session
			status int
			msg    string
		}{
			{"demo", demo, 403, billing.MsgDemoCannotPay},
			{"affiliate", affiliate, 403, auth.MsgForbidden},
			{"anonymous", srv.Anonymous(), 401, auth.MsgSignInRequired},
			{"unpaid moderator", moderator, 200, ""},
		} {
			res := tc.s.Do(t, http.MethodPost, "/api/payment/initialize", map[string]string{"planId": "monthly"})
			if res.Status != tc.status || (tc.msg != "" && res.Message(t) != tc.msg) {
				t.Errorf("%s: %d %s, want %d %q", tc.name, res.Status, res.Body, tc.status, tc.msg)
			}
		}
		_, err := demo.Billing().InitializePayment(context.Background(), connect.NewRequest(&kesiv1.InitializePaymentRequest{PlanId: "monthly"}))
		if connect.CodeOf(err) != connect.CodePermissionDenied {
			t.Errorf("demo InitializePayment over Connect: %v, want PermissionDenied", err)
		}
	})
}

func TestVerify_Outcomes(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		for _, tc := range []struct {
			name    string
			outcome *paystackOutcome // nil: the payer never finished
			success bool
			status  string
			msg     string
		}{
			{"success", &paystackOutcome{"success", 150000, "KES"}, true, "success", billing.MsgPaid},
			{"failed", &paystackOutcome{"failed", 150000, "KES"}, false, "failed", billing.MsgFailed},
			{"abandoned", nil, false, "abandoned", billing.MsgAbandoned},
			{"still going", &paystackOutcome{"ongoing", 150000, "KES"}, false, "pending", billing.MsgPending},
			{"amount short", &paystackOutcome{"success", 100, "KES"}, false, "failed", billing.MsgAmountMismatch},
			{"wrong currency", &paystackOutcome{"success", 150000, "USD"}, false, "failed", billing.MsgAmountMismatch},
		} {
			t.Run(tc.name, func(t *testing.T) {
				u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
				lawyer := srv.Session(t, u)
				co := lawyer.StartPayment(t, "monthly")
				if tc.outcome != nil {
					ps.set(co.Reference, *tc.outcome)
				}
				status, v := verify(t, lawyer, co.Reference)
				if status != 200 || v.Success != tc.success || v.Status != tc.status || v.Data.Status != tc.status || v.Message != tc.msg {
					t.Fatalf("verify answered %d %+v, want success=%v status=%s %q", status, v, tc.success, tc.status, tc.msg)
				}
				until := paidUntil(t, srv, u)
				p := srv.DB().Payment.Query().Where(payment.Reference(co.Reference)).OnlyX(context.Background())
				if string(p.Status) != tc.status {
					t.Errorf("payment stored as %s, want %s", p.Status, tc.status)
				}
				if !tc.success {
					if until != nil || v.Expiry != "" || p.AppliedAt != nil {
						t.Errorf("an unsuccessful payment gave access: paid until %v, expiry %q", until, v.Expiry)
					}
					return
				}
				want := srv.Clock.Now().Add(30 * day).UTC()
				if until == nil || !until.Equal(want) || v.Expiry != want.Format(time.RFC3339) {
					t.Errorf("paid until %v (expiry %q), want %v", until, v.Expiry, want)
				}
				st := lawyer.Do(t, http.MethodGet, "/api/subscription/status", nil)
				if got := strings.TrimSpace(string(st.Body)); got != `{"expiry":"`+want.Format(time.RFC3339)+`","hasActiveSubscription":true}` {
					t.Errorf("status after paying = %s", got)
				}
			})
		}
	})
}

func TestVerify_TwiceAppliesOnce(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		lawyer := srv.Session(t, u)
		co := lawyer.StartPayment(t, "monthly")
		ps.set(co.Reference, paystackOutcome{"success", 150000, "KES"})
		_, first := verify(t, lawyer, co.Reference)
		srv.Clock.Advance(time.Minute)
		_, second := verify(t, lawyer, co.Reference)
		// Paystack reporting a failure afterwards changes nothing.
		ps.set(co.Reference, paystackOutcome{"reversed", 150000, "KES"})
		_, third := verify(t, lawyer, co.Reference)
		want := srv.Clock.Now().Add(-time.Minute).Add(30 * day).UTC()
		for i, v := range []verifyBody{first, second, third} {
			if !v.Success || v.Expiry != want.Format(time.RFC3339) {
				t.Errorf("verification %d answered %+v, want success until %v", i+1, v, want)
			}
		}
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(want) {
			t.Errorf("paid until %v after three verifications, want %v (applied once)", got, want)
		}
	})
}

func TestVerify_OnlyOwnPayment(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		owner := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		other := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co := owner.StartPayment(t, "monthly")
		ps.set(co.Reference, paystackOutcome{"success", 150000, "KES"})
		for _, tc := range []struct {
			name, ref string
			status    int
			msg       string
		}{
			{"another lawyer's reference", co.Reference, 404, billing.MsgPaymentNotFound},
			{"unknown reference", "KESI-NOPE", 404, billing.MsgPaymentNotFound},
			{"no reference", "", 400, "No payment reference found in URL"},
		} {
			status, v := verify(t, srv.Session(t, other), tc.ref)
			if status != tc.status || v.Message != tc.msg {
				t.Errorf("%s: %d %q, want %d %q", tc.name, status, v.Message, tc.status, tc.msg)
			}
		}
		if got := paidUntil(t, srv, other); got != nil {
			t.Errorf("verifying someone else's payment gave access until %v", got)
		}
		_, err := srv.Session(t, other).Billing().VerifyPayment(context.Background(), connect.NewRequest(&kesiv1.VerifyPaymentRequest{Reference: co.Reference}))
		if connect.CodeOf(err) != connect.CodeNotFound {
			t.Errorf("Connect VerifyPayment of another's reference: %v, want NotFound", err)
		}
	})
}

// postWebhook delivers body to the webhook with signature.
func postWebhook(t *testing.T, srv *testkit.Server, body []byte, signature string) *testkit.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/webhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set("x-paystack-signature", signature)
	}
	return srv.Anonymous().Send(t, req)
}

func TestWebhook(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co := srv.Session(t, u).StartPayment(t, "monthly")
		event := chargeSuccess(co.Reference, 150000, "KES")

		for _, tc := range []struct {
			name, sig string
		}{
			{"no signature", ""},
			{"signed with another key", billing.Sign("sk_test_other", event)},
			{"not hex", "zz"},
			{"signature of another body", billing.Sign(testSecret, chargeSuccess(co.Reference, 1, "KES"))},
		} {
			if res := postWebhook(t, srv, event, tc.sig); res.Status != http.StatusUnauthorized {
				t.Errorf("%s: %d %s, want 401", tc.name, res.Status, res.Body)
			}
		}
		if got := paidUntil(t, srv, u); got != nil {
			t.Fatalf("an unsigned event gave access until %v", got)
		}

		mismatch := chargeSuccess(co.Reference, 15000, "KES")
		if res := postWebhook(t, srv, mismatch, billing.Sign(testSecret, mismatch)); res.Status != 200 {
			t.Fatalf("signed event with a wrong amount: %d, want 200 (acknowledged)", res.Status)
		}
		if got := paidUntil(t, srv, u); got != nil {
			t.Fatalf("an event with the wrong amount gave access until %v", got)
		}

		want := srv.Clock.Now().Add(30 * day).UTC()
		for i := range 3 { // Paystack re-sends events it thinks were missed.
			if res := postWebhook(t, srv, event, billing.Sign(testSecret, event)); res.Status != 200 {
				t.Fatalf("delivery %d: %d %s", i+1, res.Status, res.Body)
			}
			srv.Clock.Advance(time.Minute)
		}
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(want) {
			t.Errorf("after three deliveries paid until %v, want %v (applied once)", got, want)
		}

		other := []byte(`{"event":"transfer.success","data":{"reference":"` + co.Reference + `"}}`)
		if res := postWebhook(t, srv, other, billing.Sign(testSecret, other)); res.Status != 200 {
			t.Errorf("other signed event: %d, want 200", res.Status)
		}
		unknown := chargeSuccess("NOT-OURS", 150000, "KES")
		if res := postWebhook(t, srv, unknown, billing.Sign(testSecret, unknown)); res.Status != 200 {
			t.Errorf("event for a reference Kesi did not issue: %d, want 200", res.Status)
		}
	})
}

func TestWebhook_RefusedWithoutPaystack(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	event := chargeSuccess("KESI-X", 150000, "KES")
	if res := postWebhook(t, srv, event, billing.Sign("", event)); res.Status != http.StatusUnauthorized {
		t.Errorf("webhook with no secret key configured: %d, want 401", res.Status)
	}
}

func TestWebhookAndVerifyRace(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		lawyer := srv.Session(t, u)
		co := lawyer.StartPayment(t, "yearly")
		ps.set(co.Reference, paystackOutcome{"success", 1500000, "KES"})
		event := chargeSuccess(co.Reference, 1500000, "KES")
		sig := billing.Sign(testSecret, event)

		var wg sync.WaitGroup
		failures := make(chan string, 20)
		for i := range 10 {
			wg.Go(func() {
				if i%2 == 0 {
					req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/webhook", bytes.NewReader(event))
					req.Header.Set("x-paystack-signature", sig)
					res, err := http.DefaultClient.Do(req)
					if err != nil || res.StatusCode != 200 {
						failures <- "webhook failed"
					}
					if res != nil {
						res.Body.Close()
					}
					return
				}
				_, err := lawyer.Billing().VerifyPayment(context.Background(), connect.NewRequest(&kesiv1.VerifyPaymentRequest{Reference: co.Reference}))
				if err != nil {
					failures <- err.Error()
				}
			})
		}
		wg.Wait()
		close(failures)
		for f := range failures {
			t.Error(f)
		}
		want := srv.Clock.Now().Add(365 * day).UTC()
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(want) {
			t.Errorf("after racing webhooks and verifications paid until %v, want %v (applied once)", got, want)
		}
	})
}

func TestExtend(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 15, 6, 0, 0, 0, time.UTC)
	past := now.Add(-3 * day)
	future := now.Add(10 * day)
	for _, tc := range []struct {
		name      string
		paidUntil *time.Time
		want      time.Time
	}{
		{"never paid: from now", nil, now.Add(30 * day)},
		{"expired: from now, not from the old expiry", &past, now.Add(30 * day)},
		{"expiring this instant: from now", &now, now.Add(30 * day)},
		{"active: from the current expiry", &future, now.Add(40 * day)},
	} {
		if got := billing.Extend(tc.paidUntil, now, 30); !got.Equal(tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSubscriptionExtension_AcrossExpiry(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, ps := paystackKesi(t, e)
		now := srv.Clock.Now()
		expired := now.Add(-5 * day)
		active := now.Add(12 * day)
		for _, tc := range []struct {
			name      string
			paidUntil time.Time
			want      time.Time
		}{
			{"expired five days ago", expired, now.Add(30 * day)},
			{"twelve days left", active, active.Add(30 * day)},
		} {
			u := srv.CreateUser(t, testkit.UserSpec{PaidUntil: &tc.paidUntil})
			lawyer := srv.Session(t, u)
			co := lawyer.StartPayment(t, "monthly")
			ps.set(co.Reference, paystackOutcome{"success", 150000, "KES"})
			if _, v := verify(t, lawyer, co.Reference); !v.Success {
				t.Fatalf("%s: verify %+v", tc.name, v)
			}
			if got := paidUntil(t, srv, u); got == nil || !got.Equal(tc.want.UTC()) {
				t.Errorf("%s: paid until %v, want %v", tc.name, got, tc.want.UTC())
			}
			var me struct {
				User struct {
					Days int `json:"subscription_days_remaining"`
				} `json:"user"`
			}
			lawyer.Do(t, http.MethodGet, "/api/auth/me", nil).JSON(t, &me)
			if wantDays := int(tc.want.Sub(now) / day); me.User.Days != wantDays {
				t.Errorf("%s: subscription_days_remaining %d, want %d", tc.name, me.User.Days, wantDays)
			}
		}
	})
}

func TestSubscriptionStatus(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		expired := srv.Clock.Now().Add(-day)
		for _, tc := range []struct {
			name string
			spec testkit.UserSpec
			want string
		}{
			{"never paid", testkit.UserSpec{Unpaid: true}, `{"expiry":"","hasActiveSubscription":false}`},
			{"expired", testkit.UserSpec{PaidUntil: &expired}, `{"expiry":"` + expired.UTC().Format(time.RFC3339) + `","hasActiveSubscription":false}`},
			// The same end as the demo's cases report: today plus its 60 days.
			{"demo needs none", testkit.UserSpec{Role: role.Demo}, `{"expiry":"` + srv.Clock.Now().Add(billing.DemoReportWindow).UTC().Format(time.RFC3339) + `","hasActiveSubscription":true}`},
		} {
			res := srv.Session(t, srv.CreateUser(t, tc.spec)).Do(t, http.MethodGet, "/api/subscription/status", nil)
			if got := strings.TrimSpace(string(res.Body)); res.Status != 200 || got != tc.want {
				t.Errorf("%s: %d %s, want %s", tc.name, res.Status, got, tc.want)
			}
		}
		if res := srv.Anonymous().Do(t, http.MethodGet, "/api/subscription/status", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("anonymous status: %d, want 401", res.Status)
		}
	})
}

// TestGate_PayThroughFakeCheckout is the "done when" for billing: a
// lawyer without a subscription is refused every diary call through both
// doors, pays on the dev checkout and is let in.
func TestGate_PayThroughFakeCheckout(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		lawyer := srv.Session(t, u)
		ctx := context.Background()

		for _, path := range []string{"/api/cases", "/api/clients"} {
			res := lawyer.Do(t, http.MethodGet, path, nil)
			if res.Status != http.StatusPaymentRequired || res.Message(t) != auth.MsgSubscriptionRequired {
				t.Errorf("unpaid GET %s: %d %s, want 402 %q", path, res.Status, res.Body, auth.MsgSubscriptionRequired)
			}
		}
		_, err := lawyer.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
		var ce *connect.Error
		if !errors.As(err, &ce) || ce.Code() != connect.CodeFailedPrecondition || ce.Message() != auth.MsgSubscriptionRequired {
			t.Fatalf("unpaid ListCases over Connect: %v, want FailedPrecondition", err)
		}
		// Profile, plans and status stay open.
		for _, path := range []string{"/api/auth/me", "/api/plans", "/api/subscription/status"} {
			if res := lawyer.Do(t, http.MethodGet, path, nil); res.Status != 200 {
				t.Errorf("unpaid GET %s: %d, want 200", path, res.Status)
			}
		}

		co := lawyer.StartPayment(t, "monthly")
		if want := srv.URL + "/dev/checkout/" + co.Reference; co.AuthorizationURL != want {
			t.Fatalf("authorizationUrl %q, want %q", co.AuthorizationURL, want)
		}
		page := srv.Anonymous().Do(t, http.MethodGet, "/dev/checkout/"+co.Reference, nil)
		for _, want := range []string{"Monthly", "KSh 1,500.00", `name="outcome" value="success"`, `name="outcome" value="failed"`, "Pay KSh 1,500.00", "Cancel", `lang="en"`} {
			if !strings.Contains(string(page.Body), want) {
				t.Errorf("checkout page lacks %q:\n%s", want, page.Body)
			}
		}
		// Not paid yet: the checkout was left open.
		if _, v := verify(t, lawyer, co.Reference); v.Success || v.Status != "abandoned" {
			t.Errorf("verify before paying: %+v, want abandoned", v)
		}
		res := srv.ChooseOutcome(t, co.AuthorizationURL, "success")
		if want := "/success?reference=" + co.Reference + "&trxref=" + co.Reference; res.Status != http.StatusSeeOther || res.Header.Get("Location") != want {
			t.Fatalf("Pay answered %d Location %q, want 303 %q", res.Status, res.Header.Get("Location"), want)
		}
		if _, v := verify(t, lawyer, co.Reference); !v.Success || v.Status != "success" {
			t.Fatalf("verify after paying: %+v", v)
		}
		if res := lawyer.Do(t, http.MethodGet, "/api/cases", nil); res.Status != 200 {
			t.Errorf("paid GET /api/cases: %d %s", res.Status, res.Body)
		}
		if _, err := lawyer.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{})); err != nil {
			t.Errorf("paid ListCases over Connect: %v", err)
		}

		// The subscription ends with its period.
		srv.Clock.Advance(30*day + time.Second)
		lawyer = srv.Session(t, u) // a fresh access token at the new time
		if res := lawyer.Do(t, http.MethodGet, "/api/cases", nil); res.Status != http.StatusPaymentRequired {
			t.Errorf("GET /api/cases after expiry: %d, want 402", res.Status)
		}
	})
}

func TestFakeCheckout_Cancel(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		lawyer := srv.Session(t, u)
		co := lawyer.StartPayment(t, "monthly")
		if res := srv.ChooseOutcome(t, co.AuthorizationURL, "bogus"); res.Status != http.StatusBadRequest {
			t.Errorf("unknown outcome: %d, want 400", res.Status)
		}
		if res := srv.ChooseOutcome(t, srv.URL+"/dev/checkout/KESI-NOPE", "success"); res.Status != http.StatusNotFound {
			t.Errorf("unknown reference: %d, want 404", res.Status)
		}
		if res := srv.ChooseOutcome(t, co.AuthorizationURL, "failed"); res.Status != http.StatusSeeOther {
			t.Fatalf("Cancel: %d", res.Status)
		}
		if _, v := verify(t, lawyer, co.Reference); v.Success || v.Status != "failed" || v.Message != billing.MsgFailed {
			t.Errorf("verify after Cancel: %+v", v)
		}
		if got := paidUntil(t, srv, u); got != nil {
			t.Errorf("a cancelled payment gave access until %v", got)
		}
	})
}

func TestFakeCheckout_NotMountedWithPaystack(t *testing.T) {
	t.Parallel()
	srv, _ := paystackKesi(t, testkit.SQLite)
	lawyer := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
	co := lawyer.StartPayment(t, "monthly")
	if res := srv.ChooseOutcome(t, srv.URL+"/dev/checkout/"+co.Reference, "success"); res.Status == http.StatusSeeOther {
		t.Errorf("the fake checkout accepted a payment while Paystack is configured")
	}
	page := srv.Anonymous().Do(t, http.MethodGet, "/dev/checkout/"+co.Reference, nil)
	if strings.Contains(string(page.Body), "Test checkout") {
		t.Errorf("the fake checkout page is served while Paystack is configured")
	}
}

func TestInitialize_ThrottledPerAccount(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		lawyer := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		var mu sync.Mutex
		got := map[int]int{}
		var wg sync.WaitGroup
		for range billing.PaymentsPerAccount + 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := lawyer.Do(t, http.MethodPost, "/api/payment/initialize", map[string]string{"planId": "monthly"})
				mu.Lock()
				got[res.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if got[200] != billing.PaymentsPerAccount || got[429] != 5 {
			t.Errorf("%d parallel payments: %v, want %d x 200 and 5 x 429", billing.PaymentsPerAccount+5, got, billing.PaymentsPerAccount)
		}
		if n := srv.DB().Payment.Query().CountX(context.Background()); n != billing.PaymentsPerAccount {
			t.Errorf("%d payments recorded, want %d", n, billing.PaymentsPerAccount)
		}
		// Another lawyer still pays.
		other := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		if res := other.Do(t, http.MethodPost, "/api/payment/initialize", map[string]string{"planId": "monthly"}); res.Status != 200 {
			t.Errorf("another lawyer: %d %s", res.Status, res.Body)
		}
		srv.Clock.Advance(billing.PaymentWindow)
		lawyer = srv.Session(t, lawyer.User) // the access token expired meanwhile
		if res := lawyer.Do(t, http.MethodPost, "/api/payment/initialize", map[string]string{"planId": "monthly"}); res.Status != 200 {
			t.Errorf("after the window: %d %s", res.Status, res.Body)
		}
	})
}
