package main

import "testing"

func TestNewLogger(t *testing.T) {
	for _, tc := range []struct {
		format, level string
		ok            bool
	}{
		{"", "", true}, {"json", "debug", true}, {"text", "WARN", true},
		{"yaml", "", false}, {"json", "loud", false},
	} {
		if _, err := newLogger(tc.format, tc.level); (err == nil) != tc.ok {
			t.Errorf("KESI_LOG_FORMAT=%q KESI_LOG_LEVEL=%q: %v", tc.format, tc.level, err)
		}
	}
}
