package firm

import (
	"context"

	"connectrpc.com/connect"
	"github.com/google/uuid"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Advocates is the rule of every firm call: lawyers and moderators (a
// firm's administrators) with a subscription; subscriptions stay per
// advocate. Demo and affiliate accounts have no firm.
var Advocates = auth.Rule{Roles: []role.Role{role.Lawyer, role.Moderator}, Subscription: true}

// Policy says who may call each FirmService procedure.
var Policy = auth.Policy{
	kesiv1connect.FirmServiceCreateFirmProcedure:       Advocates,
	kesiv1connect.FirmServiceGetFirmProcedure:          Advocates,
	kesiv1connect.FirmServiceInviteMemberProcedure:     Advocates,
	kesiv1connect.FirmServiceListInvitationsProcedure:  Advocates,
	kesiv1connect.FirmServiceRevokeInvitationProcedure: Advocates,
	kesiv1connect.FirmServiceAcceptInvitationProcedure: Advocates,
	kesiv1connect.FirmServiceListMembersProcedure:      Advocates,
	kesiv1connect.FirmServiceRemoveMemberProcedure:     Advocates,
	kesiv1connect.FirmServiceLeaveFirmProcedure:        Advocates,
	kesiv1connect.FirmServiceHandOverFirmProcedure:     Advocates,
	kesiv1connect.FirmServiceShareCaseProcedure:        Advocates,
	kesiv1connect.FirmServiceAssignSittingProcedure:    Advocates,
	kesiv1connect.FirmServiceListCaseSittingsProcedure: Advocates,
	kesiv1connect.FirmServiceListClashesProcedure:      Advocates,
	kesiv1connect.FirmServiceListFirmSittingsProcedure: Advocates,
}

// Handler is the Connect door of FirmService: proto <-> Service.
type Handler struct{ svc *Service }

// NewHandler builds the FirmService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.FirmServiceHandler = (*Handler)(nil)

func caller(ctx context.Context) uuid.UUID { return auth.MustPrincipal(ctx).UserID }

func firmToProto(f Firm, admin bool) *kesiv1.Firm {
	return &kesiv1.Firm{Id: f.ID.String(), Name: f.Name, AdminUserId: f.AdminID.String(), CallerIsAdmin: admin,
		CreatedAt: timestamppb.New(f.CreatedAt)}
}

func invitationToProto(i Invitation) *kesiv1.FirmInvitation {
	return &kesiv1.FirmInvitation{Id: i.ID.String(), Email: i.Email, InvitedBy: i.InvitedBy,
		CreatedAt: timestamppb.New(i.CreatedAt), ExpiresAt: timestamppb.New(i.ExpiresAt)}
}

func sittingToProto(s Sitting) *kesiv1.FirmSitting {
	out := &kesiv1.FirmSitting{
		ActivityId: idText(s.ID), CaseRef: idText(s.CaseRef), CaseId: s.CaseNumber, Parties: s.Parties,
		LawCourt: s.Court, Activity: s.Activity, Date: cases.DateToProto(s.Date), Time: s.Time,
		OwnerUserId: s.CaseOwner.String(), OwnerName: s.OwnerName,
		AttendeeUserId: s.Attendee().String(), AttendeeName: s.AttendeeName, Outcome: s.Outcome,
	}
	if s.AssignedBy != uuid.Nil {
		out.AssignedByUserId, out.AssignedByName = s.AssignedBy.String(), s.AssignedByName
	}
	return out
}

func sittingsToProto(ss []Sitting) []*kesiv1.FirmSitting {
	out := make([]*kesiv1.FirmSitting, len(ss))
	for i, s := range ss {
		out[i] = sittingToProto(s)
	}
	return out
}

func clashesToProto(cs []ClashView) []*kesiv1.Clash {
	out := make([]*kesiv1.Clash, len(cs))
	for i, c := range cs {
		kind := kesiv1.ClashKind_CLASH_KIND_OVERLAP
		if c.Kind == TooMany {
			kind = kesiv1.ClashKind_CLASH_KIND_TOO_MANY
		}
		out[i] = &kesiv1.Clash{UserId: c.Attendee.String(), Fullname: c.Name, Date: cases.DateToProto(c.Date),
			Kind: kind, Message: c.Message, Sittings: sittingsToProto(c.Sittings)}
	}
	return out
}

// CreateFirm implements kesiv1connect.FirmServiceHandler.
func (h *Handler) CreateFirm(ctx context.Context, req *connect.Request[kesiv1.CreateFirmRequest]) (*connect.Response[kesiv1.CreateFirmResponse], error) {
	f, err := h.svc.CreateFirm(ctx, caller(ctx), req.Msg.Name)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.CreateFirmResponse{Firm: firmToProto(f, true)}), nil
}

// GetFirm implements kesiv1connect.FirmServiceHandler.
func (h *Handler) GetFirm(ctx context.Context, _ *connect.Request[kesiv1.GetFirmRequest]) (*connect.Response[kesiv1.GetFirmResponse], error) {
	f, admin, err := h.svc.GetFirm(ctx, caller(ctx))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetFirmResponse{Firm: firmToProto(f, admin)}), nil
}

