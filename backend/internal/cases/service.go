// Package cases is the court diary: a lawyer's cases, their activities
// (mentions, hearings, judgments...) and the calendar views over them.
// Every call takes the owner explicitly and every query is scoped to it.
package cases

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/casemark"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/predicate"
)

// DocumentPurger removes a case's documents (rows and stored files) before
// the case is deleted, and in the deleting transaction hands the files of
// any document committed meanwhile to its sweep. The documents package
// implements it.
type DocumentPurger interface {
	PurgeCase(ctx context.Context, owner, caseRef uuid.UUID) error
	PendCase(ctx context.Context, tx *ent.Client, caseRef uuid.UUID) error
}

// Service holds the rules of the diary.
type Service struct {
	db   *ent.Client
	cal  platform.Calendar
	docs DocumentPurger
	// rowLocks: see LockRows.
	rowLocks bool

	// OnDateMoved, when set, is told after commit of each sitting whose
	// date an import or a cause-list adoption moved or added (see moves.go).
	OnDateMoved func(ctx context.Context, sit CaseSitting, from civil.Date) error
}

// NewService builds the diary over db; docs may be nil (no documents to purge).
func NewService(db *ent.Client, cal platform.Calendar, docs DocumentPurger) *Service {
	return &Service{db: db, cal: cal, docs: docs}
}

// LockRows makes an import lock the case's row before it reads what the
// diary holds: on Postgres two imports of one page run side by side and
// would each add the sittings the other adds. SQLite's immediate
// transactions already run one at a time, and it knows no FOR UPDATE.
func (s *Service) LockRows() { s.rowLocks = true }

// Fields are a case's own fields as a lawyer types them.
type Fields struct {
	CaseID     string
	Parties    string
	LawCourt   string
	FilingDate civil.Date
	Status     string
	CaseType   string
	Notes      string
}

// NewCase is a case typed in by the lawyer, with an optional first activity.
type NewCase struct {
	Fields
	Activity     string
	ActivityDate civil.Date
	Time         string
}

// Changes are the fields an update sets; nil leaves a field as it is.
type Changes struct {
	CaseID, Parties, LawCourt, Status, CaseType, Notes *string
	FilingDate                                         *civil.Date
}

// Record is what a lawyer records after a sitting: its outcome and the next date.
type Record struct {
	Outcome      string
	NextDate     civil.Date
	NextActivity string
	NextTime     string
	Status       string
	// RequestID is the client's key for this outcome (RecordActivityRequest.request_id):
	// a key the case already holds records nothing again.
	RequestID string
}

// Entry is one sitting of a calendar view with its case.
type Entry struct {
	Case    Case
	Sitting Sitting
}

// NeedingUpdate is the needing-update list and its counts.
type NeedingUpdate struct {
	MarkedUpdated int // Pending: snoozed by the lawyer
	Notification  int // Notifications: not snoozed
	Cases         []Case
}

func (f *Fields) check() error {
	var err error
	if f.CaseID, err = CaseID(f.CaseID); err != nil {
		return err
	}
	if f.Parties, err = Text("parties", "Parties", f.Parties, MaxParties); err != nil {
		return err
	}
	if f.LawCourt, err = Text("law_court", "Law court", f.LawCourt, MaxLawCourt); err != nil {
		return err
	}
	if f.CaseType, err = Text("case_type", "Case type", f.CaseType, MaxCaseType); err != nil {
		return err
	}
	if f.Notes, err = Text("notes", "Notes", f.Notes, MaxNotes); err != nil {
		return err
	}
	if f.Status == "" {
		f.Status = DefaultStatus
	}
	st, ok := CanonicalStatus(f.Status)
	if !ok {
		return errs.Invalid("status", MsgStatus)
	}
	f.Status = st
	return nil
}

// List answers the owner's cases in page p by their next date, and whether
// more follow: one statement (read.go). The order is the one an advocate
// reads a diary in: the matters coming up, soonest first; then those whose
// date has passed, latest first; then those with no date; concluded ones
// last. Every door answers this order and the web app keeps it.
//
// A page is ordered by its statement. The whole list, which the REST door and
// the web app ask for, is read in the order of creation alone and sorted by
// next date in Go (byNextDateInGo), stably, which gives the same order:
// Postgres sorts the whole row it answers, and comparing rows of a case's
// twenty columns on eight keys cost it more than finding them (500 cases:
// 2.6 to 3.6 ms against 0.9 ms in the order of creation).
func (s *Service) List(ctx context.Context, owner uuid.UUID, p Page, parts Parts) ([]Case, bool, error) {
	read, order, inGo := "list", func(in values) []entsql.Querier { return byNextDate(in.today) }, false
	if p == (Page{}) {
		read, order, inGo = "whole list", func(values) []entsql.Querier { return byCreation() }, true
	}
	cs, more, err := s.readCases(ctx, read, values{viewer: owner}, p, parts, order, nil, inGo)
	if err != nil {
		return nil, false, errs.Internal(fmt.Errorf("list cases of %s: %w", owner, err))
	}
	return cs, more, nil
}

