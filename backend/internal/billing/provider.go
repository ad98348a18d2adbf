package billing

import "context"

// Provider is a payment provider: Paystack, or the dev fake checkout.
type Provider interface {
	// Name is recorded on each payment ("paystack", "fake").
	Name() string
	// Initialize starts a checkout and answers where the browser goes to pay.
	Initialize(ctx context.Context, c Checkout) (authorizationURL string, err error)
	// Verify asks how the payment with reference stands.
	Verify(ctx context.Context, reference string) (Transaction, error)
}

// Checkout is what a provider needs to start a payment.
type Checkout struct {
	Reference   string
	Email       string
	AmountMinor int64
	Currency    string
	// CallbackURL is where the provider sends the browser back.
	CallbackURL string
	PlanID      string
	UserID      string
}

// Transaction is a provider's report of a payment.
type Transaction struct {
	Reference string
	// Status as the provider words it: "success", "failed", "abandoned",
	// "ongoing", "pending", "reversed"...
	Status      string
	AmountMinor int64
	// RequestedMinor is the amount asked for when the provider says (0 when
	// not): AmountMinor is then more when the customer bears the fees.
	RequestedMinor int64
	Currency       string
	// Payer is who paid, when the provider says.
	Payer Payer
}

// Payer identifies who paid as the provider knows them: Paystack's
// customer (code, e-mail, phone) and the card's signature, the same for
// one card whoever uses it. The affiliate programme compares them.
type Payer struct {
	CustomerCode, Email, Phone, Signature string
}
