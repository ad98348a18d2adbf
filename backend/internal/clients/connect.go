package clients

import (
	"context"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Policy says who may call each ClientService procedure.
var Policy = auth.Policy{
	kesiv1connect.ClientServiceListClientsProcedure:      auth.Diary,
	kesiv1connect.ClientServiceGetClientProcedure:        auth.Diary,
	kesiv1connect.ClientServiceCreateClientProcedure:     auth.Diary,
	kesiv1connect.ClientServiceUpdateClientProcedure:     auth.Diary,
	kesiv1connect.ClientServiceLinkClientCaseProcedure:   auth.Diary,
	kesiv1connect.ClientServiceUnlinkClientCaseProcedure: auth.Diary,
}

// Handler is the Connect door of ClientService.
type Handler struct{ svc *Service }

// NewHandler builds the ClientService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.ClientServiceHandler = (*Handler)(nil)

func owner(ctx context.Context) uuid.UUID { return auth.MustPrincipal(ctx).UserID }

func fields(f *kesiv1.ClientFields) Fields {
	return Fields{
		Fullname:               f.GetFullname(),
		PhoneNumber:            f.GetPhoneNumber(),
		Email:                  f.GetEmail(),
		NationalID:             f.GetNationalId(),
		IsNationalIDTemporary:  f.GetIsNationalIdTemporary(),
		Address:                f.GetAddress(),
		ClientType:             f.GetClientType(),
		Notes:                  f.GetNotes(),
		PreferredCommunication: f.GetPreferredCommunication(),
	}
}

// ListClients implements kesiv1connect.ClientServiceHandler.
func (h *Handler) ListClients(ctx context.Context, req *connect.Request[kesiv1.ListClientsRequest]) (*connect.Response[kesiv1.ListClientsResponse], error) {
	page, err := cases.ParsePage(req.Msg.PageSize, req.Msg.PageToken)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cs, more, err := h.svc.List(ctx, owner(ctx), page)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := make([]*kesiv1.Client, len(cs))
	for i, c := range cs {
		out[i] = ToProto(c)
	}
	return connect.NewResponse(&kesiv1.ListClientsResponse{Clients: out, NextPageToken: page.NextToken(more)}), nil
}

// GetClient implements kesiv1connect.ClientServiceHandler.
func (h *Handler) GetClient(ctx context.Context, req *connect.Request[kesiv1.GetClientRequest]) (*connect.Response[kesiv1.GetClientResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.Get(ctx, owner(ctx), id)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetClientResponse{Client: ToProto(c)}), nil
}

// CreateClient implements kesiv1connect.ClientServiceHandler.
func (h *Handler) CreateClient(ctx context.Context, req *connect.Request[kesiv1.CreateClientRequest]) (*connect.Response[kesiv1.CreateClientResponse], error) {
	c, err := h.svc.Create(ctx, owner(ctx), fields(req.Msg.Client))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.CreateClientResponse{Client: ToProto(c)}), nil
}

// UpdateClient implements kesiv1connect.ClientServiceHandler.
func (h *Handler) UpdateClient(ctx context.Context, req *connect.Request[kesiv1.UpdateClientRequest]) (*connect.Response[kesiv1.UpdateClientResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.Update(ctx, owner(ctx), id, fields(req.Msg.Client))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdateClientResponse{Client: ToProto(c)}), nil
}

func (h *Handler) link(ctx context.Context, clientID, caseID string, link bool) (*kesiv1.Client, error) {
	cl, err := errs.ParseID(clientID, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cs, err := errs.ParseID(caseID, cases.MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.Link(ctx, owner(ctx), cl, cs, link)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return ToProto(c), nil
}

// LinkClientCase implements kesiv1connect.ClientServiceHandler.
func (h *Handler) LinkClientCase(ctx context.Context, req *connect.Request[kesiv1.LinkClientCaseRequest]) (*connect.Response[kesiv1.LinkClientCaseResponse], error) {
	c, err := h.link(ctx, req.Msg.ClientId, req.Msg.CaseId, true)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&kesiv1.LinkClientCaseResponse{Client: c}), nil
}

// UnlinkClientCase implements kesiv1connect.ClientServiceHandler.
func (h *Handler) UnlinkClientCase(ctx context.Context, req *connect.Request[kesiv1.UnlinkClientCaseRequest]) (*connect.Response[kesiv1.UnlinkClientCaseResponse], error) {
	c, err := h.link(ctx, req.Msg.ClientId, req.Msg.CaseId, false)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&kesiv1.UnlinkClientCaseResponse{Client: c}), nil
}

// ToProto is c as the contract's Client.
func ToProto(c Client) *kesiv1.Client {
	out := &kesiv1.Client{
		Id:                     c.ID.String(),
		Fullname:               c.Fullname,
		PhoneNumber:            c.PhoneNumber,
		Email:                  c.Email,
		NationalId:             c.NationalID,
		IsNationalIdTemporary:  c.IsNationalIDTemporary,
		ProfileImage:           c.ProfileImage,
		Address:                c.Address,
		ClientType:             c.ClientType,
		Notes:                  c.Notes,
		PreferredCommunication: c.PreferredCommunication,
		CreatedAt:              timestamppb.New(c.CreatedAt),
	}
	for _, id := range c.CaseIDs {
		out.CaseIds = append(out.CaseIds, id.String())
	}
	return out
}
