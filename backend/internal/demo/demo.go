// Package demo writes the demo account's diary, a realistic Kenyan one
// always relative to the day it runs, and generates bulk data for load
// tests and benchmarks (`kesi demo seed`).
package demo

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
)

// act is one activity to write, dated relative to today.
type act struct {
	offset  int
	kind    string
	time    string
	outcome string
}

// plan is one case to write with its activities.
type plan struct {
	m      matter
	acts   []act
	status string // "" follows the shown activity's kind
	snooze bool   // mark_updated: the Pending tab
}

// plans lays the demo matters over the calendar: hearings today, sittings
// this week, cases whose last date passed with nothing recorded (the
// Notifications tab), some snoozed (Pending), concluded matters, and the
// rest with a past sitting and a next date, from 60 days back to 60 ahead.
func plans(today civil.Date) []plan {
	monday, _ := civil.WeekOf(today)
	toWeekday := today.DaysUntil(monday)
	out := make([]plan, len(matters))
	for i, m := range matters {
		p := plan{m: m}
		past := act{offset: -(10 + (i*7)%50), kind: pastKinds[i%len(pastKinds)], time: times[i%len(times)], outcome: outcomes[i%len(outcomes)]}
		switch {
		case i < 3: // in court today
			kinds := []string{"Hearing", "Part Heard Hearing", "Defence Hearing"}
			p.acts = []act{past, {offset: 0, kind: kinds[i], time: []string{"09:00", "10:00", "14:30"}[i]}}
		case i < 11: // this week, Monday to Friday
			p.acts = []act{past, {offset: toWeekday + (i-3)%5, kind: futureKinds[i%len(futureKinds)], time: times[(i+2)%len(times)]}}
			if i%2 == 0 {
				p.acts = append(p.acts, act{offset: 21 + i, kind: "Mention", time: "09:00"})
			}
		case i < 17: // the date passed and nothing was recorded
			p.acts = []act{past, {offset: -(2 + i%9), kind: futureKinds[i%len(futureKinds)], time: times[i%len(times)]}}
		case i < 19: // concluded, snoozed
			p.acts = []act{past, {offset: -(15 + i), kind: "Judgment", time: "11:00", outcome: "Judgment delivered; decree to issue."}}
			p.status, p.snooze = "Completed", true
		case i < 21: // passed, snoozed by the lawyer
			p.acts = []act{past, {offset: -(5 + i%4), kind: "Mention", time: "09:30"}}
			p.snooze = true
		case i == 21:
			p.acts = []act{past}
			p.status, p.snooze = "Dismissed", true
		default: // a past sitting and the next date
			p.acts = []act{past, {offset: 8 + (i*5)%52, kind: futureKinds[(i+3)%len(futureKinds)], time: times[(i+1)%len(times)]}}
			if i%4 == 0 {
				p.acts = append(p.acts, act{offset: -(55 + i%5), kind: "Plea", time: "09:00", outcome: "Plea taken; matter fixed for pre-trial."})
			}
			if i%7 == 0 {
				p.status = "Filed"
			}
		}
		out[i] = p
	}
	return out
}

// Reset replaces owner's diary (cases with their activities and documents'
// rows, and clients) with the demo data set, in one transaction.
func Reset(ctx context.Context, db *ent.Client, cal platform.Calendar, owner uuid.UUID) error {
	tx, err := db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin demo reset: %w", err)
	}
	if err := reset(ctx, tx.Client(), cal.Today(), owner); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit demo reset: %w", err)
	}
	return nil
}

