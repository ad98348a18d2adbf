package affiliates

import (
	"context"
	"fmt"
	"math"
	"slices"
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

// CreditMonth credits KSh 450 for each month a referred user actually paid
// for, month by month as they pass (in the courts' time zone), and answers
// how many commissions it created. A payment pays for monthsPaid of its
// days (30 days: one; a year: twelve): its k-th month starts k/n of the way
// through its period and earns in the calendar month it starts in, or, when
// an earlier one of the same referral took that month, the next free one.
// So a 30-day payment on 31 January earns one commission, not two. A
// refunded payment earns only for the months it kept (keptMonths): one
// refunded in full earns nothing. A referral is credited at most once per
// month: the unique (referral, month) key makes a second run, or a run on
// another server at once, add nothing.
// A referral of the affiliate themself is never credited, nor one whose
// account shares the affiliate's phone number or Paystack customer, nor one
// whose affiliate has been erased.
func (s *Service) CreditMonth(ctx context.Context, m Month) (int, error) {
	_, end := m.Bounds(s.cal.Location)
	pays, err := s.db.Payment.Query().
		Where(
			payment.AppliedAtNotNil(),
			payment.AppliedAtLT(end),
			payment.HasUserWith(user.HasReferredBy()),
		).
		Select(payment.FieldUserID, payment.FieldPaidUntilAfter, payment.FieldDurationDays,
			payment.FieldAmountMinor, payment.FieldRefundedMinor).
		All(ctx)
	if err != nil {
		return 0, fmt.Errorf("paid periods up to %s: %w", m, err)
	}
	starts := map[uuid.UUID][]time.Time{}
	for _, p := range pays {
		if p.PaidUntilAfter == nil || p.DurationDays <= 0 {
			continue
		}
		period := time.Duration(p.DurationDays) * 24 * time.Hour
		from := p.PaidUntilAfter.Add(-period)
		n := monthsPaid(p.DurationDays)
		for k := range keptMonths(n, p.AmountMinor, p.RefundedMinor) {
			if start := from.Add(period / time.Duration(n) * time.Duration(k)); start.Before(end) {
				starts[p.UserID] = append(starts[p.UserID], start)
			}
		}
	}
	paying := map[uuid.UUID]bool{}
	for id, st := range starts {
		if slices.Contains(earningMonths(st, s.cal.Location), m) {
			paying[id] = true
		}
	}
	if len(paying) == 0 {
		return 0, nil
	}
	ids := make([]uuid.UUID, 0, len(paying))
	for id := range paying {
		ids = append(ids, id)
	}
	var refs []*ent.Referral
	for i := 0; i < len(ids); i += queryBatch {
		// A referral whose affiliate was erased earns nothing more: there is
		// no one left to pay.
		part, err := s.db.Referral.Query().
			Where(referral.ReferredIDIn(ids[i:min(i+queryBatch, len(ids))]...), referral.AffiliateIDNotNil()).
			All(ctx)
		if err != nil {
			return 0, fmt.Errorf("referrals of paying users in %s: %w", m, err)
		}
		refs = append(refs, part...)
	}
	credited, err := s.db.Commission.Query().
		Where(commission.Month(m.String())).
		Select(commission.FieldReferralID).
		All(ctx)
	if err != nil {
		return 0, fmt.Errorf("commissions already credited for %s: %w", m, err)
	}
	done := map[uuid.UUID]bool{}
	for _, c := range credited {
		done[c.ReferralID] = true
	}
	// A referral of the affiliate in disguise (their phone, their Paystack
	// customer) earns nothing and is flagged for them and the audit.
	var open []*ent.Referral
	for _, r := range refs {
		if !done[r.ID] && r.AffiliateID != r.ReferredID {
			open = append(open, r)
		}
	}
	selfReferred, err := s.flagSelfReferrals(ctx, open)
	if err != nil {
		return 0, err
	}
	now := s.cal.Now().UTC()
	var batch []*ent.CommissionCreate
	for _, r := range refs {
		if r.AffiliateID == r.ReferredID || done[r.ID] || selfReferred[r.ID] {
			continue
		}
		batch = append(batch, s.db.Commission.Create().
			SetReferralID(r.ID).
			SetAffiliateID(r.AffiliateID).
			SetMonth(m.String()).
			SetAmountMinor(CommissionMinor).
			SetCurrency(CommissionCurrency).
			SetCreatedAt(now))
	}
	for i := 0; i < len(batch); i += insertBatch {
		part := batch[i:min(i+insertBatch, len(batch))]
		// Another server running the job at the same moment may have
		// credited some of these since the query above: the unique
		// (referral, month) key turns those inserts into nothing.
		err := s.db.Commission.CreateBulk(part...).
			OnConflictColumns(commission.FieldReferralID, commission.FieldMonth).
			DoNothing().
			Exec(ctx)
		if err != nil {
			return i, fmt.Errorf("credit %d referrals for %s: %w", len(part), m, err)
		}
	}
	return len(batch), nil
}

// monthsPaid is how many months a period of days pays for: a month is
// 365.25/12 days on average, so 30 days are one, 90 three and 365 twelve.
func monthsPaid(days int) int {
	return max(1, int(math.Round(float64(days)*12/365.25)))
}

// keptMonths is how many of a payment's n paid months a refund of
// refundedMinor out of amountMinor leaves it: the kept share of n, to the
// nearest month (half a month kept earns it). Billing takes a refund's share
// off the end of the paid period, so the months kept are the first ones.
func keptMonths(n int, amountMinor, refundedMinor int64) int {
	if refundedMinor <= 0 || amountMinor <= 0 {
		return n
	}
	kept := amountMinor - min(refundedMinor, amountMinor)
	return int((2*int64(n)*kept + amountMinor) / (2 * amountMinor))
}

// earningMonths assigns each paid month, by its start, to the calendar month
// it earns in: its own, or the one after the previous paid month's when that
// is later, so that no two paid months of one referral share a month.
func earningMonths(starts []time.Time, loc *time.Location) []Month {
	slices.SortFunc(starts, func(a, b time.Time) int { return a.Compare(b) })
	out := make([]Month, 0, len(starts))
	for i, t := range starts {
		m := MonthOf(t, loc)
		if i > 0 && !out[i-1].Before(m) {
			m = out[i-1].Next()
		}
		out = append(out, m)
	}
	return out
}

// Batches keep each statement well under both dialects' parameter limits.
const (
	insertBatch = 500
	queryBatch  = 1000
)

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
