package causelists

import (
	"sort"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/ent/civil"
)

// Kind is what a list says about a case.
type Kind string

// The kinds of finding.
const (
	// Listed: the diary has a sitting that day; the list confirms it and
	// adds time, court room, officer, activity and link.
	Listed Kind = "LISTED"
	// NewDate: listed on a day the diary does not have.
	NewDate Kind = "NEW_DATE"
	// NotListed: the diary has a sitting on a day and at a court a list
	// covers, and the matter is not on it.
	NotListed Kind = "NOT_LISTED"
)

// Row is one stored row of a list, with its sitting.
type Row struct {
	ListID          uuid.UUID
	Court           string
	Date            civil.Date
	JudicialOfficer string
	CourtRoom       string
	VirtualLink     string
	CaseNumber      string
	Activity        string
	Time            string
	// The canonical prefix of the number ("MCCC"); a row with a prefix and
	// no number says only that the list covers such matters that day.
	Prefix string
}

// Finding is one result of the check for one case on one day.
type Finding struct {
	Owner  uuid.UUID
	CaseID uuid.UUID
	Number string // the case number as the advocate wrote it
	Kind   Kind
	Date   civil.Date
	Row    Row // the row that lists the case; for NotListed, the list's court and the list
}

// A day at a station is covered for a kind of matter (a case-number prefix)
// when a list of that day carries matters of that kind: a station has many
// court rooms and divisions, and the commercial court's list says nothing of
// a High Court appeal at the same station. A number typed without a prefix is
// covered by any list of the day.

// Check checks the rows of the lists covering some days at one station
// against the cases at that station. The rows are indexed once by canonical
// case number, so the check is linear in rows plus cases.
func Check(rows []Row, diary []cases.ListingCase) []Finding {
	type day struct {
		station string
		date    civil.Date
		prefix  string
	}
	// Rows repeat a handful of court names; each is read once.
	stations := map[string]string{}
	station := func(court string) string {
		st, ok := stations[court]
		if !ok {
			st = Station(court)
			stations[court] = st
		}
		return st
	}
	byKey := map[CaseKey][]int{}
	byBare := map[CaseKey][]int{}
	covered := map[day]int{} // a row of a list that covers the day
	for i, r := range rows {
		st := station(r.Court)
		k, ok := KeyAt(r.CaseNumber, r.Court)
		prefix := r.Prefix
		if ok {
			prefix = k.Prefix
		}
		for _, p := range []string{prefix, "*"} {
			if _, seen := covered[day{st, r.Date, p}]; !seen {
				covered[day{st, r.Date, p}] = i
			}
		}
		if !ok {
			continue
		}
		byKey[k] = append(byKey[k], i)
		byBare[k.Bare()] = append(byBare[k.Bare()], i)
	}
	var out []Finding
	for _, c := range diary {
		k, ok := KeyAt(c.CaseID, c.LawCourt)
		if !ok {
			continue
		}
		// A number typed without a prefix matches any prefix at its station.
		var candidates []int
		if k.Prefix == "" {
			candidates = byBare[k]
		} else {
			for _, r := range k.Readings() {
				candidates = append(candidates, byKey[r]...)
			}
		}
		sittings := map[civil.Date]bool{}
		for _, s := range c.Sittings {
			sittings[s.Date] = true
		}
		listedOn := map[civil.Date]bool{}
		for _, i := range candidates {
			r := rows[i]
			if st := station(c.LawCourt); st == "" || st != station(r.Court) || listedOn[r.Date] {
				continue
			}
			listedOn[r.Date] = true
			kind := NewDate
			if sittings[r.Date] {
				kind = Listed
			}
			out = append(out, Finding{Owner: c.Owner, CaseID: c.ID, Number: c.CaseID, Kind: kind, Date: r.Date, Row: r})
		}
		st := station(c.LawCourt)
		prefix := k.Prefix
		if prefix == "" {
			prefix = "*"
		}
		for d := range sittings {
			i, ok := covered[day{st, d, prefix}]
			if !ok || listedOn[d] {
				continue
			}
			r := rows[i]
			out = append(out, Finding{Owner: c.Owner, CaseID: c.ID, Number: c.CaseID, Kind: NotListed, Date: d,
				Row: Row{ListID: r.ListID, Court: r.Court, Date: d}})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Date != b.Date {
			return a.Date.Before(b.Date)
		}
		if a.Owner != b.Owner {
			return a.Owner.String() < b.Owner.String()
		}
		return a.Number < b.Number
	})
	return out
}
