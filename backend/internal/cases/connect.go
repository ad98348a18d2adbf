package cases

import (
	"context"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Policy says who may call each CaseService procedure: the diary roles,
// with a subscription (demo accounts need none).
var Policy = auth.Policy{
	kesiv1connect.CaseServiceListCasesProcedure:              auth.Diary,
	kesiv1connect.CaseServiceGetCaseProcedure:                auth.Diary,
	kesiv1connect.CaseServiceGetCaseByCaseIdProcedure:        auth.Diary,
	kesiv1connect.CaseServiceCreateCaseProcedure:             auth.Diary,
	kesiv1connect.CaseServiceUpdateCaseProcedure:             auth.Diary,
	kesiv1connect.CaseServiceDeleteCaseProcedure:             auth.Diary,
	kesiv1connect.CaseServiceRecordActivityProcedure:         auth.Diary,
	kesiv1connect.CaseServiceListCaseActivitiesProcedure:     auth.Diary,
	kesiv1connect.CaseServiceListScheduledCasesProcedure:     auth.Diary,
	kesiv1connect.CaseServiceListWeekCasesProcedure:          auth.Diary,
	kesiv1connect.CaseServiceListCasesBetweenProcedure:       auth.Diary,
	kesiv1connect.CaseServiceListReportCasesProcedure:        auth.Diary,
	kesiv1connect.CaseServiceListCasesNeedingUpdateProcedure: auth.Diary,
	kesiv1connect.CaseServiceMarkCaseUpdatedProcedure:        auth.Diary,
}

// Handler is the Connect door of CaseService: proto <-> Service, nothing more.
type Handler struct{ svc *Service }

// NewHandler builds the CaseService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.CaseServiceHandler = (*Handler)(nil)

func owner(ctx context.Context) uuid.UUID { return auth.MustPrincipal(ctx).UserID }

// ListCases implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListCases(ctx context.Context, req *connect.Request[kesiv1.ListCasesRequest]) (*connect.Response[kesiv1.ListCasesResponse], error) {
	page, err := ParsePage(req.Msg.PageSize, req.Msg.PageToken)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cs, more, err := h.svc.List(ctx, owner(ctx), page, mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListCasesResponse{Cases: casesToProto(cs, mask), NextPageToken: page.NextToken(more)}), nil
}

// GetCase implements kesiv1connect.CaseServiceHandler.
func (h *Handler) GetCase(ctx context.Context, req *connect.Request[kesiv1.GetCaseRequest]) (*connect.Response[kesiv1.GetCaseResponse], error) {
	// The mask before the id: a malformed request answers invalid, never not found.
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.GetParts(ctx, owner(ctx), id, mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetCaseResponse{Case: caseToProto(c, mask)}), nil
}

// GetCaseByCaseId implements kesiv1connect.CaseServiceHandler.
func (h *Handler) GetCaseByCaseId(ctx context.Context, req *connect.Request[kesiv1.GetCaseByCaseIdRequest]) (*connect.Response[kesiv1.GetCaseByCaseIdResponse], error) {
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.GetByCaseID(ctx, owner(ctx), req.Msg.CaseId, mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetCaseByCaseIdResponse{Case: caseToProto(c, mask)}), nil
}

// CreateCase implements kesiv1connect.CaseServiceHandler.
func (h *Handler) CreateCase(ctx context.Context, req *connect.Request[kesiv1.CreateCaseRequest]) (*connect.Response[kesiv1.CreateCaseResponse], error) {
	m := req.Msg
	filed, err := DateFromProto("filing_date", m.FilingDate)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	first, err := DateFromProto("activity_date", m.ActivityDate)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.Create(ctx, owner(ctx), NewCase{
		Fields: Fields{CaseID: m.CaseId, Parties: m.Parties, LawCourt: m.LawCourt, FilingDate: filed,
			Status: m.Status, CaseType: m.CaseType, Notes: m.Notes},
		Activity: m.GetActivity(), ActivityDate: first, Time: m.Time,
	})
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.CreateCaseResponse{Case: ToProto(c)}), nil
}

