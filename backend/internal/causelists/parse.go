// Package causelists reads the cause lists Kenyan courts publish and checks
// them against each advocate's diary.
package causelists

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kesihq/kesi/ent/civil"
)

// List is what one published file holds: one or more sittings.
type List struct {
	Sittings []Sitting
}

// Sitting is one block of a list: a court room on a day before one officer.
type Sitting struct {
	Court           string // the station as printed: "BUTERE MAGISTRATE COURT"
	Division        string // the line under it: "MAGISTRATE COURT ANTI CORRUPTION"
	Date            civil.Date
	JudicialOfficer string
	CourtRoom       string
	VirtualLink     string
	Matters         []Matter
	Notes           []string // free text the list prints in the block (notices)
}

// Matter is one numbered row of a sitting.
type Matter struct {
	Number     int    // the row number as printed
	CaseNumber string // as printed: "MCCC/E052/2021"
	Parties    string
	Activity   string // the heading above the row: "MENTION"
	Time       string // "09:00", 24-hour, the time line above the heading; "" if the list gives none
}

// Matters counts the rows of every sitting.
func (l List) Matters() int {
	n := 0
	for _, s := range l.Sittings {
		n += len(s.Matters)
	}
	return n
}

// ErrUnreadable is wrapped by every refusal of a file that is not a cause list.
var ErrUnreadable = errors.New("not a readable cause list")

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnreadable, fmt.Sprintf(format, args...))
}

// maxParties bounds the parties of a row, in bytes (the store keeps 2,000
// characters): no real row comes near it.
const maxParties = 2000

// MaxTextBytes bounds the text a list may hold; the largest real list is a
// few kilobytes, a weekly list of a busy station a few hundred.
const MaxTextBytes = 4 << 20

var (
	causeListLine = regexp.MustCompile(`(?i)^CAUSE\s*LIST$`)
	dateLine      = regexp.MustCompile(`(?i)^(?:(?:MON|TUES|WEDNES|THURS|FRI|SATUR|SUN)DAY\s*,?\s*)?(\d{1,2})(?:ST|ND|RD|TH)?\s+([A-Z]+),?\s+(\d{4})$`)
	timeLine      = regexp.MustCompile(`(?i)^(\d{1,2})[:.](\d{2})\s*(A\.?M\.?|P\.?M\.?)?$`)
	// A row: "1.    MCCC/E052/2021   Party Vs Party". The case number may
	// touch the parties ("MCSUCCMISC/E057/2023Daniel"), so it ends at the
	// year; the parties do not go on with a digit or a slash, so that a
	// two-digit year is not the start of a longer one or of a date.
	matterLine = regexp.MustCompile(`^(\d{1,4})\s*[.)]\s*(` + caseNumberPattern + `)((?:[^0-9/].*)?)$`)
	// Officer and court room on one line: "HON. FELISTUS NEKESA COURT 4",
	// "HON. E. K. SUTER – PM COURT NO. 3", "ISABELLAH BARASA -PM (DR)  ACC 6".
	roomAtEnd   = regexp.MustCompile(`(?i)^(.*?)\s*\b((?:COURT\s*(?:ROOM)?|CRT|ACC|ROOM)\s*(?:NO\.?)?\s*[0-9A-Z]{1,4})$`)
	linkLine    = regexp.MustCompile(`(?i)^(?:https?://)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+/\S*$`)
	headingLine = regexp.MustCompile(`^[A-Z][A-Z &/'’()-]*[A-Z)]$`)
	spaces      = regexp.MustCompile(`[ \t\x{a0}]+`)
)

// caseNumberPattern matches the numbers courts print: the slash form of the
// magistrates' courts (MCCC/E052/2021, MCCC/19(A)/2019) and the words of
// the superior courts and of judgments, with "of" or a slash before the
// year (HCCC E123 of 2021, ELC No. 45 of 2019, Cr. Case No. E123/2021,
// Environment & Land Case 799 of 2014). Older numbers may give the year in
// two digits (MCCC/84/17, CMCC No. 78 of 17).
const caseNumberPattern = `[A-Za-z][A-Za-z&]*\s*/\s*[Ee]?\d{1,6}(?:\([A-Za-z0-9]\))?\s*/\s*` + yearPattern +
	`|[A-Za-z][A-Za-z.&]*(?:\s+(?:[A-Za-z][A-Za-z.&]*|&)){0,4}\s+(?:[Nn][Oo]\.?\s*)?[Ee]?\d{1,6}(?:\s+[Oo][Ff]\s+|\s*/\s*)` + yearPattern

