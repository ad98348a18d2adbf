package causelists

import (
	"context"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// UploadRoute is the REST-only upload's name in the policy: it carries a
// file as multipart, not a Connect message.
const UploadRoute = "POST /api/cause-lists"

// uploadRule: lawyers and moderators with a subscription upload lists; the
// shared demo account only reads and works its own findings.
var uploadRule = auth.Rule{Roles: []role.Role{role.Lawyer, role.Moderator}, Subscription: true}

// Policy says who may call the cause-list procedures and route.
var Policy = auth.Policy{
	kesiv1connect.CauseListServiceUploadCauseListProcedure:       uploadRule,
	kesiv1connect.CauseListServiceListCauseListMatchesProcedure:  auth.Diary,
	kesiv1connect.CauseListServiceApplyCauseListMatchProcedure:   auth.Diary,
	kesiv1connect.CauseListServiceDismissCauseListMatchProcedure: auth.Diary,
	UploadRoute: uploadRule,
}

// Handler is the Connect door of the cause-list check.
type Handler struct {
	svc *Service
}

// NewHandler builds the Connect handler over svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.CauseListServiceHandler = (*Handler)(nil)

// UploadCauseList implements kesiv1connect.CauseListServiceHandler.
func (h *Handler) UploadCauseList(ctx context.Context, req *connect.Request[kesiv1.UploadCauseListRequest]) (*connect.Response[kesiv1.UploadCauseListResponse], error) {
	list, ms, err := h.svc.Upload(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.FileName, req.Msg.Content)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UploadCauseListResponse{List: ListToProto(list), Matches: MatchesToProto(ms)}), nil
}

// ListCauseListMatches implements kesiv1connect.CauseListServiceHandler.
func (h *Handler) ListCauseListMatches(ctx context.Context, req *connect.Request[kesiv1.ListCauseListMatchesRequest]) (*connect.Response[kesiv1.ListCauseListMatchesResponse], error) {
	start, err := cases.DateFromProto("start", req.Msg.Start)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	end, err := cases.DateFromProto("end", req.Msg.End)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	ms, err := h.svc.Matches(ctx, auth.MustPrincipal(ctx).UserID, start, end)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListCauseListMatchesResponse{Matches: MatchesToProto(ms)}), nil
}

// ApplyCauseListMatch implements kesiv1connect.CauseListServiceHandler.
func (h *Handler) ApplyCauseListMatch(ctx context.Context, req *connect.Request[kesiv1.ApplyCauseListMatchRequest]) (*connect.Response[kesiv1.ApplyCauseListMatchResponse], error) {
	if err := h.svc.Apply(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.Id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ApplyCauseListMatchResponse{}), nil
}

// DismissCauseListMatch implements kesiv1connect.CauseListServiceHandler.
func (h *Handler) DismissCauseListMatch(ctx context.Context, req *connect.Request[kesiv1.DismissCauseListMatchRequest]) (*connect.Response[kesiv1.DismissCauseListMatchResponse], error) {
	if err := h.svc.Dismiss(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.Id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.DismissCauseListMatchResponse{}), nil
}

// ListToProto writes a stored list.
func ListToProto(l Stored) *kesiv1.CauseListInfo {
	return &kesiv1.CauseListInfo{
		Id: l.ID.String(), FileName: l.FileName, Court: l.Court,
		FirstDate: cases.DateToProto(l.FirstDate), LastDate: cases.DateToProto(l.LastDate), Rows: int32(l.Rows),
	}
}

var kinds = map[Kind]kesiv1.CauseListMatchKind{
	Listed:    kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_LISTED,
	NewDate:   kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NEW_DATE,
	NotListed: kesiv1.CauseListMatchKind_CAUSE_LIST_MATCH_KIND_NOT_LISTED,
}

// MatchesToProto writes findings.
func MatchesToProto(ms []Match) []*kesiv1.CauseListMatch {
	out := make([]*kesiv1.CauseListMatch, len(ms))
	for i, m := range ms {
		out[i] = &kesiv1.CauseListMatch{
			Id: m.ID(), CaseId: m.Number, CaseRef: m.CaseID.String(), Kind: kinds[m.Kind],
			ListedDate: cases.DateToProto(m.Date), Time: m.Row.Time, Court: m.Row.Court, CourtRoom: m.Row.CourtRoom,
			JudicialOfficer: m.Row.JudicialOfficer, Activity: m.Row.Activity, VirtualLink: m.Row.VirtualLink,
			List: ListToProto(m.List),
		}
	}
	return out
}
