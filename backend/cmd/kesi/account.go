package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"time"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/notify"
)

// jobsRunErasure runs the erasure job now, under its lock, as the scheduler
// does: `kesi jobs run erasure [--at RFC3339]`. --at runs it as if it were
// that instant (an erasure that must not wait for the next hourly run); an
// account part-erased by an interrupted run is finished.
func jobsRunErasure(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("jobs run erasure", flag.ContinueOnError)
	at := fs.String("at", "", "run as of this instant, RFC 3339 (default: now)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("jobs run erasure: unexpected argument %q", fs.Arg(0))
	}
	if *at != "" {
		t, err := time.Parse(time.RFC3339, *at)
		if err != nil {
			return fmt.Errorf("jobs run erasure: --at: %w", err)
		}
		ctx = account.WithAt(ctx, t)
	}
	if err := a.Check(ctx); err != nil {
		return err
	}
	return a.Jobs.RunOnce(ctx, "erasure")
}

// usersNotify e-mails a prepared notice (a breach notice, see
// docs/incident-response.md) to the accounts listed in a file: `kesi users
// notify --template FILE --emails FILE [--dry-run]`.
func usersNotify(ctx context.Context, a *app.App, args []string) error {
	mailer, err := notify.New(a.Config.SMTPURL, a.Config.DataDir, slog.Default())
	if err != nil {
		return err
	}
	return notifyUsers(ctx, a, mailer, args, os.Stdout)
}

func notifyUsers(ctx context.Context, a *app.App, mailer notify.Mailer, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("users notify", flag.ContinueOnError)
	tmpl := fs.String("template", "", "the notice: a \"Subject: ...\" line, a blank line, the body; {{name}} and {{email}} are filled in (required)")
	emails := fs.String("emails", "", "the accounts' e-mail addresses, one a line (required)")
	dry := fs.Bool("dry-run", false, "only list whom it would send to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *tmpl == "" || *emails == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: kesi users notify --template FILE --emails FILE [--dry-run]")
	}
	text, err := os.ReadFile(*tmpl)
	if err != nil {
		return fmt.Errorf("users notify: %w", err)
	}
	n, err := account.ParseNotice(string(text))
	if err != nil {
		return fmt.Errorf("users notify: --template %s: %w", *tmpl, err)
	}
	f, err := os.Open(*emails)
	if err != nil {
		return fmt.Errorf("users notify: %w", err)
	}
	defer f.Close()
	list, err := account.ParseEmails(f)
	if err != nil {
		return fmt.Errorf("users notify: --emails %s: %w", *emails, err)
	}
	res := a.Account.Notify(ctx, mailer, n, list, *dry)
	verb := "sent"
	if *dry {
		verb = "would send"
	}
	for _, e := range res.Sent {
		fmt.Fprintf(out, "%s: %s\n", verb, e)
	}
	for _, e := range res.Unknown {
		fmt.Fprintf(out, "no account: %s\n", e)
	}
	failed := make([]string, 0, len(res.Failed))
	for e := range res.Failed {
		failed = append(failed, e)
	}
	sort.Strings(failed)
	for _, e := range failed {
		fmt.Fprintf(out, "failed: %s: %v\n", e, res.Failed[e])
	}
	fmt.Fprintf(out, "%d %s, %d without an account, %d failed\n", len(res.Sent), verb, len(res.Unknown), len(failed))
	if len(failed) > 0 {
		return fmt.Errorf("users notify: %d notices failed; run again with the failed addresses", len(failed))
	}
	return nil
}
