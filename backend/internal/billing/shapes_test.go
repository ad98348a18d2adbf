package billing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/retainedpayment"
)

// documentedDir holds Paystack's documented answers and events (see its README).
var documentedDir = filepath.Join("testdata", "paystack")

// documented reads one of Paystack's documented bodies and sets fields of
// its "data" (nil deletes one), leaving every other field as Paystack sends it.
func documented(t *testing.T, name string, set map[string]any) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(documentedDir, name))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	data, _ := doc["data"].(map[string]any)
	for k, v := range set {
		if v == nil {
			delete(data, k)
		} else {
			data[k] = v
		}
	}
	out, _ := json.Marshal(doc)
	return out
}

// documentedPaystack answers initialize and verify with Paystack's
// documented bodies; verify's data fields come from verifyData per reference.
type documentedPaystack struct {
	*httptest.Server
	mu         sync.Mutex
	verifyData map[string]map[string]any
}

func newDocumentedPaystack(t *testing.T) *documentedPaystack {
	ps := &documentedPaystack{verifyData: map[string]map[string]any{}}
	ps.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/transaction/initialize":
			w.Write(documented(t, "transaction-initialize.response.json", nil))
		case strings.HasPrefix(r.URL.Path, "/transaction/verify/"):
			ref := strings.TrimPrefix(r.URL.Path, "/transaction/verify/")
			ps.mu.Lock()
			set := ps.verifyData[ref]
			ps.mu.Unlock()
			w.Write(documented(t, "transaction-verify.response.json", set))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ps.Close)
	return ps
}

func TestPaystack_DocumentedShapes(t *testing.T) {
	t.Parallel()
	ps := newDocumentedPaystack(t)
	p := billing.NewPaystack(ps.URL, testSecret)
	tx, err := p.Verify(context.Background(), "re4lyvq3s3")
	if err != nil {
		t.Fatal(err)
	}
	// metadata is "" in this answer, and many fields are null: none matters.
	if tx.Reference != "re4lyvq3s3" || tx.Status != "success" || tx.AmountMinor != 40333 || tx.RequestedMinor != 30050 || tx.Currency != "NGN" {
		t.Errorf("verify read %+v", tx)
	}
	url, err := p.Initialize(context.Background(), billing.Checkout{Reference: "r", Email: "a@b.ke", AmountMinor: 100, Currency: "KES"})
	if err != nil || !strings.HasPrefix(url, "https://checkout.paystack.com/") {
		t.Errorf("initialize = %q, %v", url, err)
	}
	for _, name := range []string{"charge-success.kes.event.json", "charge-success.mobile-money.event.json"} {
		ev, err := billing.ParseWebhook(documented(t, name, nil))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if ev.Event != billing.EventChargeSuccess || ev.Reference == "" || ev.AmountMinor == 0 || ev.Currency == "" {
			t.Errorf("%s read %+v", name, ev)
		}
	}
	// Any type in a field Kesi does not read.
	for _, metadata := range []any{"", 0, map[string]any{"custom_fields": []any{}}, []any{1}, true} {
		if _, err := billing.ParseWebhook(documented(t, "charge-success.kes.event.json", map[string]any{"metadata": metadata, "log": metadata})); err != nil {
			t.Errorf("metadata %v: %v", metadata, err)
		}
	}
}

