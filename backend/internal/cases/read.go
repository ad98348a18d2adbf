package cases

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/casemark"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/predicate"
	"github.com/kesihq/kesi/ent/user"
)

// The read calls of the diary: each answers in one SQL statement that
// selects only the columns its answer carries, scanned straight into the
// domain's types (no ent rows, no second query for the client links or for
// a next date the day made stale).
//
// The statements are built with ent's SQL builder so that the owner scope
// stays the one function of scope.go, rendered in Postgres' form ($n
// placeholders, double-quoted names), which SQLite reads as well: SQLite
// takes $NNN as the NNN-th argument and double quotes as identifiers.

// caseT and actT are the two tables under the aliases every statement here
// gives them (c and a): fresh each time, as a join names its table.
func caseT() *entsql.SelectTable {
	return entsql.Dialect(dialect.Postgres).Table(courtcase.Table).As("c")
}

func actT() *entsql.SelectTable {
	return entsql.Dialect(dialect.Postgres).Table(activity.Table).As("a")
}

// cc is column f of the cases table (alias c), ac of the activities table
// (alias a), as ent's builder writes them for Postgres: spelled out, since
// they are written many times a request and a SelectTable each is garbage.
func cc(f string) string { return `"c"."` + f + `"` }
func ac(f string) string { return `"a"."` + f + `"` }

// casePred renders a court-case predicate (the owner scope above all) for a
// statement whose court_cases table is not the selector's own.
func casePred(ps ...predicate.CourtCase) *entsql.Predicate {
	s := entsql.Dialect(dialect.Postgres).Select().From(caseT())
	for _, p := range ps {
		p(s)
	}
	return s.P()
}

// sittingPred is casePred for the activities table.
func sittingPred(ps ...predicate.Activity) *entsql.Predicate {
	s := entsql.Dialect(dialect.Postgres).Select().From(actT())
	for _, p := range ps {
		p(s)
	}
	return s.P()
}

// caseColumns are the columns of a Case, in scanCase's order. The next date
// (date, time, kind) is the stored one unless the day made it stale (see
// nextdate.go): then it is computed here, from the case's sittings, which
// only those rows pay for, so a read is right before the day's job has run
// and never writes. The client links and the timestamps are read when parts
// asks for them, else each is a NULL: the client links' subquery is one
// subplan a row, which made the list of all cases cost Postgres two and a
// half times the list without it. The last columns are the viewer's: their
// needing-update snooze (the owner's is the case's column, a colleague's a
// case mark, so that each hides the case from their own list only), and
// whether the case is a colleague's (shared with the viewer's firm).
func caseColumns(today civil.Date, viewer uuid.UUID, parts Parts) entsql.Querier {
	return entsql.ExprFunc(func(b *entsql.Builder) {
		writeArgs(b, caseColumnsSQL(parts), today)
		b.WriteString(", CASE WHEN " + cc(courtcase.FieldOwnerID) + " = ")
		b.Arg(viewer)
		b.WriteString(" THEN " + cc(courtcase.FieldMarkUpdated) + ` ELSE EXISTS (SELECT 1 FROM "` + casemark.Table + `" m WHERE m."` +
			casemark.FieldCaseRef + `" = ` + cc(courtcase.FieldID) + ` AND m."` + casemark.FieldUserID + `" = `)
		b.Arg(viewer)
		b.WriteString(") END, " + cc(courtcase.FieldOwnerID) + " <> ")
		b.Arg(viewer)
	})
}

