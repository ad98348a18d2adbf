package firm_test

import (
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/courtdays"
	"github.com/kesihq/kesi/backend/internal/firm"
	"github.com/kesihq/kesi/ent/civil"
)

// A realistic week of a three-advocate firm in Nairobi, Monday 30 November
// to Friday 4 December 2026 (court days all; Jamhuri Day, 12 December, is
// the next holiday), and what the clash rules make of it.
func TestClashes_ARealisticWeek(t *testing.T) {
	achieng, kamau, wanjiku := uuid.New(), uuid.New(), uuid.New()
	mon := civil.Date{Year: 2026, Month: 11, Day: 30}
	for d := mon; !d.After(mon.AddDays(4)); d = d.AddDays(1) {
		if !courtdays.IsCourtDay(d) {
			t.Fatalf("%s is not a court day: the week is not realistic", d)
		}
	}
	tue, wed, thu, fri := mon.AddDays(1), mon.AddDays(2), mon.AddDays(3), mon.AddDays(4)
	const (
		milimaniCom  = "Milimani Commercial Court"
		milimaniCrim = "Milimani Law Courts (Criminal)"
		kibera       = "Kibera Law Courts"
		elc          = "Environment and Land Court, Milimani"
		kiambu       = "Kiambu Law Courts"
	)
	n := 0
	sit := func(owner uuid.UUID, day civil.Date, tm, court string) cases.CaseSitting {
		n++
		return cases.CaseSitting{ID: uuid.New(), CaseRef: uuid.New(), Owner: owner, CaseOwner: owner,
			CaseNumber: "MCCC/E" + strings.Repeat("1", n%5+1) + "/2025", Court: court, Activity: "Mention", Date: day, Time: tm}
	}
	assigned := func(s cases.CaseSitting, to, by uuid.UUID) cases.CaseSitting {
		s.AttendedBy, s.AssignedBy = to, by
		return s
	}
	done := func(s cases.CaseSitting) cases.CaseSitting { s.Outcome = "Adjourned to 12 January 2027"; return s }

	week := []cases.CaseSitting{
		// Monday: Achieng has two mentions at 09:00 in the same court (one
		// trip), and a hearing at 11:00 at Kibera: no clash.
		sit(achieng, mon, "09:00", milimaniCom), sit(achieng, mon, "09:00", " milimani  commercial court"),
		sit(achieng, mon, "11:00", kibera),
		// Tuesday: Kamau at 09:00 Milimani Commercial and 09:30 Kibera: an
		// overlap; his 14:30 at the ELC is apart from both.
		sit(kamau, tue, "09:00", milimaniCom), sit(kamau, tue, "09:30", kibera), sit(kamau, tue, "14:30", elc),
		// Wednesday: Achieng's 10:00 hearing is assigned to Wanjiku, who has
		// her own 10:15 at Kiambu: Wanjiku clashes, Achieng does not. One
		// hour apart exactly (Achieng's 09:00 and 10:00 elsewhere) is fine.
		assigned(sit(achieng, wed, "10:00", milimaniCrim), wanjiku, achieng), sit(wanjiku, wed, "10:15", kiambu),
		sit(achieng, wed, "09:00", elc), sit(achieng, wed, "10:00", kibera),
		// Thursday: Kamau has seven sittings in one court, times unknown for
		// some: more than one person can attend, but no overlap.
		sit(kamau, thu, "09:00", milimaniCom), sit(kamau, thu, "09:00", milimaniCom), sit(kamau, thu, "", milimaniCom),
		sit(kamau, thu, "", milimaniCom), sit(kamau, thu, "11:00", milimaniCom), sit(kamau, thu, "12:00", milimaniCom),
		sit(kamau, thu, "14:00", milimaniCom),
		// Friday: Wanjiku in four courts, hours apart: too many courts. A
		// sitting already done (outcome recorded) clashes with nothing, and
		// one with no time overlaps nothing.
		sit(wanjiku, fri, "08:30", kiambu), sit(wanjiku, fri, "11:00", milimaniCom), sit(wanjiku, fri, "13:00", kibera),
		sit(wanjiku, fri, "15:00", elc), done(sit(achieng, fri, "09:00", kibera)), sit(achieng, fri, "09:15", milimaniCom),
		sit(achieng, fri, "", elc),
	}
	got := firm.Clashes(week)
	type want struct {
		who   uuid.UUID
		day   civil.Date
		kind  firm.ClashKind
		count int
	}
	wants := []want{
		{kamau, tue, firm.Overlap, 2},
		{wanjiku, wed, firm.Overlap, 2},
		{kamau, thu, firm.TooMany, 7},
		{wanjiku, fri, firm.TooMany, 4},
	}
	if len(got) != len(wants) {
		for _, c := range got {
			t.Logf("clash: %s %v %d sittings: %s", c.Date, c.Kind, len(c.Sittings), c.Message("X"))
		}
		t.Fatalf("%d clashes, want %d", len(got), len(wants))
	}
	for i, w := range wants {
		c := got[i]
		if c.Attendee != w.who || c.Date != w.day || c.Kind != w.kind || len(c.Sittings) != w.count {
			t.Errorf("clash %d = %s %v %d sittings for %s, want %s %v %d", i, c.Date, c.Kind, len(c.Sittings), c.Attendee, w.day, w.kind, w.count)
		}
	}
	if m := got[0].Message("Kamau Njoroge"); m != "Kamau Njoroge has 2 sittings within an hour of each other in different courts on Tue 1 Dec 2026: Milimani Commercial Court, Kibera Law Courts." {
		t.Errorf("overlap message = %q", m)
	}
	if m := got[3].Message("Wanjiku Mwangi"); m != "Wanjiku Mwangi has 4 sittings in 4 courts on Fri 4 Dec 2026, more than one person can attend." {
		t.Errorf("too-many message = %q", m)
	}
	// Wednesday's clash is Wanjiku's, through the assignment.
	for _, s := range got[1].Sittings {
		if s.Attendee() != wanjiku {
			t.Errorf("Wednesday's clash holds a sitting attended by %s", s.Attendee())
		}
	}
}
