// Package billing sells subscriptions: plans, payments through a Provider
// (Paystack, or the dev fake checkout), the signed Paystack webhook, and the
// user's paid-until date. A successful payment extends the subscription
// exactly once, however often it is verified or its event delivered.
package billing

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/ratelimit"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/plan"
	"github.com/kesihq/kesi/ent/refund"
	"github.com/kesihq/kesi/ent/retainedpayment"
	"github.com/kesihq/kesi/ent/user"
)

// Messages people see about payments (SPEC.md section 8 where it words them).
const (
	MsgSelectPlan      = "Please select a plan to continue."
	MsgPlanNotOnSale   = "That plan is not on sale. Please choose another plan."
	MsgPaymentNotFound = "Payment not found."
	MsgDemoCannotPay   = "The demo account cannot subscribe. Register your own account to choose a plan."
	MsgPaid            = "Payment successful! Your subscription is now active."
	MsgFailed          = "Payment failed. Please try again or use another payment method."
	MsgAbandoned       = "The payment was not completed. Please try again."
	MsgPending         = "The payment is still being processed. Please check again in a moment."
	MsgAmountMismatch  = "The amount paid does not match the plan's price. Please contact support."
	MsgTooManyPayments = "Too many payment attempts. Please wait a few minutes and try again."
)

// Each payment started calls Paystack: an account may start PaymentsPerAccount
// in any PaymentWindow.
const (
	PaymentsPerAccount = 10
	PaymentWindow      = time.Hour
)

// The payment statuses, as stored and as the REST door words them.
const (
	StatusPending   = "pending"
	StatusSuccess   = "success"
	StatusFailed    = "failed"
	StatusAbandoned = "abandoned"
)

// Service holds the billing rules.
type Service struct {
	db        *ent.Client
	clock     platform.Clock
	provider  Provider
	publicURL string
	log       *slog.Logger
	payments  *ratelimit.Limiter

	// Shortened, when set, is told of a subscription cut short (a refund)
	// after it is committed, so that every server forgets the paid-until it
	// remembered: payments only ever lengthen a subscription, refunds do not.
	Shortened func(ctx context.Context, user uuid.UUID) error
}

// NewService builds the billing service. publicURL is KESI_PUBLIC_URL, where
// the provider sends the browser back (/success); limits counts the payments
// each account starts.
func NewService(db *ent.Client, clock platform.Clock, provider Provider, publicURL string, limits *ratelimit.Store, log *slog.Logger) *Service {
	return &Service{
		db: db, clock: clock, provider: provider, publicURL: strings.TrimRight(publicURL, "/"), log: log,
		payments: &ratelimit.Limiter{Store: limits, Prefix: "payment", Limit: PaymentsPerAccount, Window: PaymentWindow},
	}
}

// Plans answers the plans on sale.
func (s *Service) Plans(ctx context.Context) ([]Plan, error) { return ListPlans(ctx, s.db) }

// Status is a user's subscription at a moment.
type Status struct {
	Active bool
	// Expiry is the end of the paid period; nil when the user never paid.
	Expiry *time.Time
}

// DemoReportWindow is how far ahead the cases report of an account with no
// subscription end looks (cases.Service.Report: today plus 60 days).
const DemoReportWindow = 60 * 24 * time.Hour

// Status answers whether user has paid access now. Demo users need none and
// are always let in.
func (s *Service) Status(ctx context.Context, userID uuid.UUID) (Status, error) {
	u, err := s.db.User.Query().Where(user.ID(userID)).Select(user.FieldRole, user.FieldPaidUntil).Only(ctx)
	if ent.IsNotFound(err) {
		return Status{}, errs.Unauthenticated(auth.MsgSignInRequired)
	}
	if err != nil {
		return Status{}, errs.Internal(fmt.Errorf("subscription of %s: %w", userID, err))
	}
	if u.Role == user.RoleDemo {
		// The demo needs no payment, but its Settings show the same end as its cases report:
		// its subscription end when it has one, else the report's window from today.
		expiry := u.PaidUntil
		if expiry == nil {
			end := s.clock.Now().Add(DemoReportWindow)
			expiry = &end
		}
		return Status{Active: true, Expiry: expiry}, nil
	}
	return Status{Active: Active(u.PaidUntil, s.clock.Now()), Expiry: u.PaidUntil}, nil
}