// InviteMember implements kesiv1connect.FirmServiceHandler.
func (h *Handler) InviteMember(ctx context.Context, req *connect.Request[kesiv1.InviteMemberRequest]) (*connect.Response[kesiv1.InviteMemberResponse], error) {
	inv, err := h.svc.InviteMember(ctx, caller(ctx), req.Msg.Email)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.InviteMemberResponse{Invitation: invitationToProto(inv)}), nil
}

// ListInvitations implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ListInvitations(ctx context.Context, _ *connect.Request[kesiv1.ListInvitationsRequest]) (*connect.Response[kesiv1.ListInvitationsResponse], error) {
	invs, err := h.svc.ListInvitations(ctx, caller(ctx))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := make([]*kesiv1.FirmInvitation, len(invs))
	for i, inv := range invs {
		out[i] = invitationToProto(inv)
	}
	return connect.NewResponse(&kesiv1.ListInvitationsResponse{Invitations: out}), nil
}

// RevokeInvitation implements kesiv1connect.FirmServiceHandler.
func (h *Handler) RevokeInvitation(ctx context.Context, req *connect.Request[kesiv1.RevokeInvitationRequest]) (*connect.Response[kesiv1.RevokeInvitationResponse], error) {
	inv, err := errs.ParseID(req.Msg.Id, "Invitation not found.")
	if err == nil {
		err = h.svc.RevokeInvitation(ctx, caller(ctx), inv)
	}
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RevokeInvitationResponse{}), nil
}

// AcceptInvitation implements kesiv1connect.FirmServiceHandler.
func (h *Handler) AcceptInvitation(ctx context.Context, req *connect.Request[kesiv1.AcceptInvitationRequest]) (*connect.Response[kesiv1.AcceptInvitationResponse], error) {
	f, err := h.svc.AcceptInvitation(ctx, caller(ctx), req.Msg.Code)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.AcceptInvitationResponse{Firm: firmToProto(f, false)}), nil
}

// ListMembers implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ListMembers(ctx context.Context, _ *connect.Request[kesiv1.ListMembersRequest]) (*connect.Response[kesiv1.ListMembersResponse], error) {
	ms, err := h.svc.ListMembers(ctx, caller(ctx))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := make([]*kesiv1.FirmMember, len(ms))
	for i, m := range ms {
		out[i] = &kesiv1.FirmMember{UserId: m.UserID.String(), Fullname: m.Fullname, Email: m.Email, Admin: m.Admin,
			JoinedAt: timestamppb.New(m.JoinedAt)}
	}
	return connect.NewResponse(&kesiv1.ListMembersResponse{Members: out}), nil
}

// RemoveMember implements kesiv1connect.FirmServiceHandler.
func (h *Handler) RemoveMember(ctx context.Context, req *connect.Request[kesiv1.RemoveMemberRequest]) (*connect.Response[kesiv1.RemoveMemberResponse], error) {
	m, err := errs.ParseID(req.Msg.MemberUserId, MsgNotMember)
	if err == nil {
		err = h.svc.RemoveMember(ctx, caller(ctx), m)
	}
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RemoveMemberResponse{}), nil
}

