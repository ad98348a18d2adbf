package cases

import (
	"context"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/predicate"
)

// CaseSitting is one dated activity of a case as other domains read it (the
// reminders' digests and calendar feed): plain values, no ent rows.
type CaseSitting struct {
	ID         uuid.UUID // the activity
	CaseRef    uuid.UUID // the case's internal id
	Owner      uuid.UUID
	CaseNumber string // as the court writes it, e.g. "MCCC/E3574/2022"
	Parties    string
	Court      string
	Activity   string // "Mention", "Hearing"...
	Date       civil.Date
	Time       string // "HH:MM", or "" when unknown
	// LastOutcome is the latest outcome recorded on the case, "" if none.
	LastOutcome string
	// Outcome is this sitting's outcome, "" until recorded.
	Outcome string
	// CaseOwner is the case's owner. Owner is the advocate whose day the
	// row is in: the case's owner, or, in a second row of the same sitting
	// (SittingsOn), the firm member assigned to attend it.
	CaseOwner uuid.UUID
	// AttendedBy is the member assigned to attend, and AssignedBy who
	// assigned them; uuid.Nil when no one is (the owner attends).
	AttendedBy uuid.UUID
	AssignedBy uuid.UUID
}

// Attendee is who attends the sitting: the assigned member, else the owner.
func (c CaseSitting) Attendee() uuid.UUID {
	if c.AttendedBy != uuid.Nil {
		return c.AttendedBy
	}
	return c.CaseOwner
}

// SittingsOn answers every advocate's sittings on day, in the order of the
// day for each owner (time, unknown times last, then case number). A
// sitting assigned to a firm member is answered once more for them (Owner
// is the member): it is in their day as well as its owner's.
func SittingsOn(ctx context.Context, db *ent.Client, day civil.Date) ([]CaseSitting, error) {
	ss, err := sittings(ctx, db, activity.ActivityDate(day))
	if err != nil {
		return nil, err
	}
	var out []CaseSitting
	for _, x := range ss {
		out = append(out, x)
		if x.AttendedBy != uuid.Nil && x.AttendedBy != x.CaseOwner {
			y := x
			y.Owner = x.AttendedBy
			out = append(out, y)
		}
	}
	sortSittings(out)
	return out, nil
}

// SittingsFrom answers owner's sittings dated on or after from, by date
// and time: those of their own cases and those they are assigned to attend.
func SittingsFrom(ctx context.Context, db *ent.Client, owner uuid.UUID, from civil.Date) ([]CaseSitting, error) {
	ss, err := sittings(ctx, db, attending(owner), activity.ActivityDateGTE(from))
	for i := range ss {
		ss[i].Owner = owner
	}
	return ss, err
}

// SittingsByID answers the sittings (activities) with the given ids, by
// date and time; ids that name no sitting are left out.
func SittingsByID(ctx context.Context, db *ent.Client, ids ...uuid.UUID) ([]CaseSitting, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	return sittings(ctx, db, activity.IDIn(ids...))
}

func sittings(ctx context.Context, db *ent.Client, where ...predicate.Activity) ([]CaseSitting, error) {
	acts, err := db.Activity.Query().Where(where...).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list sittings: %w", err)
	}
	if len(acts) == 0 {
		return nil, nil
	}
	refs := make([]uuid.UUID, 0, len(acts))
	seen := map[uuid.UUID]bool{}
	for _, a := range acts {
		if !seen[a.CaseRef] {
			seen[a.CaseRef] = true
			refs = append(refs, a.CaseRef)
		}
	}
	byID := make(map[uuid.UUID]*ent.CourtCase, len(refs))
	outcome := make(map[uuid.UUID]string, len(refs))
	for chunk := range chunks(refs, 500) {
		cs, err := db.CourtCase.Query().Where(courtcase.IDIn(chunk...)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("load cases of sittings: %w", err)
		}
		for _, c := range cs {
			byID[c.ID] = c
		}
		// The latest outcome of each case: its outcomes by date, the last wins.
		done, err := db.Activity.Query().
			Where(activity.CaseRefIn(chunk...), activity.OutcomeNEQ("")).
			Order(activity.ByActivityDate(), activity.ByTime()).
			Select(activity.FieldCaseRef, activity.FieldOutcome).
			All(ctx)
		if err != nil {
			return nil, fmt.Errorf("load outcomes of sittings: %w", err)
		}
		for _, a := range done {
			outcome[a.CaseRef] = a.Outcome
		}
	}
	out := make([]CaseSitting, 0, len(acts))
	for _, a := range acts {
		c := byID[a.CaseRef]
		if c == nil {
			continue
		}
		x := CaseSitting{
			ID: a.ID, CaseRef: c.ID, Owner: c.OwnerID, CaseNumber: c.CaseID, Parties: c.Parties, Court: c.LawCourt,
			Activity: a.Activity, Date: a.ActivityDate, Time: a.Time, LastOutcome: outcome[c.ID],
			Outcome: a.Outcome, CaseOwner: c.OwnerID,
		}
		if a.AttendedBy != nil {
			x.AttendedBy = *a.AttendedBy
		}
		if a.AssignedBy != nil {
			x.AssignedBy = *a.AssignedBy
		}
		out = append(out, x)
	}
	sortSittings(out)
	return out, nil
}

func sortSittings(out []CaseSitting) {
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Date != b.Date {
			return a.Date.Before(b.Date)
		}
		if a.Time != b.Time {
			// Unknown times after known ones.
			if a.Time == "" || b.Time == "" {
				return b.Time == ""
			}
			return a.Time < b.Time
		}
		return a.CaseNumber < b.CaseNumber
	})
}

func chunks(ids []uuid.UUID, n int) func(func([]uuid.UUID) bool) {
	return func(yield func([]uuid.UUID) bool) {
		for len(ids) > 0 {
			k := min(n, len(ids))
			if !yield(ids[:k]) {
				return
			}
			ids = ids[k:]
		}
	}
}
