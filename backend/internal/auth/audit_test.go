package auth

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Postgres refuses text that is not UTF-8, and a refused audit event is a
// lost one: whatever it is given, truncate answers valid UTF-8 within n.
func TestTruncate_AlwaysValidUTF8(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want string
	}{
		{"kesi", 10, "kesi"},
		{"x\xff", 10, "x"},
		{"ééé", 5, "éé"},
		{"é\xffé", 4, "éé"},
		{strings.Repeat("a", 600), 512, strings.Repeat("a", 512)},
	} {
		got := truncate(tc.s, tc.n)
		if got != tc.want || !utf8.ValidString(got) || len(got) > tc.n {
			t.Errorf("truncate(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}
