package affiliates

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/payment"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
)

// Why a referral earns nothing: the referred account is the affiliate's own
// in disguise (issue 14, "Money").
const (
	MsgSelfReferralPhone    = "Not eligible: this account has your phone number."
	MsgSelfReferralCustomer = "Not eligible: this account paid with your Paystack customer details."
)

// phoneKey compares Kenyan numbers however written: +254 712 345 678,
// 254712345678 and 0712345678 are one number (the last nine digits).
func phoneKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	d := b.String()
	if len(d) < 9 {
		return ""
	}
	return d[len(d)-9:]
}

// identity is what names the affiliate as a payer: their e-mail and phone,
// and the Paystack customers and cards of their own payments.
type identity struct {
	email, phone         string
	customers, signature map[string]bool
}

func (s *Service) identities(ctx context.Context, affiliateIDs []uuid.UUID) (map[uuid.UUID]*identity, error) {
	out := map[uuid.UUID]*identity{}
	for i := 0; i < len(affiliateIDs); i += queryBatch {
		part := affiliateIDs[i:min(i+queryBatch, len(affiliateIDs))]
		affs, err := s.db.User.Query().Where(user.IDIn(part...)).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, a := range affs {
			out[a.ID] = &identity{email: strings.ToLower(a.Email), phone: phoneKey(a.PhoneNumber), customers: map[string]bool{}, signature: map[string]bool{}}
		}
		pays, err := s.db.Payment.Query().Where(payment.UserIDIn(part...), payment.AppliedAtNotNil()).All(ctx)
		if err != nil {
			return nil, err
		}
		for _, p := range pays {
			if id := out[p.UserID]; id != nil {
				if p.PayerCustomerCode != "" {
					id.customers[p.PayerCustomerCode] = true
				}
				if p.PayerSignature != "" {
					id.signature[p.PayerSignature] = true
				}
			}
		}
	}
	return out, nil
}

// phoneReason is the reason when the referred user has the affiliate's number.
func phoneReason(aff *identity, referred *ent.User) string {
	if k := phoneKey(referred.PhoneNumber); aff != nil && k != "" && k == aff.phone {
		return MsgSelfReferralPhone
	}
	return ""
}

// payerReason is the reason when a payment of the referred user was made
// as the affiliate: their Paystack customer, card, e-mail or phone.
func payerReason(aff *identity, p *ent.Payment) string {
	switch {
	case aff == nil:
		return ""
	case p.PayerCustomerCode != "" && aff.customers[p.PayerCustomerCode],
		p.PayerSignature != "" && aff.signature[p.PayerSignature],
		p.PayerEmail != "" && strings.EqualFold(p.PayerEmail, aff.email):
		return MsgSelfReferralCustomer
	case phoneKey(p.PayerPhone) != "" && phoneKey(p.PayerPhone) == aff.phone:
		return MsgSelfReferralPhone
	}
	return ""
}

// flagSelfReferrals finds, among refs, those whose referred account shares
// the affiliate's phone or Paystack customer, records why on the referral
// (once: the first reason stays) and answers the flagged ids.
func (s *Service) flagSelfReferrals(ctx context.Context, refs []*ent.Referral) (map[uuid.UUID]bool, error) {
	flagged := map[uuid.UUID]bool{}
	if len(refs) == 0 {
		return flagged, nil
	}
	var affIDs, referredIDs []uuid.UUID
	seen := map[uuid.UUID]bool{}
	for _, r := range refs {
		if r.NotEligibleReason != "" {
			flagged[r.ID] = true
			continue
		}
		if !seen[r.AffiliateID] {
			seen[r.AffiliateID] = true
			affIDs = append(affIDs, r.AffiliateID)
		}
		referredIDs = append(referredIDs, r.ReferredID)
	}
	ids, err := s.identities(ctx, affIDs)
	if err != nil {
		return nil, fmt.Errorf("affiliates' identities: %w", err)
	}
	referred := map[uuid.UUID]*ent.User{}
	pays := map[uuid.UUID][]*ent.Payment{}
	for i := 0; i < len(referredIDs); i += queryBatch {
		part := referredIDs[i:min(i+queryBatch, len(referredIDs))]
		us, err := s.db.User.Query().Where(user.IDIn(part...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("referred users: %w", err)
		}
		for _, u := range us {
			referred[u.ID] = u
		}
		ps, err := s.db.Payment.Query().Where(payment.UserIDIn(part...), payment.AppliedAtNotNil()).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("referred users' payments: %w", err)
		}
		for _, p := range ps {
			pays[p.UserID] = append(pays[p.UserID], p)
		}
	}
	now := s.cal.Now().UTC()
	for _, r := range refs {
		if r.NotEligibleReason != "" || referred[r.ReferredID] == nil {
			continue
		}
		aff := ids[r.AffiliateID]
		reason := phoneReason(aff, referred[r.ReferredID])
		for _, p := range pays[r.ReferredID] {
			if reason == "" {
				reason = payerReason(aff, p)
			}
		}
		if reason == "" {
			continue
		}
		flagged[r.ID] = true
		if err := s.db.Referral.Update().
			Where(referral.ID(r.ID), referral.NotEligibleReason("")).
			SetNotEligibleReason(reason).SetFlaggedAt(now).
			Exec(ctx); err != nil {
			return nil, fmt.Errorf("flag referral %s: %w", r.ID, err)
		}
		slog.WarnContext(ctx, "self-referral flagged: no commission",
			"referral", r.ID, "affiliate", r.AffiliateID, "referred", r.ReferredID, "reason", reason)
	}
	return flagged, nil
}