const yearPattern = `(?:\d{4}|\d{2})`

// ParseText reads a list from its text, as a court's .txt or as extracted
// from a .docx or .pdf. It refuses text with no sitting or no matter.
func ParseText(text string) (List, error) {
	if len(text) > MaxTextBytes {
		return List{}, refuse("the text is larger than %d MB", MaxTextBytes>>20)
	}
	if !utf8.ValidString(text) {
		return List{}, refuse("the text is not UTF-8")
	}
	if strings.ContainsRune(text, 0) {
		return List{}, refuse("the file holds binary data")
	}
	lines := cleanLines(text)

	var starts []int // index of each "CAUSE LIST" line
	for i, l := range lines {
		if causeListLine.MatchString(l) {
			starts = append(starts, i)
		}
	}
	if len(starts) == 0 {
		return List{}, refuse("no \"CAUSE LIST\" heading found")
	}

	var list List
	for n, c := range starts {
		s := Sitting{}
		// The station and the division are the lines just above "CAUSE LIST".
		switch header := lines[headerLineStart(lines, c):c]; len(header) {
		case 2:
			s.Court, s.Division = header[0], header[1]
		case 1:
			s.Court = header[0]
		}
		end := len(lines)
		if n+1 < len(starts) {
			end = headerLineStart(lines, starts[n+1])
		}
		if err := s.read(lines[c+1 : end]); err != nil {
			return List{}, err
		}
		if s.Date.IsZero() {
			return List{}, refuse("the sitting at line %d has no date", c+1)
		}
		list.Sittings = append(list.Sittings, s)
	}
	if list.Matters() == 0 {
		return List{}, refuse("no listed matter found")
	}
	return list, nil
}

// headerLineStart is the first line of the header whose "CAUSE LIST" is at c;
// it never reaches back to the "CAUSE LIST" of the sitting before.
func headerLineStart(lines []string, c int) int {
	start := c
	for k := 0; k < 2 && start > 0 && lines[start-1] != "" && !isBodyLine(lines[start-1]) && !causeListLine.MatchString(lines[start-1]); k++ {
		start--
	}
	return start
}

// isBodyLine tells a row, a time or a link from a header line.
func isBodyLine(l string) bool {
	return matterLine.MatchString(l) || timeLine.MatchString(l) || linkLine.MatchString(l)
}

// cleanLines splits text into trimmed lines with runs of blanks kept as two
// spaces (the column gaps the rows use) and the dotted rules dropped.
func cleanLines(text string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 64<<10), MaxTextBytes+1)
	for sc.Scan() {
		l := strings.Map(func(r rune) rune {
			switch {
			case r == '\t' || r == '\u00a0':
				return ' '
			case r == '\u2013' || r == '\u2014':
				return '-'
			case r == '\ufeff' || r == '\u200b':
				return -1
			case unicode.IsControl(r):
				return ' '
			}
			return r
		}, sc.Text())
		l = strings.TrimSpace(l)
		if strings.Trim(l, ".…_-=* ") == "" {
			l = ""
		}
		out = append(out, l)
	}
	return out
}

var months = map[string]time.Month{}

func init() {
	for m := time.January; m <= time.December; m++ {
		name := strings.ToUpper(m.String())
		months[name] = m
		months[name[:3]] = m
	}
	months["SEPT"] = time.September
}

func parseDate(l string) (civil.Date, bool) {
	m := dateLine.FindStringSubmatch(collapse(l))
	if m == nil {
		return civil.Date{}, false
	}
	day, _ := strconv.Atoi(m[1])
	month, ok := months[strings.ToUpper(m[2])]
	year, _ := strconv.Atoi(m[3])
	if !ok || day < 1 || day > 31 || year < 1990 || year > 2200 {
		return civil.Date{}, false
	}
	d := civil.NewDate(year, month, day)
	if d.Day != day { // 31 November rolled into December
		return civil.Date{}, false
	}
	return d, true
}