// caseColumnsSQL is the text of the case columns, each "$?" today.
func caseColumnsSQL(parts Parts) string {
	c := cc
	stale := fmt.Sprintf("NOT %s AND %s < $? AND %s > %s", c(courtcase.FieldConcluded), c(courtcase.FieldActivityDate),
		c(courtcase.FieldLatestActivityDate), c(courtcase.FieldActivityDate))
	// The earliest sitting dated today or later that is not done, else the
	// latest, as "date|time|kind": one expression rather than one a column,
	// which Postgres would plan three times on every request.
	sitting := func(alias string) string {
		return "CAST(" + alias + `."activity_date" AS TEXT) || '|' || ` + alias + `."time" || '|' || ` + alias + `."activity"`
	}
	next := "CASE WHEN " + stale + " THEN COALESCE((SELECT " + sitting("n") + ` FROM "activities" n WHERE n."case_ref" = ` + c(courtcase.FieldID) +
		` AND n."activity_date" >= $? AND TRIM(n."outcome") = '' ORDER BY n."activity_date", n."time" = '', n."time", n."id" LIMIT 1), ` +
		`(SELECT ` + sitting("l") + ` FROM "activities" l WHERE l."case_ref" = ` + c(courtcase.FieldID) +
		` ORDER BY l."activity_date" DESC, l."time" = '' DESC, l."time" DESC, l."id" DESC LIMIT 1)) END`
	clientIDs := "NULL"
	if parts.ClientIDs {
		clientIDs = `(SELECT string_agg(CAST(lc."id" AS TEXT), ',' ORDER BY lc."fullname", lc."id")` +
			` FROM "` + lawclient.Table + `" lc JOIN "` + courtcase.ClientsTable + `" l ON l."` + courtcase.ClientsPrimaryKey[0] + `" = lc."id"` +
			` WHERE lc."owner_id" = ` + c(courtcase.FieldOwnerID) + ` AND l."` + courtcase.ClientsPrimaryKey[1] + `" = ` + c(courtcase.FieldID) + `)`
	}
	created, updated := "NULL", "NULL"
	if parts.Times {
		created, updated = c(courtcase.FieldCreatedAt), c(courtcase.FieldUpdatedAt)
	}
	var cols []string
	for _, f := range []string{courtcase.FieldID, courtcase.FieldCaseID, courtcase.FieldParties, courtcase.FieldLawCourt,
		courtcase.FieldFilingDate, courtcase.FieldStatus, courtcase.FieldCaseType, courtcase.FieldNotes,
		courtcase.FieldConcluded, courtcase.FieldLatestActivityDate} {
		cols = append(cols, c(f))
	}
	cols = append(cols, created, updated)
	for _, f := range []string{courtcase.FieldActivityDate, courtcase.FieldActivityTime, courtcase.FieldActivityKind} {
		cols = append(cols, c(f))
	}
	return strings.Join(append(cols, next, clientIDs), ", ")
}

// writeArgs writes s, each "$?" in it an argument v.
func writeArgs(b *entsql.Builder, s string, v any) {
	parts := strings.Split(s, "$?")
	for i, p := range parts {
		if i > 0 {
			b.Arg(v)
		}
		b.WriteString(p)
	}
}

// caseScan holds one row's case columns while it is scanned.
type caseScan struct {
	c                Case
	created, updated sql.NullTime // NULL when the read leaves them out
	nextTime         sql.NullString
	nextKind         sql.NullString
	asOfToday        sql.NullString // "date|time|kind" when the stored next date is stale
	clientIDs        sql.NullString
}

func (s *caseScan) dest() []any {
	c := &s.c
	return []any{&c.ID, &c.CaseID, &c.Parties, &c.LawCourt, &c.FilingDate, &c.Status, &c.CaseType, &c.Notes,
		&c.Concluded, &c.LatestDate, &s.created, &s.updated,
		&c.NextDate, &s.nextTime, &s.nextKind, &s.asOfToday, &s.clientIDs, &c.MarkUpdated, &c.SharedWithMe}
}

func (s *caseScan) result() (Case, error) {
	c := s.c
	c.NextTime, c.NextKind = s.nextTime.String, s.nextKind.String
	if s.asOfToday.Valid {
		parts := strings.SplitN(s.asOfToday.String, "|", 3)
		if len(parts) != 3 {
			return Case{}, fmt.Errorf("next sitting %q of case %s", s.asOfToday.String, c.ID)
		}
		if err := c.NextDate.Scan(parts[0]); err != nil {
			return Case{}, fmt.Errorf("next sitting of case %s: %w", c.ID, err)
		}
		c.NextTime, c.NextKind = parts[1], parts[2]
	}
	c.ClientIDs = nil
	if s.clientIDs.Valid && s.clientIDs.String != "" {
		for _, id := range strings.Split(s.clientIDs.String, ",") {
			u, err := uuid.Parse(id)
			if err != nil {
				return Case{}, fmt.Errorf("client id %q: %w", id, err)
			}
			c.ClientIDs = append(c.ClientIDs, u)
		}
	}
	// Postgres answers timestamps in the session's zone, SQLite in UTC.
	c.CreatedAt, c.UpdatedAt = s.created.Time.UTC(), s.updated.Time.UTC()
	return c, nil
}

