package main

import (
	"context"
	"fmt"

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
	if len(args) > 0 {
		return fmt.Errorf("migrate takes no arguments")
	}
	if err := a.Migrate(ctx); err != nil {
		return err
	}
	fmt.Println("schema is up to date on", a.DB.Dialect)
	return nil
}