func parseTime(l string) (string, bool) {
	m := timeLine.FindStringSubmatch(l)
	if m == nil {
		return "", false
	}
	h, _ := strconv.Atoi(m[1])
	min, _ := strconv.Atoi(m[2])
	half := strings.ToUpper(strings.ReplaceAll(m[3], ".", ""))
	switch {
	case half == "PM" && h < 12:
		h += 12
	case half == "AM" && h == 12:
		h = 0
	}
	if h > 23 || min > 59 || (half != "" && (h == 0 && m[1] != "12")) {
		return "", false
	}
	return fmt.Sprintf("%02d:%02d", h, min), true
}

func collapse(s string) string { return strings.TrimSpace(spaces.ReplaceAllString(s, " ")) }

// read fills the sitting from the lines between its "CAUSE LIST" and the next
// sitting's header.
func (s *Sitting) read(lines []string) error {
	var activity, at string
	sawOfficer := false
	for _, l := range lines {
		if l == "" {
			continue
		}
		if s.Date.IsZero() {
			if d, ok := parseDate(l); ok {
				s.Date = d
				continue
			}
		}
		if m := matterLine.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			s.Matters = append(s.Matters, Matter{
				Number:     n,
				CaseNumber: collapse(m[2]),
				Parties:    collapse(m[3]),
				Activity:   activity,
				Time:       at,
			})
			continue
		}
		if t, ok := parseTime(l); ok {
			at = t
			continue
		}
		if s.VirtualLink == "" && linkLine.MatchString(l) {
			s.VirtualLink = link(l)
			continue
		}
		if !sawOfficer && !s.Date.IsZero() && len(s.Matters) == 0 && activity == "" && at == "" {
			sawOfficer = true
			s.JudicialOfficer, s.CourtRoom = officerAndRoom(l)
			continue
		}
		if headingLine.MatchString(collapse(l)) && len(l) <= 80 {
			activity = collapse(l)
			continue
		}
		// A row's parties sometimes run onto the next line ("Vs  Flora ...");
		// past what is kept of them, the lines are read and dropped, so that
		// a great many of them take time linear in the text.
		if k := len(s.Matters); k > 0 && continues(s.Matters[k-1].Parties, l) {
			if p := &s.Matters[k-1].Parties; len(*p) < maxParties {
				*p = collapse(*p + " " + l)
			}
			continue
		}
		s.Notes = append(s.Notes, collapse(l))
	}
	return nil
}

// continues tells whether l is the rest of a row whose parties are so far:
// "Vs ..." after a row with no "Vs" yet, or "And ..." after any row.
func continues(parties, l string) bool {
	u := strings.ToUpper(l[:min(len(l), 4)]) // "VS ", "VS.", "AND ", "& "
	switch {
	case strings.HasPrefix(u, "VS ") || strings.HasPrefix(u, "VS."):
		p := " " + strings.ToUpper(parties) + " "
		return !strings.Contains(p, " VS ") && !strings.HasSuffix(strings.TrimSpace(p), " VS")
	case strings.HasPrefix(u, "AND ") || strings.HasPrefix(u, "& "):
		return true
	}
	return false
}

func officerAndRoom(l string) (officer, room string) {
	if m := roomAtEnd.FindStringSubmatch(collapse(l)); m != nil && m[1] != "" {
		return strings.TrimSpace(m[1]), collapse(m[2])
	}
	// Otherwise the room is the last column, after a gap of two or more blanks.
	if i := strings.LastIndex(l, "  "); i > 0 {
		return collapse(l[:i]), collapse(l[i:])
	}
	return collapse(l), ""
}

// link gives a printed link a scheme; the path is kept as printed, since
// short links are case-sensitive.
func link(l string) string {
	if i := strings.Index(l, "://"); i >= 0 {
		return strings.ToLower(l[:i]) + l[i:]
	}
	return "https://" + l
}
