package cases

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
)

// PortalCase is a matter as the judiciary's e-filing portal lists it, read
// by the browser extension and checked by the imports package.
type PortalCase struct {
	CaseID     string
	Parties    string
	LawCourt   string
	FilingDate civil.Date
	Status     string // canonical, or "" when the portal's word is not ours
	CaseType   string
	Sittings   []PortalSitting
}

// PortalSitting is one dated step of a matter as the portal lists it.
type PortalSitting struct {
	Kind    string
	Date    civil.Date
	Time    string
	Outcome string
}

// Imported says what importing one case did.
type Imported int

// What an import did to one case.
const (
	ImportedCreated Imported = iota + 1
	ImportedUpdated
	ImportedUnchanged
)

// ImportPortal takes one matter from the portal into the owner's diary in
// one transaction, matched on its number. An import adds: a new case, the
// fields the diary has empty, the sittings it does not have, and a time or
// an outcome a sitting lacks. It never overwrites what the diary holds (the
// lawyer may have corrected it) and never deletes a sitting the lawyer
// recorded; it only moves a sitting it added itself that is upcoming, has
// no outcome and that the portal no longer lists (an adjourned date).
//
// A new upcoming date of a case the diary already had is a date change the
// advocate did not make: once committed, OnDateMoved is told of it.
func (s *Service) ImportPortal(ctx context.Context, owner uuid.UUID, in PortalCase) (Imported, error) {
	today := s.cal.Today()
	var did Imported
	var moves []move
	run := func() error {
		return platform.InTx(ctx, s.db, func(tx *ent.Client) error {
			var err error
			did, moves, err = importPortal(ctx, tx, owner, in, today, s.rowLocks)
			return err
		})
	}
	err := run()
	// The same page imported twice at once (two tabs, the extension's retry): the other
	// import created the case first. Once more, this import finds it and adds what it lacks.
	if errors.Is(err, errCreatedMeanwhile) {
		err = run()
	}
	if err != nil {
		return did, err
	}
	s.tellMoves(ctx, moves)
	return did, nil
}

// foldMatch finds the one case of owner whose number is caseID in other
// letters: the portal writes "MCCC/E3574/2022" where an advocate may have
// typed "mccc/e3574/2022" on a phone, and both are one matter. It answers
// nil when there is none, or more than one to choose from.
func foldMatch(ctx context.Context, tx *ent.Client, owner uuid.UUID, caseID string, lock bool) (*ent.CourtCase, error) {
	q := tx.CourtCase.Query().Where(owned(owner), courtcase.CaseIDEqualFold(caseID)).Limit(2)
	if lock {
		q.ForUpdate()
	}
	cs, err := q.All(ctx)
	if err != nil || len(cs) != 1 {
		return nil, err
	}
	return cs[0], nil
}

// errCreatedMeanwhile: another import created the case between this one's
// look-up and its insert (the unique owner and number).
var errCreatedMeanwhile = errors.New("case created meanwhile")

func importPortal(ctx context.Context, tx *ent.Client, owner uuid.UUID, in PortalCase, today civil.Date, lock bool) (Imported, []move, error) {
	q := tx.CourtCase.Query().Where(owned(owner), courtcase.CaseID(in.CaseID))
	if lock {
		q.ForUpdate()
	}
	c, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		c, err = foldMatch(ctx, tx, owner, in.CaseID, lock)
	}
	if err != nil && !ent.IsNotFound(err) {
		return 0, nil, errs.Internal(fmt.Errorf("find case %s: %w", in.CaseID, err))
	}
	did := ImportedUnchanged
	if c == nil {
		status := in.Status
		if status == "" {
			status = DefaultStatus
		}
		c, err = tx.CourtCase.Create().SetOwnerID(owner).SetCaseID(in.CaseID).SetParties(in.Parties).
			SetLawCourt(in.LawCourt).SetFilingDate(in.FilingDate).SetStatus(status).SetCaseType(in.CaseType).
			Save(ctx)
		if ent.IsConstraintError(err) {
			return 0, nil, errCreatedMeanwhile
		}
		if err != nil {
			return 0, nil, errs.Internal(fmt.Errorf("create case %s: %w", in.CaseID, err))
		}
		did = ImportedCreated
	} else {
		up := tx.CourtCase.UpdateOne(c)
		changed := false
		fill := func(have, give string, set func(string) *ent.CourtCaseUpdateOne) {
			if have == "" && give != "" {
				set(give)
				changed = true
			}
		}
		fill(c.Parties, in.Parties, up.SetParties)
		fill(c.LawCourt, in.LawCourt, up.SetLawCourt)
		fill(c.CaseType, in.CaseType, up.SetCaseType)
		if c.FilingDate.IsZero() && !in.FilingDate.IsZero() {
			up.SetFilingDate(in.FilingDate)
			changed = true
		}
		if changed {
			if err := up.Exec(ctx); err != nil {
				return 0, nil, errs.Internal(fmt.Errorf("update case %s: %w", in.CaseID, err))
			}
			did = ImportedUpdated
		}
	}
	ch, err := importSittings(ctx, tx, owner, c.ID, in.Sittings, today)
	if err != nil {
		return 0, nil, err
	}
	changed := ch.changed()
	var moves []move
	if did != ImportedCreated {
		// A case the import just created has no date to move from, and the
		// advocate is not alerted of each sitting of a new import.
		moves = importMoves(ch.added, ch.removed, today)
	}
	if did == ImportedUnchanged && changed {
		did = ImportedUpdated
	}
	if changed {
		up := tx.CourtCase.UpdateOneID(c.ID)
		// A new date from the court clears the needing-update snooze, as
		// recording it by hand does, and opens a concluded matter again.
		if len(ch.added) > 0 {
			up.SetMarkUpdated(false).SetConcluded(false)
		}
		if err := up.Exec(ctx); err != nil {
			return 0, nil, errs.Internal(fmt.Errorf("clear snooze of case %s: %w", in.CaseID, err))
		}
		if len(ch.added) > 0 {
			if err := clearMarks(ctx, tx, c.ID); err != nil {
				return 0, nil, err
			}
		}
	}
	if did != ImportedUnchanged {
		if err := settle(ctx, tx, c.ID, today); err != nil {
			return 0, nil, err
		}
	}
	return did, moves, nil
}

