package main

import (
	"context"
	"flag"
	"fmt"

	"github.com/kesihq/kesi/backend/internal/app"
)

func jobsList(ctx context.Context, a *app.App, args []string) error {
	for _, j := range a.Jobs.Jobs() {
		fmt.Printf("%-20s every %s\n", j.Name, j.Every)
	}
	return nil
}

func jobsRun(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("jobs run", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: kesi jobs run NAME")
	}
	if err := a.Check(ctx); err != nil {
		return err
	}
	return a.Jobs.RunOnce(ctx, fs.Arg(0))
}
