// Package imports takes the cases the browser extension reads from the
// judiciary's e-filing portal into a lawyer's diary, idempotently on the
// case number: the same batch twice changes nothing.
package imports

import (
	"context"
	"errors"
	"log/slog"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/civil"
)

// MaxBatch is the most cases one import may carry.
const MaxBatch = 1000

// Outcome says what importing one case did.
type Outcome int

// The outcomes.
const (
	Created Outcome = iota + 1
	Updated
	Unchanged
	Skipped
)

// Activity is one dated step of a matter as the portal lists it.
type Activity struct {
	Kind    string
	Date    civil.Date
	Time    string
	Outcome string
}

// Case is one matter as the portal lists it. Err is set when the door
// could not read it (a bad date): the case is then skipped with that reason.
type Case struct {
	CaseID     string
	Parties    string
	LawCourt   string
	FilingDate civil.Date
	Status     string
	CaseType   string
	Activities []Activity
	Err        error
}

// Result is the outcome for one case of the batch.
type Result struct {
	CaseID  string
	Outcome Outcome
	Reason  string
}

// Service imports batches through the cases domain, which alone writes cases.
type Service struct {
	cases *cases.Service
}

// NewService builds the importer over the diary.
func NewService(diary *cases.Service) *Service { return &Service{cases: diary} }

// Import adds the owner's cases and sittings from the portal, one
// transaction per case so that a case is either wholly imported or
// untouched. Results are in batch order. What an import may change is the
// cases domain's rule (cases.Service.ImportPortal): it adds cases, sittings
// and the fields the diary lacks, and never overwrites or deletes what the
// lawyer recorded.
func (s *Service) Import(ctx context.Context, owner uuid.UUID, batch []Case, source string) ([]Result, error) {
	if len(batch) > MaxBatch {
		return nil, errs.Invalidf("cases", "An import may carry at most %d cases; send the rest in another batch.", MaxBatch)
	}
	out := make([]Result, len(batch))
	for i, in := range batch {
		res, err := s.importOne(ctx, owner, in)
		var e *errs.Error
		switch {
		case err == nil:
		case errors.As(err, &e) && e.Kind == errs.KindInvalid:
			res = Result{CaseID: in.CaseID, Outcome: Skipped, Reason: e.Message}
		default:
			return nil, err
		}
		out[i] = res
	}
	slog.InfoContext(ctx, "cases imported", "owner", owner, "source", source, "cases", len(batch))
	return out, nil
}

func (s *Service) importOne(ctx context.Context, owner uuid.UUID, in Case) (Result, error) {
	if in.Err != nil {
		return Result{}, in.Err
	}
	if err := clean(&in); err != nil {
		return Result{}, err
	}
	pc := cases.PortalCase{CaseID: in.CaseID, Parties: in.Parties, LawCourt: in.LawCourt, FilingDate: in.FilingDate,
		Status: in.Status, CaseType: in.CaseType}
	for _, a := range in.Activities {
		pc.Sittings = append(pc.Sittings, cases.PortalSitting{Kind: a.Kind, Date: a.Date, Time: a.Time, Outcome: a.Outcome})
	}
	did, err := s.cases.ImportPortal(ctx, owner, pc)
	if err != nil {
		return Result{CaseID: in.CaseID}, err
	}
	return Result{CaseID: in.CaseID, Outcome: map[cases.Imported]Outcome{
		cases.ImportedCreated: Created, cases.ImportedUpdated: Updated, cases.ImportedUnchanged: Unchanged,
	}[did]}, nil
}

// clean checks and trims an imported case as the diary would a typed one.
func clean(in *Case) error {
	var err error
	if in.CaseID, err = cases.CaseID(in.CaseID); err != nil {
		return err
	}
	if in.Parties, err = cases.Text("parties", "Parties", in.Parties, cases.MaxParties); err != nil {
		return err
	}
	if in.LawCourt, err = cases.Text("law_court", "Law court", in.LawCourt, cases.MaxLawCourt); err != nil {
		return err
	}
	if in.CaseType, err = cases.Text("case_type", "Case type", in.CaseType, cases.MaxCaseType); err != nil {
		return err
	}
	// The portal's own words for a status that is not ours leave ours as it is.
	in.Status, _ = cases.CanonicalStatus(in.Status)
	for i := range in.Activities {
		a := &in.Activities[i]
		if a.Kind, err = cases.Text("activity", "Activity", a.Kind, cases.MaxKind); err != nil {
			return err
		}
		if a.Kind == "" {
			return errs.Invalid("activity", "Every activity needs its kind, e.g. Mention.")
		}
		if a.Date.IsZero() {
			return errs.Invalid("activity_date", "Every activity needs its date.")
		}
		if a.Time, err = cases.Clock("time", a.Time); err != nil {
			return err
		}
		if a.Outcome, err = cases.Text("outcome", "Outcome", a.Outcome, cases.MaxOutcome); err != nil {
			return err
		}
	}
	return nil
}