// sittingChanges is what importSittings did to a case's sittings.
type sittingChanges struct {
	added   []touched // the sittings it added
	removed []touched // the upcoming imported sittings the portal no longer lists
	updated bool      // it filled a time or an outcome
}

func (c sittingChanges) changed() bool {
	return len(c.added) > 0 || len(c.removed) > 0 || c.updated
}

// importSittings adds the portal's sittings the case lacks, fills a time or
// an outcome a sitting lacks, removes the upcoming open sittings it added
// itself that the portal no longer lists, and reports what it did.
func importSittings(ctx context.Context, tx *ent.Client, owner, caseRef uuid.UUID, in []PortalSitting, today civil.Date) (sittingChanges, error) {
	var did sittingChanges
	if len(in) == 0 {
		return did, nil
	}
	have, err := tx.Activity.Query().Where(activity.CaseRef(caseRef)).All(ctx)
	if err != nil {
		return did, errs.Internal(fmt.Errorf("load sittings of case %s: %w", caseRef, err))
	}
	// The portal and the cause lists write the business in capitals
	// (HEARING): a sitting is the same whatever the letters' case.
	type key struct {
		date civil.Date
		kind string
	}
	existing := map[key]*ent.Activity{}
	dated := map[civil.Date]bool{}
	for _, a := range have {
		existing[key{a.ActivityDate, strings.ToLower(a.Activity)}] = a
		dated[a.ActivityDate] = true
	}
	listed := map[key]bool{}
	for _, a := range in {
		k := key{a.Date, strings.ToLower(a.Kind)}
		if listed[k] {
			continue
		}
		listed[k] = true
		old, ok := existing[k]
		if !ok {
			x, err := tx.Activity.Create().SetOwnerID(owner).SetCaseRef(caseRef).SetActivity(a.Kind).
				SetActivityDate(a.Date).SetTime(a.Time).SetOutcome(a.Outcome).SetImported(true).Save(ctx)
			if err != nil {
				return did, errs.Internal(fmt.Errorf("add sitting to case %s: %w", caseRef, err))
			}
			did.added = append(did.added, touched{id: x.ID, kind: x.Activity, date: x.ActivityDate, done: Done(x), known: dated[x.ActivityDate]})
			continue
		}
		up := old.Update()
		dirty := false
		if old.Time == "" && a.Time != "" {
			up.SetTime(a.Time)
			dirty = true
		}
		if !Done(old) && a.Outcome != "" {
			up.SetOutcome(a.Outcome)
			dirty = true
		}
		if dirty {
			if err := up.Exec(ctx); err != nil {
				return did, errs.Internal(fmt.Errorf("update sitting of case %s: %w", caseRef, err))
			}
			did.updated = true
		}
	}
	for k, a := range existing {
		if listed[k] || !a.Imported || k.date.Before(today) || Done(a) {
			continue
		}
		if err := tx.Activity.DeleteOne(a).Exec(ctx); err != nil {
			return did, errs.Internal(fmt.Errorf("remove moved date of case %s: %w", caseRef, err))
		}
		did.removed = append(did.removed, touched{id: a.ID, kind: a.Activity, date: a.ActivityDate})
	}
	return did, nil
}
