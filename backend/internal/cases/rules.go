package cases

import (
	"strings"
	"time"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent/civil"
)

// Statuses are the case statuses of SPEC.md section 3, as they are written,
// and the two ways a matter also ends (withdrawn, settled).
var Statuses = []string{
	"Registration/Filing", "Filing", "Registration", "Mention", "Hearing",
	"Judgment", "Completed", "Pending", "Filed", "Dismissed", "Withdrawn", "Settled",
}

// MsgStatus is the answer to a status outside Statuses.
const MsgStatus = "Status must be one of: Registration/Filing, Filing, Registration, Mention, Hearing, Judgment, Completed, Pending, Filed, Dismissed, Withdrawn, Settled."

// Concludes reports whether status ends a matter: recorded with no next
// date, it concludes the case.
func Concludes(status string) bool {
	switch status {
	case "Completed", "Dismissed", "Withdrawn", "Settled":
		return true
	}
	return false
}

// DefaultStatus is a new case's status when none is given.
const DefaultStatus = "Registration/Filing"

// The longest texts a case and an activity keep (the columns' limits).
const (
	MaxCaseID   = 120
	MaxParties  = 1000
	MaxLawCourt = 200
	MaxCaseType = 120
	MaxNotes    = 10000
	MaxKind     = 80
	MaxOutcome  = 5000
	// MaxRangeDays bounds a between query: a year and a day covers any
	// report a lawyer prints.
	MaxRangeDays = 366
)

// CheckRange is the rule of every start..end query of calendar days: both
// given, in order, and at most maxDays apart. The calendar and the cause
// lists share it, so a person reads the same sentences on both.
func CheckRange(start, end civil.Date, maxDays int) error {
	switch {
	case start.IsZero():
		return errs.Invalid("start", "start is required, written YYYY-MM-DD.")
	case end.IsZero():
		return errs.Invalid("end", "end is required, written YYYY-MM-DD.")
	case end.Before(start):
		return errs.Invalid("end", "End date must not be before start date.")
	case start.DaysUntil(end) > maxDays:
		return errs.Invalidf("end", "The range must be at most %d days.", maxDays)
	}
	return nil
}

// CanonicalStatus is s written as SPEC.md writes it, matched without regard
// to case; ok is false for a status outside the list.
func CanonicalStatus(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, st := range Statuses {
		if strings.EqualFold(st, s) {
			return st, true
		}
	}
	return "", false
}

// StatusOf is the status a case takes after an activity of kind: a hearing
// of any sort makes it "Hearing", a mention "Mention"... ok is false when
// the kind says nothing about the status.
func StatusOf(kind string) (string, bool) {
	k := strings.ToLower(kind)
	switch {
	case strings.Contains(k, "judgment"), strings.Contains(k, "ruling"), strings.Contains(k, "sentenc"):
		return "Judgment", true
	case strings.Contains(k, "hearing"), strings.Contains(k, "submissions"), strings.Contains(k, "plea"):
		return "Hearing", true
	case strings.Contains(k, "mention"), strings.Contains(k, "directions"), strings.Contains(k, "pre-trial"),
		strings.Contains(k, "case management"), strings.Contains(k, "mediation"):
		return "Mention", true
	}
	return "", false
}

// CaseID checks and trims a case number as the court writes it.
func CaseID(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return "", errs.Invalid("case_id", "Case ID is required.")
	case utf8.RuneCountInString(s) > MaxCaseID:
		return "", errs.Invalidf("case_id", "Case ID must be at most %d characters.", MaxCaseID)
	case strings.ContainsAny(s, "\r\n\t\x00"):
		return "", errs.Invalid("case_id", "Case ID must be on one line.")
	}
	return s, nil
}

// Text trims s and checks it is at most max characters long.
func Text(field, label, s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
		// Postgres refuses a NUL byte in text, SQLite would store it: refused
		// here, the answer is the same 400 on both engines.
		return "", errs.Invalidf(field, "%s must be valid text.", label)
	}
	if utf8.RuneCountInString(s) > max {
		return "", errs.Invalidf(field, "%s must be at most %d characters.", label, max)
	}
	return s, nil
}

// MaxRequestID is the longest key a client may send with an outcome.
const MaxRequestID = 64

// RequestID checks the key a client sent with an outcome: empty (no key),
// or at most MaxRequestID letters, digits, '-' or '_' (a UUID fits).
func RequestID(s string) (string, error) {
	ok := len(s) <= MaxRequestID
	for _, r := range s {
		ok = ok && (r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	}
	if !ok {
		return "", errs.Invalidf("request_id", "request_id is at most %d letters, digits, '-' or '_'.", MaxRequestID)
	}
	return s, nil
}

// longDay is d as the diary's notes and messages write it: "Mon 20 Jan 2025".
func longDay(d civil.Date) string { return d.In(time.UTC).Format("Mon 2 Jan 2006") }

// Clock checks a time of day written "HH:MM" (24 h); empty is no time.
func Clock(field, s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if t, err := time.Parse("15:04", s); err != nil || len(s) != 5 || t.Format("15:04") != s {
		return "", errs.Invalidf(field, "Time must be written HH:MM, for example 09:30.")
	}
	return s, nil
}

// DateFromProto reads a proto date; nil or all-zero is no date. A day that
// does not exist (2025-02-30) or a year outside 1900..2200 is refused.
func DateFromProto(field string, d *date.Date) (civil.Date, error) {
	if d == nil || (d.Year == 0 && d.Month == 0 && d.Day == 0) {
		return civil.Date{}, nil
	}
	c := civil.NewDate(int(d.Year), time.Month(d.Month), int(d.Day))
	if d.Year < 1900 || d.Year > 2200 || c.Year != int(d.Year) || int(c.Month) != int(d.Month) || c.Day != int(d.Day) {
		return civil.Date{}, errs.Invalidf(field, "%s is not a real calendar date.", field)
	}
	return c, nil
}

// DateToProto writes d as a proto date; the zero Date is nil.
func DateToProto(d civil.Date) *date.Date {
	if d.IsZero() {
		return nil
	}
	return &date.Date{Year: int32(d.Year), Month: int32(d.Month), Day: int32(d.Day)}
}
