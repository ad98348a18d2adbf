// Package imports takes the cases the browser extension reads from the
// judiciary's e-filing portal into a lawyer's diary, idempotently on the
// case number: the same batch twice changes nothing.
package imports

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
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

// Service imports batches.
type Service struct {
	db  *ent.Client
	cal platform.Calendar
}

// NewService builds the importer over db.
func NewService(db *ent.Client, cal platform.Calendar) *Service { return &Service{db: db, cal: cal} }

// Import creates or updates the owner's cases, one transaction per case so
// that a case is either wholly imported or untouched. Results are in batch
// order. A case is matched on its number; the portal is trusted for the
// case's fields when it gives them and for the schedule: an activity is
// matched on (date, kind); a new one is added, a changed time or outcome is
// updated, and an upcoming activity with no outcome that the portal no
// longer lists (an adjourned date) is removed.
func (s *Service) Import(ctx context.Context, owner uuid.UUID, batch []Case, source string) ([]Result, error) {
	if len(batch) > MaxBatch {
		return nil, errs.Invalidf("cases", "An import may carry at most %d cases; send the rest in another batch.", MaxBatch)
	}
	today := s.cal.Today()
	out := make([]Result, len(batch))
	for i, in := range batch {
		res, err := s.importOne(ctx, owner, in, today)
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

func (s *Service) importOne(ctx context.Context, owner uuid.UUID, in Case, today civil.Date) (Result, error) {
	if in.Err != nil {
		return Result{}, in.Err
	}
	if err := clean(&in); err != nil {
		return Result{}, err
	}
	res := Result{CaseID: in.CaseID}
	tx, err := s.db.Tx(ctx)
	if err != nil {
		return res, errs.Internal(fmt.Errorf("begin import: %w", err))
	}
	res.Outcome, err = upsert(ctx, tx.Client(), owner, in, today)
	if err != nil {
		tx.Rollback()
		return res, err
	}
	if err := tx.Commit(); err != nil {
		return res, errs.Internal(fmt.Errorf("commit import of %s: %w", in.CaseID, err))
	}
	return res, nil
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

// upsert writes one imported case in tx and says what it did.
func upsert(ctx context.Context, tx *ent.Client, owner uuid.UUID, in Case, today civil.Date) (Outcome, error) {
	c, err := tx.CourtCase.Query().Where(courtcase.OwnerID(owner), courtcase.CaseID(in.CaseID)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return 0, errs.Internal(fmt.Errorf("find case %s: %w", in.CaseID, err))
	}
	outcome := Unchanged
	if c == nil {
		status := in.Status
		if status == "" {
			status = cases.DefaultStatus
		}
		c, err = tx.CourtCase.Create().SetOwnerID(owner).SetCaseID(in.CaseID).SetParties(in.Parties).
			SetLawCourt(in.LawCourt).SetFilingDate(in.FilingDate).SetStatus(status).SetCaseType(in.CaseType).
			Save(ctx)
		if err != nil {
			return 0, errs.Internal(fmt.Errorf("create case %s: %w", in.CaseID, err))
		}
		outcome = Created
	} else {
		up := tx.CourtCase.UpdateOne(c)
		changed := false
		set := func(have, want string, f func(string) *ent.CourtCaseUpdateOne) {
			if want != "" && want != have {
				f(want)
				changed = true
			}
		}
		set(c.Parties, in.Parties, up.SetParties)
		set(c.LawCourt, in.LawCourt, up.SetLawCourt)
		set(c.Status, in.Status, up.SetStatus)
		set(c.CaseType, in.CaseType, up.SetCaseType)
		if !in.FilingDate.IsZero() && in.FilingDate != c.FilingDate {
			up.SetFilingDate(in.FilingDate)
			changed = true
		}
		if changed {
			if err := up.Exec(ctx); err != nil {
				return 0, errs.Internal(fmt.Errorf("update case %s: %w", in.CaseID, err))
			}
			outcome = Updated
		}
	}
	changed, err := syncActivities(ctx, tx, owner, c.ID, in.Activities, today)
	if err != nil {
		return 0, err
	}
	if outcome == Unchanged && changed {
		outcome = Updated
	}
	if changed {
		// A new date recorded by the court clears the needing-update snooze,
		// as recording it by hand does.
		if err := tx.CourtCase.UpdateOneID(c.ID).SetMarkUpdated(false).Exec(ctx); err != nil {
			return 0, errs.Internal(fmt.Errorf("clear snooze of case %s: %w", in.CaseID, err))
		}
	}
	if outcome != Unchanged {
		if err := cases.Settle(ctx, tx, c.ID, today); err != nil {
			return 0, err
		}
	}
	return outcome, nil
}

// syncActivities makes the case's activities agree with the portal's list
// and reports whether anything changed.
func syncActivities(ctx context.Context, tx *ent.Client, owner, caseRef uuid.UUID, in []Activity, today civil.Date) (bool, error) {
	if len(in) == 0 {
		return false, nil
	}
	have, err := tx.Activity.Query().Where(activity.CaseRef(caseRef)).All(ctx)
	if err != nil {
		return false, errs.Internal(fmt.Errorf("load activities of case %s: %w", caseRef, err))
	}
	type key struct {
		date civil.Date
		kind string
	}
	existing := map[key]*ent.Activity{}
	for _, a := range have {
		existing[key{a.ActivityDate, a.Activity}] = a
	}
	listed := map[key]bool{}
	changed := false
	for _, a := range in {
		k := key{a.Date, a.Kind}
		if listed[k] {
			continue
		}
		listed[k] = true
		old, ok := existing[k]
		if !ok {
			if err := tx.Activity.Create().SetOwnerID(owner).SetCaseRef(caseRef).SetActivity(a.Kind).
				SetActivityDate(a.Date).SetTime(a.Time).SetOutcome(a.Outcome).Exec(ctx); err != nil {
				return false, errs.Internal(fmt.Errorf("add activity to case %s: %w", caseRef, err))
			}
			changed = true
			continue
		}
		up := old.Update()
		dirty := false
		if a.Time != "" && a.Time != old.Time {
			up.SetTime(a.Time)
			dirty = true
		}
		if a.Outcome != "" && a.Outcome != old.Outcome {
			up.SetOutcome(a.Outcome)
			dirty = true
		}
		if dirty {
			if err := up.Exec(ctx); err != nil {
				return false, errs.Internal(fmt.Errorf("update activity of case %s: %w", caseRef, err))
			}
			changed = true
		}
	}
	for k, a := range existing {
		if listed[k] || k.date.Before(today) || a.Outcome != "" {
			continue
		}
		if err := tx.Activity.DeleteOne(a).Exec(ctx); err != nil {
			return false, errs.Internal(fmt.Errorf("remove moved date of case %s: %w", caseRef, err))
		}
		changed = true
	}
	return changed, nil
}
