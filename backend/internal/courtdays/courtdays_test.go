package courtdays

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/kesihq/kesi/ent/civil"
)

func d(y int, m time.Month, day int) civil.Date { return civil.NewDate(y, m, day) }

func TestEasterSunday(t *testing.T) {
	for _, want := range []civil.Date{d(2024, 3, 31), d(2025, 4, 20), d(2026, 4, 5), d(2027, 3, 28), d(2038, 4, 25)} {
		if got := EasterSunday(want.Year); got != want {
			t.Errorf("EasterSunday(%d) = %v, want %v", want.Year, got, want)
		}
	}
}

func TestIsCourtDay(t *testing.T) {
	tests := []struct {
		name string
		day  civil.Date
		want bool
	}{
		{"an ordinary Monday", d(2026, 11, 23), true},
		{"Saturday", d(2026, 11, 28), false},
		{"Sunday", d(2026, 11, 29), false},
		{"Good Friday 2026", d(2026, 4, 3), false},
		{"Easter Monday 2026", d(2026, 4, 6), false},
		{"Madaraka Day", d(2026, 6, 1), false},
		{"Mazingira Day", d(2026, 10, 10), false},
		{"Mashujaa Day", d(2026, 10, 20), false},
		{"Jamhuri Day 2026 (a Saturday anyway)", d(2026, 12, 12), false},
		{"Labour Day 2022 on a Sunday is observed on Monday 2 May", d(2022, 5, 2), false},
		{"Tuesday after Labour Day 2022", d(2022, 5, 3), true},
		{"Christmas 2022 on a Sunday: Boxing Day Monday", d(2022, 12, 26), false},
		{"Christmas 2022 on a Sunday: observed Tuesday 27", d(2022, 12, 27), false},
		{"27 December 2023 (a Wednesday) is a court day", d(2023, 12, 27), true},
		{"Boxing Day 2021 on a Sunday: observed Monday 27", d(2021, 12, 27), false},
		{"New Year's Day 2027", d(2027, 1, 1), false},
		{"the day before Good Friday", d(2026, 4, 2), true},
	}
	for _, tt := range tests {
		if got := IsCourtDay(tt.day); got != tt.want {
			t.Errorf("%s: IsCourtDay(%v) = %v, want %v", tt.name, tt.day, got, tt.want)
		}
	}
}

func TestNext(t *testing.T) {
	tests := []struct {
		name     string
		from     civil.Date
		want     civil.Date
		onOrFrom civil.Date
	}{
		{"Friday to Monday", d(2026, 11, 27), d(2026, 11, 30), d(2026, 11, 27)},
		{"Thursday before Good Friday to the Tuesday after Easter", d(2026, 4, 2), d(2026, 4, 7), d(2026, 4, 2)},
		{"Saturday", d(2026, 11, 28), d(2026, 11, 30), d(2026, 11, 30)},
		{"Christmas Eve 2026 (Thursday) to Monday 28", d(2026, 12, 24), d(2026, 12, 28), d(2026, 12, 24)},
	}
	for _, tt := range tests {
		if got := Next(tt.from); got != tt.want {
			t.Errorf("%s: Next(%v) = %v, want %v", tt.name, tt.from, got, tt.want)
		}
		if got := OnOrAfter(tt.from); got != tt.onOrFrom {
			t.Errorf("%s: OnOrAfter(%v) = %v, want %v", tt.name, tt.from, got, tt.onOrFrom)
		}
	}
}

func FuzzNextIsACourtDay(f *testing.F) {
	f.Add(2026, 12, 24)
	f.Fuzz(func(t *testing.T, y, m, day int) {
		if y < 1900 || y > 2200 {
			return
		}
		from := civil.NewDate(y, time.Month(m%12+1), day%28+1)
		n := Next(from)
		if !IsCourtDay(n) || !from.Before(n) || from.DaysUntil(n) > 7 {
			t.Fatalf("Next(%v) = %v", from, n)
		}
	})
}

func TestOnOrBefore(t *testing.T) {
	tests := []struct {
		name string
		from civil.Date
		want civil.Date
	}{
		{"a court day is itself", d(2026, 11, 27), d(2026, 11, 27)},
		{"Sunday to Friday", d(2026, 11, 29), d(2026, 11, 27)},
		{"Easter Monday 2026 to the Thursday before Good Friday", d(2026, 4, 6), d(2026, 4, 2)},
		{"Boxing Day 2026 (Saturday) to Christmas Eve", d(2026, 12, 26), d(2026, 12, 24)},
		{"New Year's Day 2027 (Friday) to 31 December", d(2027, 1, 1), d(2026, 12, 31)},
	}
	for _, tt := range tests {
		if got := OnOrBefore(tt.from); got != tt.want {
			t.Errorf("%s: OnOrBefore(%v) = %v, want %v", tt.name, tt.from, got, tt.want)
		}
	}
}

// TestFixture_WeekdaysCourtsDoNotSit keeps testdata/weekdays-off.json, the
// weekdays 2020 to 2040 on which courts do not sit, equal to these rules:
// the web app's copy of them (frontend/src/lib/courtdays.ts) is tested
// against the same file, so the two cannot drift apart unseen.
// KESI_UPDATE_FIXTURES=1 writes it afresh.
func TestFixture_WeekdaysCourtsDoNotSit(t *testing.T) {
	var days []string
	for day := d(2020, 1, 1); day.Year <= 2040; day = day.AddDays(1) {
		if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
			continue
		}
		if name, ok := Holiday(day); ok {
			days = append(days, day.String()+" "+name)
		}
	}
	want, err := json.MarshalIndent(days, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	const path = "testdata/weekdays-off.json"
	if os.Getenv("KESI_UPDATE_FIXTURES") != "" {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the rules give; KESI_UPDATE_FIXTURES=1 go test ./backend/internal/courtdays/ writes it", path)
	}
}
