// Package demo writes the demo account's diary, a realistic Kenyan one
// always relative to the day it runs, and generates bulk data for load
// tests and benchmarks (`kesi demo seed`).
package demo

import (
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/courtdays"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
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
	if err := clients.DeleteAll(ctx, db, owner); err != nil {
		return fmt.Errorf("clear demo clients: %w", err)
	}
	if err := cases.DeleteAll(ctx, db, owner); err != nil {
		return fmt.Errorf("clear demo cases: %w", err)
	}
	ps := plans(today)
	whole := make([]cases.WholeCase, len(ps))
	for i, p := range ps {
		whole[i] = build(p, today)
	}
	ids, err := cases.WriteWhole(ctx, db, owner, today, whole, 500)
	if err != nil {
		return fmt.Errorf("write demo diary: %w", err)
	}
	fields := make([]clients.Fields, len(demoClients))
	links := make([][]uuid.UUID, len(demoClients))
	for i, cl := range demoClients {
		fields[i] = clients.Fields{Fullname: cl.fullname, PhoneNumber: cl.phone, Email: cl.email, NationalID: cl.nationalID,
			IsNationalIDTemporary: cl.temporary, Address: cl.address, ClientType: cl.kind, Notes: cl.notes,
			PreferredCommunication: cl.prefer}
		for _, m := range cl.matters {
			links[i] = append(links[i], ids[m])
		}
	}
	if err := clients.WriteWhole(ctx, db, owner, fields, links); err != nil {
		return fmt.Errorf("write demo clients: %w", err)
	}
	return nil
}

// build is one planned case as the cases domain writes it. Every sitting
// falls on a court day (an upcoming one moves to the next court day, a past
// one back to the court day before), only past sittings have outcomes, and
// a case's number is never of a year after its filing.
func build(p plan, today civil.Date) cases.WholeCase {
	filed := today.AddDays(-p.m.filed)
	w := cases.WholeCase{CaseID: numbered(p.m.caseID, filed.Year), Parties: p.m.parties, LawCourt: p.m.court,
		CaseType: p.m.caseType, FilingDate: filed, Status: p.status, MarkUpdated: p.snooze,
		Concluded: cases.Concludes(p.status)}
	for _, a := range p.acts {
		s := cases.WholeSitting{Kind: a.kind, Time: a.time, Outcome: a.outcome}
		if a.offset >= 0 {
			s.Date = courtdays.OnOrAfter(today.AddDays(a.offset))
			s.Outcome = "" // nothing has happened yet
		} else {
			s.Date = courtdays.OnOrBefore(today.AddDays(a.offset))
		}
		w.Sittings = append(w.Sittings, s)
	}
	return w
}

// yearRE finds the year in a case number: "MCCC/E3574/2022", "Civil Appeal
// E097 of 2020".
var yearRE = regexp.MustCompile(`(19|20)\d\d`)

// numbered is caseID with its year brought back to filed when it is later:
// a matter cannot carry the number of a year after it was filed.
func numbered(caseID string, filed int) string {
	loc := yearRE.FindAllStringIndex(caseID, -1)
	if len(loc) == 0 {
		return caseID
	}
	last := loc[len(loc)-1]
	if y, _ := strconv.Atoi(caseID[last[0]:last[1]]); y <= filed {
		return caseID
	}
	return caseID[:last[0]] + strconv.Itoa(filed) + caseID[last[1]:]
}

// HasData reports whether owner has any case: the dev seeder fills only an
// empty demo diary.
func HasData(ctx context.Context, db *ent.Client, owner uuid.UUID) (bool, error) {
	return cases.HasAny(ctx, db, owner)
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

// Remove deletes the demo account with its diary (KESI_DEMO=off). The
// caller ends its sessions and purges its documents' blobs first.
func Remove(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	return platform.InTx(ctx, db, func(tx *ent.Client) error {
		if err := clients.DeleteAll(ctx, tx, owner); err != nil {
			return fmt.Errorf("clear demo clients: %w", err)
		}
		if err := cases.DeleteAll(ctx, tx, owner); err != nil {
			return fmt.Errorf("clear demo cases: %w", err)
		}
		return auth.DeleteDemoAccount(ctx, tx, owner)
	})
}
