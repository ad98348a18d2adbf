package causelists

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// referenceRow is one row of reference-parse.json: what the causelist.co.ke
// parser found.
type referenceRow struct {
	CaseNumber string `json:"case_number"`
	Heading    string `json:"heading"`
	DateTime   string `json:"date_time"`
}

func loadReference(t testing.TB) map[string][]referenceRow {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reference-parse.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ref map[string][]referenceRow
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if len(ref) != 16 {
		t.Fatalf("reference holds %d lists, want 16", len(ref))
	}
	return ref
}

var nairobi = time.FixedZone("EAT", 3*60*60)

func parseFixture(t testing.TB, hash string) List {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", hash+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseText(string(b))
	if err != nil {
		t.Fatalf("%s: %v", hash, err)
	}
	return l
}

type flatRow struct {
	Matter
	Date string
}

func flatten(l List) []flatRow {
	var out []flatRow
	for _, s := range l.Sittings {
		for _, m := range s.Matters {
			out = append(out, flatRow{m, s.Date.String()})
		}
	}
	return out
}

// referenceWrong lists the rows where the reference parse is wrong, with what
// the list really says; each is checked below so that the claim itself is tested.
var referenceWrong = map[string]map[int]string{}

func TestParseMatchesReference(t *testing.T) {
	for hash, want := range loadReference(t) {
		t.Run(hash[:8], func(t *testing.T) {
			got := flatten(parseFixture(t, hash))
			if len(got) != len(want) {
				t.Errorf("%s: %d matters, reference found %d", hash, len(got), len(want))
			}
			lastTime := ""
			lastDate := ""
			for i, w := range want {
				if i >= len(got) {
					t.Errorf("%s row %d: missing %s", hash, i, w.CaseNumber)
					continue
				}
				g := got[i]
				if g.CaseNumber != w.CaseNumber {
					t.Errorf("%s row %d: case number %q, reference %q", hash, i, g.CaseNumber, w.CaseNumber)
				}
				if g.Activity != w.Heading {
					t.Errorf("%s row %d (%s): heading %q, reference %q", hash, i, w.CaseNumber, g.Activity, w.Heading)
				}
				if w.DateTime == "undefined" {
					// The reference lost the time when the heading changed;
					// the time line above still holds for the row.
					if g.Date != lastDate || g.Time == "" || g.Time != lastTime {
						t.Errorf("%s row %d (%s): %s %q, want the time above it, %s %q", hash, i, w.CaseNumber, g.Date, g.Time, lastDate, lastTime)
					}
					continue
				}
				at, err := time.Parse(time.RFC3339, w.DateTime)
				if err != nil {
					t.Fatal(err)
				}
				at = at.In(nairobi)
				if d := at.Format("2006-01-02"); g.Date != d {
					t.Errorf("%s row %d (%s): date %s, reference %s", hash, i, w.CaseNumber, g.Date, d)
				}
				if tm := at.Format("15:04"); g.Time != tm {
					t.Errorf("%s row %d (%s): time %q, reference %q", hash, i, w.CaseNumber, g.Time, tm)
				}
				lastTime, lastDate = g.Time, g.Date
			}
			_ = strings.TrimSpace
		})
	}
}
