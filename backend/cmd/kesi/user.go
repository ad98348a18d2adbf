package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
)

// userAdd creates an account for an operator: `kesi user add --email E
// --fullname N --role moderator|lawyer|affiliate`, the password read from
// standard input so that it stays out of shell history and process lists.
func userAdd(ctx context.Context, a *app.App, args []string) error {
	return addUser(ctx, a, args, os.Stdin, os.Stdout)
}

func addUser(ctx context.Context, a *app.App, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("user add", flag.ContinueOnError)
	email := fs.String("email", "", "e-mail address (required)")
	fullname := fs.String("fullname", "", "full name (required)")
	roleFlag := fs.String("role", "lawyer", "moderator, lawyer or affiliate")
	phone := fs.String("phone", "", "phone number (optional)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: kesi user add --email E --fullname N --role moderator|lawyer|affiliate [--phone P] < password")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("user add: unexpected argument %q", fs.Arg(0))
	}
	var r role.Role
	switch rl, _ := role.Parse(*roleFlag); rl {
	case role.Moderator, role.Lawyer, role.Affiliate:
		r = rl
	default:
		return fmt.Errorf("user add: --role must be moderator, lawyer or affiliate, not %q", *roleFlag)
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("user add: read password: %w", err)
	}
	password := strings.TrimRight(line, "\r\n")
	u, err := auth.AddUser(ctx, a.DB.Client, affiliates.Referrals{}, a.Calendar.Now(), auth.RegisterInput{
		Fullname:    *fullname,
		Email:       *email,
		Password:    password,
		PhoneNumber: *phone,
	}, r, auth.DefaultPasswordParams)
	if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
		return fmt.Errorf("user add: %s", e.Message)
	}
	if err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	fmt.Fprintf(stdout, "added %s %s (%s)\n", u.Role, u.Email, u.ID)
	return nil
}
