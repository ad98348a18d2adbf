// Command kesi is the one binary: `kesi serve | migrate | user add |
// demo reset | demo seed | jobs run | plans | affiliates pay`.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/config"
	"github.com/kesihq/kesi/backend/internal/platform"
)

// command is one subcommand; its words are the path to it ("user add").
type command struct {
	usage string
	run   func(ctx context.Context, a *app.App, args []string) error
}

// commands lists every subcommand; each one's code lives in its own file.
var commands = map[string]command{
	"serve":                {"serve the API and the web app (migrates first in dev)", serve},
	"migrate":              {"create or upgrade the database schema and seed rows", migrate},
	"jobs list":            {"list the background jobs", jobsList},
	"jobs run":             {"run one background job now: jobs run NAME", jobsRun},
	"user add":             {"add an account: user add --email E --fullname N --role R (password on stdin)", userAdd},
	"demo reset":           {"restore the demo account's diary, relative to today", demoReset},
	"demo seed":            {"bulk data for benchmarks: demo seed --lawyers N --cases M", demoSeed},
	"plans list":           {"list the subscription plans", plansList},
	"plans set":            {"create or change a plan: plans set --id ID --name N --price 1500 --duration DAYS [--currency KES] [--withdrawn]", plansSet},
	"affiliates pay":       {"mark an affiliate's commissions paid: affiliates pay --affiliate EMAIL --month YYYY-MM", affiliatesPay},
	"causelists import":    {"store published cause lists (.pdf, .docx, .txt): causelists import FILE...", causeListsImport},
	"jobs run commissions": {"credit affiliate commissions now: jobs run commissions [--month YYYY-MM]", jobsRunCommissions},
	"audit list":           {"print audit events, oldest first: audit list [--user EMAIL] [--since 2026-01-31|7d] [--limit N]", auditList},
	"keys rewrap":          {"re-wrap every document's data key under KESI_MASTER_KEY, so the previous keys can be retired", keysRewrap},
	"jobs run reminders":   {"record and send the reminders due now: jobs run reminders [--at RFC3339]", jobsRunReminders},
	"jobs run erasure":     {"erase the accounts whose deletion grace period has passed: jobs run erasure [--at RFC3339]", jobsRunErasure},
	"users notify":         {"e-mail a prepared notice to accounts: users notify --template FILE --emails FILE [--dry-run]", usersNotify},
}

func main() {
	logger, err := newLogger(os.Getenv("KESI_LOG_FORMAT"), os.Getenv("KESI_LOG_LEVEL"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "kesi:", err)
		os.Exit(1)
	}
	slog.SetDefault(logger)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "kesi:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	name, rest := lookup(args)
	if name == "" && len(args) == 1 && args[0] == "healthcheck" {
		return healthcheck(ctx)
	}
	cmd, ok := commands[name]
	if !ok {
		usage()
		return flag.ErrHelp
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	a, err := app.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	return cmd.run(ctx, a, rest)
}

// newLogger builds the process's logger: KESI_LOG_FORMAT text (default) or
// json, KESI_LOG_LEVEL debug, info (default), warn or error.
func newLogger(format, level string) (*slog.Logger, error) {
	var lvl slog.Level
	if level != "" {
		if err := lvl.UnmarshalText([]byte(level)); err != nil {
			return nil, fmt.Errorf("KESI_LOG_LEVEL must be debug, info, warn or error, not %q", level)
		}
	}
	opts := &slog.HandlerOptions{Level: lvl}
	switch format {
	case "", "text":
		return slog.New(platform.LogHandler{Handler: slog.NewTextHandler(os.Stderr, opts)}), nil
	case "json":
		return slog.New(platform.LogHandler{Handler: slog.NewJSONHandler(os.Stderr, opts)}), nil
	}
	return nil, fmt.Errorf("KESI_LOG_FORMAT must be text or json, not %q", format)
}

// lookup finds the longest command name that the arguments start with.
func lookup(args []string) (string, []string) {
	for n := min(len(args), 3); n > 0; n-- {
		name := strings.Join(args[:n], " ")
		if _, ok := commands[name]; ok {
			return name, args[n:]
		}
	}
	return "", args
}

func usage() {
	names := make([]string, 0, len(commands))
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	fmt.Fprintln(os.Stderr, "usage: kesi <command> [flags]\n\ncommands:")
	for _, name := range names {
		fmt.Fprintf(os.Stderr, "  %-22s %s\n", name, commands[name].usage)
	}
	fmt.Fprintf(os.Stderr, "  %-22s %s\n", "healthcheck", "exit 0 when the local server answers /healthz (for containers)")
	fmt.Fprintln(os.Stderr, "\nConfiguration is read from KESI_* environment variables; see README.md.")
}

// healthcheck asks the local server whether it is up; container images have
// no curl.
func healthcheck(ctx context.Context) error {
	addr := os.Getenv("KESI_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthz answered %d", res.StatusCode)
	}
	return nil
}