// Get answers the owner's case with internal id, whole: the answer of
// every write that changes a case.
func (s *Service) Get(ctx context.Context, owner, id uuid.UUID) (Case, error) {
	return s.GetParts(ctx, owner, id, AllParts)
}

// GetParts is Get answering only parts of the case (a read call's mask).
func (s *Service) GetParts(ctx context.Context, owner, id uuid.UUID, parts Parts) (Case, error) {
	return s.readCase(ctx, "by id", values{viewer: owner, id: id}, parts, nil, func(in values) predicate.CourtCase { return courtcase.ID(in.id) })
}

// GetByCaseID answers the owner's case numbered caseID as the court writes it.
// Numbers restart at every station, so a firm colleague may share a case of
// the same number: the viewer's own comes first (ownFirst), as it does for
// its activities.
func (s *Service) GetByCaseID(ctx context.Context, owner uuid.UUID, caseID string, parts Parts) (Case, error) {
	id, err := CaseID(caseID)
	if err != nil {
		return Case{}, err
	}
	return s.readCase(ctx, "by case number", values{viewer: owner, caseNumber: id}, parts,
		func(in values) []entsql.Querier { return ownFirst(in.viewer) },
		func(in values) predicate.CourtCase { return courtcase.CaseID(in.caseNumber) })
}

// Create adds a case. A case number the owner already has is a conflict.
func (s *Service) Create(ctx context.Context, owner uuid.UUID, in NewCase) (Case, error) {
	if err := in.check(); err != nil {
		return Case{}, err
	}
	kind, err := Text("activity", "Activity", in.Activity, MaxKind)
	if err != nil {
		return Case{}, err
	}
	tm, err := Clock("time", in.Time)
	if err != nil {
		return Case{}, err
	}
	if (kind == "") != in.ActivityDate.IsZero() {
		return Case{}, errs.Invalid("activity_date", "A first activity needs both its kind and its date.")
	}
	var id uuid.UUID
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		c, err := tx.CourtCase.Create().
			SetOwnerID(owner).
			SetCaseID(in.CaseID).
			SetParties(in.Parties).
			SetLawCourt(in.LawCourt).
			SetFilingDate(in.FilingDate).
			SetStatus(in.Status).
			SetCaseType(in.CaseType).
			SetNotes(in.Notes).
			Save(ctx)
		if ent.IsConstraintError(err) {
			return errs.Conflict(fmt.Sprintf("You already have a case numbered %s.", in.CaseID))
		}
		if err != nil {
			return errs.Internal(fmt.Errorf("create case for %s: %w", owner, err))
		}
		id = c.ID
		if kind == "" {
			return nil
		}
		if err := tx.Activity.Create().SetOwnerID(owner).SetCaseRef(c.ID).SetActivity(kind).
			SetActivityDate(in.ActivityDate).SetTime(tm).Exec(ctx); err != nil {
			return errs.Internal(fmt.Errorf("create first activity of case %s: %w", c.ID, err))
		}
		return settle(ctx, tx, c.ID, s.cal.Today())
	})
	if err != nil {
		return Case{}, err
	}
	return s.Get(ctx, owner, id)
}