// readCases answers the cases matching where within the owner scope, in
// order, in page p, with parts: one statement, read's, whose text depends
// on the parts and the page's size only (the offset is an argument), so
// that it is built once for each (statement.go) and prepared once. v holds
// the request's values but today, which readCases adds. byNextDate sorts
// the cases read in Go, stably, by List's next-date keys (byNextDateInGo).
func (s *Service) readCases(ctx context.Context, read string, v values, p Page, parts Parts, order func(in values) []entsql.Querier, where func(in values) []predicate.CourtCase, byNextDate bool) ([]Case, bool, error) {
	v.today = s.cal.Today()
	query, args, err := statementFor(shape{read, parts, p.Size}, v, func(in values) (string, []any) {
		sel := entsql.Dialect(dialect.Postgres).Select().From(caseT())
		sel.AppendSelectExpr(caseColumns(in.today, in.viewer, parts))
		scope(in.viewer)(sel)
		if where != nil {
			for _, w := range where(in) {
				w(sel)
			}
		}
		if order != nil {
			sel.OrderExpr(order(in)...)
		}
		q, args := sel.Query()
		// The size stays in the text, and a first page has no OFFSET:
		// Postgres plans a LIMIT it knows (one case) and no offset better
		// than ones it must guess, and would plan each call again.
		if p.Size > 0 {
			q += fmt.Sprintf(" LIMIT %d", p.Size+1)
		}
		return q, args
	})
	if err != nil {
		return nil, false, err
	}
	if p.Offset > 0 {
		query += fmt.Sprintf(" OFFSET $%d", len(args)+1)
		args = append(args, p.Offset)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	var out []Case
	var keys []nextKey
	var row caseScan
	dest := row.dest()
	for rows.Next() {
		row = caseScan{}
		if err := rows.Scan(dest...); err != nil {
			return nil, false, err
		}
		if byNextDate {
			keys = append(keys, nextKeyOf(&row.c, row.nextTime.String, v.today))
		}
		c, err := row.result()
		if err != nil {
			return nil, false, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	if byNextDate {
		out = byNextDateInGo(out, keys)
	}
	more := p.Size > 0 && len(out) > p.Size
	if more {
		out = out[:p.Size]
	}
	if out == nil {
		out = []Case{}
	}
	return out, more, nil
}

// readCase answers the first case in the scope of v's viewer matching
// where, in order (nil when where matches one case at most), with parts, or
// not found.
func (s *Service) readCase(ctx context.Context, read string, v values, parts Parts, order func(in values) []entsql.Querier, where func(in values) predicate.CourtCase) (Case, error) {
	cs, _, err := s.readCases(ctx, read, v, Page{Size: 1}, parts, order, func(in values) []predicate.CourtCase {
		return []predicate.CourtCase{where(in)}
	}, false)
	if err != nil {
		return Case{}, errs.Internal(fmt.Errorf("read case of %s: %w", v.viewer, err))
	}
	if len(cs) == 0 {
		return Case{}, errs.NotFound(MsgNotFound)
	}
	return cs[0], nil
}

// entries is the owner's sittings dated start..end with their cases, by
// date, then time (unknown last), then case number: one statement, the
// sittings of the owner and of the owner's firm read on the (owner_id,
// activity_date) index (peerSittings) and joined to their cases by primary
// key, where peerCase keeps only the cases the owner may see. A
// firm's sittings assigned to a member then say to whom, and by whom.
func entries(ctx context.Context, db *ent.Client, owner uuid.UUID, today, start, end civil.Date, parts Parts) ([]Entry, error) {
	read := "entries of days"
	if start == end {
		read = "entries of a day"
	}
	v := values{today: today, start: start, end: end, viewer: owner}
	query, args, err := statementFor(shape{read, parts, 0}, v, func(in values) (string, []any) {
		inRange := []predicate.Activity{peerSittings(in.viewer)}
		if start == end {
			inRange = append(inRange, activity.ActivityDate(in.start))
		} else {
			inRange = append(inRange, activity.ActivityDateGTE(in.start), activity.ActivityDateLTE(in.end))
		}
		sel := entsql.Dialect(dialect.Postgres).Select().From(actT()).Join(caseT()).OnP(peerCase(in.viewer))
		for _, p := range inRange {
			p(sel)
		}
		return entryColumns(sel, in.today, in.viewer, parts).Query()
	})
	if err != nil {
		return nil, errs.Internal(err)
	}
	out, _, err := readEntries(ctx, db, query, args, nil)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list sittings of %s from %s to %s: %w", owner, start, end, err))
	}
	return out, nil
}

// reportEntries is entries from start on, read from the owner's account
// row, so that one statement answers the account's paid_until (which ends
// the report) with them: found is false when there is no such account. The
// report's end depends on paid_until in the courts' time zone, which
// neither engine's SQL computes alike; the caller cuts the entries there,
// and the sittings past the end of a subscription are few.
func reportEntries(ctx context.Context, db *ent.Client, owner uuid.UUID, today, start civil.Date, parts Parts) (out []Entry, paidUntil sql.NullTime, found bool, err error) {
	v := values{today: today, start: start, viewer: owner}
	query, args, err := statementFor(shape{"report", parts, 0}, v, func(in values) (string, []any) {
		u := entsql.Dialect(dialect.Postgres).Table(user.Table).As("u")
		sel := entsql.Dialect(dialect.Postgres).Select(u.C(user.FieldPaidUntil)).From(u).
			LeftJoin(actT()).OnP(sittingPred(peerSittings(in.viewer), activity.ActivityDateGTE(in.start))).
			LeftJoin(caseT()).OnP(peerCase(in.viewer)).
			Where(entsql.EQ(u.C(user.FieldID), in.viewer))
		return entryColumns(sel, in.today, in.viewer, parts).Query()
	})
	if err != nil {
		return nil, sql.NullTime{}, false, errs.Internal(err)
	}
	var acct struct {
		paid  sql.NullTime
		found bool
	}
	out, acct.found, err = readEntries(ctx, db, query, args, &acct.paid)
	if err != nil {
		return nil, sql.NullTime{}, false, errs.Internal(fmt.Errorf("list report of %s from %s: %w", owner, start, err))
	}
	return out, acct.paid, acct.found, nil
}

// entryColumns adds to sel, a statement over the sittings (a) and their
// cases (c), the columns of an Entry. It has no ORDER BY: readEntries sorts
// the entries (sortEntries). Postgres sorts the whole row it answers, and
// comparing rows of thirty columns on four keys took more of its time than
// finding them (a 60-day report of 500 cases: 5 to 9 ms against 2.7 ms
// unsorted); Go sorts the same entries in a tenth of a millisecond. The
// calendar reads are never paged in SQL, so no statement needs the order.
func entryColumns(sel *entsql.Selector, today civil.Date, viewer uuid.UUID, parts Parts) *entsql.Selector {
	a := ac
	for _, f := range []string{activity.FieldID, activity.FieldActivity, activity.FieldActivityDate, activity.FieldTime,
		activity.FieldOutcome, activity.FieldClientName, activity.FieldCreatedAt, activity.FieldAttendedBy, activity.FieldAssignedBy} {
		sel.AppendSelectExpr(entsql.Raw(a(f)))
	}
	sel.AppendSelectExpr(caseColumns(today, viewer, parts))
	return sel
}

// sortEntries orders entries as a diary reads them: by date, then time
// (unknown times after known ones), then case number, then the sitting's
// id, so that two sittings alike in all else keep one order from call to
// call. Case numbers compare byte by byte, as SQLite and Postgres' C
// collation compare them.
func sortEntries(es []Entry) []Entry {
	// A permutation is sorted rather than the entries themselves: an Entry
	// is some 400 bytes, which every comparison and swap would copy.
	order := make([]int32, len(es))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		x, y := &es[i], &es[j]
		a, b := &x.Sitting, &y.Sitting
		if a.Date != b.Date {
			if a.Date.Before(b.Date) {
				return -1
			}
			return 1
		}
		if a.Time != b.Time {
			if timeLess(a.Time, b.Time) {
				return -1
			}
			return 1
		}
		if c := strings.Compare(x.Case.CaseID, y.Case.CaseID); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})
	out := make([]Entry, len(es))
	for k, i := range order {
		out[k] = es[i]
	}
	return out
}

