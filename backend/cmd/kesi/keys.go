package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kesihq/kesi/backend/internal/app"
)

func keysRewrap(ctx context.Context, a *app.App, args []string) error {
	return rewrapKeys(ctx, a, args, os.Stdout)
}

// rewrapKeys re-wraps every document's data key under KESI_MASTER_KEY and
// says how many it moved; it fails when some documents stay unreadable, so
// that nobody retires a key they still need.
func rewrapKeys(ctx context.Context, a *app.App, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("keys rewrap", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("usage: kesi keys rewrap")
	}
	if err := a.Check(ctx); err != nil {
		return err
	}
	r, err := a.Documents.Rewrap(ctx)
	fmt.Fprintf(out, "rewrapped %d documents; %d already under the current master key; %d under an unknown key; %d unreadable\n",
		r.Rewrapped, r.Current, r.Unknown, r.Failed)
	if err != nil {
		return fmt.Errorf("rewrap stopped (run it again to resume): %w", err)
	}
	if n := r.Unknown + r.Failed; n > 0 {
		return fmt.Errorf("%d documents could not be rewrapped (e.g. %v): keep every key in KESI_MASTER_KEY_PREVIOUS until they are", n, r.Unreadable)
	}
	fmt.Fprintln(out, "every document is under the current master key: the previous keys may be removed from KESI_MASTER_KEY_PREVIOUS")
	return nil
}
