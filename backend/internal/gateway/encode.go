package gateway

import (
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"google.golang.org/genproto/googleapis/type/date"

	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// The diary's large answers (a lawyer's cases, a calendar window, a case's
// activities) are written by hand into one pooled buffer rather than by
// encoding/json: with 500 cases its reflection over the documented structs
// was a fifth of the server's time for GET /api/cases. What they write is
// byte for byte what json.NewEncoder(w).Encode wrote of those structs
// (encode_test.go holds the structs and proves it); the other answers still
// go through writeJSON.

// bufs holds the buffers answers are written into, as encoding/json pools
// its own.
var bufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBuf is the largest buffer put back in bufs: a rare huge answer
// should not stay in memory for good.
const maxPooledBuf = 4 << 20

// writeAppended answers status with the JSON text appendBody appends to an
// empty buffer, as writeJSON answers: the same headers, then the text and a
// newline in one Write.
func writeAppended(w http.ResponseWriter, status int, appendBody func([]byte) []byte) {
	p := bufs.Get().(*[]byte)
	b := append(appendBody((*p)[:0]), '\n')
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if _, err := w.Write(b); err != nil {
		slog.Warn("write json response", "err", err)
	}
	if cap(b) <= maxPooledBuf {
		*p = b
		bufs.Put(p)
	}
}

// appendCases appends cs as a list of documented cases (SPEC.md section 3),
// [] when there are none.
func appendCases(b []byte, cs []*kesiv1.Case) []byte {
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendCase(b, c)
	}
	return append(b, ']')
}

// appendCase appends c as the documented case: the fields of caseJSON, in
// its order. Dates are "YYYY-MM-DD" or null.
func appendCase(b []byte, c *kesiv1.Case) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, c.GetId())
	b = append(b, `,"case_id":`...)
	b = appendString(b, c.GetCaseId())
	b = append(b, `,"parties":`...)
	b = appendString(b, c.GetParties())
	b = append(b, `,"law_court":`...)
	b = appendString(b, c.GetLawCourt())
	b = append(b, `,"filing_date":`...)
	b = appendDate(b, c.GetFilingDate())
	b = append(b, `,"activity_date":`...)
	b = appendDate(b, c.GetActivityDate())
	b = append(b, `,"status":`...)
	b = appendString(b, c.GetStatus())
	b = append(b, `,"notes":`...)
	b = appendString(b, c.GetNotes())
	b = append(b, `,"case_type":`...)
	b = appendString(b, c.GetCaseType())
	b = append(b, `,"time":`...)
	b = appendString(b, c.GetTime())
	b = append(b, `,"mark_updated":`...)
	b = strconv.AppendBool(b, c.GetMarkUpdated())
	b = append(b, `,"activity":`...)
	b = appendString(b, c.GetActivity())
	return append(b, '}')
}

// appendActivities appends as as a list of documented case activities,
// [] when there are none.
func appendActivities(b []byte, as []*kesiv1.Activity) []byte {
	b = append(b, '[')
	for i, a := range as {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendActivity(b, a)
	}
	return append(b, ']')
}

// appendActivity appends a as the documented case activity: the fields of
// activityJSON, in its order.
func appendActivity(b []byte, a *kesiv1.Activity) []byte {
	b = append(b, `{"id":`...)
	b = appendString(b, a.GetId())
	b = append(b, `,"activity":`...)
	b = appendString(b, a.GetActivity())
	b = append(b, `,"activity_date":`...)
	b = appendDate(b, a.GetActivityDate())
	b = append(b, `,"client_name":`...)
	b = appendString(b, a.GetClientName())
	b = append(b, `,"case_id":`...)
	b = appendString(b, a.GetCaseId())
	b = append(b, `,"law_court":`...)
	b = appendString(b, a.GetLawCourt())
	b = append(b, `,"outcome":`...)
	b = appendString(b, a.GetOutcome())
	b = append(b, `,"time":`...)
	b = appendString(b, a.GetTime())
	return append(b, '}')
}

// appendNeedingUpdate appends the cases-needing-update answer: the fields of
// needingUpdateJSON, in its order.
func appendNeedingUpdate(b []byte, res *kesiv1.ListCasesNeedingUpdateResponse) []byte {
	s := res.GetStats()
	b = append(b, `{"stats":{"marked_updated":`...)
	b = strconv.AppendInt(b, int64(s.GetMarkedUpdated()), 10)
	b = append(b, `,"notification":`...)
	b = strconv.AppendInt(b, int64(s.GetNotification()), 10)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(s.GetTotal()), 10)
	b = append(b, `},"cases":`...)
	b = appendCases(b, res.GetCases())
	return append(b, '}')
}

// appendDate appends d as a JSON string "YYYY-MM-DD", or null when unset,
// as dateString writes it.
func appendDate(b []byte, d *date.Date) []byte {
	if d == nil || d.Year == 0 {
		return append(b, "null"...)
	}
	y, m, day := int(d.Year), int(d.Month), int(d.Day)
	if y < 1 || y > 9999 || m < 1 || m > 12 || day < 1 || day > daysIn(m, y) {
		// Out of range: dateString normalizes it as time.Date does.
		return appendString(b, civil.NewDate(y, time.Month(m), day).String())
	}
	return append(b, '"',
		byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-',
		byte('0'+day/10), byte('0'+day%10), '"')
}

// daysIn is the number of days of month m of year y.
func daysIn(m, y int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// jsonSafe says which ASCII bytes encoding/json (escaping HTML, as
// json.Encoder does unless told not to) writes as they are: all but the
// control characters, '"', '\\', '<', '>' and '&'.
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for b := ' '; b < utf8.RuneSelf; b++ {
		t[b] = true
	}
	for _, b := range `"\<>&` {
		t[b] = false
	}
	return t
}()

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string exactly as encoding/json writes
// it: '"', '\\' and the controls \b, \f, \n, \r, \t with a backslash, the
// other controls and '<', '>', '&' as \u00XX, U+2028 and U+2029 as \u2028
// and \u2029, and each byte of invalid UTF-8 as \ufffd. strconv.Quote is
// not that: it writes \x.. for invalid bytes and leaves <, >, & as they are.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
