package affiliates

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/commission"
	"github.com/kesihq/kesi/ent/referral"
)

// Exported is an affiliate's programme as the account export writes it
// (affiliate.json): the referrals they made and what each month earned.
// The people referred are not named: their data is theirs.
type Exported struct {
	Referrals []ExportedReferral `json:"referrals"`
	Earnings  []ExportedEarning  `json:"earnings"`
}

// ExportedReferral is one referral an affiliate made.
type ExportedReferral struct {
	ID                string    `json:"id"`
	ReferredAt        time.Time `json:"referred_at"`
	NotEligibleReason string    `json:"not_eligible_reason,omitempty"`
	// Erased: the referred account has since been erased.
	Erased bool `json:"erased,omitempty"`
}

// ExportedEarning is one month's commission on one referral.
type ExportedEarning struct {
	ReferralID  string     `json:"referral_id"`
	Month       string     `json:"month"`
	Amount      string     `json:"amount"`
	AmountMinor int64      `json:"amount_minor"`
	Currency    string     `json:"currency"`
	Status      string     `json:"status"`
	CreditedAt  time.Time  `json:"credited_at"`
	PaidAt      *time.Time `json:"paid_at,omitempty"`
}

// Export answers user's referrals, oldest first, and earnings, by month.
// Both are empty for anyone who never referred.
func Export(ctx context.Context, db *ent.Client, user uuid.UUID) (Exported, error) {
	refs, err := db.Referral.Query().Where(referral.AffiliateID(user)).
		Order(referral.ByCreatedAt(), referral.ByID()).All(ctx)
	if err != nil {
		return Exported{}, fmt.Errorf("export referrals of %s: %w", user, err)
	}
	earned, err := db.Commission.Query().Where(commission.AffiliateID(user)).
		Order(commission.ByMonth(), commission.ByCreatedAt(), commission.ByID()).All(ctx)
	if err != nil {
		return Exported{}, fmt.Errorf("export earnings of %s: %w", user, err)
	}
	out := Exported{Referrals: make([]ExportedReferral, len(refs)), Earnings: make([]ExportedEarning, len(earned))}
	for i, r := range refs {
		out.Referrals[i] = ExportedReferral{ID: r.ID.String(), ReferredAt: r.CreatedAt.UTC(),
			NotEligibleReason: r.NotEligibleReason, Erased: r.ReferredID == uuid.Nil}
	}
	for i, c := range earned {
		e := ExportedEarning{ReferralID: c.ReferralID.String(), Month: c.Month,
			Amount: billing.FormatMoney(c.AmountMinor, c.Currency), AmountMinor: c.AmountMinor,
			Currency: c.Currency, Status: string(c.Status), CreditedAt: c.CreatedAt.UTC()}
		if c.PaidAt != nil {
			t := c.PaidAt.UTC()
			e.PaidAt = &t
		}
		out.Earnings[i] = e
	}
	return out, nil
}

// EraseOwner anonymises the referral records of an account being erased:
// the account's side of each (the affiliate who referred, or the person
// referred) is emptied, and the record stays for the commissions that were
// earned and paid on it, which are the affiliate's accounts.
func EraseOwner(ctx context.Context, db *ent.Client, user uuid.UUID) error {
	if _, err := db.Referral.Update().Where(referral.AffiliateID(user)).ClearAffiliateID().Save(ctx); err != nil {
		return fmt.Errorf("anonymise referrals made by %s: %w", user, err)
	}
	if _, err := db.Referral.Update().Where(referral.ReferredID(user)).ClearReferredID().Save(ctx); err != nil {
		return fmt.Errorf("anonymise the referral of %s: %w", user, err)
	}
	return nil
}
