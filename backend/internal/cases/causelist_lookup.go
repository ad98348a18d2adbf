package cases

// What the cause-list check (package causelists) reads from the diary and
// the one write it asks of it. The causelists domain never touches the
// diary's tables itself.

import (
	"context"
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

// ListingCase is a case as the cause-list check sees it.
type ListingCase struct {
	ID       uuid.UUID
	Owner    uuid.UUID
	CaseID   string // as the advocate wrote it
	LawCourt string
	Sittings []ListingSitting // those dated in the range asked for
}

// ListingSitting is one dated sitting of a case.
type ListingSitting struct {
	Date     civil.Date
	Time     string
	Activity string
	Done     bool // its outcome is recorded
}

// ListingCases answers the owner's cases with their sittings dated
// from..to: two queries, however many cases the owner has.
func ListingCases(ctx context.Context, db *ent.Client, owner uuid.UUID, from, to civil.Date) ([]ListingCase, error) {
	cs, err := db.CourtCase.Query().Where(courtcase.OwnerID(owner)).
		Select(courtcase.FieldID, courtcase.FieldOwnerID, courtcase.FieldCaseID, courtcase.FieldLawCourt).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("cases of %s: %w", owner, err))
	}
	if len(cs) == 0 {
		return nil, nil
	}
	byID := make(map[uuid.UUID]int, len(cs))
	out := make([]ListingCase, len(cs))
	for i, c := range cs {
		byID[c.ID] = i
		out[i] = ListingCase{ID: c.ID, Owner: c.OwnerID, CaseID: c.CaseID, LawCourt: c.LawCourt}
	}
	// By the owner's (owner_id, activity_date) index rather than by case ids.
	acts, err := db.Activity.Query().
		Where(activity.OwnerID(owner), activity.ActivityDateGTE(from), activity.ActivityDateLTE(to)).
		Select(activity.FieldCaseRef, activity.FieldActivityDate, activity.FieldTime, activity.FieldActivity, activity.FieldOutcome).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("sittings of %s: %w", owner, err))
	}
	for _, a := range acts {
		i, ok := byID[a.CaseRef]
		if !ok {
			continue
		}
		out[i].Sittings = append(out[i].Sittings, ListingSitting{
			Date: a.ActivityDate, Time: a.Time, Activity: a.Activity, Done: strings.TrimSpace(a.Outcome) != "",
		})
	}
	return out, nil
}

// Adoption is a date a cause list gives for a case, to be taken into the diary.
type Adoption struct {
	Date     civil.Date
	Time     string
	Activity string
	Note     string // why, for the case's notes: which list, which court
}

// AdoptListedDate takes the date a cause list gives (today or later) into
// the owner's case: the case's next open sitting (dated today or later, no
// outcome yet) moves to it, or a sitting is added when there is none; the
// move is noted in the
// case's notes with the date it was moved from. Adopting a date the case
// already has changes nothing. Once committed, OnDateMoved is told of the
// moved sitting and the date it left (or of the added one, as a new date).
func (s *Service) AdoptListedDate(ctx context.Context, owner, id uuid.UUID, a Adoption) (*ent.CourtCase, error) {
	if a.Date.IsZero() {
		return nil, errs.Invalid("listed_date", "The listed date is missing.")
	}
	var err error
	if a.Time, err = Clock("time", a.Time); err != nil {
		return nil, err
	}
	if a.Activity, err = Text("activity", "Activity", a.Activity, MaxKind); err != nil {
		return nil, err
	}
	if a.Activity == "" {
		a.Activity = "Mention"
	}
	today := s.cal.Today()
	// A past list (the findings cover any days asked for) would move the case's next open
	// sitting back to a day already gone: the real next date lost, and no update asked for.
	if a.Date.Before(today) {
		return nil, errs.FailedPrecondition("This listing is for a day that has passed; it cannot become the next date.")
	}
	c, err := loadCase(ctx, s.db, owner, courtcase.ID(id))
	if err != nil {
		return nil, err
	}
	var moves []move
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		acts, err := tx.Activity.Query().
			Where(activity.CaseRef(id), activity.OwnerID(c.OwnerID), activity.ActivityDateGTE(today)).All(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("sittings of case %s: %w", id, err))
		}
		SortActivities(acts)
		var open *ent.Activity
		for _, x := range acts {
			if x.ActivityDate == a.Date {
				return nil // already in the diary
			}
			if open == nil && strings.TrimSpace(x.Outcome) == "" {
				open = x
			}
		}
		note := a.Note
		if open != nil {
			if err := open.Update().SetActivityDate(a.Date).SetTime(a.Time).SetActivity(a.Activity).Exec(ctx); err != nil {
				return errs.Internal(fmt.Errorf("move sitting of case %s: %w", id, err))
			}
			note = fmt.Sprintf("%s (moved from %s)", note, longDay(open.ActivityDate))
			moves = []move{{sitting: open.ID, from: open.ActivityDate}}
		} else {
			client, err := s.clientName(ctx, c.OwnerID, id)
			if err != nil {
				return err
			}
			x, err := tx.Activity.Create().SetOwnerID(c.OwnerID).SetCaseRef(id).SetActivity(a.Activity).
				SetActivityDate(a.Date).SetTime(a.Time).SetClientName(client).Save(ctx)
			if err != nil {
				return errs.Internal(fmt.Errorf("add listed sitting of case %s: %w", id, err))
			}
			moves = []move{{sitting: x.ID}}
		}
		if notes := strings.TrimSpace(c.Notes + "\n" + note); note != "" && len([]rune(notes)) <= MaxNotes {
			if err := tx.CourtCase.UpdateOneID(id).SetNotes(notes).Exec(ctx); err != nil {
				return errs.Internal(fmt.Errorf("note the move of case %s: %w", id, err))
			}
		}
		// The diary's one write path for the next date.
		return settle(ctx, tx, id, today)
	})
	if err != nil {
		return nil, err
	}
	s.tellMoves(ctx, moves)
	return loadCase(ctx, s.db, owner, courtcase.ID(id))
}
