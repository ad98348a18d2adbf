package cases

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// A read's statement is the same text for every request of its shape (the
// call, the parts asked for, the page's size), but ent's builder wrote it
// afresh on each: a tenth of a calendar read's time on the server. So each
// shape is built once, with stand-ins in the places of the request's
// values, and each request binds its own values in their places.

// values are the values of one request that a read's statement holds.
type values struct {
	today, start, end civil.Date
	viewer, id        uuid.UUID
	caseNumber        string
}

// list is v's values in their places (0 to 5).
func (v values) list() [6]any {
	return [6]any{v.today, v.start, v.end, v.viewer, v.id, v.caseNumber}
}

// standInsOf is set k of the values the statements are built with: each
// distinct from the others and from every other set's, so that an
// argument's value tells whose place it is.
func standInsOf(k int) values {
	return values{
		today:      civil.Date{Year: 1, Month: 1, Day: 1 + 3*k},
		start:      civil.Date{Year: 1, Month: 1, Day: 2 + 3*k},
		end:        civil.Date{Year: 1, Month: 1, Day: 3 + 3*k},
		viewer:     uuid.UUID{byte(1 + 2*k)},
		id:         uuid.UUID{byte(2 + 2*k)},
		caseNumber: fmt.Sprintf("\x00case number %d", k),
	}
}

// standIns are the values a shape is built with; otherStandIns a second
// set it is built with again, which must give the same text with each
// value in the same place, else a request's value went into the text.
var standIns, otherStandIns = standInsOf(0), standInsOf(1)

// shape names a statement: the read, the parts it answers and its page's
// size.
type shape struct {
	read  string
	parts Parts
	size  int
}

// statement is a shape's text and its arguments as built: stand-ins, and
// the constants of the shape itself (a flag's true or false, nothing else).
// places holds each argument's place among a request's values, -1 for a
// constant.
type statement struct {
	query  string
	args   []any
	places []int
}

// statementCache keeps each shape's statement, up to max shapes: a caller
// chooses the page's size (up to MaxPageSize), so the shapes are many more
// than the reads. Past the bound a shape is built on each request, as
// before there was a cache.
type statementCache struct {
	m    sync.Map // shape -> *statement
	kept atomic.Int64
	max  int64
}

var statements = &statementCache{max: 512}

// statementFor answers the text of sh's statement, built by build from
// standIns the first time, and its arguments for v.
func statementFor(sh shape, v values, build func(in values) (string, []any)) (string, []any, error) {
	return statements.get(sh, v, build)
}

func (c *statementCache) get(sh shape, v values, build func(in values) (string, []any)) (string, []any, error) {
	st, ok := c.m.Load(sh)
	if !ok {
		q, args := build(standIns)
		places, err := placesOf(sh, q, args, build)
		if err != nil {
			return "", nil, err
		}
		st = &statement{query: q, args: args, places: places}
		// A place is taken before the store, so that racing requests
		// never keep more than max.
		if c.kept.Add(1) <= c.max {
			if was, loaded := c.m.LoadOrStore(sh, st); loaded {
				st = was
				c.kept.Add(-1)
			}
		} else {
			c.kept.Add(-1)
		}
	}
	s := st.(*statement)
	return s.query, s.bind(v), nil
}

// placesOf answers the place of each of a shape's arguments, built from
// standIns as q and args. It refuses a statement that would answer every
// later request with one request's value: an argument that is neither a
// stand-in nor a flag, or a text or argument that changes when the shape
// is built from otherStandIns (a value written into the text, a stand-in
// in another's place).
func placesOf(sh shape, q string, args []any, build func(in values) (string, []any)) ([]int, error) {
	q2, args2 := build(otherStandIns)
	if q2 != q || len(args2) != len(args) {
		return nil, fmt.Errorf("statement %s changes with the request's values", sh.read)
	}
	places := make([]int, len(args))
	for i, a := range args {
		if _, flag := a.(bool); flag && a == args2[i] {
			places[i] = -1
			continue
		}
		p := standIns.place(a)
		if p < 0 || p != otherStandIns.place(args2[i]) {
			return nil, fmt.Errorf("statement %s holds %T %v, not a stand-in", sh.read, a, a)
		}
		places[i] = p
	}
	return places, nil
}

// place answers which of v's values a is, or -1.
func (v values) place(a any) int {
	for i, x := range v.list() {
		if a == x {
			return i
		}
	}
	return -1
}

// bind answers the statement's arguments with v's values in their places.
func (s *statement) bind(v values) []any {
	vals := v.list()
	out := make([]any, len(s.args))
	for i, p := range s.places {
		if p < 0 {
			out[i] = s.args[i]
		} else {
			out[i] = vals[p]
		}
	}
	return out
}