// Started is a payment waiting for the person to pay.
type Started struct {
	Reference        string
	AuthorizationURL string
}

// Initialize starts a payment by user for planID: it records the payment
// with the plan's price and duration as they are now, then asks the provider
// for a checkout.
func (s *Service) Initialize(ctx context.Context, userID uuid.UUID, planID string) (Started, error) {
	planID = strings.TrimSpace(planID)
	if planID == "" {
		return Started{}, errs.Invalid("planId", MsgSelectPlan)
	}
	u, err := s.db.User.Get(ctx, userID)
	if ent.IsNotFound(err) {
		return Started{}, errs.Unauthenticated(auth.MsgSignInRequired)
	}
	if err != nil {
		return Started{}, errs.Internal(fmt.Errorf("load payer %s: %w", userID, err))
	}
	if u.Role == user.RoleDemo {
		return Started{}, errs.PermissionDenied(MsgDemoCannotPay)
	}
	if !role.FromUser(u.Role).Subscriber() {
		return Started{}, errs.PermissionDenied(auth.MsgForbidden)
	}
	p, err := s.db.Plan.Query().Where(plan.ID(planID), plan.Active(true)).Only(ctx)
	if ent.IsNotFound(err) {
		return Started{}, errs.Invalid("planId", MsgPlanNotOnSale)
	}
	if err != nil {
		return Started{}, errs.Internal(fmt.Errorf("load plan %q: %w", planID, err))
	}
	if ok, err := s.payments.Take(ctx, userID.String()); err != nil {
		return Started{}, errs.Internal(err)
	} else if !ok {
		return Started{}, errs.TooManyRequests(MsgTooManyPayments)
	}
	ref, err := newReference()
	if err != nil {
		return Started{}, errs.Internal(err)
	}
	now := s.clock.Now().UTC()
	pay, err := s.db.Payment.Create().
		SetUserID(userID).
		SetPlanID(p.ID).
		SetReference(ref).
		SetAmountMinor(p.PriceMinor).
		SetCurrency(p.Currency).
		SetDurationDays(p.DurationDays).
		SetProvider(s.provider.Name()).
		SetCreatedAt(now).
		SetUpdatedAt(now).
		Save(ctx)
	if err != nil {
		return Started{}, errs.Internal(fmt.Errorf("record payment for %s: %w", userID, err))
	}
	authURL, err := s.provider.Initialize(ctx, Checkout{
		Reference:   ref,
		Email:       u.Email,
		AmountMinor: p.PriceMinor,
		Currency:    p.Currency,
		CallbackURL: s.publicURL + "/success",
		PlanID:      p.ID,
		UserID:      userID.String(),
	})
	if err != nil {
		// The checkout never opened: the payment cannot succeed.
		if uerr := s.db.Payment.UpdateOne(pay).SetStatus(payment.StatusFailed).Exec(ctx); uerr != nil {
			s.log.ErrorContext(ctx, "mark unstarted payment failed", "reference", ref, "err", uerr)
		}
		return Started{}, errs.Internal(fmt.Errorf("start checkout: %w", err))
	}
	return Started{Reference: ref, AuthorizationURL: authURL}, nil
}

// Result is how a payment stands after a verification.
type Result struct {
	Success bool
	Status  string
	Message string
	// Expiry is the end of the paid period after this payment, when it succeeded.
	Expiry *time.Time
}

// Verify asks the provider how user's payment ref ended and, the first time
// it succeeded, extends the subscription. Another user's reference answers
// not found.
func (s *Service) Verify(ctx context.Context, userID uuid.UUID, ref string) (Result, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return Result{}, errs.Invalid("reference", "No payment reference found in URL")
	}
	p, err := s.db.Payment.Query().Where(payment.Reference(ref), payment.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return Result{}, errs.NotFound(MsgPaymentNotFound)
	}
	if err != nil {
		return Result{}, errs.Internal(fmt.Errorf("load payment %q: %w", ref, err))
	}
	if p.AppliedAt != nil {
		return paidResult(p.PaidUntilAfter), nil
	}
	tx, err := s.provider.Verify(ctx, ref)
	if err != nil {
		return Result{}, errs.Internal(fmt.Errorf("verify payment %q: %w", ref, err))
	}
	return s.settle(ctx, p, tx)
}

