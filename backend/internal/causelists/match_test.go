package causelists

import (
	"fmt"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/ent/civil"
)

func TestCheck(t *testing.T) {
	mon, tue := civil.NewDate(2025, 1, 20), civil.NewDate(2025, 1, 21)
	list := uuid.New()
	rows := []Row{
		{ListID: list, Court: "BUTERE MAGISTRATE COURT", Date: mon, CaseNumber: "MCCC/E052/2024", Time: "09:00", CourtRoom: "COURT 1"},
		{ListID: list, Court: "BUTERE MAGISTRATE COURT", Date: mon, CaseNumber: "MCSUCC/E101/2022", Time: "11:30"},
		// Listed twice on one day (two headings): one finding.
		{ListID: list, Court: "BUTERE MAGISTRATE COURT", Date: mon, CaseNumber: "MCSUCC/E101/2022", Time: "14:00"},
	}
	owner := uuid.New()
	c := func(number, court string, days ...civil.Date) cases.ListingCase {
		lc := cases.ListingCase{ID: uuid.New(), Owner: owner, CaseID: number, LawCourt: court}
		for _, d := range days {
			lc.Sittings = append(lc.Sittings, cases.ListingSitting{Date: d})
		}
		return lc
	}
	tests := []struct {
		name string
		c    cases.ListingCase
		want string
	}{
		{"listed as the diary has it", c("MCCC No. E52 of 2024", "Butere Law Courts", mon), "LISTED 2025-01-20 09:00"},
		{"typed without a prefix", c("E101/2022", "Butere", tue), "NEW_DATE 2025-01-20 11:30"},
		{"written with dashes", c("MCCC-E052-2024", "Butere Law Courts", mon), "LISTED 2025-01-20 09:00"},
		{"the town before the prefix", c("Butere CMCC No. E52 of 2024", "Butere Law Courts", mon), "LISTED 2025-01-20 09:00"},
		{"another station's same number", c("MCCC/E52/2024", "Busia Law Courts", mon), ""},
		{"no court recorded", c("MCCC/E52/2024", "", mon), ""},
		{"missing from a covered day", c("MCCC/E9/2024", "Butere Law Courts", mon), "NOT_LISTED 2025-01-20 "},
		{"a day no list covers", c("MCCC/E9/2024", "Butere Law Courts", tue), ""},
		// The station's list carries no criminal or appeal matters that day:
		// another court room's business, not a missing matter.
		{"a kind of matter the list does not carry", c("MCCR/E9/2024", "Butere Law Courts", mon), ""},
		{"a High Court appeal at the station", c("Civil Appeal E9 of 2024", "Butere Law Courts", mon), ""},
		{"typed without a prefix, missing", c("E9/2024", "Butere Law Courts", mon), "NOT_LISTED 2025-01-20 "},
		{"not a case number", c("Wanjiru v Otieno", "Butere Law Courts", mon), ""},
	}
	for _, tt := range tests {
		got := ""
		for _, f := range Check(rows, []cases.ListingCase{tt.c}) {
			got += fmt.Sprintf("%s %s %s", f.Kind, f.Date, f.Row.Time)
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// BenchmarkCheck: a busy station's fortnight of lists (4,000 rows) against
// an advocate's 1,000 cases there.
func BenchmarkCheck(b *testing.B) {
	start := civil.NewDate(2025, 1, 6)
	var rows []Row
	for i := range 4000 {
		rows = append(rows, Row{Court: "MILIMANI MAGISTRATE COURT", Date: start.AddDays(i % 14), CaseNumber: fmt.Sprintf("MCCC/E%03d/2024", i), Time: "09:00"})
	}
	var diary []cases.ListingCase
	for i := range 1000 {
		diary = append(diary, cases.ListingCase{ID: uuid.New(), CaseID: fmt.Sprintf("MCCC/E%d/2024", i*3), LawCourt: "Milimani Law Courts",
			Sittings: []cases.ListingSitting{{Date: start.AddDays(i % 10)}}})
	}
	b.ReportAllocs()
	for b.Loop() {
		Check(rows, diary)
	}
}

// Courts named "High Court of Kenya at ..." or "Court of Appeal at ..." are
// told apart by the place after "at": a Mombasa list says nothing of a
// Nairobi appeal with the same number, and a Mombasa list does list a
// case the diary keeps at "High Court of Kenya at Mombasa".
func TestCheckKeepsEachCityToItsLists(t *testing.T) {
	mon := civil.NewDate(2025, 1, 20)
	owner := uuid.New()
	row := func(court string) Row {
		return Row{ListID: uuid.New(), Court: court, Date: mon, CaseNumber: "Civil Appeal E3 of 2024", Time: "09:00"}
	}
	c := func(court string) cases.ListingCase {
		return cases.ListingCase{ID: uuid.New(), Owner: owner, CaseID: "Civil Appeal No. E003 of 2024", LawCourt: court}
	}
	tests := []struct {
		list, diary string
		want        int
	}{
		{"HIGH COURT OF KENYA AT MOMBASA", "High Court of Kenya at Nairobi", 0},
		{"COURT OF APPEAL AT KISUMU", "Court of Appeal at Nairobi", 0},
		{"COURT OF APPEAL AT MOMBASA", "Mombasa Law Courts", 0},
		{"MOMBASA HIGH COURT", "High Court of Kenya at Mombasa", 1},
		{"HIGH COURT OF KENYA AT NAIROBI", "Milimani Law Courts", 1},
		{"COURT OF APPEAL AT MOMBASA", "Court of Appeal, Mombasa", 1},
	}
	for _, tt := range tests {
		if got := len(Check([]Row{row(tt.list)}, []cases.ListingCase{c(tt.diary)})); got != tt.want {
			t.Errorf("a list of %q against a case at %q: %d findings, want %d", tt.list, tt.diary, got, tt.want)
		}
	}
}

// Judgments and advocates write in words the prefixes lists print: a
// diary's "Cr. Case No. E123 of 2021" is the list's MCCR/E123/2021.
func TestCheckReadsPrefixesWrittenInWords(t *testing.T) {
	mon := civil.NewDate(2025, 1, 20)
	owner := uuid.New()
	tests := []struct{ listed, diary string }{
		{"MCCR/E123/2021", "Cr. Case No. E123 of 2021"},
		{"MCCR/E123/2021", "Crim. Case E123/2021"},
		{"MCSO/E10/2021", "S.O. Case No. E10/2021"},
		{"MCSO/E10/2021", "Sexual Offence Case No. E10 of 2021"},
		{"MCSUCC/E101/2022", "Succ. Cause No. E101 of 2022"},
		{"Misc. Appl. No. 453 of 2017", "Miscellaneous Application No. 453 of 2017"},
		{"Misc. Appl. No. 453 of 2017", "Misc. Application 453/2017"},
		{"Environment & Land Case 799 of 2014", "ELC Case No. 799 of 2014"},
		{"Environment and Land Case 799 of 2014", "ELC No. 799 of 2014"},
		{"ELRC Cause No. E7 of 2020", "Employment and Labour Relations Cause E007 of 2020"},
	}
	for _, tt := range tests {
		rows := []Row{{ListID: uuid.New(), Court: "BUTERE MAGISTRATE COURT", Date: mon, CaseNumber: tt.listed, Time: "09:00"}}
		c := cases.ListingCase{ID: uuid.New(), Owner: owner, CaseID: tt.diary, LawCourt: "Butere Law Courts",
			Sittings: []cases.ListingSitting{{Date: mon}}}
		got := Check(rows, []cases.ListingCase{c})
		if len(got) != 1 || got[0].Kind != Listed {
			t.Errorf("%q listed, %q in the diary: %+v, want LISTED", tt.listed, tt.diary, got)
		}
	}
}

// The Employment and Labour Relations Court numbers its suits "Cause 7 of
// 2020" (kenya-courts.md), and lists and diaries write them bare or as "ELRC
// Cause". The two spellings find each other. A bare "Cause" beside a court
// that is not named the ELRC may be another kind of cause (Milimani and the
// Nairobi ELRC are one station), so the ELRC's list says nothing of it
// missing.
func TestCheckReadsABareCauseAtTheELRC(t *testing.T) {
	mon := civil.NewDate(2025, 1, 20)
	owner := uuid.New()
	const elrc = "EMPLOYMENT AND LABOUR RELATIONS COURT AT NAIROBI"
	tests := []struct {
		name              string
		listCourt, listed string
		diaryCourt, diary string
		want              string
	}{
		{"a bare cause on the ELRC's list, the ELRC in the diary", elrc, "Cause No. E7 of 2020", "ELRC Nairobi", "Cause E7 of 2020", "LISTED"},
		{"a bare cause on the ELRC's list, written ELRC Cause", elrc, "Cause No. E7 of 2020", "Milimani Law Courts", "ELRC Cause No. E7 of 2020", "LISTED"},
		{"ELRC Cause printed, the court in the diary", "MILIMANI LAW COURTS", "ELRC Cause No. E7 of 2020", "Employment and Labour Relations Court, Nairobi", "Cause E007/2020", "LISTED"},
		{"ELRC alone before the number", elrc, "Cause No. E7 of 2020", "Milimani", "ELRC No. E7 of 2020", "LISTED"},
		{"the Industrial Court's old numbers", elrc, "Cause No. 7 of 2011", "Milimani", "Industrial Court Cause No. 7 of 2011", "LISTED"},
		{"a listed cause's new date", elrc, "Cause No. E7 of 2020", "ELRC at Nairobi", "Cause E7 of 2020", "NEW_DATE"},
		// Not the ELRC in the diary: perhaps a succession cause at Milimani.
		{"a bare cause at Milimani", elrc, "Cause No. E7 of 2020", "Milimani Law Courts", "Cause E7 of 2020", "LISTED"},
		{"a bare cause on another court's list", "MILIMANI LAW COURTS", "Cause No. E7 of 2020", "ELRC Nairobi", "Cause E7 of 2020", "LISTED"},
		{"a succession cause at Milimani", elrc, "Cause No. E7 of 2020", "Milimani Law Courts", "Succession Cause E7 of 2020", ""},
		{"an ELRC cause missing from the ELRC's list", elrc, "Cause No. E7 of 2020", "ELRC Nairobi", "Cause E9 of 2020", "NOT_LISTED"},
		{"an ELRC cause missing, written ELRC Cause", elrc, "Cause No. E7 of 2020", "Milimani", "ELRC Cause E9 of 2020", "NOT_LISTED"},
		// Perhaps a succession cause, listed elsewhere that day.
		{"a bare cause at Milimani missing from the ELRC's list", elrc, "Cause No. E7 of 2020", "Milimani Law Courts", "Cause E9 of 2020", ""},
		{"the ELRC at another station", "EMPLOYMENT AND LABOUR RELATIONS COURT AT MOMBASA", "Cause No. E7 of 2020", "ELRC Nairobi", "Cause E7 of 2020", ""},
	}
	for _, tt := range tests {
		rows := []Row{{ListID: uuid.New(), Court: tt.listCourt, Date: mon, CaseNumber: tt.listed, Time: "09:00"}}
		c := cases.ListingCase{ID: uuid.New(), Owner: owner, CaseID: tt.diary, LawCourt: tt.diaryCourt}
		if tt.want != "NEW_DATE" {
			c.Sittings = []cases.ListingSitting{{Date: mon}}
		}
		got := ""
		for _, f := range Check(rows, []cases.ListingCase{c}) {
			got += string(f.Kind)
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
