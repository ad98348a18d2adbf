package billing_test

import (
	"context"
	"testing"

	"github.com/kesihq/kesi/backend/internal/billing"
)

// Who paid is read from Paystack's documented shapes (the affiliates'
// self-referral check compares it); null, absent or odd types read as "".
func TestPaystack_PayerOfTheDocumentedShapes(t *testing.T) {
	ps := newDocumentedPaystack(t)
	tx, err := billing.NewPaystack(ps.URL, testSecret).Verify(context.Background(), "re4lyvq3s3")
	if err != nil {
		t.Fatal(err)
	}
	if want := (billing.Payer{CustomerCode: "CUS_1rkzaqsv4rrhqo6", Email: "demo@test.com", Signature: "SIG_yEXu7dLBeqG0kU7g95Ke"}); tx.Payer != want {
		t.Errorf("verify payer %+v, want %+v", tx.Payer, want)
	}
	ev, err := billing.ParseWebhook(documented(t, "charge-success.mobile-money.event.json", nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := (billing.Payer{CustomerCode: "CUS_2jk1i8ezoam49br", Email: "customer@email.com"}); ev.Payer != want {
		t.Errorf("mobile money payer %+v, want %+v", ev.Payer, want)
	}
	for _, customer := range []any{nil, 0, "", map[string]any{"phone": 254712345678, "email": nil}} {
		ev, err := billing.ParseWebhook(documented(t, "charge-success.kes.event.json", map[string]any{"customer": customer}))
		if err != nil || ev.Payer.Phone != "" || ev.Payer.Email != "" {
			t.Errorf("customer %v: %+v %v", customer, ev.Payer, err)
		}
	}
}