// Webhook applies a provider event whose signature the caller has checked.
// Events other than a successful charge, and references Kesi did not issue,
// are acknowledged and ignored.
func (s *Service) Webhook(ctx context.Context, ev WebhookEvent) error {
	if ev.Event == EventRefundProcessed && ev.Reference != "" {
		return s.refund(ctx, ev.Reference, ev.RefundID, ev.AmountMinor)
	}
	if ev.Event != EventChargeSuccess || ev.Reference == "" {
		return nil
	}
	p, err := s.db.Payment.Query().Where(payment.Reference(ev.Reference)).Only(ctx)
	if ent.IsNotFound(err) {
		s.log.WarnContext(ctx, "webhook for an unknown payment", "reference", ev.Reference)
		return nil
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("load payment %q: %w", ev.Reference, err))
	}
	if p.AppliedAt != nil {
		return nil
	}
	_, err = s.settle(ctx, p, ev.Transaction)
	return err
}

// settle records what the provider reported about p and applies it once
// when it is a success for the right amount and currency.
func (s *Service) settle(ctx context.Context, p *ent.Payment, tx Transaction) (Result, error) {
	status := providerStatus(tx.Status)
	if status == StatusSuccess && !paidInFull(p, tx) {
		s.log.WarnContext(ctx, "payment amount mismatch: not applied",
			"reference", p.Reference, "want_amount", p.AmountMinor, "want_currency", p.Currency,
			"got_amount", tx.AmountMinor, "got_currency", tx.Currency)
		if err := s.setStatus(ctx, p.ID, StatusFailed); err != nil {
			return Result{}, err
		}
		return Result{Status: StatusFailed, Message: MsgAmountMismatch}, nil
	}
	if status != StatusSuccess {
		if err := s.setStatus(ctx, p.ID, status); err != nil {
			return Result{}, err
		}
		return Result{Status: status, Message: statusMessage(status)}, nil
	}
	until, err := s.apply(ctx, p.ID, tx.Payer)
	if err != nil {
		return Result{}, err
	}
	return paidResult(&until), nil
}

// paidInFull reports whether tx pays p's price. When the customer bears the
// fees Paystack charges more than was asked: then what was asked
// (requested_amount) must be the price, and the charge at least that.
func paidInFull(p *ent.Payment, tx Transaction) bool {
	if !strings.EqualFold(tx.Currency, p.Currency) {
		return false
	}
	if tx.RequestedMinor > 0 {
		return tx.RequestedMinor == p.AmountMinor && tx.AmountMinor >= tx.RequestedMinor
	}
	return tx.AmountMinor == p.AmountMinor
}

// refund records the refund refundID of the payment ref and shortens the
// payer's subscription by the share of the payment's period it takes back.
// A payment may be refunded in several parts: each refund counts once,
// however often its event arrives and in whatever order, and the payment's
// refunded_minor is their sum. A refund of a payment not yet applied (its
// charge.success still to come: Paystack retries it for 72 hours) is
// recorded only, and apply grants what the refunds left. A refund with no
// id is known by its payment and amount.
func (s *Service) refund(ctx context.Context, ref, refundID string, amountMinor int64) error {
	if amountMinor <= 0 {
		return nil
	}
	if refundID == "" {
		refundID = fmt.Sprintf("%s:%d", ref, amountMinor)
	}
	now := s.clock.Now().UTC()
	var shortened *uuid.UUID
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		p, err := tx.Payment.Query().Where(payment.Reference(ref)).Only(ctx)
		if ent.IsNotFound(err) {
			return s.refundRetained(ctx, tx, ref, refundID, amountMinor, now)
		}
		if err != nil {
			return err
		}
		if fresh, err := recordRefund(ctx, tx, ref, refundID, amountMinor, now); err != nil || !fresh {
			return err
		}
		// Adding under the row's lock: two refunds of one payment at once
		// both count, one after the other.
		if err := tx.Payment.UpdateOneID(p.ID).AddRefundedMinor(amountMinor).SetUpdatedAt(now).Exec(ctx); err != nil {
			return err
		}
		// Read again under the lock: an apply that committed while this
		// waited for the row is seen now, and one that has not yet claimed
		// the payment will see this refund.
		p, err = tx.Payment.Get(ctx, p.ID)
		if err != nil {
			return err
		}
		if p.RefundedAt == nil {
			if err := tx.Payment.UpdateOneID(p.ID).SetRefundedAt(now).Exec(ctx); err != nil {
				return err
			}
		}
		if p.AppliedAt == nil {
			return nil
		}
		cut := refundCut(p, p.RefundedMinor) - refundCut(p, p.RefundedMinor-amountMinor)
		if cut <= 0 {
			return nil // the earlier refunds took the whole period back already
		}
		if err := tx.User.UpdateOneID(p.UserID).SetUpdatedAt(now).Exec(ctx); err != nil {
			return err
		}
		u, err := tx.User.Get(ctx, p.UserID)
		if err != nil || u.PaidUntil == nil {
			return err
		}
		shortened = &u.ID
		return tx.User.UpdateOneID(u.ID).SetPaidUntil(u.PaidUntil.Add(-cut)).Exec(ctx)
	})
	if err != nil {
		return errs.Internal(fmt.Errorf("refund payment %q: %w", ref, err))
	}
	if shortened != nil && s.Shortened != nil {
		if err := s.Shortened(ctx, *shortened); err != nil {
			// The bus's periodic reload forgets it within a minute anyway.
			s.log.WarnContext(ctx, "announce a shortened subscription", "user", *shortened, "err", err)
		}
	}
	return nil
}

