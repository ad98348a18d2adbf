package cases

import (
	"context"
	"fmt"
	"strings"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/predicate"
)

// The next-date rule (DESIGN.md "The next date") lives in this file alone:
// a sitting with an outcome recorded is done; a case's next date is its
// earliest sitting dated today or later that is not done, else its latest
// sitting; a case needs an update when its latest sitting is before today,
// has no outcome and nothing follows it; a concluded case has no next date
// and needs no update.
//
// The rule is stored on the case (activity_date, activity_time,
// activity_kind, latest_activity_date, latest_done) by settle, the one write
// path, called by every write that changes a case's sittings. Of these only
// the next date depends on the day, and it can only go wrong one way when
// the day moves: a stored next date now before today while a later sitting
// exists. The next-dates job (MoveDay), just after midnight in Nairobi,
// settles exactly those cases; until it has run, the reads compute them in
// their own statement (read.go, caseColumns) without writing.

// Done reports whether a sitting has its outcome recorded.
func Done(a *ent.Activity) bool { return strings.TrimSpace(a.Outcome) != "" }

// Dates is what a case's sittings say on a day.
type Dates struct {
	// Next is the sitting the case shows as its next date: the earliest
	// dated today or later that is not done, else the latest. Nil with no
	// sittings.
	Next *ent.Activity
	// Latest is the case's latest sitting (by date, then time); nil with none.
	Latest *ent.Activity
}

// DatesOf applies the next-date rule to a case's sittings on today.
func DatesOf(acts []*ent.Activity, today civil.Date) Dates {
	if len(acts) == 0 {
		return Dates{}
	}
	sorted := append([]*ent.Activity(nil), acts...)
	SortActivities(sorted)
	d := Dates{Latest: sorted[len(sorted)-1]}
	for _, a := range sorted {
		if !a.ActivityDate.Before(today) && !Done(a) {
			d.Next = a
			return d
		}
	}
	d.Next = d.Latest
	return d
}

// NeedsUpdate reports whether a case with these sittings needs an update on
// today: its latest sitting is before today and has no outcome.
func (d Dates) NeedsUpdate(today civil.Date, concluded bool) bool {
	return !concluded && d.Latest != nil && d.Latest.ActivityDate.Before(today) && !Done(d.Latest)
}

// settle recomputes case id's stored dates from its sittings on today and
// saves them: the one write path of the next-date rule. A concluded case
// keeps its latest date but shows no next date.
func settle(ctx context.Context, db *ent.Client, id uuid.UUID, today civil.Date) error {
	c, err := db.CourtCase.Query().Where(courtcase.ID(id)).Select(courtcase.FieldID, courtcase.FieldConcluded).Only(ctx)
	if ent.IsNotFound(err) {
		return errs.NotFound(MsgNotFound)
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("load case %s: %w", id, err))
	}
	acts, err := db.Activity.Query().Where(activity.CaseRef(id)).All(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("load sittings of case %s: %w", id, err))
	}
	d := DatesOf(acts, today)
	up := db.CourtCase.UpdateOneID(id)
	if d.Latest == nil {
		up.ClearLatestActivityDate().SetLatestDone(false)
	} else {
		up.SetLatestActivityDate(d.Latest.ActivityDate).SetLatestDone(Done(d.Latest))
	}
	if d.Next == nil || c.Concluded {
		up.ClearActivityDate().SetActivityTime("").SetActivityKind("")
	} else {
		up.SetActivityDate(d.Next.ActivityDate).SetActivityTime(d.Next.Time).SetActivityKind(d.Next.Activity)
	}
	if err := up.Exec(ctx); err != nil {
		return errs.Internal(fmt.Errorf("settle next date of case %s: %w", id, err))
	}
	return nil
}

// stale selects the cases whose stored next date passed while a later
// sitting exists: the only stored value the passing of a day makes wrong.
func stale(today civil.Date) predicate.CourtCase {
	return courtcase.And(
		courtcase.Concluded(false),
		courtcase.ActivityDateLT(today),
		predicate.CourtCase(entsql.FieldsGT(courtcase.FieldLatestActivityDate, courtcase.FieldActivityDate)),
	)
}

// undone selects the cases the needing-update list shows (latest sitting
// before today, latest_done false) whose latest day has a sitting with an
// outcome recorded: latest_done may be wrong for them (see MoveDay).
func undone(today civil.Date) predicate.CourtCase {
	return courtcase.And(
		courtcase.Concluded(false),
		courtcase.LatestDone(false),
		courtcase.LatestActivityDateLT(today),
		predicate.CourtCase(func(s *entsql.Selector) {
			t := entsql.Table(activity.Table)
			s.Where(entsql.Exists(entsql.Select(t.C(activity.FieldID)).From(t).Where(entsql.And(
				entsql.ColumnsEQ(t.C(activity.FieldCaseRef), s.C(courtcase.FieldID)),
				entsql.ColumnsEQ(t.C(activity.FieldActivityDate), s.C(courtcase.FieldLatestActivityDate)),
				entsql.NEQ(t.C(activity.FieldOutcome), ""),
			))))
		}),
	)
}

// MoveDay is the next-dates job: it settles every case whose stored next
// date passed since it was written (see stale), for every owner. Run just
// after midnight in Nairobi it makes the stored dates today's again;
// running it twice, or on several servers, changes nothing more.
//
// It also settles the cases listed as needing an update whose latest date
// has a sitting with an outcome: rows written before latest_done existed
// (the first run after the upgrade backfills them), and the rare case of
// two sittings on its latest day; settling is idempotent, so these cost
// only a re-read.
func (s *Service) MoveDay(ctx context.Context) error {
	today := s.cal.Today()
	ids, err := s.db.CourtCase.Query().Where(courtcase.Or(stale(today), undone(today))).IDs(ctx)
	if err != nil {
		return fmt.Errorf("find cases whose next date passed: %w", err)
	}
	for _, id := range ids {
		if err := settle(ctx, s.db, id, today); err != nil && errs.KindOf(err) != errs.KindNotFound {
			return err
		}
	}
	return nil
}
