package account

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// ExportRoute is the REST-only export's name in the policy.
const ExportRoute = "GET /api/account/export"

// signedIn is any signed-in person, paying or not: the rights over one's
// data do not depend on a subscription. An extension token is refused.
var signedIn = auth.Rule{}

// Policy says who may call each AccountService procedure.
var Policy = auth.Policy{
	kesiv1connect.AccountServiceDeleteAccountProcedure:         signedIn,
	kesiv1connect.AccountServiceCancelAccountDeletionProcedure: signedIn,
	kesiv1connect.AccountServiceGetAccountDeletionProcedure:    signedIn,
	// The export holds the account's audit log, and the shared demo
	// account's lists every visitor's address and browser: as with its
	// sessions, no visitor may read the others'.
	ExportRoute: {Roles: auth.OwnAccountRoles},
}

// Handler is the Connect door of AccountService.
type Handler struct{ svc *Service }

// NewHandler builds the AccountService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.AccountServiceHandler = (*Handler)(nil)

func (h *Handler) toProto(d *Deletion) *kesiv1.AccountDeletion {
	if d == nil {
		return nil
	}
	return &kesiv1.AccountDeletion{RequestedAt: timestamppb.New(d.RequestedAt), EraseAt: timestamppb.New(d.EraseAt), EraseOn: h.svc.EraseOn(*d)}
}

// DeleteAccount implements kesiv1connect.AccountServiceHandler.
func (h *Handler) DeleteAccount(ctx context.Context, req *connect.Request[kesiv1.DeleteAccountRequest]) (*connect.Response[kesiv1.DeleteAccountResponse], error) {
	p := auth.MustPrincipal(ctx)
	d, err := h.svc.DeleteAccount(ctx, p.UserID, req.Msg.Password, req.Msg.Code)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := connect.NewResponse(&kesiv1.DeleteAccountResponse{Deletion: h.toProto(&d)})
	// Every session ended: this browser's cookies go too.
	for _, c := range (auth.Cookies{Secure: h.svc.secureCookies}).Cleared() {
		res.Header().Add("Set-Cookie", c.String())
	}
	return res, nil
}

// CancelAccountDeletion implements kesiv1connect.AccountServiceHandler.
func (h *Handler) CancelAccountDeletion(ctx context.Context, req *connect.Request[kesiv1.CancelAccountDeletionRequest]) (*connect.Response[kesiv1.CancelAccountDeletionResponse], error) {
	if err := h.svc.Cancel(ctx, auth.MustPrincipal(ctx).UserID); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.CancelAccountDeletionResponse{}), nil
}

// GetAccountDeletion implements kesiv1connect.AccountServiceHandler.
func (h *Handler) GetAccountDeletion(ctx context.Context, req *connect.Request[kesiv1.GetAccountDeletionRequest]) (*connect.Response[kesiv1.GetAccountDeletionResponse], error) {
	d, err := h.svc.Scheduled(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetAccountDeletionResponse{Deletion: h.toProto(d)}), nil
}
