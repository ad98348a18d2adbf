package imports

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kesihq/kesi/ent/civil"
)

// FuzzClean: whatever the portal's words, a case clean lets through is
// trimmed, and cleaning it again changes nothing.
func FuzzClean(f *testing.F) {
	f.Add("MCCC/E3574/2022", "Wanjiru v Otieno", "Milimani", "Mention", "Civil", "09:30", "Adjourned.")
	f.Add(" \x00", "\xff", "", "", "", "9.30", "")
	f.Add("MCCC/E1/2024\u00a0", "\u200bX", "\ufeffMilimani", "HEARING", "", " 09:30 ", "")
	f.Fuzz(func(t *testing.T, caseID, parties, court, kind, caseType, tm, outcome string) {
		// The doors refuse invalid UTF-8 and NUL bytes before the service
		// (connect-go's proto decoding, input.Check).
		for _, s := range []string{caseID, parties, court, kind, caseType, tm, outcome} {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
				return
			}
		}
		in := Case{CaseID: caseID, Parties: parties, LawCourt: court, CaseType: caseType, Status: kind,
			Activities: []Activity{{Kind: kind, Date: civil.NewDate(2025, 1, 6), Time: tm, Outcome: outcome}}}
		if err := clean(&in); err != nil {
			return
		}
		for _, s := range []string{in.CaseID, in.Parties, in.LawCourt, in.CaseType, in.Activities[0].Kind, in.Activities[0].Time, in.Activities[0].Outcome} {
			if !utf8.ValidString(s) || strings.ContainsRune(s, 0) || s != strings.TrimSpace(s) {
				t.Fatalf("clean let through %q", s)
			}
		}
		again := in
		again.Activities = append([]Activity(nil), in.Activities...)
		if err := clean(&again); err != nil || again.CaseID != in.CaseID || again.Parties != in.Parties || again.Activities[0] != in.Activities[0] {
			t.Fatalf("cleaning twice: %v %+v %+v", err, again, in)
		}
	})
}
