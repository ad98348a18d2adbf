package platform

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// The hand-written reads' statements are prepared once and then reused;
// past the bound, a new text is still answered, unprepared.
func TestQueryContextPreparesOnce(t *testing.T) {
	ctx := context.Background()
	db, err := OpenDB(ctx, "", filepath.Join(t.TempDir(), "kesi.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	one := func(query string, arg int) int {
		t.Helper()
		rows, err := db.Client.QueryContext(ctx, query, arg)
		if err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		defer rows.Close()
		var n int
		for rows.Next() {
			if err := rows.Scan(&n); err != nil {
				t.Fatal(err)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i := range 3 {
		if got := one("SELECT $1 + 1", i); got != i+1 {
			t.Errorf("SELECT %d + 1 answered %d", i, got)
		}
	}
	if n := len(db.drv.stmts); n != 1 {
		t.Errorf("one statement run three times left %d prepared, want 1", n)
	}
	for i := range maxPrepared + 2 {
		if got := one(fmt.Sprintf("SELECT $1 + %d", i), 1); got != i+1 {
			t.Fatalf("SELECT 1 + %d answered %d", i, got)
		}
	}
	if n := len(db.drv.stmts); n != maxPrepared {
		t.Errorf("%d prepared, want the bound %d", n, maxPrepared)
	}
}