// Update changes a case's own fields.
func (s *Service) Update(ctx context.Context, owner, id uuid.UUID, ch Changes) (Case, error) {
	c, err := loadCase(ctx, s.db, owner, courtcase.ID(id))
	if err != nil {
		return Case{}, err
	}
	f := Fields{CaseID: c.CaseID, Parties: c.Parties, LawCourt: c.LawCourt, FilingDate: c.FilingDate,
		Status: c.Status, CaseType: c.CaseType, Notes: c.Notes}
	for dst, src := range map[*string]*string{
		&f.CaseID: ch.CaseID, &f.Parties: ch.Parties, &f.LawCourt: ch.LawCourt,
		&f.Status: ch.Status, &f.CaseType: ch.CaseType, &f.Notes: ch.Notes,
	} {
		if src != nil {
			*dst = *src
		}
	}
	if ch.FilingDate != nil {
		f.FilingDate = *ch.FilingDate
	}
	if err := f.check(); err != nil {
		return Case{}, err
	}
	// A status that does not conclude opens a concluded case again: it shows
	// its next date and may need an update.
	reopen := c.Concluded && !Concludes(f.Status)
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		up := tx.CourtCase.Update().
			Where(courtcase.ID(id), scope(owner)).
			SetCaseID(f.CaseID).
			SetParties(f.Parties).
			SetLawCourt(f.LawCourt).
			SetFilingDate(f.FilingDate).
			SetStatus(f.Status).
			SetCaseType(f.CaseType).
			SetNotes(f.Notes)
		if reopen {
			up.SetConcluded(false)
		}
		n, err := up.Save(ctx)
		if ent.IsConstraintError(err) {
			// The numbers are unique per owner: a colleague editing a
			// shared case meets its owner's other case, not their own.
			if c.OwnerID != owner {
				return errs.Conflict(fmt.Sprintf("The case's owner already has a case numbered %s.", f.CaseID))
			}
			return errs.Conflict(fmt.Sprintf("You already have a case numbered %s.", f.CaseID))
		}
		if err != nil {
			return errs.Internal(fmt.Errorf("update case %s: %w", id, err))
		}
		if n == 0 {
			return errs.NotFound(MsgNotFound)
		}
		if reopen {
			return settle(ctx, tx, id, s.cal.Today())
		}
		return nil
	})
	if err != nil {
		return Case{}, err
	}
	return s.Get(ctx, owner, id)
}

// Delete removes a case with its activities (the database cascades) and
// its documents: purged first, and any committed meanwhile handed to the
// documents' sweep in the deleting transaction, so that no stored file
// outlives its row.
func (s *Service) Delete(ctx context.Context, owner, id uuid.UUID) error {
	c, err := loadCase(ctx, s.db, owner, courtcase.ID(id))
	if err != nil {
		return err
	}
	if c.OwnerID != owner {
		return errs.PermissionDenied(MsgOwnerOnly)
	}
	if s.docs != nil {
		if err := s.docs.PurgeCase(ctx, owner, id); err != nil {
			return fmt.Errorf("purge documents of case %s: %w", id, err)
		}
	}
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// An upload committing now must either finish before this lock,
		// and be seen below, or fail on the case being gone.
		if s.rowLocks {
			if _, err := tx.CourtCase.Query().Where(courtcase.ID(id), owned(owner)).ForUpdate().IDs(ctx); err != nil {
				return errs.Internal(fmt.Errorf("lock case %s: %w", id, err))
			}
		}
		if s.docs != nil {
			if err := s.docs.PendCase(ctx, tx, id); err != nil {
				return errs.Internal(err)
			}
		}
		n, err := tx.CourtCase.Delete().Where(courtcase.ID(id), owned(owner)).Exec(ctx)
		if err != nil {
			return errs.Internal(fmt.Errorf("delete case %s: %w", id, err))
		}
		if n == 0 {
			return errs.NotFound(MsgNotFound)
		}
		return nil
	})
	return err
}

