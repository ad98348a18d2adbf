package platform

import (
	"testing"
	"time"
)

func TestTodayIsTheNairobiDay(t *testing.T) {
	nairobi, err := time.LoadLocation("Africa/Nairobi")
	if err != nil {
		t.Fatal(err)
	}
	// 22:30 UTC on Sunday is already 01:30 on Monday in Nairobi (UTC+3).
	cal := Calendar{Clock: FixedClock{time.Date(2025, 1, 19, 22, 30, 0, 0, time.UTC)}, Location: nairobi}
	if got := cal.Today().String(); got != "2025-01-20" {
		t.Errorf("Today = %s, want the Nairobi day 2025-01-20", got)
	}
}
