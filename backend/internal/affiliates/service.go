// Package affiliates is the affiliate programme: each affiliate's code, the
// referrals registrations record (Referrals), the earnings, and the monthly
// job that credits KSh 450 for every referred user who was a paying customer
// in a month.
package affiliates

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/commission"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
)

// The commission: KSh 450 per referral and month (SPEC.md section 9).
const (
	CommissionMinor    int64 = 450_00
	CommissionCurrency       = "KES"
)

// Service holds the affiliate programme's rules.
type Service struct {
	db        *ent.Client
	cal       platform.Calendar
	publicURL string
}

// NewService builds the affiliate service. publicURL is KESI_PUBLIC_URL, the
// base of affiliate links; cal gives "now" and the month's time zone.
func NewService(db *ent.Client, cal platform.Calendar, publicURL string) *Service {
	return &Service{db: db, cal: cal, publicURL: strings.TrimRight(publicURL, "/")}
}

// Stats are an affiliate's totals and earnings.
type Stats struct {
	Code          string
	Link          string
	ReferralCount int
	ActiveCount   int
	TotalEarnings int64 // minor units, pending and paid
	Earnings      []*ent.Commission
}

// Link is the registration link that credits the affiliate with code.
func (s *Service) Link(code string) string {
	if code == "" {
		return ""
	}
	return s.publicURL + "/register?ref=" + url.QueryEscape(code)
}

// Stats answers the affiliate's referral counts and earnings, newest first.
func (s *Service) Stats(ctx context.Context, affiliateID uuid.UUID) (Stats, error) {
	aff, err := s.db.User.Query().Where(user.ID(affiliateID)).Only(ctx)
	if ent.IsNotFound(err) {
		return Stats{}, errs.Unauthenticated(auth.MsgSignInRequired)
	}
	if err != nil {
		return Stats{}, errs.Internal(fmt.Errorf("load affiliate %s: %w", affiliateID, err))
	}
	var st Stats
	if aff.AffiliateCode != nil {
		st.Code = *aff.AffiliateCode
		st.Link = s.Link(st.Code)
	}
	refs, err := s.referrals(ctx, affiliateID)
	if err != nil {
		return Stats{}, err
	}
	now := s.cal.Now()
	// An erased referral still counts: the affiliate did bring someone, and
	// may have been paid for them. It is never active.
	st.ReferralCount = len(refs)
	for _, r := range refs {
		if u := r.Edges.Referred; u != nil && billing.Active(u.PaidUntil, now) {
			st.ActiveCount++
		}
	}
	st.Earnings, err = s.db.Commission.Query().
		Where(commission.AffiliateID(affiliateID)).
		Order(ent.Desc(commission.FieldCreatedAt), ent.Desc(commission.FieldMonth)).
		All(ctx)
	if err != nil {
		return Stats{}, errs.Internal(fmt.Errorf("earnings of %s: %w", affiliateID, err))
	}
	for _, c := range st.Earnings {
		st.TotalEarnings += c.AmountMinor
	}
	return st, nil
}

// Referral is one person an affiliate referred, as the affiliate sees them.
type Referral struct {
	ID     uuid.UUID
	Active bool
	// NotEligibleReason says why the referral earns nothing; "" when it does.
	NotEligibleReason string
	CreatedAt         time.Time
	// Referred is nil once the referred account was erased: the referral
	// stays in the list, inactive, with its date and reason, and names no
	// one.
	Referred *ent.User
}

// Referrals answers the affiliate's referrals, newest first. Active means the
// referred user has paid access now.
func (s *Service) Referrals(ctx context.Context, affiliateID uuid.UUID) ([]Referral, error) {
	refs, err := s.referrals(ctx, affiliateID)
	if err != nil {
		return nil, err
	}
	ids, err := s.identities(ctx, []uuid.UUID{affiliateID})
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("identity of %s: %w", affiliateID, err))
	}
	now := s.cal.Now()
	out := make([]Referral, len(refs))
	for i, r := range refs {
		out[i] = Referral{
			ID:                r.ID,
			NotEligibleReason: r.NotEligibleReason,
			CreatedAt:         r.CreatedAt,
		}
		u := r.Edges.Referred
		if u == nil {
			continue // erased
		}
		out[i].Referred = u
		out[i].Active = billing.Active(u.PaidUntil, now)
		if out[i].NotEligibleReason == "" {
			// Known at once, before any payment: the same phone number.
			out[i].NotEligibleReason = phoneReason(ids[affiliateID], u)
		}
	}
	return out, nil
}

func (s *Service) referrals(ctx context.Context, affiliateID uuid.UUID) ([]*ent.Referral, error) {
	refs, err := s.db.Referral.Query().
		Where(referral.AffiliateID(affiliateID)).
		WithReferred().
		Order(ent.Desc(referral.FieldCreatedAt)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("referrals of %s: %w", affiliateID, err))
	}
	return refs, nil
}
