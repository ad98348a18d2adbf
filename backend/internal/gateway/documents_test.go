package gateway

import (
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/documents"
)

func TestParseRange(t *testing.T) {
	t.Parallel()
	const size = 1000
	cases := []struct {
		spec            string
		start, end      int64
		ok, satisfiable bool
	}{
		{"bytes=0-99", 0, 100, true, true},
		{"bytes=990-", 990, 1000, true, true},
		{"bytes=-10", 990, 1000, true, true},
		{"bytes=-5000", 0, 1000, true, true},
		{"bytes=0-5000", 0, 1000, true, true},
		{"bytes=1000-", 0, 0, true, false},
		{"bytes=-0", 0, 0, true, false},
		{"bytes=5-4", 0, 0, false, false},
		{"bytes=0-1,5-6", 0, 0, false, false},
		{"bytes=a-b", 0, 0, false, false},
		{"bytes=-", 0, 0, false, false},
		{"items=0-1", 0, 0, false, false},
		{"bytes=-1-2", 0, 0, false, false},
	}
	for _, tc := range cases {
		s, e, ok, sat := parseRange(tc.spec, size)
		if s != tc.start || e != tc.end || ok != tc.ok || sat != tc.satisfiable {
			t.Errorf("parseRange(%q) = %d, %d, %v, %v", tc.spec, s, e, ok, sat)
		}
	}
}

// FuzzParseRange: whatever the header, a satisfiable range lies inside the file.
func FuzzParseRange(f *testing.F) {
	for _, s := range []string{"bytes=0-99", "bytes=-5", "bytes=7-", "bytes=0-1,2-3", "bytes=99999999999999999999-"} {
		f.Add(s, int64(1000))
	}
	f.Fuzz(func(t *testing.T, spec string, size int64) {
		if size <= 0 {
			return
		}
		s, e, ok, sat := parseRange(spec, size)
		if ok && sat && (s < 0 || e > size || s >= e) {
			t.Fatalf("parseRange(%q, %d) = [%d, %d)", spec, size, s, e)
		}
	})
}

// FuzzContentDisposition: whatever the uploaded name, the header written
// for it never breaks.
func FuzzContentDisposition(f *testing.F) {
	for _, s := range []string{"plaint.pdf", "a\r\nSet-Cookie: x", "\xff\xfe.pdf", "x\u202Efdp.exe", `"quoted";.pdf`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		cd := ContentDisposition("attachment", documents.SanitizeFilename(name))
		if strings.ContainsAny(cd, "\r\n") || strings.Count(cd, `"`) != 2 {
			t.Fatalf("ContentDisposition of %q = %q", name, cd)
		}
	})
}