// nextKey is a case's place in List's order as of today, from its stored
// next date (the one the statement's order reads, before a stale one is
// computed afresh): byNextDate's first five keys.
type nextKey struct {
	bucket int // 0 coming up, 1 passed, 2 no date, 3 concluded
	date   civil.Date
	time   string
}

func nextKeyOf(c *Case, storedTime string, today civil.Date) nextKey {
	switch {
	case !c.Concluded && !c.NextDate.IsZero() && !c.NextDate.Before(today):
		return nextKey{bucket: 0, date: c.NextDate, time: storedTime}
	case !c.Concluded && !c.NextDate.IsZero():
		return nextKey{bucket: 1, date: c.NextDate}
	case !c.Concluded:
		return nextKey{bucket: 2}
	}
	return nextKey{bucket: 3, date: c.NextDate}
}

// byNextDateInGo sorts cs, read in byCreation's order, stably by keys: the
// same order as byNextDate's statement. Coming up: soonest first, known
// times before unknown; the rest by date, latest first, a concluded case
// with no date before one with a date (NULLS FIRST).
func byNextDateInGo(cs []Case, keys []nextKey) []Case {
	order := make([]int32, len(cs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int {
		a, b := &keys[i], &keys[j]
		if a.bucket != b.bucket {
			return a.bucket - b.bucket
		}
		if a.date == b.date {
			if a.bucket == 0 && a.time != b.time {
				if timeLess(a.time, b.time) {
					return -1
				}
				return 1
			}
			return 0
		}
		if a.bucket == 0 {
			if a.date.Before(b.date) {
				return -1
			}
			return 1
		}
		// Latest first; no date (NULL) first of all.
		switch {
		case a.date.IsZero():
			return -1
		case b.date.IsZero():
			return 1
		case b.date.Before(a.date):
			return -1
		}
		return 1
	})
	out := make([]Case, len(cs))
	for k, i := range order {
		out[k] = cs[i]
	}
	return out
}

// readEntries runs query, a statement of entryColumns; with paidUntil, it
// is reportEntries' outer join from the account, whose rows without a
// sitting or a case in scope are no entries. found is whether any row came.
func readEntries(ctx context.Context, db *ent.Client, query string, args []any, paidUntil *sql.NullTime) (_ []Entry, found bool, _ error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	out := []Entry{}
	var (
		sit                  Sitting
		cs                   caseScan
		attended, assignedBy uuid.NullUUID
		assigned             []uuid.UUID
	)
	dest := append([]any{&sit.ID, &sit.Kind, &sit.Date, &sit.Time, &sit.Outcome, &sit.ClientName, &sit.CreatedAt, &attended, &assignedBy}, cs.dest()...)
	if paidUntil != nil {
		dest = append([]any{paidUntil}, orZero(dest)...)
	}
	for rows.Next() {
		sit, cs = Sitting{}, caseScan{}
		if err := rows.Scan(dest...); err != nil {
			return nil, false, err
		}
		found = true
		if sit.ID == uuid.Nil || cs.c.ID == uuid.Nil {
			continue // the report's account row without a sitting, or a colleague's sitting not shared
		}
		c, err := cs.result()
		if err != nil {
			return nil, false, err
		}
		sit.CaseRef = c.ID
		sit.CreatedAt = sit.CreatedAt.UTC()
		if attended.Valid {
			sit.AttendedBy, sit.AssignedBy = attended.UUID, assignedBy.UUID
			assigned = append(assigned, attended.UUID, assignedBy.UUID)
		}
		out = append(out, Entry{Case: c, Sitting: sit})
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	out = sortEntries(out)
	if len(assigned) > 0 {
		// Only a firm's assigned sittings pay for this second query.
		name, err := names(ctx, db, assigned)
		if err != nil {
			return nil, false, err
		}
		for i := range out {
			st := &out[i].Sitting
			st.AttendedByName, st.AssignedByName = name[st.AttendedBy], name[st.AssignedBy]
		}
	}
	return out, found, nil
}

// orZero wraps scan destinations so that NULL, which an outer join answers
// for the columns of a missing row, scans as their zero value.
func orZero(dest []any) []any {
	out := make([]any, len(dest))
	for i, d := range dest {
		out[i] = zeroOnNull{d}
	}
	return out
}

type zeroOnNull struct{ dst any }

func (z zeroOnNull) Scan(src any) error {
	if src == nil {
		return nil // the caller reset the destination before the row
	}
	switch d := z.dst.(type) {
	case sql.Scanner:
		return d.Scan(src)
	case *string:
		return scanInto(d, src)
	case *bool:
		return scanInto(d, src)
	case *time.Time:
		return scanInto(d, src)
	default:
		return fmt.Errorf("scan into %T", d)
	}
}

// scanInto converts src into d as database/sql would.
func scanInto[T any](d *T, src any) error {
	var n sql.Null[T]
	if err := n.Scan(src); err != nil {
		return err
	}
	*d = n.V
	return nil
}

// ownFirst orders the cases a viewer may see by a number: the viewer's own
// first, then a colleague's, lowest id first, so that every read by the
// number (the case, its activities) answers the same one case.
func ownFirst(viewer uuid.UUID) []entsql.Querier {
	return []entsql.Querier{
		entsql.ExprFunc(func(b *entsql.Builder) {
			b.WriteString(cc(courtcase.FieldOwnerID) + " = ")
			b.Arg(viewer)
			b.WriteString(" DESC")
		}),
		entsql.Expr(cc(courtcase.FieldID)),
	}
}

// activities answers the owner's case numbered number, or the one with
// internal id ref when ref is set, (its id, number and court) with its
// sittings newest first: one statement, the case left-joined
// to its sittings, so that no row is a case not found. A sitting keeps the
// client it was written with; one written before a client was linked (an
// import, a case typed in first) shows the first of the case's clients the
// owner has, by name, which only those rows pay for.
func (s *Service) activities(ctx context.Context, owner uuid.UUID, number string, ref uuid.UUID) (Case, []Sitting, error) {
	read := "activities"
	if ref != uuid.Nil {
		read = "activities by id"
	}
	query, args, err := statementFor(shape{read: read}, values{viewer: owner, caseNumber: number, id: ref}, func(in values) (string, []any) {
		a := ac
		client := entsql.ExprFunc(func(b *entsql.Builder) {
			b.WriteString("CASE WHEN " + a(activity.FieldClientName) + " = '' THEN (SELECT lc.\"" + lawclient.FieldFullname + "\"" +
				` FROM "` + lawclient.Table + `" lc JOIN "` + courtcase.ClientsTable + `" l ON l."` + courtcase.ClientsPrimaryKey[0] + `" = lc."id"` +
				` WHERE lc."owner_id" = `)
			b.Arg(in.viewer)
			b.WriteString(` AND l."` + courtcase.ClientsPrimaryKey[1] + `" = ` + cc(courtcase.FieldID) +
				` ORDER BY lc."` + lawclient.FieldFullname + `", lc."id" LIMIT 1) ELSE ` + a(activity.FieldClientName) + " END")
		})
		sel := entsql.Dialect(dialect.Postgres).Select(cc(courtcase.FieldID), cc(courtcase.FieldCaseID), cc(courtcase.FieldLawCourt),
			a(activity.FieldID), a(activity.FieldActivity), a(activity.FieldActivityDate), a(activity.FieldTime),
			a(activity.FieldOutcome), a(activity.FieldCreatedAt)).
			From(caseT()).
			LeftJoin(actT()).OnP(entsql.And(entsql.ColumnsEQ(a(activity.FieldCaseRef), cc(courtcase.FieldID)), sittingPred(sittingScope(in.viewer))))
		sel.AppendSelectExpr(client)
		scope(in.viewer)(sel)
		if read == "activities by id" {
			courtcase.ID(in.id)(sel)
		} else {
			courtcase.CaseID(in.caseNumber)(sel)
		}
		// One case (ownFirst; the rows of any other are skipped below), its sittings newest
		// first: the reverse of SortActivities (unknown times last).
		sel.OrderExpr(ownFirst(in.viewer)...)
		sel.OrderBy(entsql.Desc(a(activity.FieldActivityDate)), a(activity.FieldTime)+" = '' DESC", entsql.Desc(a(activity.FieldTime)))
		return sel.Query()
	})
	if err != nil {
		return Case{}, nil, errs.Internal(err)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return Case{}, nil, errs.Internal(fmt.Errorf("list activities of case %q of %s: %w", number, owner, err))
	}
	defer rows.Close()
	var (
		c     Case
		found bool
		out   = []Sitting{}
	)
	for rows.Next() {
		var (
			row                           Case
			id                            uuid.NullUUID
			kind, tm, outcome, clientName sql.NullString
			date                          civil.Date
			created                       sql.NullTime
		)
		if err := rows.Scan(&row.ID, &row.CaseID, &row.LawCourt, &id, &kind, &date, &tm, &outcome, &created, &clientName); err != nil {
			return Case{}, nil, errs.Internal(fmt.Errorf("read activities of case %q of %s: %w", number, owner, err))
		}
		if found && row.ID != c.ID {
			break // a colleague's case of the same number
		}
		c, found = row, true
		if !id.Valid {
			continue // the case has no sittings
		}
		out = append(out, Sitting{ID: id.UUID, CaseRef: c.ID, Kind: kind.String, Date: date, Time: tm.String,
			Outcome: outcome.String, ClientName: clientName.String, CreatedAt: created.Time.UTC()})
	}
	if err := rows.Err(); err != nil {
		return Case{}, nil, errs.Internal(fmt.Errorf("read activities of case %q of %s: %w", number, owner, err))
	}
	if !found {
		return Case{}, nil, errs.NotFound(MsgNotFound)
	}
	return c, out, nil
}
