package cases

// The date changes the advocate did not make: an import from the judiciary
// portal or a cause-list adoption moves or adds a sitting, and the advocate
// is to be told at once (the reminders domain, through Service.OnDateMoved;
// cases cannot import reminders, which reads the diary through cases).

import (
	"context"
	"log/slog"
	"sort"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// move is one sitting whose date changed without the advocate: from is the
// date it left, zero when it is a new date.
type move struct {
	sitting uuid.UUID
	from    civil.Date
}

// tellMoves tells OnDateMoved of moves, after their transaction committed.
// A failure to tell is logged and never undoes or fails the change itself:
// the diary is right, only the alert is missing.
func (s *Service) tellMoves(ctx context.Context, moves []move) {
	if s.OnDateMoved == nil || len(moves) == 0 {
		return
	}
	ids := make([]uuid.UUID, len(moves))
	for i, m := range moves {
		ids[i] = m.sitting
	}
	sits, err := SittingsByID(ctx, s.db, ids...)
	if err != nil {
		slog.WarnContext(ctx, "date change not alerted", "err", err)
		return
	}
	byID := make(map[uuid.UUID]CaseSitting, len(sits))
	for _, x := range sits {
		byID[x.ID] = x
	}
	for _, m := range moves {
		sit, ok := byID[m.sitting]
		if !ok {
			continue // deleted since the commit: nothing to alert about
		}
		if err := s.OnDateMoved(ctx, sit, m.from); err != nil {
			slog.WarnContext(ctx, "date change not alerted", "sitting", sit.ID, "case", sit.CaseRef, "err", err)
		}
	}
}

// touched is a sitting an import added or removed.
type touched struct {
	id   uuid.UUID
	kind string
	date civil.Date
	done bool // its outcome is recorded
	// known: the case already had a sitting that day (of another kind), so
	// the day is no news to the advocate.
	known bool
}

// importMoves are the date changes of an import into an existing case:
// each sitting it added dated today or later, without an outcome, on a day
// the case had no sitting. Each
// takes as its previous date one of the upcoming sittings the import
// removed as no longer listed (the adjourned date): the earliest of the
// same kind, else the earliest left of any kind, each used once; with none
// left it is a new date.
func importMoves(added, removed []touched, today civil.Date) []move {
	byDate := func(xs []touched) {
		sort.SliceStable(xs, func(i, j int) bool { return xs[i].date.Before(xs[j].date) })
	}
	byDate(added)
	byDate(removed)
	var out []move
	var kinds []string
	for _, a := range added {
		if !a.date.Before(today) && !a.done && !a.known {
			out = append(out, move{sitting: a.id})
			kinds = append(kinds, a.kind)
		}
	}
	used := make([]bool, len(removed))
	for _, sameKind := range []bool{true, false} {
		for i := range out {
			if !out[i].from.IsZero() {
				continue
			}
			for j, r := range removed {
				if !used[j] && (!sameKind || r.kind == kinds[i]) {
					used[j] = true
					out[i].from = r.date
					break
				}
			}
		}
	}
	return out
}