// recordRefund records the refund refundID once: it reports whether this
// call recorded it, false when it was recorded before (the same event
// delivered again, or two deliveries at once: the unique id lets one in).
func recordRefund(ctx context.Context, tx *ent.Client, ref, refundID string, amountMinor int64, now time.Time) (bool, error) {
	id := uuid.New()
	err := tx.Refund.Create().SetID(id).SetProviderRefundID(refundID).SetReference(ref).
		SetAmountMinor(amountMinor).SetReceivedAt(now).
		OnConflictColumns(refund.FieldReference, refund.FieldProviderRefundID).DoNothing().
		Exec(ctx)
	if err != nil && !isNoRows(err) {
		return false, err
	}
	got, err := tx.Refund.Query().Where(refund.Reference(ref), refund.ProviderRefundID(refundID)).Only(ctx)
	if err != nil {
		return false, err
	}
	return got.ID == id, nil
}

// refundRetained records a refund of a payment whose account was erased
// on the payment's retained tax record, which must show what was refunded:
// there is no subscription left to shorten.
func (s *Service) refundRetained(ctx context.Context, tx *ent.Client, ref, refundID string, amountMinor int64, now time.Time) error {
	rp, err := tx.RetainedPayment.Query().Where(retainedpayment.Reference(ref)).Only(ctx)
	if ent.IsNotFound(err) {
		s.log.WarnContext(ctx, "refund of an unknown payment", "reference", ref)
		return nil
	}
	if err != nil {
		return err
	}
	if fresh, err := recordRefund(ctx, tx, ref, refundID, amountMinor, now); err != nil || !fresh {
		return err
	}
	upd := tx.RetainedPayment.UpdateOneID(rp.ID).AddRefundedMinor(amountMinor)
	if rp.RefundedAt == nil {
		upd.SetRefundedAt(now)
	}
	return upd.Exec(ctx)
}

// refundCut is the share of p's period that refunds of refundedMinor in
// all take back: all of it for refunds of the whole amount (or more, when
// the customer bore the fees).
func refundCut(p *ent.Payment, refundedMinor int64) time.Duration {
	if refundedMinor <= 0 || p.AmountMinor <= 0 {
		return 0
	}
	share := min(refundedMinor, p.AmountMinor)
	// In seconds: nanoseconds times an amount overflow int64.
	return time.Duration(int64(p.DurationDays)*86400*share/p.AmountMinor) * time.Second
}

// setStatus records a payment's unsuccessful status, unless it was already
// applied: an applied payment stays a success whatever arrives later.
func (s *Service) setStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := s.db.Payment.Update().
		Where(payment.ID(id), payment.AppliedAtIsNil()).
		SetStatus(payment.Status(status)).
		SetUpdatedAt(s.clock.Now().UTC()).
		Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("record payment %s as %s: %w", id, status, err))
	}
	return nil
}

