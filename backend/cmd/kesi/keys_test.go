package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/testkit"
)

func TestKeysRewrapSaysWhenThePreviousKeysMayGo(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	var out bytes.Buffer
	if err := rewrapKeys(context.Background(), srv.App, nil, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "rewrapped 0 documents") || !strings.Contains(out.String(), "may be removed") {
		t.Fatalf("keys rewrap printed %q", out.String())
	}
	if err := rewrapKeys(context.Background(), srv.App, []string{"extra"}, &out); err == nil {
		t.Fatal("keys rewrap took an argument")
	}
}
