package documents

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzSanitizeFilename: a sanitised name is never empty, never a path and
// never breaks a header.
func FuzzSanitizeFilename(f *testing.F) {
	for _, s := range []string{"plaint.pdf", `C:\x\..\y.doc`, "../../etc/passwd", "a\r\nSet-Cookie: x", "\xff\xfe.pdf", "...", "invoice\u202Efdp.exe", "\u2066a\u2069\u200f.pdf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := SanitizeFilename(name)
		if got == "" || len(got) > 255 || !utf8.ValidString(got) || strings.ContainsAny(got, "/\\\"\r\n\x00") || got == "." || got == ".." {
			t.Fatalf("SanitizeFilename(%q) = %q", name, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
				t.Fatalf("SanitizeFilename(%q) = %q keeps %U", name, got, r)
			}
		}
	})
}

func TestSanitizeFilename(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, in, want string }{
		{"right-to-left override", "invoice\u202Efdp.exe", "invoicefdp.exe"},
		{"isolates and marks", "\u2067plaint\u2069\u200e.pdf", "plaint.pdf"},
		{"control characters", "a\x00b\x1bc.pdf", "abc.pdf"},
		{"Windows path", `C:\Users\wakili\Defence.docx`, "Defence.docx"},
		{"Swahili and Arabic kept", "Hati ya Mahakama مرافعة.pdf", "Hati ya Mahakama مرافعة.pdf"},
	} {
		if got := SanitizeFilename(tc.in); got != tc.want {
			t.Errorf("%s: SanitizeFilename(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