// UpdateCase implements kesiv1connect.CaseServiceHandler.
func (h *Handler) UpdateCase(ctx context.Context, req *connect.Request[kesiv1.UpdateCaseRequest]) (*connect.Response[kesiv1.UpdateCaseResponse], error) {
	m := req.Msg
	id, err := errs.ParseID(m.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	ch := Changes{CaseID: m.CaseId, Parties: m.Parties, LawCourt: m.LawCourt, Status: m.Status, CaseType: m.CaseType, Notes: m.Notes}
	if m.FilingDate != nil {
		d, err := DateFromProto("filing_date", m.FilingDate)
		if err != nil {
			return nil, errs.ToConnect(ctx, err)
		}
		ch.FilingDate = &d
	}
	if m.UpdateMask != nil {
		if ch, err = masked(ch, m.UpdateMask.GetPaths()); err != nil {
			return nil, errs.ToConnect(ctx, err)
		}
	}
	c, err := h.svc.Update(ctx, owner(ctx), id, ch)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdateCaseResponse{Case: ToProto(c)}), nil
}

// DeleteCase implements kesiv1connect.CaseServiceHandler.
func (h *Handler) DeleteCase(ctx context.Context, req *connect.Request[kesiv1.DeleteCaseRequest]) (*connect.Response[kesiv1.DeleteCaseResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	if err := h.svc.Delete(ctx, owner(ctx), id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.DeleteCaseResponse{}), nil
}

// RecordActivity implements kesiv1connect.CaseServiceHandler.
func (h *Handler) RecordActivity(ctx context.Context, req *connect.Request[kesiv1.RecordActivityRequest]) (*connect.Response[kesiv1.RecordActivityResponse], error) {
	m := req.Msg
	id, err := errs.ParseID(m.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	next, err := DateFromProto("next_date", m.NextDate)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, act, err := h.svc.RecordActivity(ctx, owner(ctx), id, Record{
		Outcome: m.Outcome, NextDate: next, NextActivity: m.NextActivity, NextTime: m.NextTime, Status: m.Status,
		RequestID: m.RequestId,
	})
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := &kesiv1.RecordActivityResponse{Case: ToProto(c)}
	if act != nil {
		res.Next = ActivityToProto(c, *act)
	}
	return connect.NewResponse(res), nil
}

// ListCaseActivities implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListCaseActivities(ctx context.Context, req *connect.Request[kesiv1.ListCaseActivitiesRequest]) (*connect.Response[kesiv1.ListCaseActivitiesResponse], error) {
	var (
		c    Case
		acts []Sitting
		err  error
	)
	if req.Msg.Id != "" {
		id, perr := errs.ParseID(req.Msg.Id, MsgNotFound)
		if perr != nil {
			return nil, errs.ToConnect(ctx, perr)
		}
		c, acts, err = h.svc.ActivitiesByID(ctx, owner(ctx), id)
	} else {
		c, acts, err = h.svc.Activities(ctx, owner(ctx), req.Msg.CaseId)
	}
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListCaseActivitiesResponse{Activities: activitiesToProto(&c, acts)}), nil
}

// ListScheduledCases implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListScheduledCases(ctx context.Context, req *connect.Request[kesiv1.ListScheduledCasesRequest]) (*connect.Response[kesiv1.ListScheduledCasesResponse], error) {
	day, err := DateFromProto("date", req.Msg.Date)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	rows, err := h.svc.Scheduled(ctx, owner(ctx), day, mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cases, entries := calendarToProto(rows, mask)
	return connect.NewResponse(&kesiv1.ListScheduledCasesResponse{Cases: cases, Entries: entries}), nil
}

// ListWeekCases implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListWeekCases(ctx context.Context, req *connect.Request[kesiv1.ListWeekCasesRequest]) (*connect.Response[kesiv1.ListWeekCasesResponse], error) {
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	monday, sunday, rows, err := h.svc.Week(ctx, owner(ctx), mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cases, entries := calendarToProto(rows, mask)
	return connect.NewResponse(&kesiv1.ListWeekCasesResponse{Start: DateToProto(monday), End: DateToProto(sunday), Cases: cases, Entries: entries}), nil
}

