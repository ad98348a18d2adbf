package imports

import (
	"context"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Policy lets the diary roles import, from a web session or the browser
// extension's scoped token.
var Policy = auth.Policy{
	kesiv1connect.ImportServiceImportCasesProcedure: {Roles: auth.DiaryRoles, Subscription: true, Extension: true},
}

// Handler is the Connect door of ImportService.
type Handler struct{ svc *Service }

// NewHandler builds the ImportService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.ImportServiceHandler = (*Handler)(nil)

var outcomes = map[Outcome]kesiv1.ImportOutcome{
	Created:   kesiv1.ImportOutcome_IMPORT_OUTCOME_CREATED,
	Updated:   kesiv1.ImportOutcome_IMPORT_OUTCOME_UPDATED,
	Unchanged: kesiv1.ImportOutcome_IMPORT_OUTCOME_UNCHANGED,
	Skipped:   kesiv1.ImportOutcome_IMPORT_OUTCOME_SKIPPED,
}

// ImportCases implements kesiv1connect.ImportServiceHandler.
func (h *Handler) ImportCases(ctx context.Context, req *connect.Request[kesiv1.ImportCasesRequest]) (*connect.Response[kesiv1.ImportCasesResponse], error) {
	if len(req.Msg.Cases) > MaxBatch {
		return nil, errs.ToConnect(ctx, errs.Invalidf("cases", "An import may carry at most %d cases; send the rest in another batch.", MaxBatch))
	}
	batch := make([]Case, len(req.Msg.Cases))
	for i, c := range req.Msg.Cases {
		batch[i] = fromProto(c)
	}
	results, err := h.svc.Import(ctx, auth.MustPrincipal(ctx).UserID, batch, req.Msg.Source)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := &kesiv1.ImportCasesResponse{Results: make([]*kesiv1.ImportResult, len(results))}
	for i, r := range results {
		res.Results[i] = &kesiv1.ImportResult{CaseId: r.CaseID, Outcome: outcomes[r.Outcome], Reason: r.Reason}
		switch r.Outcome {
		case Created:
			res.Created++
		case Updated:
			res.Updated++
		case Unchanged:
			res.Unchanged++
		case Skipped:
			res.Skipped++
		}
	}
	return connect.NewResponse(res), nil
}

// fromProto reads one imported case; a date that is not a real day marks
// the case to be skipped with the reason.
func fromProto(c *kesiv1.ImportedCase) Case {
	out := Case{CaseID: c.CaseId, Parties: c.Parties, LawCourt: c.LawCourt, Status: c.Status, CaseType: c.CaseType}
	out.FilingDate, out.Err = cases.DateFromProto("filing_date", c.FilingDate)
	for _, a := range c.Activities {
		d, err := cases.DateFromProto("activity_date", a.ActivityDate)
		if err != nil && out.Err == nil {
			out.Err = err
		}
		out.Activities = append(out.Activities, Activity{Kind: a.Activity, Date: d, Time: a.Time, Outcome: a.Outcome})
	}
	return out
}