// LeaveFirm implements kesiv1connect.FirmServiceHandler.
func (h *Handler) LeaveFirm(ctx context.Context, _ *connect.Request[kesiv1.LeaveFirmRequest]) (*connect.Response[kesiv1.LeaveFirmResponse], error) {
	if err := h.svc.LeaveFirm(ctx, caller(ctx)); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.LeaveFirmResponse{}), nil
}

// HandOverFirm implements kesiv1connect.FirmServiceHandler.
func (h *Handler) HandOverFirm(ctx context.Context, req *connect.Request[kesiv1.HandOverFirmRequest]) (*connect.Response[kesiv1.HandOverFirmResponse], error) {
	m, err := errs.ParseID(req.Msg.MemberUserId, MsgNotMember)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	f, err := h.svc.HandOverFirm(ctx, caller(ctx), m)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.HandOverFirmResponse{Firm: firmToProto(f, false)}), nil
}

// ShareCase implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ShareCase(ctx context.Context, req *connect.Request[kesiv1.ShareCaseRequest]) (*connect.Response[kesiv1.ShareCaseResponse], error) {
	c, err := errs.ParseID(req.Msg.Id, cases.MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out, err := h.svc.ShareCase(ctx, caller(ctx), c, req.Msg.Shared)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ShareCaseResponse{Id: out.ID.String(), Shared: req.Msg.Shared}), nil
}

// AssignSitting implements kesiv1connect.FirmServiceHandler.
func (h *Handler) AssignSitting(ctx context.Context, req *connect.Request[kesiv1.AssignSittingRequest]) (*connect.Response[kesiv1.AssignSittingResponse], error) {
	act, err := errs.ParseID(req.Msg.ActivityId, cases.MsgSittingNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	member := uuid.Nil
	if req.Msg.MemberUserId != "" {
		if member, err = errs.ParseID(req.Msg.MemberUserId, MsgNotMember); err != nil {
			return nil, errs.ToConnect(ctx, err)
		}
	}
	sit, clashes, err := h.svc.AssignSitting(ctx, caller(ctx), act, member)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.AssignSittingResponse{Sitting: sittingToProto(sit), Clashes: clashesToProto(clashes)}), nil
}

// ListCaseSittings implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ListCaseSittings(ctx context.Context, req *connect.Request[kesiv1.ListCaseSittingsRequest]) (*connect.Response[kesiv1.ListCaseSittingsResponse], error) {
	c, err := errs.ParseID(req.Msg.Id, cases.MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	shared, owner, ownerName, ss, err := h.svc.CaseSittings(ctx, caller(ctx), c)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListCaseSittingsResponse{Shared: shared, CallerIsOwner: owner == caller(ctx),
		OwnerUserId: owner.String(), OwnerName: ownerName, Sittings: sittingsToProto(ss)}), nil
}

// ListClashes implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ListClashes(ctx context.Context, req *connect.Request[kesiv1.ListClashesRequest]) (*connect.Response[kesiv1.ListClashesResponse], error) {
	start, err := cases.DateFromProto("start", req.Msg.Start)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	end, err := cases.DateFromProto("end", req.Msg.End)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cs, err := h.svc.ListClashes(ctx, caller(ctx), start, end)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListClashesResponse{Clashes: clashesToProto(cs)}), nil
}

// ListFirmSittings implements kesiv1connect.FirmServiceHandler.
func (h *Handler) ListFirmSittings(ctx context.Context, req *connect.Request[kesiv1.ListFirmSittingsRequest]) (*connect.Response[kesiv1.ListFirmSittingsResponse], error) {
	day, err := cases.DateFromProto("date", req.Msg.Date)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	ss, err := h.svc.FirmDay(ctx, caller(ctx), day)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListFirmSittingsResponse{Sittings: sittingsToProto(ss)}), nil
}

// idText is id as the contract writes it; "" for none (a private matter).
func idText(id uuid.UUID) string {
	if id == uuid.Nil {
		return ""
	}
	return id.String()
}
