package affiliates

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/referral"
)

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
