package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/errs"
)

// causeListsImport stores published lists an operator has as files. Each
// file is taken or refused on its own; the command fails if any was refused.
func causeListsImport(ctx context.Context, a *app.App, args []string) error {
	fs := flag.NewFlagSet("causelists import", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("usage: kesi causelists import FILE...")
	}
	var failed []error
	for _, name := range fs.Args() {
		data, err := readList(name)
		if err != nil {
			failed = append(failed, err)
			fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
			continue
		}
		l, created, err := a.CauseLists.Ingest(ctx, data, causelists.Source{Kind: causelists.SourceImport, FileName: filepath.Base(name)})
		if err != nil {
			if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
				err = errors.New(e.Message)
			}
			failed = append(failed, fmt.Errorf("%s: %w", name, err))
			fmt.Fprintf(os.Stderr, "%s: refused: %v\n", name, err)
			continue
		}
		state := "stored"
		if !created {
			state = "already stored"
		}
		fmt.Printf("%s: %s, %s, %s to %s, %d matters\n", name, state, l.Court, l.FirstDate, l.LastDate, l.Rows)
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d files not imported", len(failed), fs.NArg())
	}
	return nil
}

func readList(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if st.Size() > causelists.MaxFileBytes {
		return nil, fmt.Errorf("larger than %d MB", causelists.MaxFileBytes>>20)
	}
	return os.ReadFile(name)
}
