package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/commission"
)

func TestPlansSetAndList(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	var out bytes.Buffer
	if err := setPlan(ctx, srv.App, []string{"--id", "monthly", "--name", "Monthly", "--price", "1,750.50", "--duration", "30", "--order", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	if err := setPlan(ctx, srv.App, []string{"--id", "yearly", "--name", "Yearly", "--price", "15000", "--duration", "365", "--withdrawn"}, &out); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := listPlans(ctx, srv.App, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"KSh 1,750.50", "quarterly", "withdrawn"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("plans list lacks %q:\n%s", want, out.String())
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--id", "x", "--name", "X", "--price", "15.999", "--duration", "30"}, "--price"},
		{[]string{"--id", "x", "--name", "X", "--price", "abc", "--duration", "30"}, "--price"},
		{[]string{"--id", "x", "--name", "X", "--price", "100", "--duration", "0"}, "A plan must last at least one day."},
		{[]string{"--id", "x", "--price", "100", "--duration", "3"}, "A plan needs a name."},
		{[]string{"--id", "x", "--name", "X", "--price", "0", "--duration", "3"}, "more than zero"},
	} {
		if err := setPlan(ctx, srv.App, tc.args, &out); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("plans set %v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestParseMajor(t *testing.T) {
	for in, want := range map[string]int64{"1500": 150000, "1,500": 150000, "1499.5": 149950, "1499.50": 149950, "0.05": 5, " 450 ": 45000} {
		if got, err := parseMajor(in); err != nil || got != want {
			t.Errorf("parseMajor(%q) = %d, %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", ".5", "1.", "1.234", "-5", "1e3", "KSh 5", "1.5.0", "9999999999999"} {
		if _, err := parseMajor(bad); err == nil {
			t.Errorf("parseMajor(%q) accepted a bad amount", bad)
		}
	}
}

func FuzzParseMajor(f *testing.F) {
	for _, s := range []string{"1500", "1,500.50", "0.5", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseMajor(s)
		if err == nil && n < 0 {
			t.Errorf("parseMajor(%q) = %d, a negative price", s, n)
		}
	})
}

func TestCommissionsAndPayCommands(t *testing.T) {
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	aff := srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate, Email: "partner@example.co.ke"})
	lawyer := srv.CreateUser(t, testkit.UserSpec{Unpaid: true})
	srv.DB().Referral.Create().SetAffiliateID(aff.ID).SetReferredID(lawyer.ID).ExecX(ctx)
	srv.Session(t, lawyer).Subscribe(t, "monthly")

	var out bytes.Buffer
	for range 2 {
		if err := runCommissions(ctx, srv.App, []string{"--month", "2025-01"}, &out); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out.String(), "1 commission(s) credited for 2025-01") || !strings.Contains(out.String(), "0 commission(s) credited for 2025-01") {
		t.Errorf("jobs run commissions printed:\n%s", out.String())
	}
	// Without --month: the last complete month, which is December here.
	out.Reset()
	if err := runCommissions(ctx, srv.App, nil, &out); err != nil || !strings.Contains(out.String(), "for 2024-12") {
		t.Errorf("default month: %v %s", err, out.String())
	}
	if err := runCommissions(ctx, srv.App, []string{"--month", "January"}, &out); err == nil {
		t.Error("a bad --month was accepted")
	}

	out.Reset()
	if err := payAffiliate(ctx, srv.App, []string{"--affiliate", "partner@example.co.ke", "--month", "2025-01"}, &out); err != nil {
		t.Fatal(err)
	}
	c := srv.DB().Commission.Query().OnlyX(ctx)
	if c.Status != commission.StatusPaid || c.PaidAt == nil || !c.PaidAt.Equal(srv.Clock.Now()) {
		t.Errorf("after affiliates pay, commission = %+v", c)
	}
	if err := payAffiliate(ctx, srv.App, []string{"--affiliate", "nobody@example.co.ke", "--month", "2025-01"}, &out); err == nil || !strings.Contains(err.Error(), "No affiliate") {
		t.Errorf("paying an unknown affiliate: %v", err)
	}
}
