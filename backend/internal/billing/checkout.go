package billing

import (
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/fakecheckout"
	"github.com/kesihq/kesi/ent/payment"
)

// CheckoutPath is where the fake checkout serves a payment's page.
const CheckoutPath = "/dev/checkout/"

// Fake is the dev-only provider: a checkout page inside Kesi with Pay and
// Cancel buttons, so the product can be tried end to end with no Paystack
// account. Each outcome is kept in the database, so that every server of a
// cluster reports the same one; app never builds it in production.
type Fake struct {
	db        *ent.Client
	publicURL string
}

// NewFake builds the fake provider; publicURL is KESI_PUBLIC_URL.
func NewFake(db *ent.Client, publicURL string) *Fake {
	return &Fake{db: db, publicURL: strings.TrimRight(publicURL, "/")}
}

// Name implements Provider.
func (f *Fake) Name() string { return "fake" }

// Initialize implements Provider: the checkout is Kesi's own page.
func (f *Fake) Initialize(ctx context.Context, c Checkout) (string, error) {
	return f.publicURL + CheckoutPath + url.PathEscape(c.Reference), nil
}

// Verify implements Provider: the outcome chosen on the page, for the
// payment's true amount; a checkout left without a choice is abandoned, as
// Paystack reports it.
func (f *Fake) Verify(ctx context.Context, reference string) (Transaction, error) {
	p, err := f.db.Payment.Query().Where(payment.Reference(reference)).Only(ctx)
	if err != nil {
		return Transaction{}, fmt.Errorf("fake checkout: payment %q: %w", reference, err)
	}
	outcome := StatusAbandoned
	chosen, err := f.db.FakeCheckout.Query().Where(fakecheckout.Reference(reference)).Only(ctx)
	switch {
	case err == nil:
		outcome = string(chosen.Outcome)
	case !ent.IsNotFound(err):
		return Transaction{}, fmt.Errorf("fake checkout: outcome of %q: %w", reference, err)
	}
	return Transaction{Reference: reference, Status: outcome, AmountMinor: p.AmountMinor, Currency: p.Currency}, nil
}

// Routes serves GET and POST /dev/checkout/{reference}.
func (f *Fake) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+CheckoutPath+"{reference}", f.page)
	mux.HandleFunc("POST "+CheckoutPath+"{reference}", f.choose)
	return mux
}

var checkoutPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout: {{.Plan}} – Kesi</title>
</head>
<body>
<main>
<h1>Test checkout</h1>
<p>This is Kesi's practice checkout. No money moves.</p>
<dl>
<dt>Plan</dt><dd>{{.Plan}}</dd>
<dt>Amount</dt><dd>{{.Amount}}</dd>
<dt>Reference</dt><dd>{{.Reference}}</dd>
</dl>
<form method="post">
<input type="hidden" name="outcome" value="success">
<button type="submit">Pay {{.Amount}}</button>
</form>
<form method="post">
<input type="hidden" name="outcome" value="failed">
<button type="submit">Cancel</button>
</form>
</main>
</body>
</html>
`))

func (f *Fake) page(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("reference")
	p, err := f.db.Payment.Query().Where(payment.Reference(ref)).WithPlan().Only(r.Context())
	if ent.IsNotFound(err) {
		http.Error(w, "No payment has this reference.", http.StatusNotFound)
		return
	}
	if err != nil {
		slog.ErrorContext(r.Context(), "fake checkout page", "reference", ref, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	err = checkoutPage.Execute(w, map[string]string{
		"Plan":      p.Edges.Plan.Name,
		"Amount":    FormatMoney(p.AmountMinor, p.Currency),
		"Reference": p.Reference,
	})
	if err != nil {
		slog.WarnContext(r.Context(), "write fake checkout page", "err", err)
	}
}

func (f *Fake) choose(w http.ResponseWriter, r *http.Request) {
	ref := r.PathValue("reference")
	r.Body = http.MaxBytesReader(w, r.Body, 1<<10)
	outcome := r.FormValue("outcome")
	if outcome != StatusSuccess && outcome != StatusFailed {
		http.Error(w, "outcome must be success or failed", http.StatusBadRequest)
		return
	}
	exists, err := f.db.Payment.Query().Where(payment.Reference(ref)).Exist(r.Context())
	if err != nil {
		slog.ErrorContext(r.Context(), "fake checkout", "reference", ref, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if !exists {
		http.Error(w, "No payment has this reference.", http.StatusNotFound)
		return
	}
	// A payment, once made, cannot be cancelled afterwards.
	paid, err := f.db.FakeCheckout.Query().Where(fakecheckout.Reference(ref), fakecheckout.OutcomeEQ(fakecheckout.OutcomeSuccess)).Exist(r.Context())
	if err == nil && !paid {
		err = f.db.FakeCheckout.Create().SetReference(ref).SetOutcome(fakecheckout.Outcome(outcome)).
			OnConflictColumns(fakecheckout.FieldReference).UpdateOutcome().UpdateUpdatedAt().
			Exec(r.Context())
	}
	if err != nil {
		slog.ErrorContext(r.Context(), "fake checkout", "reference", ref, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	q := url.Values{"reference": {ref}, "trxref": {ref}}
	http.Redirect(w, r, "/success?"+q.Encode(), http.StatusSeeOther)
}
