package affiliates

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/commission"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
)

// CreditMonth credits KSh 450 for each referral whose referred user had an
// active paid subscription at some point in month m (in the courts' time
// zone), and answers how many commissions it created. A referral is
// credited at most once per month: the unique (referral, month) key makes a
// second run, or a run on another server at once, add nothing. A referral
// of the affiliate themself is never credited.
func (s *Service) CreditMonth(ctx context.Context, m Month) (int, error) {
	start, end := m.Bounds(s.cal.Location)
	// A payment covers [paid_until_after - duration, paid_until_after). It can
	// only overlap the month if it ends after the month starts and was
	// applied before the month ended (its period starts no earlier).
	pays, err := s.db.Payment.Query().
		Where(
			payment.AppliedAtNotNil(),
			payment.AppliedAtLT(end),
			payment.PaidUntilAfterGT(start),
			payment.HasUserWith(user.HasReferredBy()),
		).
		Select(payment.FieldUserID, payment.FieldPaidUntilAfter, payment.FieldDurationDays).
		All(ctx)
	if err != nil {
		return 0, fmt.Errorf("paid periods in %s: %w", m, err)
	}
	paying := map[uuid.UUID]bool{}
	for _, p := range pays {
		from := p.PaidUntilAfter.Add(-time.Duration(p.DurationDays) * 24 * time.Hour)
		if from.Before(end) && p.PaidUntilAfter.After(start) {
			paying[p.UserID] = true
		}
	}
	if len(paying) == 0 {
		return 0, nil
	}
	ids := make([]uuid.UUID, 0, len(paying))
	for id := range paying {
		ids = append(ids, id)
	}
	refs, err := s.db.Referral.Query().Where(referral.ReferredIDIn(ids...)).All(ctx)
	if err != nil {
		return 0, fmt.Errorf("referrals of paying users in %s: %w", m, err)
	}
	now := s.cal.Now().UTC()
	created := 0
	for _, r := range refs {
		if r.AffiliateID == r.ReferredID {
			continue
		}
		n, err := s.credit(ctx, r, m, now)
		if err != nil {
			return created, err
		}
		created += n
	}
	return created, nil
}

// credit inserts one commission unless the referral has this month's
// already. It answers 1 when it inserted a row.
func (s *Service) credit(ctx context.Context, r *ent.Referral, m Month, now time.Time) (int, error) {
	err := s.db.Commission.Create().
		SetReferralID(r.ID).
		SetAffiliateID(r.AffiliateID).
		SetMonth(m.String()).
		SetAmountMinor(CommissionMinor).
		SetCurrency(CommissionCurrency).
		SetCreatedAt(now).
		Exec(ctx)
	if ent.IsConstraintError(err) {
		// Credited already, by an earlier run or another server.
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("credit referral %s for %s: %w", r.ID, m, err)
	}
	return 1, nil
}

// CommissionsJob is the scheduled job's work: credit the last complete
// month. Running it daily is harmless, as crediting is idempotent, and
// catches up after a server was down at the turn of the month.
func (s *Service) CommissionsJob(ctx context.Context) error {
	_, err := s.CreditMonth(ctx, MonthOf(s.cal.Now(), s.cal.Location).Previous())
	return err
}

// MarkPaid marks the affiliate's pending commissions of month m paid and
// answers how many it marked.
func (s *Service) MarkPaid(ctx context.Context, affiliateEmail string, m Month) (int, error) {
	aff, err := s.db.User.Query().
		Where(user.Email(strings.ToLower(strings.TrimSpace(affiliateEmail))), user.RoleEQ(user.RoleAffiliate)).
		Only(ctx)
	if ent.IsNotFound(err) {
		return 0, errs.NotFound("No affiliate has this email address.")
	}
	if err != nil {
		return 0, fmt.Errorf("load affiliate %q: %w", affiliateEmail, err)
	}
	n, err := s.db.Commission.Update().
		Where(
			commission.AffiliateID(aff.ID),
			commission.Month(m.String()),
			commission.StatusEQ(commission.StatusPending),
		).
		SetStatus(commission.StatusPaid).
		SetPaidAt(s.cal.Now().UTC()).
		Save(ctx)
	if err != nil {
		return 0, fmt.Errorf("mark %s's %s commissions paid: %w", affiliateEmail, m, err)
	}
	return n, nil
}
