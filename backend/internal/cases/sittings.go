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
}

// SittingsOn answers every advocate's sittings on day, in the order of the
// day for each owner (time, unknown times last, then case number).
func SittingsOn(ctx context.Context, db *ent.Client, day civil.Date) ([]CaseSitting, error) {
	return sittings(ctx, db, activity.ActivityDate(day))
}

// SittingsFrom answers owner's sittings dated on or after from, by date
// and time.
func SittingsFrom(ctx context.Context, db *ent.Client, owner uuid.UUID, from civil.Date) ([]CaseSitting, error) {
	return sittings(ctx, db, activity.OwnerID(owner), activity.ActivityDateGTE(from))
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
		out = append(out, CaseSitting{
			ID: a.ID, CaseRef: c.ID, Owner: c.OwnerID, CaseNumber: c.CaseID, Parties: c.Parties, Court: c.LawCourt,
			Activity: a.Activity, Date: a.ActivityDate, Time: a.Time, LastOutcome: outcome[c.ID],
		})
	}
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
	return out, nil
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