// RecordActivity records the outcome of the case's latest sitting on or
// before today (today's sitting on the hearing day), which makes it done,
// and the next date; sets the status (given, or following the next
// activity's kind) and clears the case from the needing-update list. A
// concluding status with no next date concludes the case; a next date
// opens a concluded case again. The case answered shows its new next date.
func (s *Service) RecordActivity(ctx context.Context, owner, id uuid.UUID, r Record) (Case, *Sitting, error) {
	var err error
	if r.Outcome, err = Text("outcome", "Outcome", r.Outcome, MaxOutcome); err != nil {
		return Case{}, nil, err
	}
	if r.NextActivity, err = Text("next_activity", "Next activity", r.NextActivity, MaxKind); err != nil {
		return Case{}, nil, err
	}
	if r.NextTime, err = Clock("next_time", r.NextTime); err != nil {
		return Case{}, nil, err
	}
	if r.RequestID, err = RequestID(r.RequestID); err != nil {
		return Case{}, nil, err
	}
	if r.Status != "" {
		st, ok := CanonicalStatus(r.Status)
		if !ok {
			return Case{}, nil, errs.Invalid("status", MsgStatus)
		}
		r.Status = st
	}
	switch {
	case !r.NextDate.IsZero() && r.NextActivity == "":
		return Case{}, nil, errs.Invalid("next_activity", "Say what the next date is for, e.g. Hearing or Mention.")
	case r.NextDate.IsZero() && r.NextActivity != "":
		return Case{}, nil, errs.Invalid("next_date", "The next activity needs a date.")
	case r.NextDate.IsZero() && r.Outcome == "" && r.Status == "":
		return Case{}, nil, errs.Invalid("next_date", "Record an outcome, a next date or a status.")
	}
	today := s.cal.Today()
	cc, err := loadCase(ctx, s.db, owner, courtcase.ID(id))
	if err != nil {
		return Case{}, nil, err
	}
	// A firm member may record on a case shared with them: the sitting
	// still belongs to the case's owner's diary.
	client, err := s.clientName(ctx, cc.OwnerID, id)
	if err != nil {
		return Case{}, nil, err
	}
	var next *ent.Activity
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		// The key first: a second send of it, even one racing the first on another server,
		// fails here on the unique index and changes nothing.
		if r.RequestID != "" {
			err := tx.RecordedRequest.Create().SetCaseRef(id).SetRequestID(r.RequestID).Exec(ctx)
			if ent.IsConstraintError(err) {
				return errAlreadyRecorded
			}
			if err != nil {
				return errs.Internal(fmt.Errorf("keep request id of case %s: %w", id, err))
			}
		}
		last, err := tx.Activity.Query().
			Where(activity.CaseRef(id), activity.ActivityDateLTE(today)).
			Order(activity.ByActivityDate(entDesc()), activity.ByTime(entDesc())).
			First(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return errs.Internal(fmt.Errorf("find latest sitting of case %s: %w", id, err))
		}
		if r.Outcome != "" {
			if last == nil {
				return errs.Invalid("outcome", "This case has no sitting on or before today to record an outcome on.")
			}
			if err := last.Update().SetOutcome(r.Outcome).Exec(ctx); err != nil {
				return errs.Internal(fmt.Errorf("record outcome on case %s: %w", id, err))
			}
		}
		// A next date before the sitting it follows is a slip of the finger (14 Jan for 14 Feb):
		// the sitting would sort behind the one just done, and the case would show no next date
		// and need no update. One after it but already past is kept: an outcome sent from the
		// phone days after it was typed, whose sitting then asks for its own outcome.
		if !r.NextDate.IsZero() {
			if last == nil && r.NextDate.Before(today) {
				return errs.Invalid("next_date", "The next date must be today or later.")
			}
			if last != nil && r.NextDate.Before(last.ActivityDate) {
				return errs.Invalidf("next_date", "The next date cannot be before the sitting it follows (%s).", longDay(last.ActivityDate))
			}
			next, err = tx.Activity.Create().SetOwnerID(cc.OwnerID).SetCaseRef(id).
				SetActivity(r.NextActivity).SetActivityDate(r.NextDate).SetTime(r.NextTime).
				SetClientName(client).Save(ctx)
			if err != nil {
				return errs.Internal(fmt.Errorf("record next date of case %s: %w", id, err))
			}
		}
		status := r.Status
		if status == "" {
			status, _ = StatusOf(r.NextActivity)
		}
		// A new sitting opens the case again and a status concludes it or not; an outcome alone
		// (the decree extracted after judgment) leaves it as it was.
		concluded := cc.Concluded
		switch {
		case !r.NextDate.IsZero():
			concluded = false
		case r.Status != "":
			concluded = Concludes(r.Status)
		}
		up := tx.CourtCase.UpdateOneID(id).SetMarkUpdated(false).SetConcluded(concluded)
		if status != "" {
			up.SetStatus(status)
		}
		if err := up.Exec(ctx); err != nil {
			return errs.Internal(fmt.Errorf("update status of case %s: %w", id, err))
		}
		if err := clearMarks(ctx, tx, id); err != nil {
			return err
		}
		return settle(ctx, tx, id, today)
	})
	if err != nil && !errors.Is(err, errAlreadyRecorded) {
		return Case{}, nil, err
	}
	c, err := s.Get(ctx, owner, id)
	if err != nil {
		return Case{}, nil, err
	}
	if next == nil {
		return c, nil, nil
	}
	n := sittingOf(next)
	return c, &n, nil
}

// errAlreadyRecorded ends RecordActivity's transaction, changing nothing, when
// the case already holds the request's key: the outcome was recorded before.
var errAlreadyRecorded = errors.New("outcome already recorded")

