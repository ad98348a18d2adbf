package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/kesihq/kesi/backend/internal/app"
)

func serve(ctx context.Context, a *app.App, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("serve takes no arguments")
	}
	if !a.Config.Production() {
		if err := a.Migrate(ctx); err != nil {
			return err
		}
	}
	return a.Serve(ctx)
}

func migrate(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	dryRun := fs.Bool("dry-run", false, "print the migrations that would be applied, apply nothing")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("migrate takes no arguments")
	}
	if *dryRun {
		plan, err := a.DB.MigrationPlan(ctx)
		if err != nil {
			return err
		}
		if len(plan) == 0 {
			fmt.Println("schema is up to date on", a.DB.Dialect, "; nothing to apply")
			return nil
		}
		for _, m := range plan {
			fmt.Printf("-- %s\n", m.Name)
			for _, stmt := range m.Stmts {
				fmt.Println(strings.TrimSpace(stmt))
			}
		}
		fmt.Printf("-- %d migration(s) would be applied on %s\n", len(plan), a.DB.Dialect)
		return nil
	}
	if err := a.Migrate(ctx); err != nil {
		return err
	}
	fmt.Println("schema is up to date on", a.DB.Dialect)
	return nil
}
