package affiliates

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Policy says who may call the affiliate procedures: affiliates only.
var Policy = auth.Policy{
	kesiv1connect.AffiliateServiceGetAffiliateStatsProcedure: {Roles: auth.AffiliateRoles},
	kesiv1connect.AffiliateServiceListReferralsProcedure:     {Roles: auth.AffiliateRoles},
}

// Handler is the Connect door of the affiliate service.
type Handler struct {
	svc *Service
}

// NewHandler builds the Connect handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.AffiliateServiceHandler = (*Handler)(nil)

// GetAffiliateStats implements kesiv1connect.AffiliateServiceHandler.
func (h *Handler) GetAffiliateStats(ctx context.Context, req *connect.Request[kesiv1.GetAffiliateStatsRequest]) (*connect.Response[kesiv1.GetAffiliateStatsResponse], error) {
	st, err := h.svc.Stats(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, err
	}
	out := &kesiv1.GetAffiliateStatsResponse{
		ReferralCount:       int32(st.ReferralCount),
		ActiveReferralCount: int32(st.ActiveCount),
		TotalEarnings:       &kesiv1.Money{Currency: CommissionCurrency, AmountMinor: st.TotalEarnings},
		Earnings:            make([]*kesiv1.Earning, len(st.Earnings)),
		AffiliateCode:       st.Code,
		AffiliateLink:       st.Link,
	}
	for i, c := range st.Earnings {
		out.Earnings[i] = &kesiv1.Earning{
			Id:        c.ID.String(),
			Amount:    &kesiv1.Money{Currency: c.Currency, AmountMinor: c.AmountMinor},
			Status:    string(c.Status),
			CreatedAt: timestamppb.New(c.CreatedAt),
			Month:     c.Month,
		}
	}
	return connect.NewResponse(out), nil
}

// ListReferrals implements kesiv1connect.AffiliateServiceHandler.
func (h *Handler) ListReferrals(ctx context.Context, req *connect.Request[kesiv1.ListReferralsRequest]) (*connect.Response[kesiv1.ListReferralsResponse], error) {
	refs, err := h.svc.Referrals(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, err
	}
	now := h.svc.cal.Now()
	out := make([]*kesiv1.Referral, len(refs))
	for i, r := range refs {
		status := "inactive"
		if r.Active {
			status = "active"
		}
		out[i] = &kesiv1.Referral{
			Id:                r.ID.String(),
			Status:            status,
			CreatedAt:         timestamppb.New(r.CreatedAt),
			NotEligibleReason: r.NotEligibleReason,
		}
		// An erased account's referral has no referred user: nothing of the
		// person is left to show.
		if u := r.Referred; u != nil {
			out[i].Referred = &kesiv1.ReferredUser{
				Fullname:                  u.Fullname,
				Email:                     u.Email,
				SubscriptionDaysRemaining: billing.DaysRemaining(u.PaidUntil, now),
			}
			if u.PaidUntil != nil {
				out[i].Referred.SubscriptionExpiresAt = timestamppb.New(*u.PaidUntil)
			}
		}
	}
	return connect.NewResponse(&kesiv1.ListReferralsResponse{Referrals: out}), nil
}