// clientName is the name an activity carries: the case's first linked
// client by name, or "" when none is linked.
func (s *Service) clientName(ctx context.Context, owner, caseRef uuid.UUID) (string, error) {
	names, err := s.db.LawClient.Query().
		Where(lawclient.OwnerID(owner), lawclient.HasCasesWith(courtcase.ID(caseRef))).
		Order(lawclient.ByFullname()).Limit(1).
		Select(lawclient.FieldFullname).Strings(ctx)
	if err != nil {
		return "", errs.Internal(fmt.Errorf("load client of case %s: %w", caseRef, err))
	}
	if len(names) == 0 {
		return "", nil
	}
	return names[0], nil
}

// Activities answers the activities of the owner's case numbered caseID,
// newest first, with the case's id, number and court (its other fields
// are left empty: the activities carry only these).
func (s *Service) Activities(ctx context.Context, owner uuid.UUID, caseID string) (Case, []Sitting, error) {
	number, err := CaseID(caseID)
	if err != nil {
		return Case{}, nil, err
	}
	return s.activities(ctx, owner, number, uuid.Nil)
}

// ActivitiesByID is Activities of the case the viewer sees with internal
// id id: a colleague's shared case, whose number the viewer's own case may
// also have.
func (s *Service) ActivitiesByID(ctx context.Context, owner, id uuid.UUID) (Case, []Sitting, error) {
	return s.activities(ctx, owner, "", id)
}

// Scheduled answers the owner's activities on day with their cases,
// earliest time first.
func (s *Service) Scheduled(ctx context.Context, owner uuid.UUID, day civil.Date, parts Parts) ([]Entry, error) {
	if day.IsZero() {
		return nil, errs.Invalid("date", "date is required, written YYYY-MM-DD.")
	}
	return entries(ctx, s.db, owner, s.cal.Today(), day, day, parts)
}

// Week answers the owner's activities in the current week, Monday to Sunday
// in the courts' time zone.
func (s *Service) Week(ctx context.Context, owner uuid.UUID, parts Parts) (monday, sunday civil.Date, rows []Entry, err error) {
	monday, sunday = civil.WeekOf(s.cal.Today())
	rows, err = entries(ctx, s.db, owner, s.cal.Today(), monday, sunday, parts)
	return monday, sunday, rows, err
}

// Between answers one entry per activity dated start..end (both included), ascending.
func (s *Service) Between(ctx context.Context, owner uuid.UUID, start, end civil.Date, parts Parts) ([]Entry, error) {
	if err := CheckRange(start, end, MaxRangeDays); err != nil {
		return nil, err
	}
	return entries(ctx, s.db, owner, s.cal.Today(), start, end, parts)
}

// Report answers the activities from today to the day the owner's
// subscription ends. A demo account, which has no subscription, sees the
// two months ahead its data covers.
func (s *Service) Report(ctx context.Context, owner uuid.UUID, parts Parts) (start, end civil.Date, rows []Entry, err error) {
	start = s.cal.Today()
	rows, paidUntil, found, err := reportEntries(ctx, s.db, owner, start, start, parts)
	if err != nil {
		return start, end, nil, err
	}
	if !found {
		return start, end, nil, errs.NotFound("Account not found.")
	}
	end = start.AddDays(60)
	if paidUntil.Valid {
		end = s.cal.DayOf(paidUntil.Time)
	}
	if end.Before(start) {
		return start, end, nil, nil
	}
	// The entries come by date: keep those up to the end.
	n := sort.Search(len(rows), func(i int) bool { return rows[i].Sitting.Date.After(end) })
	return start, end, rows[:n], nil
}

// NeedingUpdate answers the owner's cases needing an update: the latest
// sitting is before today and has no outcome, and the case is not
// concluded; newest date first, with counts. None of this depends on a
// stored value the day makes stale, and the cases answered show their
// latest sitting, so the answer is right before the day's job has run.
func (s *Service) NeedingUpdate(ctx context.Context, owner uuid.UUID, parts Parts) (NeedingUpdate, error) {
	cs, _, err := s.readCases(ctx, "needing update", values{viewer: owner}, Page{}, parts,
		func(values) []entsql.Querier {
			return []entsql.Querier{entsql.Raw(entsql.Desc(cc(courtcase.FieldLatestActivityDate))), entsql.Raw(cc(courtcase.FieldCaseID))}
		},
		func(in values) []predicate.CourtCase {
			return []predicate.CourtCase{courtcase.LatestActivityDateLT(in.today), courtcase.LatestDone(false), courtcase.Concluded(false)}
		}, false)
	if err != nil {
		return NeedingUpdate{}, errs.Internal(fmt.Errorf("list cases needing update of %s: %w", owner, err))
	}
	out := NeedingUpdate{Cases: cs}
	for _, c := range cs {
		if c.MarkUpdated {
			out.MarkedUpdated++
		} else {
			out.Notification++
		}
	}
	return out, nil
}

