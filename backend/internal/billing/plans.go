package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/plan"
)

// Plan is a plan as subscribers see it and operators and the seeder
// describe it; the price is in minor units of its currency.
type Plan struct {
	ID           string
	Name         string
	PriceMinor   int64
	Currency     string
	DurationDays int
	Active       bool
	SortOrder    int
}

// DefaultPlans are seeded at migrate when missing: a month, a quarter and a
// year in Kenya shillings, the longer ones cheaper per month.
var DefaultPlans = []Plan{
	{ID: "monthly", Name: "Monthly", PriceMinor: 1_500_00, Currency: "KES", DurationDays: 30, Active: true, SortOrder: 1},
	{ID: "quarterly", Name: "Quarterly", PriceMinor: 4_000_00, Currency: "KES", DurationDays: 90, Active: true, SortOrder: 2},
	{ID: "yearly", Name: "Yearly", PriceMinor: 15_000_00, Currency: "KES", DurationDays: 365, Active: true, SortOrder: 3},
}

// SeedPlans inserts each default plan whose id is missing. A plan that
// exists is left as an operator made it: price, name, duration and whether
// it is on sale are theirs to change (`kesi plans set`), and an operator
// withdraws a plan by deactivating it, not by deleting it.
func SeedPlans(ctx context.Context, db *ent.Client) error {
	for _, p := range DefaultPlans {
		err := db.Plan.Create().
			SetID(p.ID).
			SetName(p.Name).
			SetPriceMinor(p.PriceMinor).
			SetCurrency(p.Currency).
			SetDurationDays(p.DurationDays).
			SetActive(p.Active).
			SetSortOrder(p.SortOrder).
			OnConflictColumns(plan.FieldID).
			DoNothing().
			Exec(ctx)
		if err != nil && !isNoRows(err) {
			return fmt.Errorf("seed plan %s: %w", p.ID, err)
		}
	}
	return nil
}

// ListPlans answers the plans on sale, in their display order.
func ListPlans(ctx context.Context, db *ent.Client) ([]Plan, error) {
	plans, err := db.Plan.Query().
		Where(plan.Active(true)).
		Order(ent.Asc(plan.FieldSortOrder), ent.Asc(plan.FieldID)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list plans: %w", err))
	}
	return plansOf(plans), nil
}

// AllPlans answers every plan, on sale or not, for operators.
func AllPlans(ctx context.Context, db *ent.Client) ([]Plan, error) {
	plans, err := db.Plan.Query().Order(ent.Asc(plan.FieldSortOrder), ent.Asc(plan.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list plans: %w", err)
	}
	return plansOf(plans), nil
}

// plansOf converts the plans' rows: the rows stay inside this package.
func plansOf(rows []*ent.Plan) []Plan {
	out := make([]Plan, len(rows))
	for i, r := range rows {
		out[i] = Plan{ID: r.ID, Name: r.Name, PriceMinor: r.PriceMinor, Currency: r.Currency,
			DurationDays: r.DurationDays, Active: r.Active, SortOrder: r.SortOrder}
	}
	return out
}

// SetPlan creates or changes a plan. Payments already started keep the price
// and duration they were started with.
func SetPlan(ctx context.Context, db *ent.Client, p Plan) error {
	p.ID = strings.TrimSpace(p.ID)
	p.Currency = strings.ToUpper(strings.TrimSpace(p.Currency))
	switch {
	case p.ID == "" || len(p.ID) > 40:
		return errs.Invalid("id", "A plan needs an id of 1 to 40 characters.")
	case strings.TrimSpace(p.Name) == "":
		return errs.Invalid("name", "A plan needs a name.")
	case p.PriceMinor <= 0:
		return errs.Invalid("price", "A plan's price must be more than zero.")
	case len(p.Currency) != 3:
		return errs.Invalid("currency", "The currency must be a three-letter code such as KES.")
	case p.DurationDays <= 0:
		return errs.Invalid("duration", "A plan must last at least one day.")
	}
	err := db.Plan.Create().
		SetID(p.ID).
		SetName(strings.TrimSpace(p.Name)).
		SetPriceMinor(p.PriceMinor).
		SetCurrency(p.Currency).
		SetDurationDays(p.DurationDays).
		SetActive(p.Active).
		SetSortOrder(p.SortOrder).
		OnConflictColumns(plan.FieldID).
		UpdateNewValues().
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("set plan %s: %w", p.ID, err)
	}
	return nil
}

// isNoRows is ent's answer to an upsert that did nothing on some dialects.
func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