func TestVerify_CustomerBearsTheFees(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ps := newDocumentedPaystack(t)
		srv := testkit.NewServer(t, e, map[string]string{"KESI_PAYSTACK_SECRET_KEY": testSecret, "KESI_PAYSTACK_BASE_URL": ps.URL})
		for _, tc := range []struct {
			name string
			data map[string]any
			paid bool
		}{
			{"fees on top of the price", map[string]any{"amount": 1_540_00, "requested_amount": 1_500_00, "currency": "KES"}, true},
			{"no requested_amount, the price", map[string]any{"amount": 1_500_00, "requested_amount": nil, "currency": "KES"}, true},
			{"asked for less than the price", map[string]any{"amount": 1_500_00, "requested_amount": 1_000_00, "currency": "KES"}, false},
			{"charged less than asked", map[string]any{"amount": 1_400_00, "requested_amount": 1_500_00, "currency": "KES"}, false},
			{"another currency", map[string]any{"amount": 1_540_00, "requested_amount": 1_500_00, "currency": "NGN"}, false},
		} {
			lawyer := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
			co := lawyer.StartPayment(t, "monthly")
			tc.data["reference"] = co.Reference
			ps.mu.Lock()
			ps.verifyData[co.Reference] = tc.data
			ps.mu.Unlock()
			status, v := verify(t, lawyer, co.Reference)
			if status != 200 || v.Success != tc.paid {
				t.Errorf("%s: %d %+v, want success %v", tc.name, status, v, tc.paid)
			}
			if got := paidUntil(t, srv, lawyer.User); (got != nil) != tc.paid {
				t.Errorf("%s: paid until %v", tc.name, got)
			}
		}
	})
}

func TestWebhook_RefundShortensTheSubscription(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		first := srv.Session(t, u).StartPayment(t, "monthly")
		second := srv.Session(t, u).StartPayment(t, "monthly")
		for _, ref := range []string{first.Reference, second.Reference} {
			ev := chargeSuccess(ref, 1_500_00, "KES")
			if res := postWebhook(t, srv, ev, billing.Sign(testSecret, ev)); res.Status != 200 {
				t.Fatalf("charge: %d %s", res.Status, res.Body)
			}
		}
		start := srv.Clock.Now().UTC()
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(start.Add(60*day)) {
			t.Fatalf("after two payments paid until %v", got)
		}
		refund := func(ref string, amount int64) {
			t.Helper()
			body, _ := json.Marshal(map[string]any{"event": "refund.processed", "data": map[string]any{
				"status": "processed", "transaction_reference": ref, "refund_reference": nil, "amount": amount,
				"currency": "KES", "processor": "mpesa", "customer": map[string]any{"email": u.Email}, "integration": 412829, "domain": "live",
			}})
			if res := postWebhook(t, srv, body, billing.Sign(testSecret, body)); res.Status != 200 {
				t.Fatalf("refund: %d %s", res.Status, res.Body)
			}
		}
		refund(second.Reference, 1_500_00)
		refund(second.Reference, 1_500_00) // delivered again
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(start.Add(30*day)) {
			t.Errorf("after a full refund (twice delivered) paid until %v, want %v", got, start.Add(30*day))
		}
		refund(first.Reference, 750_00) // half
		if got := paidUntil(t, srv, u); got == nil || !got.Equal(start.Add(15*day)) {
			t.Errorf("after a half refund paid until %v, want %v", got, start.Add(15*day))
		}
		refund("NOT-OURS", 100)
	})
}

// refundProcessed is Paystack's refund.processed for amount of the payment ref.
func refundProcessed(ref string, amount int64) []byte {
	body, _ := json.Marshal(map[string]any{"event": "refund.processed", "data": map[string]any{
		"status": "processed", "transaction_reference": ref, "refund_reference": "132013318360", "amount": amount,
		"currency": "KES", "processor": "mpesa", "integration": 412829, "domain": "live",
	}})
	return body
}

