package cases

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/type/date"
)

func FuzzCaseID(f *testing.F) {
	for _, s := range []string{"MCCC/E3574/2022", " Civil Appeal E097 of 2020 ", "", "a\nb", strings.Repeat("E", 121), "MCSUCC/E068/2022"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := CaseID(s)
		if err != nil {
			return
		}
		if got == "" || got != strings.TrimSpace(got) || utf8.RuneCountInString(got) > MaxCaseID || strings.ContainsAny(got, "\r\n\t\x00") {
			t.Errorf("CaseID(%q) accepted %q", s, got)
		}
		if again, err := CaseID(got); err != nil || again != got {
			t.Errorf("CaseID is not stable on %q: %q, %v", got, again, err)
		}
	})
}

func FuzzClock(f *testing.F) {
	for _, s := range []string{"09:30", "9:30", "24:00", "23:59", "", " 10:00 ", "1030", "10:60"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := Clock("time", s)
		if err != nil || got == "" {
			return
		}
		tm, perr := time.Parse("15:04", got)
		if perr != nil || tm.Format("15:04") != got {
			t.Errorf("Clock(%q) accepted %q", s, got)
		}
	})
}

func FuzzDateFromProto(f *testing.F) {
	f.Add(int32(2025), int32(1), int32(15))
	f.Add(int32(2025), int32(2), int32(30))
	f.Add(int32(0), int32(0), int32(0))
	f.Add(int32(2025), int32(13), int32(1))
	f.Fuzz(func(t *testing.T, y, m, d int32) {
		got, err := DateFromProto("date", &date.Date{Year: y, Month: m, Day: d})
		if err != nil || got.IsZero() {
			return
		}
		if got.Year != int(y) || int(got.Month) != int(m) || got.Day != int(d) {
			t.Errorf("DateFromProto(%d-%d-%d) = %s", y, m, d, got)
		}
		if back := DateToProto(got); back.Year != y || back.Month != m || back.Day != d {
			t.Errorf("round trip of %s = %v", got, back)
		}
	})
}

func TestStatuses(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"registration/filing", "Registration/Filing"}, {" HEARING ", "Hearing"}, {"Dismissed", "Dismissed"}, {"Ongoing", ""},
	} {
		if got, _ := CanonicalStatus(c.in); got != c.want {
			t.Errorf("CanonicalStatus(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ kind, want string }{
		{"Part Heard Hearing", "Hearing"}, {"Mention", "Mention"}, {"Pre-Trial Conference", "Mention"}, {"Ruling", "Judgment"}, {"Taxation", ""},
	} {
		if got, _ := StatusOf(c.kind); got != c.want {
			t.Errorf("StatusOf(%q) = %q, want %q", c.kind, got, c.want)
		}
	}
}
