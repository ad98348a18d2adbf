package cases

import (
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// The calendar reads are sorted in Go (the statement has no ORDER BY): by
// date, time with unknown times last, case number, and the sitting's id.
func TestSortEntries(t *testing.T) {
	day := func(d int) civil.Date { return civil.Date{Year: 2026, Month: 11, Day: d} }
	entry := func(name string, d int, tm, number string, id byte) Entry {
		return Entry{Case: Case{CaseID: number, Parties: name}, Sitting: Sitting{ID: uuid.UUID{id}, Date: day(d), Time: tm}}
	}
	want := []Entry{
		entry("first day, early", 27, "09:00", "HCCC E9 of 2024", 9),
		entry("first day, late", 27, "14:30", "HCCC E1 of 2024", 1),
		entry("first day, no time", 27, "", "A 1 of 2020", 2),
		entry("next day, same time, lower number", 28, "09:00", "CMCC 1 of 2023", 7),
		entry("next day, same time, higher number", 28, "09:00", "CMCC 2 of 2023", 3),
		entry("same number, lower id", 28, "10:00", "ELRC 5 of 2022", 4),
		entry("same number, higher id", 28, "10:00", "ELRC 5 of 2022", 5),
		entry("Monday after a weekend", 30, "", "Succ. Cause 12 of 2019", 6),
	}
	in := []Entry{want[7], want[2], want[5], want[0], want[6], want[4], want[1], want[3]}
	got := sortEntries(in)
	for i := range want {
		if got[i].Case.Parties != want[i].Case.Parties {
			t.Errorf("entry %d: got %q, want %q", i, got[i].Case.Parties, want[i].Case.Parties)
		}
	}
	if len(sortEntries(nil)) != 0 {
		t.Error("no entries: want none")
	}
}
