package gateway

import (
	"encoding/json"
	"net/http"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// earningJSON is one documented earning; amount in KSh, major units.
type earningJSON struct {
	ID        string      `json:"id"`
	Amount    json.Number `json:"amount"`
	Status    string      `json:"status"`
	CreatedAt *string     `json:"created_at"`
	Month     string      `json:"month"`
}

type affiliateStatsJSON struct {
	Stats struct {
		ReferralCount       int32       `json:"referralCount"`
		ActiveReferralCount int32       `json:"activeReferralCount"`
		TotalEarnings       json.Number `json:"totalEarnings"`
	} `json:"stats"`
	Earnings      []earningJSON `json:"earnings"`
	AffiliateCode string        `json:"affiliate_code"`
	AffiliateLink string        `json:"affiliate_link"`
}

type referredJSON struct {
	Fullname                  string  `json:"fullname"`
	Email                     string  `json:"email"`
	SubscriptionExpiresAt     *string `json:"subscription_expires_at"`
	SubscriptionDaysRemaining int32   `json:"subscription_days_remaining"`
}

type referralJSON struct {
	ID        string       `json:"id"`
	Status    string       `json:"status"`
	CreatedAt *string      `json:"created_at"`
	Referred  referredJSON `json:"referred"`
	// Only when the referral earns nothing (self-referral), with why.
	NotEligibleReason string `json:"not_eligible_reason,omitempty"`
}

// affiliateRoutes mounts /api/affiliate/*.
func (g *Gateway) affiliateRoutes() {
	g.handle("GET /api/affiliate/stats", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AffiliateServiceGetAffiliateStatsProcedure, g.svc.Affiliate.GetAffiliateStats, &kesiv1.GetAffiliateStatsRequest{})
		if res == nil {
			return
		}
		var out affiliateStatsJSON
		out.Stats.ReferralCount = res.ReferralCount
		out.Stats.ActiveReferralCount = res.ActiveReferralCount
		out.Stats.TotalEarnings = majorUnits(res.GetTotalEarnings().GetAmountMinor())
		out.Earnings = make([]earningJSON, len(res.Earnings))
		for i, e := range res.Earnings {
			out.Earnings[i] = earningJSON{
				ID:        e.Id,
				Amount:    majorUnits(e.GetAmount().GetAmountMinor()),
				Status:    e.Status,
				CreatedAt: timeString(e.CreatedAt),
				Month:     e.Month,
			}
		}
		out.AffiliateCode = res.AffiliateCode
		out.AffiliateLink = res.AffiliateLink
		writeJSON(w, http.StatusOK, out)
	})
	g.handle("GET /api/affiliate/referrals", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AffiliateServiceListReferralsProcedure, g.svc.Affiliate.ListReferrals, &kesiv1.ListReferralsRequest{})
		if res == nil {
			return
		}
		out := make([]referralJSON, len(res.Referrals))
		for i, ref := range res.Referrals {
			out[i] = referralJSON{
				ID:        ref.Id,
				Status:    ref.Status,
				CreatedAt: timeString(ref.CreatedAt),
				Referred: referredJSON{
					Fullname:                  ref.GetReferred().GetFullname(),
					Email:                     ref.GetReferred().GetEmail(),
					SubscriptionExpiresAt:     timeString(ref.GetReferred().GetSubscriptionExpiresAt()),
					SubscriptionDaysRemaining: ref.GetReferred().GetSubscriptionDaysRemaining(),
				},
				NotEligibleReason: ref.NotEligibleReason,
			}
		}
		writeJSON(w, http.StatusOK, out)
	})
}
