package billing

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/retainedpayment"
)

// What the account export reads of billing, and what the account erasure
// does to it: payments are tax records, kept (Kenya's Tax Procedures Act
// 2015, section 23: five years), but without the person.

// ExportedPayment is one payment as the account export writes it.
type ExportedPayment struct {
	Reference     string     `json:"reference"`
	Plan          string     `json:"plan"`
	Amount        string     `json:"amount"`
	AmountMinor   int64      `json:"amount_minor"`
	Currency      string     `json:"currency"`
	DurationDays  int        `json:"duration_days"`
	Status        string     `json:"status"`
	Provider      string     `json:"provider"`
	CreatedAt     time.Time  `json:"created_at"`
	AppliedAt     *time.Time `json:"applied_at,omitempty"`
	PaidUntil     *time.Time `json:"paid_until_after,omitempty"`
	RefundedAt    *time.Time `json:"refunded_at,omitempty"`
	RefundedMinor int64      `json:"refunded_minor,omitempty"`
}

// Export answers every payment of user, oldest first.
func Export(ctx context.Context, db *ent.Client, user uuid.UUID) ([]ExportedPayment, error) {
	rows, err := db.Payment.Query().Where(payment.UserID(user)).Order(payment.ByCreatedAt()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("export payments of %s: %w", user, err)
	}
	out := make([]ExportedPayment, len(rows))
	for i, p := range rows {
		out[i] = ExportedPayment{Reference: p.Reference, Plan: p.PlanID, Amount: FormatMoney(p.AmountMinor, p.Currency),
			AmountMinor: p.AmountMinor, Currency: p.Currency, DurationDays: p.DurationDays,
			Status: string(p.Status), Provider: p.Provider, CreatedAt: p.CreatedAt.UTC(),
			AppliedAt: p.AppliedAt, PaidUntil: p.PaidUntilAfter, RefundedAt: p.RefundedAt, RefundedMinor: p.RefundedMinor}
	}
	return out, nil
}

// EraseOwner moves user's completed payments to the retained records,
// which name no person, and deletes every payment row of user. Run twice,
// it finds the retained records already there and changes nothing.
func EraseOwner(ctx context.Context, db *ent.Client, user uuid.UUID, now time.Time) error {
	rows, err := db.Payment.Query().Where(payment.UserID(user)).All(ctx)
	if err != nil {
		return fmt.Errorf("load payments of %s: %w", user, err)
	}
	for _, p := range rows {
		// A payment that never went through is no tax record.
		if p.Status != payment.StatusSuccess {
			continue
		}
		err := db.RetainedPayment.Create().
			SetReference(p.Reference).SetPlanID(p.PlanID).SetAmountMinor(p.AmountMinor).
			SetCurrency(p.Currency).SetDurationDays(p.DurationDays).SetStatus(string(p.Status)).
			SetProvider(p.Provider).SetPaidAt(p.CreatedAt.UTC()).SetNillableAppliedAt(p.AppliedAt).
			SetNillableRefundedAt(p.RefundedAt).SetRefundedMinor(p.RefundedMinor).SetRetainedAt(now.UTC()).
			OnConflictColumns(retainedpayment.FieldReference).DoNothing().
			Exec(ctx)
		if err != nil && !isNoRows(err) {
			return fmt.Errorf("retain payment %s: %w", p.Reference, err)
		}
	}
	if _, err := db.Payment.Delete().Where(payment.UserID(user)).Exec(ctx); err != nil {
		return fmt.Errorf("erase payments of %s: %w", user, err)
	}
	return nil
}
