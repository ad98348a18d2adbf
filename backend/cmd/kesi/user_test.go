package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/user"
)

func TestUserAdd(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	var out bytes.Buffer
	err := addUser(ctx, srv.App, []string{"--email", "Mod@Example.co.ke", "--fullname", "Wanjiku Mwangi", "--role", "moderator"}, strings.NewReader("court-2025\n"), &out)
	if err != nil {
		t.Fatal(err)
	}
	u := srv.DB().User.Query().Where(user.Email("mod@example.co.ke")).OnlyX(ctx)
	if u.Role != user.RoleModerator || u.Fullname != "Wanjiku Mwangi" {
		t.Fatalf("added %v", u)
	}
	if ok, _ := auth.CheckPassword("court-2025", u.PasswordHash); !ok {
		t.Fatal("the password read from standard input does not sign in")
	}
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"--email", "a@example.co.ke", "--fullname", "Ann B", "--role", "demo"}, "court-2025\n", "--role must be"},
		{[]string{"--email", "a@example.co.ke", "--fullname", "Ann B"}, "short\n", "Password must be at least 6 characters."},
		{[]string{"--email", "a@", "--fullname", "Ann B"}, "court-2025\n", "Please enter a valid email address."},
		{[]string{"--email", "MOD@example.co.ke", "--fullname", "Ann B"}, "court-2025\n", "An account with this email already exists."},
	} {
		err := addUser(ctx, srv.App, tc.args, strings.NewReader(tc.stdin), &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("user add %v: %v, want %q", tc.args, err, tc.want)
		}
	}
}
