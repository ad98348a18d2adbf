package testkit

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lib/pq"
)

// ExplainPrepared answers the Postgres plan that query, prepared on c as the
// server prepares its reads, runs with args: the generic plan on a
// connection of platform.OpenDB (its $n stay in the plan), not one made for
// the values, which EXPLAIN with arguments would show.
func ExplainPrepared(t testing.TB, c *sql.Conn, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	if _, err := c.ExecContext(ctx, "PREPARE kesi_explained AS "+query); err != nil {
		t.Fatalf("PREPARE %s: %v", query, err)
	}
	defer c.ExecContext(ctx, "DEALLOCATE kesi_explained")
	explain := "EXPLAIN EXECUTE kesi_explained"
	if len(args) > 0 {
		lits := make([]string, len(args))
		for i, a := range args {
			lits[i] = literal(t, a)
		}
		explain += "(" + strings.Join(lits, ", ") + ")"
	}
	rows, err := c.QueryContext(ctx, explain)
	if err != nil {
		t.Fatalf("%s for %s: %v", explain, query, err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		b.WriteString(line + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// literal is a statement argument as an SQL literal of unknown type, which
// Postgres reads as the type of the parameter it stands for.
func literal(t testing.TB, v any) string {
	if vl, ok := v.(driver.Valuer); ok {
		var err error
		if v, err = vl.Value(); err != nil {
			t.Fatal(err)
		}
	}
	switch x := v.(type) {
	case nil:
		return "NULL"
	case time.Time:
		return pq.QuoteLiteral(x.Format(time.RFC3339Nano))
	case []byte:
		return pq.QuoteLiteral(string(x))
	default:
		return pq.QuoteLiteral(fmt.Sprint(x))
	}
}
