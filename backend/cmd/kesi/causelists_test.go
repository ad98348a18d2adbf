package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/testkit"
)

func TestCauseListsImport(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	list := filepath.Join("..", "..", "internal", "causelists", "testdata", "381d39b1959c3e06e5055b20e59e2875.txt")
	notList := filepath.Join(t.TempDir(), "minutes.txt")
	if err := os.WriteFile(notList, []byte("Minutes of the court users committee"), 0o600); err != nil {
		t.Fatal(err)
	}
	// One good file, the same again, one that is no list and one missing:
	// the good one is stored once and the command says two failed.
	err := causeListsImport(ctx, srv.App, []string{list, list, notList, "/no/such/list.pdf"})
	if err == nil || !strings.Contains(err.Error(), "2 of 4 files not imported") {
		t.Fatalf("import: %v", err)
	}
	ls := srv.DB().CauseList.Query().AllX(ctx)
	if len(ls) != 1 || ls[0].Rows != 19 || !ls[0].Published || ls[0].Source != "import" {
		t.Fatalf("stored %+v", ls)
	}
	if err := causeListsImport(ctx, srv.App, nil); err == nil {
		t.Error("no files: no error")
	}
}
