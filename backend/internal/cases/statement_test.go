package cases

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// TestStatementFor_BindsEachRequestsValues: a shape is built once (and once
// more to check it), and each later request of it gets its own values in
// the stand-ins' places, the shape's constants as built.
func TestStatementFor_BindsEachRequestsValues(t *testing.T) {
	t.Parallel()
	builds := 0
	build := func(in values) (string, []any) {
		builds++
		return "SELECT $1, $2, $3, $4, $5", []any{in.viewer, in.today, true, in.caseNumber, in.end}
	}
	c := &statementCache{max: 8}
	sh := shape{read: t.Name()}
	achieng, kamau := uuid.New(), uuid.New()
	day := civil.Date{Year: 2025, Month: 1, Day: 15}
	for _, tc := range []struct {
		name string
		v    values
		want []any
	}{
		{"first", values{viewer: achieng, today: day, caseNumber: "HCCC/E90/2022", end: day.AddDays(6)},
			[]any{achieng, day, true, "HCCC/E90/2022", day.AddDays(6)}},
		{"another viewer", values{viewer: kamau, today: day.AddDays(1), caseNumber: "ELC/E112/2023"},
			[]any{kamau, day.AddDays(1), true, "ELC/E112/2023", civil.Date{}}},
		{"a request's values equal to stand-ins", values{viewer: standIns.id, today: standIns.end, caseNumber: standIns.caseNumber},
			[]any{standIns.id, standIns.end, true, standIns.caseNumber, civil.Date{}}},
	} {
		q, args, err := c.get(sh, tc.v, build)
		if err != nil || q != "SELECT $1, $2, $3, $4, $5" || !slices.Equal(args, tc.want) {
			t.Errorf("%s: statementFor = %q, %v, %v; want %v", tc.name, q, args, err, tc.want)
		}
	}
	// Built once for the cache, and once more with the other stand-ins to
	// check it.
	if builds != 2 {
		t.Errorf("the shape was built %d times, want twice, once", builds)
	}
}

// TestStatementFor_RefusesARequestsValue: a statement built with a value of
// the request instead of a stand-in would answer every later request with
// it (another advocate's id, another day), so it is refused, every time.
func TestStatementFor_RefusesARequestsValue(t *testing.T) {
	t.Parallel()
	owner := uuid.New()
	for _, frozen := range []any{owner, civil.Date{Year: 2025, Month: 1, Day: 15}, "HCCC/E90/2022", 40} {
		sh := shape{read: t.Name()}
		for range 2 {
			_, _, err := statementFor(sh, values{viewer: owner}, func(in values) (string, []any) {
				return "SELECT $1, $2", []any{in.viewer, frozen}
			})
			if err == nil || !strings.Contains(err.Error(), "not a stand-in") {
				t.Errorf("a statement holding %v: %v, want refused", frozen, err)
			}
		}
	}
}

// TestStatementFor_RefusesAValueInTheText: a request's value written into
// the text (a date formatted, a case number quoted) or a stand-in put in
// another's place is refused too: the shape is built twice, with two sets
// of stand-ins, and must not change.
func TestStatementFor_RefusesAValueInTheText(t *testing.T) {
	t.Parallel()
	for name, build := range map[string]func(in values) (string, []any){
		"a date formatted": func(in values) (string, []any) {
			return "SELECT $1 WHERE d = '" + in.today.String() + "'", []any{in.viewer}
		},
		"a case number quoted": func(in values) (string, []any) {
			return fmt.Sprintf("SELECT %q", in.caseNumber), nil
		},
		"a flag that follows the request": func(in values) (string, []any) {
			return "SELECT $1", []any{in.viewer == standIns.viewer}
		},
	} {
		c := &statementCache{max: 8}
		if _, _, err := c.get(shape{read: name}, values{}, build); err == nil {
			t.Errorf("%s: a statement changing with the request's values was kept", name)
		}
	}
}

// TestStandIns_AreDistinct: bind tells a stand-in's place by its value.
// (Every read of the store builds its statement in the package's other
// tests, where one holding anything but stand-ins and constants fails.)
func TestStandIns_AreDistinct(t *testing.T) {
	t.Parallel()
	seen := map[any]bool{}
	one, other := standIns.list(), otherStandIns.list()
	for _, a := range append(one[:], other[:]...) {
		if seen[a] {
			t.Errorf("stand-in %v is not distinct", a)
		}
		seen[a] = true
	}
}

// TestStatementCache_KeepsAtMostItsBound: a caller chooses the page's size,
// so past the bound shapes are built on each request, not kept, and still
// answer their own values.
func TestStatementCache_KeepsAtMostItsBound(t *testing.T) {
	t.Parallel()
	c := &statementCache{max: 3}
	builds := 0
	build := func(in values) (string, []any) {
		builds++
		return "SELECT $1", []any{in.viewer}
	}
	for range 2 {
		for size := range 5 {
			owner := uuid.New()
			_, args, err := c.get(shape{read: t.Name(), size: size}, values{viewer: owner}, build)
			if err != nil || len(args) != 1 || args[0] != owner {
				t.Fatalf("page size %d: %v, %v", size, args, err)
			}
		}
	}
	n := 0
	c.m.Range(func(any, any) bool { n++; return true })
	if n != 3 || c.kept.Load() != 3 {
		t.Errorf("%d statements kept (counted %d), want the bound 3", n, c.kept.Load())
	}
	// Five shapes built the first time (twice each: once more to check
	// it); the two past the bound again.
	if builds != 14 {
		t.Errorf("built %d times, want 14", builds)
	}
}
