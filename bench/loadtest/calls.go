package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"github.com/kesihq/kesi/ent/civil"
)

// user is one signed-in seeded lawyer and the rows the load reads for them.
type user struct {
	email    string
	id       string // users.id, the owner of every row below
	token    string // the access token, sent as a bearer
	caseID   string // a case number as the court writes it
	caseRef  string // that case's internal id
	document string // a 1 MiB document of that case
}

// days are the calendar dates the calls ask for, computed once per run in
// the courts' time zone like the server's own "today".
type days struct {
	today, monday, sunday, reportEnd civil.Date
}

func daysOf(today civil.Date) days {
	monday, sunday := civil.WeekOf(today)
	return days{today: today, monday: monday, sunday: sunday, reportEnd: today.AddDays(60)}
}

// call is one documented call of the mixed load (SPEC.md section 7) and its
// floor: the SQL a hand-written server would run for the same answer,
// sent straight through database/sql and lib/pq with no HTTP, no auth and
// no ent.
type call struct {
	name  string
	path  func(u *user, d days) string
	floor func(ctx context.Context, db *sql.DB, u *user, d days) error
	note  string // what the floor leaves out, printed under the table
}

// Column lists of the floors: every column the answers carry (the REST
// door's documented case has no client ids, so no floor reads them).
const (
	caseCols  = "c.id, c.case_id, c.parties, c.law_court, c.filing_date, c.activity_date, c.status, c.notes, c.case_type, c.activity_time, c.mark_updated, c.activity_kind"
	entryCols = "a.id, a.activity, a.activity_date, a.time, " + caseCols
	// clientNameCol is an activity's client name: the one it was written
	// with, else the case's first client by name, as the answer shows it.
	clientNameCol = "CASE WHEN a.client_name = '' THEN (SELECT lc.fullname FROM law_clients lc JOIN law_client_cases lcc ON lcc.law_client_id = lc.id" +
		" WHERE lc.owner_id = c.owner_id AND lcc.court_case_id = c.id ORDER BY lc.fullname LIMIT 1) ELSE a.client_name END"
)

// doorCall is no read call: the server's cheapest answer, through the same
// middleware as every call, measured beside the floors for the bound it
// sets on every ratio (what HTTP alone costs the machine).
var doorCall = call{
	name: "the HTTP door alone (/healthz)",
	path: func(*user, days) string { return "/healthz" },
}

// downloadCall is the one call whose answer is a file, checked for its size.
const downloadCall = "document download (1 MiB)"

// calls is the mix, in the order a lawyer's visit makes them: the
// dashboard (today and this week), the case list, one case with its
// activities, the notifications, the report window and a document.
var calls = []call{
	{
		name: "dashboard: today",
		path: func(u *user, d days) string { return "/api/caseschedule/scheduled?date=" + d.today.String() },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+entryCols+" FROM activities a JOIN court_cases c ON c.id = a.case_ref"+
				" WHERE a.owner_id = $1 AND a.activity_date = $2::date ORDER BY a.time, c.case_id", u.id, d.today.String())
		},
	},
	{
		name: "dashboard: this week",
		path: func(u *user, d days) string { return "/api/cases/week" },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+entryCols+" FROM activities a JOIN court_cases c ON c.id = a.case_ref"+
				" WHERE a.owner_id = $1 AND a.activity_date BETWEEN $2::date AND $3::date ORDER BY a.activity_date, a.time, c.case_id",
				u.id, d.monday.String(), d.sunday.String())
		},
	},
	{
		name: "case list (all cases)",
		path: func(u *user, d days) string { return "/api/cases" },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+caseCols+" FROM court_cases c"+
				" WHERE c.owner_id = $1 ORDER BY c.created_at DESC, c.case_id", u.id)
		},
	},
	{
		name: "case by case number",
		path: func(u *user, d days) string { return "/api/cases/case/" + url.PathEscape(u.caseID) },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+caseCols+" FROM court_cases c"+
				" WHERE c.owner_id = $1 AND c.case_id = $2", u.id, u.caseID)
		},
	},
	{
		name: "activities of the case",
		path: func(u *user, d days) string { return "/api/activities/case?caseid=" + url.QueryEscape(u.caseID) },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT a.id, a.activity, a.activity_date, a.time, a.outcome, "+clientNameCol+", c.case_id, c.law_court"+
				" FROM activities a JOIN court_cases c ON c.id = a.case_ref"+
				" WHERE c.owner_id = $1 AND c.case_id = $2 ORDER BY a.activity_date DESC, a.time DESC", u.id, u.caseID)
		},
	},
	{
		name: "cases needing update",
		path: func(u *user, d days) string { return "/api/cases-needing-update" },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+caseCols+" FROM court_cases c"+
				" WHERE c.owner_id = $1 AND c.latest_activity_date < $2::date AND NOT c.latest_done AND NOT c.concluded"+
				" ORDER BY c.latest_activity_date DESC, c.case_id",
				u.id, d.today.String())
		},
	},
	{
		name: "report window (60 days)",
		path: func(u *user, d days) string {
			return "/api/casebetween/cases-between?start=" + d.today.String() + "&end=" + d.reportEnd.String()
		},
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT "+entryCols+" FROM activities a JOIN court_cases c ON c.id = a.case_ref"+
				" WHERE a.owner_id = $1 AND a.activity_date BETWEEN $2::date AND $3::date ORDER BY a.activity_date, a.time, c.case_id",
				u.id, d.today.String(), d.reportEnd.String())
		},
	},
	{
		name: downloadCall,
		path: func(u *user, d days) string { return "/api/files/download/" + u.document + "?download=1" },
		floor: func(ctx context.Context, db *sql.DB, u *user, d days) error {
			return drain(ctx, db, "SELECT id, title, content_type, size_bytes, sha256, blob_key, wrapped_key, key_id, chunk_size"+
				" FROM documents WHERE id = $1 AND owner_id = $2", u.document, u.id)
		},
		note: "the download's floor is its metadata row only: reading and decrypting the 1 MiB blob has no SQL equivalent",
	},
}

// drain runs query and reads every row and column to the end, as a server
// must before it can answer.
// prepared holds the floors' statements, prepared once (database/sql
// prepares each again on a connection that has not seen it): Kesi prepares
// its hand-written reads, and a floor that planned every query afresh would
// be a floor no hand-written server need stand on.
var prepared sync.Map // query text -> *sql.Stmt

func prepare(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	if st, ok := prepared.Load(query); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if was, loaded := prepared.LoadOrStore(query, st); loaded {
		st.Close()
		return was.(*sql.Stmt), nil
	}
	return st, nil
}

func drain(ctx context.Context, db *sql.DB, query string, args ...any) error {
	st, err := prepare(ctx, db, query)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.SplitN(query, " FROM ", 2)[0], err)
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.SplitN(query, " FROM ", 2)[0], err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]sql.RawBytes, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
	}
	return rows.Err()
}
