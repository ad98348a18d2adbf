// Command loadtest measures a running Kesi: it signs in seeded lawyers,
// drives the web app's mixed load at increasing concurrency with vegeta,
// then each call alone beside its floor (the same rows read straight from
// Postgres), and prints the tables as Markdown. bench/run.sh starts it
// after seeding a fresh database and starting `kesi serve`.
package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the courts' day, even where the system has no zoneinfo

	_ "github.com/lib/pq"

	"github.com/kesihq/kesi/ent/civil"
)

// options are the command's flags.
type options struct {
	base        string
	databaseURL string
	prefix      string
	password    string
	users       int
	levels      []int
	callLevels  []int
	stage       time.Duration
	callStage   time.Duration
	pool        int
	breakP99    time.Duration
	timezone    string
	only        string
	rates       []int
	rateStage   time.Duration
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

func parse(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.StringVar(&o.base, "url", "http://127.0.0.1:8080", "the running server (loopback only)")
	fs.StringVar(&o.databaseURL, "db", "", "its Postgres database, for the floors")
	fs.StringVar(&o.prefix, "prefix", "lawyer", "e-mail prefix of the seeded lawyers (kesi demo seed --prefix)")
	fs.StringVar(&o.password, "password", "", "their password (kesi demo seed --password)")
	fs.IntVar(&o.users, "users", 200, "lawyers to sign in; each concurrent worker takes turns among them")
	levels := fs.String("levels", "10,50,100,200,400", "concurrent users of the mixed load, increasing")
	callLevels := fs.String("call-levels", "10,50,200", "concurrent users for each call alone beside its floor")
	fs.DurationVar(&o.stage, "stage", 10*time.Second, "length of each mixed-load stage")
	fs.DurationVar(&o.callStage, "call-stage", 4*time.Second, "length of each call-alone stage (Kesi, then the floor)")
	fs.IntVar(&o.pool, "pool", 40, "connections of the floors' pool: the server's own (platform.OpenDB)")
	fs.DurationVar(&o.breakP99, "break-p99", time.Second, "the mixed load stops after the first stage whose p99 exceeds this")
	fs.StringVar(&o.timezone, "timezone", "Africa/Nairobi", "the server's KESI_TIMEZONE: today is the courts' day")
	rates := fs.String("rates", "100,200,300,400,500,600,800", "arrival rates (requests a second) of the open-model stages, increasing; \"\" for none")
	fs.DurationVar(&o.rateStage, "rate-stage", 10*time.Second, "length of each open-model stage")
	fs.StringVar(&o.only, "only", "", "measure only the calls whose name contains this (while working on one call)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	var err error
	if o.levels, err = ints(*levels); err != nil {
		return o, fmt.Errorf("-levels: %w", err)
	}
	if o.callLevels, err = ints(*callLevels); err != nil {
		return o, fmt.Errorf("-call-levels: %w", err)
	}
	if *rates != "" {
		if o.rates, err = ints(*rates); err != nil {
			return o, fmt.Errorf("-rates: %w", err)
		}
	}
	switch {
	case o.databaseURL == "":
		return o, errors.New("-db is required: the floors read the server's database")
	case o.password == "":
		return o, errors.New("-password is required: the seeded lawyers sign in through the real login")
	case o.users < 1:
		return o, errors.New("-users must be at least 1")
	case !strings.HasPrefix(o.base, "http://127.0.0.1:") && !strings.HasPrefix(o.base, "http://localhost:"):
		return o, fmt.Errorf("-url %s: load only ever targets loopback", o.base)
	}
	return o, nil
}

// ints reads "10,50,200".
func ints(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	o, err := parse(args)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(o.timezone)
	if err != nil {
		return err
	}
	d := daysOf(civil.DateOf(time.Now().In(loc)))
	mix := calls
	if o.only != "" {
		mix = nil
		for _, c := range calls {
			if strings.Contains(c.name, o.only) {
				mix = append(mix, c)
			}
		}
		if len(mix) == 0 {
			return fmt.Errorf("-only %q matches no call", o.only)
		}
	}

	db, err := sql.Open("postgres", o.databaseURL)
	if err != nil {
		return fmt.Errorf("open the floors' database: %w", err)
	}
	defer db.Close()
	db.SetMaxOpenConns(o.pool)
	db.SetMaxIdleConns(o.pool)

	a := api{base: o.base, client: &http.Client{Timeout: 5 * time.Minute}} // sign-in hashes a password: slow on a loaded machine
	t0 := time.Now()
	progress("signing in %d seeded lawyers and uploading a 1 MiB document for each", o.users)
	users, err := signIn(ctx, a, o.prefix, o.password, o.users)
	if err != nil {
		return err
	}
	signedAt := time.Now()
	progress("signed in and uploaded in %s", time.Since(t0).Round(time.Millisecond))
	if err := checkFloors(ctx, db, users[0], d); err != nil {
		return err
	}
	// Access tokens live 15 minutes: sign in again before they run out.
	fresh := func() error {
		if time.Since(signedAt) < 10*time.Minute {
			return nil
		}
		progress("signing in again: the access tokens are %s old", time.Since(signedAt).Round(time.Second))
		for _, u := range users {
			if err := u.login(ctx, a, o.password); err != nil {
				return err
			}
		}
		signedAt = time.Now()
		return nil
	}

	w := bufio.NewWriter(stdout)
	defer w.Flush()
	printMachine(ctx, w, db, o, d)

	// A short warm-up fills the pools and Postgres' cache; it is not reported.
	attackKesi(ctx, o.base, users, d, mix, o.levels[0], min(o.stage, 2*time.Second))

	fmt.Fprintf(w, "\n### Mixed load\n\nEach worker is a signed-in lawyer sending the next call as soon as the last is answered; the workers take turns through %d lawyers and the %d calls below, an equal share each. Stages of %s at increasing concurrency; the run stops after the first stage whose p99 passes %s or with errors.\n",
		len(users), len(mix), o.stage, o.breakP99)
	mixed := map[int]stage{}
	for _, conc := range o.levels {
		if err := fresh(); err != nil {
			return err
		}
		progress("mixed load, %d concurrent users, %s", conc, o.stage)
		st := attackKesi(ctx, o.base, users, d, mix, conc, o.stage)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		mixed[conc] = st
		all := printMixed(w, conc, mix, st)
		w.Flush()
		if all.P99 > o.breakP99 || all.Errors > 0 {
			fmt.Fprintf(w, "\nLatency broke at %d concurrent users (p99 %s, %d errors): no higher stage is run.\n", conc, ms(all.P99), all.Errors)
			break
		}
	}

	sustained := 0
	if len(o.rates) > 0 {
		fmt.Fprintf(w, "\n### Open model: a fixed arrival rate\n\nRequests of the same mix arrive at a fixed rate whatever the answers' latency (as the bar's morning peak arrives), for %s a stage; a slow answer does not slow the arrivals, so queueing shows in the latency. The run stops after the first stage with errors or a p99 past %s.\n\n| offered req/s | answered req/s | p50 | p99 | errors |\n|--:|--:|--:|--:|--:|\n",
			o.rateStage, o.breakP99)
		for _, rate := range o.rates {
			if err := fresh(); err != nil {
				return err
			}
			progress("open model, %d requests a second, %s", rate, o.rateStage)
			all := attackOpen(ctx, o.base, users, d, mix, rate, o.rateStage).summary("")
			if ctx.Err() != nil {
				return ctx.Err()
			}
			fmt.Fprintf(w, "| %d | %.0f | %s | %s | %d |\n", rate, all.RPS, ms(all.P50), ms(all.P99), all.Errors)
			w.Flush()
			if all.P99 < targetP99 && all.Errors == 0 {
				sustained = rate
			}
			if all.P99 > o.breakP99 || all.Errors > 0 {
				break
			}
		}
		if sustained > 0 {
			fmt.Fprintf(w, "\nHighest arrival rate with p99 under %s and no errors: **%d requests a second**.\n", ms(targetP99), sustained)
		} else {
			fmt.Fprintf(w, "\nNo arrival rate measured kept p99 under %s without errors.\n", ms(targetP99))
		}
	}

	fmt.Fprintf(w, "\n### Each call alone beside its floor\n\nThe same workers send one call only, for %s; then as many goroutines run that call's floor for %s: the SQL a hand-written server would send for the same rows, through database/sql and lib/pq over a pool of %d connections (the server's own pool size), with no HTTP, no auth and no ent. Kesi/floor is the ratio of throughputs.\n\n"+
		"First, the same workers ask `/healthz` for %s: the HTTP door alone (the server's middleware and its token check, no SQL). A call answered over HTTP costs the machine at least the door and its floor together, so while they share its cores its ratio cannot pass door/(door+floor), the **bound** column.\n",
		o.callStage, o.callStage, o.pool, o.callStage)
	ratios := map[int]map[string]float64{}
	for _, conc := range o.callLevels {
		ratios[conc] = map[string]float64{}
		progress("the HTTP door alone, %d concurrent users", conc)
		door := attackKesi(ctx, o.base, users, d, []call{doorCall}, conc, o.callStage).summary(doorCall.name)
		fmt.Fprintf(w, "\n#### %d concurrent users\n\n| call | Kesi req/s | p50 | p99 | errors | floor req/s | floor p50 | floor p99 | Kesi/floor | bound |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n", conc)
		fmt.Fprintf(w, "| %s | %.0f | %s | %s | %d | | | | | |\n", doorCall.name, door.RPS, ms(door.P50), ms(door.P99), door.Errors)
		for _, c := range mix {
			if err := fresh(); err != nil {
				return err
			}
			progress("%s alone, %d concurrent users", c.name, conc)
			k := attackKesi(ctx, o.base, users, d, []call{c}, conc, o.callStage).summary(c.name)
			f := attackFloor(ctx, db, users, d, []call{c}, conc, o.callStage).summary(c.name)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			ratio := 0.0
			if f.RPS > 0 {
				ratio = k.RPS / f.RPS
			}
			ratios[conc][c.name] = ratio
			bound := 0.0
			if door.RPS+f.RPS > 0 {
				bound = door.RPS / (door.RPS + f.RPS)
			}
			fmt.Fprintf(w, "| %s | %.0f | %s | %s | %d | %.0f | %s | %s | %.2f | %.2f |\n", c.name, k.RPS, ms(k.P50), ms(k.P99), k.Errors, f.RPS, ms(f.P50), ms(f.P99), ratio, bound)
			w.Flush()
		}
	}
	fmt.Fprintln(w)
	for _, c := range calls {
		if c.note != "" {
			fmt.Fprintf(w, "Note: %s.\n", c.note)
		}
	}
	printTargets(w, mix, mixed, ratios, o.rates, sustained)
	return nil
}

// summary is the figures of one call, or of all calls with name "".
func (s stage) summary(name string) summary {
	if name != "" {
		return s.sample(name).summarize(s.elapsed)
	}
	var all sample
	for _, x := range s.samples {
		all.latencies = append(all.latencies, x.latencies...)
		all.errors += x.errors
	}
	return all.summarize(s.elapsed)
}

// printMixed prints one mixed stage and answers its all-calls figures.
func printMixed(w io.Writer, conc int, mix []call, st stage) summary {
	fmt.Fprintf(w, "\n#### %d concurrent users\n\n| call | req/s | p50 | p99 | errors |\n|---|--:|--:|--:|--:|\n", conc)
	for _, c := range mix {
		s := st.summary(c.name)
		fmt.Fprintf(w, "| %s | %.0f | %s | %s | %d |\n", c.name, s.RPS, ms(s.P50), ms(s.P99), s.Errors)
	}
	all := st.summary("")
	fmt.Fprintf(w, "| **all calls** | **%.0f** | **%s** | **%s** | **%d** |\n", all.RPS, ms(all.P50), ms(all.P99), all.Errors)
	return all
}

// Targets of issues 9 and 16.
const (
	targetP99      = 50 * time.Millisecond
	targetP99Users = 200
	targetRatio    = 0.7 // every read call at 0.7 of its floor (issue 16)
	targetRate     = 500 // requests a second with p99 under targetP99, open model (issue 16)
)

// printTargets says, for each target, whether this run met it.
func printTargets(w io.Writer, mix []call, mixed map[int]stage, ratios map[int]map[string]float64, rates []int, sustained int) {
	fmt.Fprintf(w, "\n### Targets\n\n")
	verdict := func(ok bool) string {
		if ok {
			return "met"
		}
		return "**missed**"
	}
	if st, ok := mixed[targetP99Users]; ok {
		all := st.summary("")
		fmt.Fprintf(w, "- p99 under %s at %d concurrent users (mixed load): %s, %s\n", ms(targetP99), targetP99Users, ms(all.P99), verdict(all.P99 < targetP99))
	} else {
		fmt.Fprintf(w, "- p99 under %s at %d concurrent users: not measured in this run (no such stage)\n", ms(targetP99), targetP99Users)
	}
	errors := 0
	for _, st := range mixed {
		errors += st.summary("").Errors
	}
	fmt.Fprintf(w, "- zero errors in the mixed load: %d, %s\n", errors, verdict(errors == 0))
	if len(rates) > 0 {
		fmt.Fprintf(w, "- %d requests a second arriving (open model) with p99 under %s: highest sustained %d, %s\n", targetRate, ms(targetP99), sustained, verdict(sustained >= targetRate))
	}
	for _, conc := range sortedKeys(ratios) {
		var below []string
		for _, c := range mix {
			if c.name == downloadCall {
				continue // its floor is a metadata row, not the file
			}
			if r := ratios[conc][c.name]; r < targetRatio {
				below = append(below, fmt.Sprintf("%s %.2f", c.name, r))
			}
		}
		if len(below) == 0 {
			fmt.Fprintf(w, "- every read call at least %.1f of its floor's throughput at %d concurrent users: met\n", targetRatio, conc)
		} else {
			fmt.Fprintf(w, "- every read call at least %.1f of its floor's throughput at %d concurrent users: **missed** by %s\n", targetRatio, conc, strings.Join(below, ", "))
		}
	}
}

func sortedKeys[V any](m map[int]V) []int {
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// printMachine says what the figures were measured on and with what data.
func printMachine(ctx context.Context, w io.Writer, db *sql.DB, o options, d days) {
	cpu := firstLine("/proc/cpuinfo", "model name")
	mem := firstLine("/proc/meminfo", "MemTotal")
	var pg string
	db.QueryRowContext(ctx, "SHOW server_version").Scan(&pg)
	var lawyers, cases, acts int
	db.QueryRowContext(ctx, "SELECT count(*) FROM users WHERE email LIKE $1", o.prefix+"-%").Scan(&lawyers)
	db.QueryRowContext(ctx, "SELECT count(*) FROM court_cases").Scan(&cases)
	db.QueryRowContext(ctx, "SELECT count(*) FROM activities").Scan(&acts)
	fmt.Fprintf(w, "### Machine and data\n\n")
	fmt.Fprintf(w, "- CPU: %s, %d logical cores (server, Postgres and load generator share them)\n", cpu, runtime.NumCPU())
	fmt.Fprintf(w, "- Memory: %s; %s; Postgres %s on 127.0.0.1; Go %s\n", mem, runtime.GOOS+"/"+runtime.GOARCH, pg, runtime.Version())
	fmt.Fprintf(w, "- Data: %d seeded lawyers, %d cases and %d activities in the database; %d lawyers signed in; today is %s (%s)\n",
		lawyers, cases, acts, o.users, d.today, o.timezone)
	fmt.Fprintf(w, "- Run: %s\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
}

// firstLine is the value of the first "key : value" line of a /proc file.
func firstLine(path, key string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// ms prints a latency in milliseconds, to a tenth under 100 ms.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	if f < 100 {
		return fmt.Sprintf("%.1f ms", f)
	}
	return fmt.Sprintf("%.0f ms", f)
}

// progress tells the person waiting what is happening, on stderr so that
// stdout holds only the report.
func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadtest: "+format+"\n", args...)
}