// ListCasesBetween implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListCasesBetween(ctx context.Context, req *connect.Request[kesiv1.ListCasesBetweenRequest]) (*connect.Response[kesiv1.ListCasesBetweenResponse], error) {
	start, err := DateFromProto("start", req.Msg.Start)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	end, err := DateFromProto("end", req.Msg.End)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	rows, err := h.svc.Between(ctx, owner(ctx), start, end, mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cases, entries := calendarToProto(rows, mask)
	return connect.NewResponse(&kesiv1.ListCasesBetweenResponse{Cases: cases, Entries: entries}), nil
}

// ListReportCases implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListReportCases(ctx context.Context, req *connect.Request[kesiv1.ListReportCasesRequest]) (*connect.Response[kesiv1.ListReportCasesResponse], error) {
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	start, end, rows, err := h.svc.Report(ctx, owner(ctx), mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	cases, entries := calendarToProto(rows, mask)
	return connect.NewResponse(&kesiv1.ListReportCasesResponse{Start: DateToProto(start), End: DateToProto(end), Cases: cases, Entries: entries}), nil
}

// ListCasesNeedingUpdate implements kesiv1connect.CaseServiceHandler.
func (h *Handler) ListCasesNeedingUpdate(ctx context.Context, req *connect.Request[kesiv1.ListCasesNeedingUpdateRequest]) (*connect.Response[kesiv1.ListCasesNeedingUpdateResponse], error) {
	mask, err := parseReadMask(req.Msg.ReadMask)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	nu, err := h.svc.NeedingUpdate(ctx, owner(ctx), mask.parts())
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ListCasesNeedingUpdateResponse{
		Stats: &kesiv1.CaseUpdateStats{
			MarkedUpdated: int32(nu.MarkedUpdated),
			Notification:  int32(nu.Notification),
			Total:         int32(len(nu.Cases)),
		},
		Cases: casesToProto(nu.Cases, mask),
	}), nil
}

// MarkCaseUpdated implements kesiv1connect.CaseServiceHandler.
func (h *Handler) MarkCaseUpdated(ctx context.Context, req *connect.Request[kesiv1.MarkCaseUpdatedRequest]) (*connect.Response[kesiv1.MarkCaseUpdatedResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	c, err := h.svc.MarkUpdated(ctx, owner(ctx), id, req.Msg.MarkUpdated)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.MarkCaseUpdatedResponse{Case: ToProto(c)}), nil
}

// ToProto is c as the contract's Case.
func ToProto(c Case) *kesiv1.Case {
	return caseToProto(c, allFields)
}

// caseToProto is c as the contract's Case, less what mask leaves out.
func caseToProto(c Case, mask readMask) *kesiv1.Case {
	a := &protoAlloc{}
	out := a.newCase()
	mask.fill(out, &c, c.ID.String(), a)
	return out
}

// ActivityToProto is sitting a as the contract's Activity of case c.
func ActivityToProto(c Case, a Sitting) *kesiv1.Activity {
	return activityToProto(&c, &a, a.ID.String(), &protoAlloc{})
}

// activityToProto is ActivityToProto with id as s.ID written out, taking
// its messages from a.
func activityToProto(c *Case, s *Sitting, id string, a *protoAlloc) *kesiv1.Activity {
	out := a.newActivity()
	out.Id = id
	out.Activity = s.Kind
	out.ActivityDate = a.date(s.Date)
	out.Time = s.Time
	out.ClientName = s.ClientName
	out.CaseId = c.CaseID
	out.LawCourt = c.LawCourt
	out.Outcome = s.Outcome
	out.CreatedAt = a.timestamp(s.CreatedAt)
	if s.AttendedBy != uuid.Nil {
		out.AttendedByUserId, out.AttendedByName, out.AssignedByName = s.AttendedBy.String(), s.AttendedByName, s.AssignedByName
	}
	return out
}

// activitiesToProto writes the sittings acts of case c.
func activitiesToProto(c *Case, acts []Sitting) []*kesiv1.Activity {
	n := len(acts)
	a := newProtoAlloc(allocSize{acts: n, dates: n, times: n, ids: n})
	out := make([]*kesiv1.Activity, n)
	for i := range acts {
		out[i] = activityToProto(c, &acts[i], a.id(acts[i].ID), a)
	}
	return out
}