// MarkUpdated moves the viewer's case between Notifications (false) and
// Pending (true) in the viewer's own list: the owner's mark is the case's, a
// colleague's a case mark of their own.
func (s *Service) MarkUpdated(ctx context.Context, viewer, id uuid.UUID, mark bool) (Case, error) {
	n, err := s.db.CourtCase.Update().
		Where(courtcase.ID(id), owned(viewer)).
		SetMarkUpdated(mark).
		Save(ctx)
	if err != nil {
		return Case{}, errs.Internal(fmt.Errorf("mark case %s updated: %w", id, err))
	}
	if n == 0 {
		if err := s.markColleagues(ctx, viewer, id, mark); err != nil {
			return Case{}, err
		}
	}
	return s.Get(ctx, viewer, id)
}

// markColleagues sets or clears viewer's mark of a colleague's case shared
// with them, or answers not found when the case is not in viewer's scope.
func (s *Service) markColleagues(ctx context.Context, viewer, id uuid.UUID, mark bool) error {
	seen, err := s.db.CourtCase.Query().Where(courtcase.ID(id), scope(viewer)).Exist(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("find case %s of %s: %w", id, viewer, err))
	}
	if !seen {
		return errs.NotFound(MsgNotFound)
	}
	if mark {
		err = s.db.CaseMark.Create().SetCaseRef(id).SetUserID(viewer).
			OnConflictColumns(casemark.FieldCaseRef, casemark.FieldUserID).DoNothing().Exec(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			err = nil // marked already: ent answers no row for DO NOTHING
		}
	} else {
		_, err = s.db.CaseMark.Delete().Where(casemark.CaseRef(id), casemark.UserID(viewer)).Exec(ctx)
	}
	if err != nil {
		return errs.Internal(fmt.Errorf("mark case %s updated for %s: %w", id, viewer, err))
	}
	return nil
}

// byNextDate is List's order as of today, which is an argument of the
// statement so that its text, prepared once, stays the same from day to day.
func byNextDate(today civil.Date) []entsql.Querier {
	date, concluded := cc(courtcase.FieldActivityDate), cc(courtcase.FieldConcluded)
	upcoming := fmt.Sprintf("NOT %s AND %s >= $?", concluded, date)
	when := func(format string, a ...any) entsql.Querier {
		s := fmt.Sprintf(format, a...)
		return entsql.ExprFunc(func(b *entsql.Builder) { writeArgs(b, s, today) })
	}
	return append([]entsql.Querier{
		when("CASE WHEN %s THEN 0 WHEN NOT %s AND %s IS NOT NULL THEN 1 WHEN NOT %s THEN 2 ELSE 3 END",
			upcoming, concluded, date, concluded),
		when("CASE WHEN %s THEN %s END", upcoming, date),
		when("CASE WHEN %s THEN %s = '' END", upcoming, cc(courtcase.FieldActivityTime)),
		when("CASE WHEN %s THEN %s END", upcoming, cc(courtcase.FieldActivityTime)),
		// NULLS FIRST, Postgres' own default for DESC, written out so that
		// SQLite (whose default is the opposite) answers the same order.
		entsql.Raw(date + " DESC NULLS FIRST"),
	}, byCreation()...)
}

// byCreation is the end of List's order: newest first, then by number.
func byCreation() []entsql.Querier {
	return []entsql.Querier{entsql.Raw(entsql.Desc(cc(courtcase.FieldCreatedAt))), entsql.Raw(cc(courtcase.FieldCaseID)), entsql.Raw(cc(courtcase.FieldID))}
}

// clearMarks clears the firm members' snoozes of case id, which a new
// sitting or an outcome clears as it clears the owner's (mark_updated).
func clearMarks(ctx context.Context, tx *ent.Client, id uuid.UUID) error {
	if _, err := tx.CaseMark.Delete().Where(casemark.CaseRef(id)).Exec(ctx); err != nil {
		return errs.Internal(fmt.Errorf("clear marks of case %s: %w", id, err))
	}
	return nil
}