// TestWebhook_RefundBeforeTheChargeIsApplied: Kesi missed the first
// charge.success (an M-Pesa payer who never came back to /success), the
// payment was refunded, and Paystack's retry of the charge arrives after the
// refund. The payer keeps only what the refund left: nothing after a full
// refund, half the period after a half one.
func TestWebhook_RefundBeforeTheChargeIsApplied(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		post := func(body []byte) {
			t.Helper()
			if res := postWebhook(t, srv, body, billing.Sign(testSecret, body)); res.Status != 200 {
				t.Fatalf("webhook: %d %s", res.Status, res.Body)
			}
		}
		for _, tc := range []struct {
			name     string
			refunded int64
			want     time.Duration // access from now; 0: none, never paid
		}{
			{"refunded in full", 1_500_00, 0},
			{"refunded more than the price (the customer bore the fees)", 1_540_00, 0},
			{"refunded half", 750_00, 15 * day},
		} {
			u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
			co := srv.Session(t, u).StartPayment(t, "monthly")
			post(refundProcessed(co.Reference, tc.refunded))
			post(chargeSuccess(co.Reference, 1_500_00, "KES"))
			post(chargeSuccess(co.Reference, 1_500_00, "KES")) // delivered again
			check := func(when string) {
				t.Helper()
				got := paidUntil(t, srv, u)
				if tc.want == 0 && got != nil || tc.want > 0 && (got == nil || !got.Equal(srv.Clock.Now().Add(tc.want))) {
					t.Errorf("%s, %s: paid until %v, want %v of access", tc.name, when, got, tc.want)
				}
			}
			check("the charge applied after the refund")
			post(refundProcessed(co.Reference, tc.refunded))
			check("the refund delivered again")
			p := srv.DB().Payment.Query().Where(payment.Reference(co.Reference)).OnlyX(context.Background())
			if p.AppliedAt == nil || p.RefundedAt == nil || p.RefundedMinor != tc.refunded {
				t.Errorf("%s: payment applied %v, refunded %v (%d), want both, %d", tc.name, p.AppliedAt, p.RefundedAt, p.RefundedMinor, tc.refunded)
			}
		}
	})
}

// TestWebhook_RefundAndChargeRace: a half refund and the charge's
// deliveries arrive at once, as at several servers. Whichever comes first,
// the charge is applied once and the refund taken off once.
func TestWebhook_RefundAndChargeRace(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv, _ := paystackKesi(t, e)
		for range 5 {
			u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
			co := srv.Session(t, u).StartPayment(t, "monthly")
			bodies := [][]byte{refundProcessed(co.Reference, 750_00)}
			for range 4 {
				bodies = append(bodies, chargeSuccess(co.Reference, 1_500_00, "KES"))
			}
			var wg sync.WaitGroup
			for _, body := range bodies {
				wg.Go(func() {
					req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/payment/webhook", bytes.NewReader(body))
					req.Header.Set("x-paystack-signature", billing.Sign(testSecret, body))
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					res.Body.Close()
					if res.StatusCode != 200 {
						t.Errorf("webhook: %d", res.StatusCode)
					}
				})
			}
			wg.Wait()
			want := srv.Clock.Now().Add(15 * day).UTC()
			if got := paidUntil(t, srv, u); got == nil || !got.Equal(want) {
				t.Errorf("after a half refund racing the charge paid until %v, want %v", got, want)
			}
		}
	})
}

// TestWebhook_RefundAfterTheAccountIsErased: the payment's tax record,
// kept without the person after the erasure, shows a refund Paystack
// processed afterwards, once however often the event arrives.
func TestWebhook_RefundAfterTheAccountIsErased(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv, _ := paystackKesi(t, e)
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co := srv.Session(t, u).StartPayment(t, "monthly")
		post := func(body []byte) {
			t.Helper()
			if res := postWebhook(t, srv, body, billing.Sign(testSecret, body)); res.Status != 200 {
				t.Fatalf("webhook: %d %s", res.Status, res.Body)
			}
		}
		post(chargeSuccess(co.Reference, 1_500_00, "KES"))
		if err := billing.EraseOwner(ctx, srv.DB(), u.ID, srv.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		srv.Clock.Advance(3 * day)
		post(refundProcessed(co.Reference, 1_500_00))
		post(refundProcessed(co.Reference, 1_500_00)) // delivered again
		kept := srv.DB().RetainedPayment.Query().Where(retainedpayment.Reference(co.Reference)).OnlyX(ctx)
		if kept.RefundedMinor != 1_500_00 || kept.RefundedAt == nil || !kept.RefundedAt.Equal(srv.Clock.Now().UTC()) {
			t.Errorf("kept record after the refund: refunded %d at %v, want %d at %v", kept.RefundedMinor, kept.RefundedAt, 1_500_00, srv.Clock.Now().UTC())
		}
	})
}

