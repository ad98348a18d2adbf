package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/ent/user"
)

func auditList(ctx context.Context, a *app.App, args []string) error {
	return listAudit(ctx, a, args, os.Stdout)
}

// listAudit prints audit events, oldest first, one a line: when (in the
// courts' time zone), what, whose account, from where, and the detail.
func listAudit(ctx context.Context, a *app.App, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("audit list", flag.ContinueOnError)
	email := fs.String("user", "", "only the events of this account (its e-mail address)")
	since := fs.String("since", "", "only events from then: a date (2026-01-31), a time (RFC 3339) or an age (7d, 36h)")
	limit := fs.Int("limit", 0, "at most this many events (0: all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("usage: kesi audit list [--user EMAIL] [--since DATE|TIME|AGE] [--limit N]")
	}
	q := auth.AuditQuery{Email: *email, Limit: *limit}
	if *since != "" {
		t, err := parseSince(*since, a.Calendar.Clock.Now(), a.Config.Location)
		if err != nil {
			return err
		}
		q.Since = t
	}
	events, err := auth.AuditEvents(ctx, a.DB.Client, q)
	if err != nil {
		return err
	}
	emails := map[uuid.UUID]string{}
	var ids []uuid.UUID
	for _, ev := range events {
		if ev.UserID != nil {
			ids = append(ids, *ev.UserID)
		}
	}
	if len(ids) > 0 {
		users, err := a.DB.Client.User.Query().Where(user.IDIn(ids...)).Select(user.FieldID, user.FieldEmail).All(ctx)
		if err != nil {
			return err
		}
		for _, u := range users {
			emails[u.ID] = u.Email
		}
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "TIME\tEVENT\tACCOUNT\tADDRESS\tDETAIL")
	for _, ev := range events {
		account := ev.Email
		if ev.UserID != nil && emails[*ev.UserID] != "" {
			account = emails[*ev.UserID]
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", ev.CreatedAt.In(a.Config.Location).Format("2006-01-02 15:04:05"),
			ev.Kind, dash(account), dash(ev.IP), strings.ReplaceAll(ev.Detail, "\n", " "))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(events) == 0 {
		fmt.Fprintln(out, "no audit events")
	}
	return nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// parseSince reads --since: a date in the courts' time zone, an RFC 3339
// time, or an age back from now (7d, 36h).
func parseSince(s string, now time.Time, loc *time.Location) (time.Time, error) {
	if t, err := time.ParseInLocation("2006-01-02", s, loc); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		if _, err := fmt.Sscanf(n, "%d", &days); err == nil && days >= 0 && fmt.Sprint(days) == n {
			return now.Add(-time.Duration(days) * 24 * time.Hour), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, fmt.Errorf("--since %q: want a date (2026-01-31), a time (2026-01-31T08:00:00+03:00) or an age (7d, 36h)", s)
}
