package firm

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/ent/civil"
)

// The clash rules. A sitting has a time but no length: two sittings in
// different courts less than OverlapWindow apart cannot both be attended
// (a Nairobi hearing runs past its listed time, and the courts are far
// apart in the traffic). A day with more than MaxSittingsPerDay sittings,
// or sittings in more than MaxCourtsPerDay courts, is more than one person
// can attend, whatever the times. Sittings with an outcome recorded are
// done and clash with nothing; a sitting with no time overlaps nothing
// (its time is unknown) but counts toward the day's load.
const (
	OverlapMinutes    = 60
	MaxSittingsPerDay = 6
	MaxCourtsPerDay   = 3
)

// ClashKind says which rule a clash breaks.
type ClashKind int

// The clash rules.
const (
	Overlap ClashKind = iota + 1
	TooMany
)

// Clash is a set of sittings one advocate cannot all attend.
type Clash struct {
	Attendee uuid.UUID
	Date     civil.Date
	Kind     ClashKind
	Sittings []cases.CaseSitting
}

// Message is the clash as a person reads it; name is the attendee's.
func (c Clash) Message(name string) string {
	courts := courtsOf(c.Sittings)
	switch c.Kind {
	case Overlap:
		return fmt.Sprintf("%s has %d sittings within an hour of each other in different courts on %s: %s.",
			name, len(c.Sittings), dayLabel(c.Date), strings.Join(courts, ", "))
	default:
		return fmt.Sprintf("%s has %d sittings in %d courts on %s, more than one person can attend.",
			name, len(c.Sittings), len(courts), dayLabel(c.Date))
	}
}

func dayLabel(d civil.Date) string { return d.In(time.UTC).Format("Mon 2 Jan 2006") }

// Clashes applies the clash rules to ss, each sitting counted for who
// attends it (the assigned member, else the case's owner): by attendee and
// date, overlaps first.
func Clashes(ss []cases.CaseSitting) []Clash {
	type key struct {
		who uuid.UUID
		day civil.Date
	}
	groups := map[key][]cases.CaseSitting{}
	var keys []key
	for _, s := range ss {
		if strings.TrimSpace(s.Outcome) != "" {
			continue
		}
		k := key{s.Attendee(), s.Date}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], s)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if keys[i].day != keys[j].day {
			return keys[i].day.Before(keys[j].day)
		}
		return keys[i].who.String() < keys[j].who.String()
	})
	var out []Clash
	for _, k := range keys {
		day := groups[k]
		for _, set := range overlaps(day) {
			out = append(out, Clash{Attendee: k.who, Date: k.day, Kind: Overlap, Sittings: set})
		}
		if len(day) > MaxSittingsPerDay || len(courtsOf(day)) > MaxCourtsPerDay {
			out = append(out, Clash{Attendee: k.who, Date: k.day, Kind: TooMany, Sittings: day})
		}
	}
	return out
}

// overlaps groups one attendee's sittings of one day that overlap: joined
// whenever two in different courts are less than OverlapMinutes apart.
func overlaps(day []cases.CaseSitting) [][]cases.CaseSitting {
	var timed []cases.CaseSitting
	for _, s := range day {
		if _, ok := minutes(s.Time); ok {
			timed = append(timed, s)
		}
	}
	sort.SliceStable(timed, func(i, j int) bool { return timed[i].Time < timed[j].Time })
	parent := make([]int, len(timed))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	joined := make([]bool, len(timed))
	for i := range timed {
		a, _ := minutes(timed[i].Time)
		for j := i + 1; j < len(timed); j++ {
			b, _ := minutes(timed[j].Time)
			if b-a >= OverlapMinutes {
				break
			}
			if court(timed[i]) != court(timed[j]) {
				parent[find(j)] = find(i)
				joined[i], joined[j] = true, true
			}
		}
	}
	sets := map[int][]cases.CaseSitting{}
	var roots []int
	for i := range timed {
		if !joined[i] {
			continue
		}
		r := find(i)
		if sets[r] == nil {
			roots = append(roots, r)
		}
		sets[r] = append(sets[r], timed[i])
	}
	out := make([][]cases.CaseSitting, 0, len(roots))
	for _, r := range roots {
		out = append(out, sets[r])
	}
	return out
}

// court is a sitting's court, compared without case or spacing.
func court(s cases.CaseSitting) string {
	return strings.ToLower(strings.Join(strings.Fields(s.Court), " "))
}

func courtsOf(ss []cases.CaseSitting) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		c := court(s)
		if seen[c] {
			continue
		}
		seen[c] = true
		name := strings.TrimSpace(s.Court)
		if name == "" {
			name = "court not given"
		}
		out = append(out, name)
	}
	return out
}

// minutes reads "HH:MM" as minutes after midnight.
func minutes(hhmm string) (int, bool) {
	var h, m int
	if len(hhmm) != 5 || hhmm[2] != ':' {
		return 0, false
	}
	if _, err := fmt.Sscanf(hhmm, "%02d:%02d", &h, &m); err != nil || h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}
