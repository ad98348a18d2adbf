package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/errs"
)

func affiliateService(a *app.App) *affiliates.Service {
	return affiliates.NewService(a.DB.Client, a.Calendar, a.Config.PublicURL.String())
}

// affiliatesPay marks an affiliate's pending commissions of a month paid,
// once the operator has sent the money: `kesi affiliates pay --affiliate
// EMAIL --month YYYY-MM`.
func affiliatesPay(ctx context.Context, a *app.App, args []string) error {
	return payAffiliate(ctx, a, args, os.Stdout)
}

func payAffiliate(ctx context.Context, a *app.App, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("affiliates pay", flag.ContinueOnError)
	email := fs.String("affiliate", "", "the affiliate's e-mail address (required)")
	month := fs.String("month", "", "the month earned, YYYY-MM (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" || fs.NArg() > 0 {
		return fmt.Errorf("usage: kesi affiliates pay --affiliate EMAIL --month YYYY-MM")
	}
	m, err := affiliates.ParseMonth(*month)
	if err != nil {
		return fmt.Errorf("affiliates pay: --month: %w", err)
	}
	n, err := affiliateService(a).MarkPaid(ctx, *email, m)
	if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
		return fmt.Errorf("affiliates pay: %s", e.Message)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d commission(s) of %s for %s marked paid\n", n, m, *email)
	return nil
}

// jobsRunCommissions credits a month's commissions now: `kesi jobs run
// commissions [--month YYYY-MM]`, by default the last complete month, as
// the scheduled job does. Safe to repeat.
func jobsRunCommissions(ctx context.Context, a *app.App, args []string) error {
	return runCommissions(ctx, a, args, os.Stdout)
}

func runCommissions(ctx context.Context, a *app.App, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("jobs run commissions", flag.ContinueOnError)
	month := fs.String("month", "", "the month to credit, YYYY-MM (default: last month)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("jobs run commissions: unexpected argument %q", fs.Arg(0))
	}
	m := affiliates.MonthOf(a.Calendar.Now(), a.Calendar.Location).Previous()
	if *month != "" {
		var err error
		if m, err = affiliates.ParseMonth(*month); err != nil {
			return fmt.Errorf("jobs run commissions: --month: %w", err)
		}
	}
	n, err := affiliateService(a).CreditMonth(ctx, m)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d commission(s) credited for %s\n", n, m)
	return nil
}