// apply extends the payer's subscription by the payment's duration, from the
// later of now and the current expiry, less what a refund recorded before it
// took back, and marks the payment applied, in one transaction. The
// conditional update of applied_at decides who applies it when a
// verification and a webhook race, on one server or several: the loser's
// update matches no row (Postgres re-checks the WHERE after the winner
// commits; SQLite runs write transactions one at a time). A refund racing
// it waits on the same row: it is either seen here or finds the payment
// applied and shortens the subscription itself.
func (s *Service) apply(ctx context.Context, id uuid.UUID, payer Payer) (time.Time, error) {
	now := s.clock.Now().UTC()
	var until time.Time
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		n, err := tx.Payment.Update().
			Where(payment.ID(id), payment.AppliedAtIsNil()).
			SetStatus(payment.StatusSuccess).
			SetAppliedAt(now).
			SetUpdatedAt(now).
			SetPayerCustomerCode(clip(payer.CustomerCode, 64)).
			SetPayerEmail(clip(strings.ToLower(payer.Email), 254)).
			SetPayerPhone(clip(payer.Phone, 32)).
			SetPayerSignature(clip(payer.Signature, 64)).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("claim payment: %w", err)
		}
		p, err := tx.Payment.Get(ctx, id)
		if err != nil {
			return fmt.Errorf("reload payment: %w", err)
		}
		if n == 0 {
			// Applied already, by another request.
			if p.PaidUntilAfter != nil {
				until = *p.PaidUntilAfter
			}
			return nil
		}
		// Touching the payer's row first locks it, so that two different
		// payments of one user applied at once both count.
		if err := tx.User.UpdateOneID(p.UserID).SetUpdatedAt(now).Exec(ctx); err != nil {
			return fmt.Errorf("lock payer: %w", err)
		}
		u, err := tx.User.Get(ctx, p.UserID)
		if err != nil {
			return fmt.Errorf("load payer: %w", err)
		}
		// paid_until_after is the end of the whole period, as when a refund
		// comes after: the affiliates count the payment's months back from it.
		end := Extend(u.PaidUntil, now, p.DurationDays)
		cut := refundCut(p, p.RefundedMinor)
		until = end.Add(-cut)
		// A payment refunded in full before it was applied grants nothing.
		if cut < time.Duration(p.DurationDays)*24*time.Hour {
			if err := tx.User.UpdateOneID(u.ID).SetPaidUntil(until).Exec(ctx); err != nil {
				return fmt.Errorf("extend subscription: %w", err)
			}
		}
		return tx.Payment.UpdateOneID(id).SetPaidUntilAfter(end).Exec(ctx)
	})
	if err != nil {
		return time.Time{}, errs.Internal(fmt.Errorf("apply payment %s: %w", id, err))
	}
	return until, nil
}

// Extend is the end of a subscription paid until paidUntil after buying
// days more at now: an active subscription grows from its expiry, an expired
// one (or none) starts now.
func Extend(paidUntil *time.Time, now time.Time, days int) time.Time {
	start := now
	if paidUntil != nil && paidUntil.After(now) {
		start = *paidUntil
	}
	return start.Add(time.Duration(days) * 24 * time.Hour).UTC()
}

func paidResult(until *time.Time) Result {
	return Result{Success: true, Status: StatusSuccess, Message: MsgPaid, Expiry: until}
}

// providerStatus maps a provider's word to Kesi's four statuses. Anything
// still moving ("ongoing", "processing", "queued") is pending; a reversal
// is a failure.
func providerStatus(s string) string {
	switch strings.ToLower(s) {
	case "success":
		return StatusSuccess
	case "failed", "reversed":
		return StatusFailed
	case "abandoned":
		return StatusAbandoned
	default:
		return StatusPending
	}
}

func statusMessage(status string) string {
	switch status {
	case StatusFailed:
		return MsgFailed
	case StatusAbandoned:
		return MsgAbandoned
	default:
		return MsgPending
	}
}

// newReference is a unique, unguessable payment reference.
func newReference() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("payment reference: %w", err)
	}
	return "KESI-" + strings.ToUpper(hex.EncodeToString(b)), nil
}

// clip keeps at most n bytes of s, whole characters only.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
