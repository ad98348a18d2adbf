package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/reminders"
)

// jobsRunReminders runs the reminders job now, under its lock, as the
// scheduler does: `kesi jobs run reminders [--at RFC3339]`. --at runs it as
// if it were that instant (to send a digest that a stopped server missed,
// or to try a day's digests); a message already recorded is not sent again.
func jobsRunReminders(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("jobs run reminders", flag.ContinueOnError)
	at := fs.String("at", "", "run as of this instant, RFC 3339 (default: now)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("jobs run reminders: unexpected argument %q", fs.Arg(0))
	}
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return fmt.Errorf("jobs run reminders: --at: %w", err)
		}
		ctx = reminders.WithAt(ctx, t)
	}
	return a.Jobs.RunOnce(ctx, "reminders")
}
