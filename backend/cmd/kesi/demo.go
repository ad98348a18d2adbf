package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"entgo.io/ent/dialect"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/demo"
)

// demoReset restores the demo account's diary: `kesi demo reset`.
func demoReset(ctx context.Context, a *app.App, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("demo reset takes no arguments")
	}
	if err := a.Migrate(ctx); err != nil {
		return err
	}
	if err := a.ResetDemo(ctx); err != nil {
		return err
	}
	fmt.Println("demo diary restored for", a.Calendar.Today())
	return nil
}

// demoSeed writes bulk data for load tests and benchmarks:
// `kesi demo seed --lawyers N --cases M`.
func demoSeed(ctx context.Context, a *app.App, args []string) error {
	return seedDemo(ctx, a, args, os.Stdout)
}

func seedDemo(ctx context.Context, a *app.App, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("demo seed", flag.ContinueOnError)
	lawyers := fs.Int("lawyers", 10, "lawyers to create")
	perLawyer := fs.Int("cases", 100, "cases per lawyer")
	prefix := fs.String("prefix", "lawyer", "e-mail prefix of the lawyers (PREFIX-00000@seed.kesi.test)")
	seed := fs.Uint64("seed", 1, "random seed, for a reproducible data set")
	password := fs.String("password", "", "password of every seeded lawyer (hashed once with argon2id); empty: they cannot sign in")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("demo seed: unexpected argument %q", fs.Arg(0))
	}
	if *lawyers < 1 || *perLawyer < 1 {
		return fmt.Errorf("demo seed: --lawyers and --cases must be at least 1")
	}
	if err := a.Migrate(ctx); err != nil {
		return err
	}
	var hash string
	if *password != "" {
		if err := auth.ValidatePassword("password", *password); err != nil {
			return fmt.Errorf("demo seed: %w", err)
		}
		// One hash for every lawyer: argon2id is deliberately slow, and a
		// thousand of them would dominate the run.
		var err error
		if hash, err = auth.HashPassword(*password, auth.DefaultPasswordParams); err != nil {
			return fmt.Errorf("demo seed: hash password: %w", err)
		}
	}
	workers := 1 // SQLite has one writer
	if a.DB.Dialect == dialect.Postgres {
		workers = 8
	}
	start := time.Now()
	err := demo.Seed(ctx, a.DB.Client, a.Calendar.Today(), demo.SeedOptions{
		Lawyers: *lawyers, Cases: *perLawyer, Workers: workers, Seed: *seed, EmailPrefix: *prefix,
		PaidUntil: a.Calendar.Now().AddDate(1, 0, 0), PasswordHash: hash,
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seeded %d lawyers x %d cases in %s\n", *lawyers, *perLawyer, time.Since(start).Round(time.Millisecond))
	return nil
}