func reset(ctx context.Context, db *ent.Client, today civil.Date, owner uuid.UUID) error {
	if _, err := db.LawClient.Delete().Where(lawclient.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("clear demo clients: %w", err)
	}
	if _, err := db.CourtCase.Delete().Where(courtcase.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("clear demo cases: %w", err)
	}
	ps := plans(today)
	ids := make([]uuid.UUID, len(ps))
	var caseRows []*ent.CourtCaseCreate
	var actRows []*ent.ActivityCreate
	for i, p := range ps {
		ids[i] = uuid.New()
		c, as := build(db, owner, ids[i], p, today)
		caseRows = append(caseRows, c)
		actRows = append(actRows, as...)
	}
	if err := db.CourtCase.CreateBulk(caseRows...).Exec(ctx); err != nil {
		return fmt.Errorf("write demo cases: %w", err)
	}
	if err := db.Activity.CreateBulk(actRows...).Exec(ctx); err != nil {
		return fmt.Errorf("write demo activities: %w", err)
	}
	for _, cl := range clients {
		create := db.LawClient.Create().SetOwnerID(owner).SetFullname(cl.fullname).SetPhoneNumber(cl.phone).
			SetEmail(cl.email).SetNationalID(cl.nationalID).SetIsNationalIDTemporary(cl.temporary).
			SetAddress(cl.address).SetClientType(cl.kind).SetNotes(cl.notes).SetPreferredCommunication(cl.prefer)
		for _, m := range cl.matters {
			create.AddCaseIDs(ids[m])
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("write demo client %s: %w", cl.fullname, err)
		}
	}
	return nil
}

// build is the rows of one planned case, with the denormalised dates the
// cases service would compute (cases.Effective) on today.
func build(db *ent.Client, owner, id uuid.UUID, p plan, today civil.Date) (*ent.CourtCaseCreate, []*ent.ActivityCreate) {
	acts := make([]*ent.Activity, len(p.acts))
	rows := make([]*ent.ActivityCreate, len(p.acts))
	for i, a := range p.acts {
		acts[i] = &ent.Activity{Activity: a.kind, ActivityDate: today.AddDays(a.offset), Time: a.time}
		if a.offset >= 0 {
			a.outcome = "" // nothing has happened yet
		}
		rows[i] = db.Activity.Create().SetOwnerID(owner).SetCaseRef(id).SetActivity(a.kind).
			SetActivityDate(acts[i].ActivityDate).SetTime(a.time).SetOutcome(a.outcome)
	}
	for i, a := range p.acts {
		if a.offset < 0 {
			acts[i].Outcome = a.outcome
		}
	}
	d := cases.DatesOf(acts, today)
	shown := d.Next
	status := p.status
	if status == "" {
		status = cases.DefaultStatus
		if s, ok := cases.StatusOf(shown.Activity); ok {
			status = s
		}
	}
	c := db.CourtCase.Create().SetID(id).SetOwnerID(owner).SetCaseID(p.m.caseID).SetParties(p.m.parties).
		SetLawCourt(p.m.court).SetCaseType(p.m.caseType).SetFilingDate(today.AddDays(-p.m.filed)).
		SetStatus(status).SetMarkUpdated(p.snooze).
		SetActivityDate(shown.ActivityDate).SetActivityTime(shown.Time).SetActivityKind(shown.Activity).
		SetLatestActivityDate(d.Latest.ActivityDate).SetLatestDone(cases.Done(d.Latest))
	return c, rows
}

// HasData reports whether owner has any case: the dev seeder fills only an
// empty demo diary.
func HasData(ctx context.Context, db *ent.Client, owner uuid.UUID) (bool, error) {
	ok, err := db.CourtCase.Query().Where(courtcase.OwnerID(owner)).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("look for demo cases: %w", err)
	}
	return ok, nil
}

// FillEmpty gives the demo account its diary when it has none, so a fresh
// `kesi serve` shows a full demo without wiping a visitor's session data.
func FillEmpty(ctx context.Context, db *ent.Client, cal platform.Calendar) error {
	u, err := auth.EnsureDemoAccount(ctx, db)
	if err != nil {
		return err
	}
	has, err := HasData(ctx, db, u.ID)
	if err != nil || has {
		return err
	}
	return Reset(ctx, db, cal, u.ID)
}
