package cases

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
)

// WholeCase is a case written at once with all its sittings: the demo
// diary and the load-test seed. Status "" follows the kind of the sitting
// the case shows (a hearing makes it "Hearing"...), else DefaultStatus.
type WholeCase struct {
	ID          uuid.UUID // uuid.Nil: a new one
	CaseID      string
	Parties     string
	LawCourt    string
	FilingDate  civil.Date
	Status      string
	CaseType    string
	Notes       string
	MarkUpdated bool
	Concluded   bool
	Sittings    []WholeSitting
}

// WholeSitting is one sitting of a WholeCase.
type WholeSitting struct {
	Kind    string
	Date    civil.Date
	Time    string
	Outcome string
}

// WriteWhole writes owner's cases cs with their sittings in db (a
// transaction of the caller's), at most batch rows an INSERT, with the
// stored dates the next-date rule gives on today: the bulk form of the
// one write path, so the demo and the seed never compute them themselves.
// It answers the cases' ids, in order.
func WriteWhole(ctx context.Context, db *ent.Client, owner uuid.UUID, today civil.Date, cs []WholeCase, batch int) ([]uuid.UUID, error) {
	if batch <= 0 {
		batch = 500
	}
	ids := make([]uuid.UUID, len(cs))
	caseRows := make([]*ent.CourtCaseCreate, 0, len(cs))
	var actRows []*ent.ActivityCreate
	for i, w := range cs {
		id := w.ID
		if id == uuid.Nil {
			id = uuid.New()
		}
		ids[i] = id
		acts := make([]*ent.Activity, len(w.Sittings))
		for j, s := range w.Sittings {
			acts[j] = &ent.Activity{Activity: s.Kind, ActivityDate: s.Date, Time: s.Time, Outcome: s.Outcome}
			actRows = append(actRows, db.Activity.Create().SetOwnerID(owner).SetCaseRef(id).SetActivity(s.Kind).
				SetActivityDate(s.Date).SetTime(s.Time).SetOutcome(s.Outcome))
		}
		d := DatesOf(acts, today)
		status := w.Status
		if status == "" {
			status = DefaultStatus
			if d.Next != nil {
				if st, ok := StatusOf(d.Next.Activity); ok {
					status = st
				}
			}
		}
		c := db.CourtCase.Create().SetID(id).SetOwnerID(owner).SetCaseID(w.CaseID).SetParties(w.Parties).
			SetLawCourt(w.LawCourt).SetFilingDate(w.FilingDate).SetStatus(status).SetCaseType(w.CaseType).
			SetNotes(w.Notes).SetMarkUpdated(w.MarkUpdated).SetConcluded(w.Concluded)
		if d.Latest != nil {
			c.SetLatestActivityDate(d.Latest.ActivityDate).SetLatestDone(Done(d.Latest))
		}
		if d.Next != nil && !w.Concluded {
			c.SetActivityDate(d.Next.ActivityDate).SetActivityTime(d.Next.Time).SetActivityKind(d.Next.Activity)
		}
		caseRows = append(caseRows, c)
	}
	// Cases before their sittings, for the foreign key.
	for len(caseRows) > 0 {
		k := min(len(caseRows), batch)
		if err := db.CourtCase.CreateBulk(caseRows[:k]...).Exec(ctx); err != nil {
			return nil, fmt.Errorf("write cases of %s: %w", owner, err)
		}
		caseRows = caseRows[k:]
	}
	for len(actRows) > 0 {
		k := min(len(actRows), batch)
		if err := db.Activity.CreateBulk(actRows[:k]...).Exec(ctx); err != nil {
			return nil, fmt.Errorf("write sittings of %s: %w", owner, err)
		}
		actRows = actRows[k:]
	}
	return ids, nil
}

// DeleteAll removes every case of owner with its sittings (the database
// cascades) in db: the demo reset. Document rows go with their cases; the
// caller purges their stored files first.
func DeleteAll(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	if _, err := db.CourtCase.Delete().Where(owned(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("delete cases of %s: %w", owner, err)
	}
	return nil
}

// HasAny reports whether owner has any case.
func HasAny(ctx context.Context, db *ent.Client, owner uuid.UUID) (bool, error) {
	ok, err := db.CourtCase.Query().Where(owned(owner)).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("look for cases of %s: %w", owner, err)
	}
	return ok, nil
}
