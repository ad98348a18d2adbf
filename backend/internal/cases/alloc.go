package cases

import (
	"strings"
	"time"

	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// protoAlloc hands out the messages of one answer from a few slices, and
// writes its ids into one string, rather than allocating each on its own:
// a list of 500 cases was some 2,500 small allocations, and the garbage
// collector's work grows with their number. The messages of one answer
// live and die together, so that nothing is kept alive longer than it was.
// Sized too small, it allocates what it lacks one by one; a zero
// protoAlloc allocates everything so.
type protoAlloc struct {
	cases   []kesiv1.Case
	acts    []kesiv1.Activity
	entries []kesiv1.CalendarEntry
	dates   []date.Date
	times   []timestamppb.Timestamp
	ids     strings.Builder
}

// allocSize is what one answer holds: its messages and ids.
type allocSize struct {
	cases, acts, entries, dates, times, ids int
}

func newProtoAlloc(n allocSize) *protoAlloc {
	a := &protoAlloc{}
	if n.cases > 0 {
		a.cases = make([]kesiv1.Case, n.cases)
	}
	if n.acts > 0 {
		a.acts = make([]kesiv1.Activity, n.acts)
	}
	if n.entries > 0 {
		a.entries = make([]kesiv1.CalendarEntry, n.entries)
	}
	if n.dates > 0 {
		a.dates = make([]date.Date, n.dates)
	}
	if n.times > 0 {
		a.times = make([]timestamppb.Timestamp, n.times)
	}
	a.ids.Grow(n.ids * len(uuid.UUID{}.String()))
	return a
}

// next answers the first of *s, which it drops, or a new T when *s is empty.
func next[T any](s *[]T) *T {
	if len(*s) == 0 {
		return new(T)
	}
	p := &(*s)[0]
	*s = (*s)[1:]
	return p
}

func (a *protoAlloc) newCase() *kesiv1.Case                { return next(&a.cases) }
func (a *protoAlloc) newActivity() *kesiv1.Activity        { return next(&a.acts) }
func (a *protoAlloc) newEntry() *kesiv1.CalendarEntry      { return next(&a.entries) }
func (a *protoAlloc) newTimestamp() *timestamppb.Timestamp { return next(&a.times) }

// date is d as a proto date; the zero Date is nil, as DateToProto writes it.
func (a *protoAlloc) date(d civil.Date) *date.Date {
	if d.IsZero() {
		return nil
	}
	p := next(&a.dates)
	p.Year, p.Month, p.Day = int32(d.Year), int32(d.Month), int32(d.Day)
	return p
}

// timestamp is t as timestamppb.New writes it.
func (a *protoAlloc) timestamp(t time.Time) *timestamppb.Timestamp {
	p := a.newTimestamp()
	p.Seconds, p.Nanos = t.Unix(), int32(t.Nanosecond())
	return p
}

// id is u as u.String() writes it, in the answer's one string of ids. A
// string the Builder answered never changes: later ids are written after
// it, or into a new array when it grows.
func (a *protoAlloc) id(u uuid.UUID) string {
	const hex = "0123456789abcdef"
	var b [36]byte
	j := 0
	for i, x := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b[j] = '-'
			j++
		}
		b[j], b[j+1] = hex[x>>4], hex[x&0xf]
		j += 2
	}
	a.ids.Write(b[:])
	s := a.ids.String()
	return s[len(s)-len(b):]
}
