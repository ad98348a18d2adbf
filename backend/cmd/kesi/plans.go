package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/errs"
)

// plansList prints every plan, on sale or not: `kesi plans list`.
func plansList(ctx context.Context, a *app.App, args []string) error {
	return listPlans(ctx, a, os.Stdout)
}

func listPlans(ctx context.Context, a *app.App, out io.Writer) error {
	plans, err := billing.AllPlans(ctx, a.DB.Client)
	if err != nil {
		return err
	}
	for _, p := range plans {
		state := "on sale"
		if !p.Active {
			state = "withdrawn"
		}
		fmt.Fprintf(out, "%-12s %-16s %16s %4d days  order %d  %s\n",
			p.ID, p.Name, billing.FormatMoney(p.PriceMinor, p.Currency), p.DurationDays, p.SortOrder, state)
	}
	return nil
}

// plansSet creates or changes a plan: `kesi plans set --id monthly --name
// Monthly --price 1500 --duration 30`. Migrate never overwrites it.
func plansSet(ctx context.Context, a *app.App, args []string) error {
	return setPlan(ctx, a, args, os.Stdout)
}

func setPlan(ctx context.Context, a *app.App, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("plans set", flag.ContinueOnError)
	id := fs.String("id", "", "stable plan id, e.g. monthly (required)")
	name := fs.String("name", "", "name shown to customers (required)")
	price := fs.String("price", "", "price in major units, e.g. 1500 or 1499.50 (required)")
	currency := fs.String("currency", "KES", "ISO 4217 currency code")
	duration := fs.Int("duration", 0, "days of access one payment buys (required)")
	order := fs.Int("order", 0, "position in the plans list")
	withdrawn := fs.Bool("withdrawn", false, "take the plan off sale (payments already made keep their terms)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("plans set: unexpected argument %q", fs.Arg(0))
	}
	minor, err := parseMajor(*price)
	if err != nil {
		return fmt.Errorf("plans set: --price: %w", err)
	}
	err = billing.SetPlan(ctx, a.DB.Client, billing.Plan{
		ID: *id, Name: *name, PriceMinor: minor, Currency: *currency,
		DurationDays: *duration, Active: !*withdrawn, SortOrder: *order,
	})
	if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
		return fmt.Errorf("plans set: %s", e.Message)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "plan %s saved\n", *id)
	return nil
}

// parseMajor reads an amount in major units ("1500", "1,500", "1499.5",
// "1499.50") as minor units, exactly: no floating point.
func parseMajor(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || (hasFrac && (frac == "" || len(frac) > 2)) {
		return 0, errors.New("write an amount such as 1500 or 1499.50")
	}
	for _, part := range []string{whole, frac} {
		for _, r := range part {
			if r < '0' || r > '9' {
				return 0, errors.New("write an amount such as 1500 or 1499.50")
			}
		}
	}
	if len(whole) > 12 {
		return 0, errors.New("the amount is too large")
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, err
	}
	cents := int64(0)
	if frac != "" {
		if len(frac) == 1 {
			frac += "0"
		}
		cents, _ = strconv.ParseInt(frac, 10, 64)
	}
	return n*100 + cents, nil
}