// casesToProto writes cases, less what mask leaves out.
func casesToProto(cs []Case, mask readMask) []*kesiv1.Case {
	n := len(cs)
	a := newProtoAlloc(allocSize{cases: n, dates: n * mask.dates(), times: n * mask.times(), ids: n})
	out := make([]*kesiv1.Case, n)
	for i := range cs {
		out[i] = a.newCase()
		mask.fill(out[i], &cs[i], a.caseID(mask, cs[i].ID), a)
	}
	return out
}

// caseID is id written out, when mask shows it.
func (a *protoAlloc) caseID(mask readMask, id uuid.UUID) string {
	if !mask.shows(fieldID) {
		return ""
	}
	return a.id(id)
}

// calendarToProto writes calendar rows both ways a calendar answer holds
// them, less what mask leaves out of each case. As cases: each case with
// the date, time and kind of the sitting the row stands for (those three
// left out with the rest). As entries: the case as it is (its own next
// date), and the sitting the row stands for, whole.
func calendarToProto(rows []Entry, mask readMask) ([]*kesiv1.Case, []*kesiv1.CalendarEntry) {
	n := len(rows)
	a := newProtoAlloc(allocSize{
		cases: 2 * n, acts: n, entries: n,
		dates: 2*n*mask.dates() + n, times: 2*n*mask.times() + n,
		ids: 2 * n, // the case's, written once for both, and the sitting's
	})
	cases := make([]*kesiv1.Case, n)
	entries := make([]*kesiv1.CalendarEntry, n)
	for i := range rows {
		r := &rows[i]
		id := a.caseID(mask, r.Case.ID)
		c := r.Case
		c.NextDate, c.NextTime, c.NextKind = r.Sitting.Date, r.Sitting.Time, r.Sitting.Kind
		cases[i] = a.newCase()
		mask.fill(cases[i], &c, id, a)
		e := a.newEntry()
		e.Case = a.newCase()
		mask.fill(e.Case, &r.Case, id, a)
		e.Sitting = activityToProto(&r.Case, &r.Sitting, a.id(r.Sitting.ID), a)
		entries[i] = e
	}
	return cases, entries
}

// masked applies an update mask (AIP-134) to ch: a named field absent from
// the request is cleared, a field not named is left as it is.
func masked(ch Changes, paths []string) (Changes, error) {
	var out Changes
	empty := ""
	keep := func(v *string) *string {
		if v == nil {
			return &empty
		}
		return v
	}
	for _, p := range paths {
		switch p {
		case "*":
			// The case number and the status cannot be empty: "*" leaves
			// them as they are when the request does not hold them.
			out = Changes{CaseID: ch.CaseID, Parties: keep(ch.Parties), LawCourt: keep(ch.LawCourt), Status: ch.Status,
				CaseType: keep(ch.CaseType), Notes: keep(ch.Notes), FilingDate: ch.FilingDate}
			if out.FilingDate == nil {
				out.FilingDate = new(civil.Date)
			}
		case "case_id":
			out.CaseID = keep(ch.CaseID)
		case "parties":
			out.Parties = keep(ch.Parties)
		case "law_court":
			out.LawCourt = keep(ch.LawCourt)
		case "status":
			out.Status = keep(ch.Status)
		case "case_type":
			out.CaseType = keep(ch.CaseType)
		case "notes":
			out.Notes = keep(ch.Notes)
		case "filing_date":
			out.FilingDate = ch.FilingDate
			if out.FilingDate == nil {
				out.FilingDate = new(civil.Date)
			}
		default:
			return Changes{}, errs.Invalidf("update_mask", "update_mask names %q, which is not a field of a case.", p)
		}
	}
	return out, nil
}

// statusCode is status as the contract's enum: CaseStatus numbers the
// statuses in the order of Statuses, from 1.
func statusCode(status string) kesiv1.CaseStatus {
	for i, st := range Statuses {
		if st == status {
			return kesiv1.CaseStatus(i + 1)
		}
	}
	return kesiv1.CaseStatus_CASE_STATUS_UNSPECIFIED
}