// refundPart is Paystack's refund.processed for one of several refunds of
// the payment ref, named by its own refund_reference (or, when that is
// null, by its numeric id).
func refundPart(ref string, refundRef any, id any, amount int64) []byte {
	body, _ := json.Marshal(map[string]any{"event": "refund.processed", "data": map[string]any{
		"status": "processed", "transaction_reference": ref, "refund_reference": refundRef, "id": id, "amount": amount,
		"currency": "KES", "processor": "mpesa", "integration": 412829, "domain": "live",
	}})
	return body
}

// TestWebhook_PartialRefundsEachCountOnce: Paystack refunds one payment in
// parts, each its own refund.processed. Every part takes back its share of
// the period once, however often it is delivered and whether or not it
// comes before the charge; parts summing to the whole take all of it.
func TestWebhook_PartialRefundsEachCountOnce(t *testing.T) {
	t.Parallel()
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		ctx := context.Background()
		srv, _ := paystackKesi(t, e)
		post := func(body []byte) {
			t.Helper()
			if res := postWebhook(t, srv, body, billing.Sign(testSecret, body)); res.Status != 200 {
				t.Fatalf("webhook: %d %s", res.Status, res.Body)
			}
		}
		start := srv.Clock.Now().UTC()
		check := func(what string, u *ent.User, co testkit.Checkout, wantLeft time.Duration, wantRefunded int64) {
			t.Helper()
			got := paidUntil(t, srv, u)
			if wantLeft == 0 && got != nil && got.After(srv.Clock.Now()) {
				t.Errorf("%s: paid until %v, want no paid time", what, got)
			}
			if wantLeft > 0 && (got == nil || !got.Equal(start.Add(wantLeft))) {
				t.Errorf("%s: paid until %v, want %v", what, got, start.Add(wantLeft))
			}
			if p := srv.DB().Payment.Query().Where(payment.Reference(co.Reference)).OnlyX(ctx); p.RefundedMinor != wantRefunded {
				t.Errorf("%s: refunded %d, want %d", what, p.RefundedMinor, wantRefunded)
			}
		}

		// After the charge: a quarter, then the same quarter again, then
		// another part named only by its id, then the rest.
		u := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co := srv.Session(t, u).StartPayment(t, "monthly")
		post(chargeSuccess(co.Reference, 1_500_00, "KES"))
		post(refundPart(co.Reference, "rf_1", 9001, 375_00))
		post(refundPart(co.Reference, "rf_1", 9001, 375_00)) // delivered again
		check("a quarter refunded, delivered twice", u, co, 30*day-30*day/4, 375_00)
		post(refundPart(co.Reference, nil, 9002, 375_00)) // a second part of the same amount
		check("two quarters refunded", u, co, 15*day, 750_00)
		post(refundPart(co.Reference, "rf_3", 9003, 750_00))
		post(refundPart(co.Reference, nil, 9002, 375_00)) // delivered again
		check("refunded in full in three parts", u, co, 0, 1_500_00)

		// Before the charge (out of order): half and half, then the charge
		// grants nothing.
		v := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
		co2 := srv.Session(t, v).StartPayment(t, "monthly")
		post(refundPart(co2.Reference, "rf_b", 9102, 750_00))
		post(refundPart(co2.Reference, "rf_a", 9101, 750_00))
		post(chargeSuccess(co2.Reference, 1_500_00, "KES"))
		post(refundPart(co2.Reference, "rf_a", 9101, 750_00)) // delivered again
		check("two halves refunded before the charge", v, co2, 0, 1_500_00)
	})
}
