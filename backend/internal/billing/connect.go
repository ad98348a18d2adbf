package billing

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/role"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// WebhookRoute names the REST-only webhook in the policy. It has no session:
// the Paystack signature authenticates it.
const WebhookRoute = "POST /api/payment/webhook"

// payers may start and verify payments. Demo users reach the service, which
// tells them why they cannot pay; affiliates do not pay.
var payers = []role.Role{role.Lawyer, role.Moderator, role.Demo}

// Policy says who may call the billing procedures. None needs a
// subscription: paying is how one gets it.
var Policy = auth.Policy{
	kesiv1connect.BillingServiceListPlansProcedure:             {Public: true},
	kesiv1connect.BillingServiceGetSubscriptionStatusProcedure: {},
	kesiv1connect.BillingServiceInitializePaymentProcedure:     {Roles: payers},
	kesiv1connect.BillingServiceVerifyPaymentProcedure:         {Roles: payers},
	WebhookRoute: {Public: true},
}

// Handler is the Connect door of the billing service.
type Handler struct {
	svc *Service
}

// NewHandler builds the Connect handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.BillingServiceHandler = (*Handler)(nil)

// ListPlans implements kesiv1connect.BillingServiceHandler.
func (h *Handler) ListPlans(ctx context.Context, req *connect.Request[kesiv1.ListPlansRequest]) (*connect.Response[kesiv1.ListPlansResponse], error) {
	plans, err := h.svc.Plans(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*kesiv1.Plan, len(plans))
	for i, p := range plans {
		out[i] = PlanToProto(p)
	}
	return connect.NewResponse(&kesiv1.ListPlansResponse{Plans: out}), nil
}

// GetSubscriptionStatus implements kesiv1connect.BillingServiceHandler.
func (h *Handler) GetSubscriptionStatus(ctx context.Context, req *connect.Request[kesiv1.GetSubscriptionStatusRequest]) (*connect.Response[kesiv1.GetSubscriptionStatusResponse], error) {
	st, err := h.svc.Status(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, err
	}
	out := &kesiv1.GetSubscriptionStatusResponse{HasActiveSubscription: st.Active}
	if st.Expiry != nil {
		out.Expiry = timestamppb.New(*st.Expiry)
	}
	return connect.NewResponse(out), nil
}

// InitializePayment implements kesiv1connect.BillingServiceHandler.
func (h *Handler) InitializePayment(ctx context.Context, req *connect.Request[kesiv1.InitializePaymentRequest]) (*connect.Response[kesiv1.InitializePaymentResponse], error) {
	started, err := h.svc.Initialize(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.PlanId)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&kesiv1.InitializePaymentResponse{
		AuthorizationUrl: started.AuthorizationURL,
		Reference:        started.Reference,
	}), nil
}

// VerifyPayment implements kesiv1connect.BillingServiceHandler.
func (h *Handler) VerifyPayment(ctx context.Context, req *connect.Request[kesiv1.VerifyPaymentRequest]) (*connect.Response[kesiv1.VerifyPaymentResponse], error) {
	res, err := h.svc.Verify(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.Reference)
	if err != nil {
		return nil, err
	}
	out := &kesiv1.VerifyPaymentResponse{
		Success: res.Success,
		Status:  statusToProto[res.Status],
		Message: res.Message,
	}
	if res.Expiry != nil {
		out.Expiry = timestamppb.New(*res.Expiry)
	}
	return connect.NewResponse(out), nil
}

var statusToProto = map[string]kesiv1.PaymentStatus{
	StatusPending:   kesiv1.PaymentStatus_PAYMENT_STATUS_PENDING,
	StatusSuccess:   kesiv1.PaymentStatus_PAYMENT_STATUS_SUCCESS,
	StatusFailed:    kesiv1.PaymentStatus_PAYMENT_STATUS_FAILED,
	StatusAbandoned: kesiv1.PaymentStatus_PAYMENT_STATUS_ABANDONED,
}

// PlanToProto is the proto form of a plan; the price stays in minor units.
func PlanToProto(p Plan) *kesiv1.Plan {
	return &kesiv1.Plan{
		Id:           p.ID,
		Name:         p.Name,
		Price:        &kesiv1.Money{Currency: p.Currency, AmountMinor: p.PriceMinor},
		DurationDays: int32(p.DurationDays),
	}
}
