// Package jobs runs Kesi's background jobs inside `kesi serve`: monthly
// commissions, the demo reset, purges. Each job runs once in each of its
// periods however many servers there are: the periods are aligned on the
// clock, every server wakes at the start of one, and the first to claim it
// in the job_runs table runs it. On Postgres each run also holds an advisory
// lock, so that a run that outlasts its period never overlaps the next;
// every job is idempotent, so a run that overlaps another is harmless anyway.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"entgo.io/ent/dialect"
)

// Job is one piece of periodic work. Its logic lives in its domain package.
type Job struct {
	Name  string
	Every time.Duration
	// AtStart runs the job soon after the server starts as well, unless its
	// current period has run; otherwise the server's first run is at least
	// one period after start (the demo reset must not wipe a visitor's
	// session, or a browser suite's, because a server started).
	AtStart bool
	Run     func(ctx context.Context) error
}

// Runner runs jobs on their schedules.
type Runner struct {
	// Observe, if set, hears of every run that took the lock.
	Observe func(job string, took time.Duration, err error)
	// Every, if set, replaces every job's own period (KESI_JOBS_EVERY: the
	// cluster test and drills watch several periods go by in seconds).
	Every time.Duration

	db      *sql.DB
	dialect string
	jobs    []Job
	local   sync.Map // name -> *sync.Mutex, for SQLite's single process
	// turn lets one job run at a time in this process. On Postgres a run
	// holds a pool connection for its lock and needs more for its work:
	// jobs starting together (every AtStart job, ten seconds after start)
	// would take the whole pool for their locks and wait for each other
	// for ever, and requests with them.
	turn chan struct{}
}

// NewRunner builds a Runner over the database whose locks it takes.
func NewRunner(db *sql.DB, dialectName string, jobs ...Job) *Runner {
	return &Runner{db: db, dialect: dialectName, jobs: jobs, turn: make(chan struct{}, 1)}
}

// Jobs lists the registered jobs, with the period they run at.
func (r *Runner) Jobs() []Job {
	js := make([]Job, len(r.jobs))
	for i, j := range r.jobs {
		js[i] = j
		js[i].Every = r.every(j)
	}
	return js
}

func (r *Runner) every(j Job) time.Duration {
	if r.Every > 0 {
		return r.Every
	}
	return j.Every
}

// ErrUnknownJob is returned by RunOnce for a name no job has.
var ErrUnknownJob = errors.New("unknown job")

// Start runs every job once in each of its periods until ctx ends. The
// periods are aligned on the clock (an hourly job's on the hour, a six-hourly
// one's at 00:00, 06:00... UTC), the same on every server; a run that
// outlasts its period lets the periods it overlapped go.
func (r *Runner) Start(ctx context.Context) {
	for _, j := range r.jobs {
		every := r.every(j)
		go func() {
			// A job that does not run at start first runs at the start of a
			// period that begins a whole period after the server started.
			now := time.Now()
			wake := now.Truncate(every).Add(2 * every)
			if j.AtStart {
				// Soon, in the current period, unless the next one comes
				// first or another server has run this one already.
				wake = now.Truncate(every).Add(every)
				if soon := now.Add(10 * time.Second); soon.Before(wake) {
					wake = soon
				}
			}
			timer := time.NewTimer(time.Until(wake))
			defer timer.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-timer.C:
				}
				slot := time.Now().Truncate(every)
				if err := r.runIn(ctx, j, slot); err != nil && ctx.Err() == nil {
					slog.Error("job failed", "job", j.Name, "err", err)
				}
				timer.Reset(time.Until(slot.Add(every)))
			}
		}()
	}
}

// RunOnce runs the named job now, under its lock.
func (r *Runner) RunOnce(ctx context.Context, name string) error {
	for _, j := range r.jobs {
		if j.Name == name {
			return r.run(ctx, j, nil)
		}
	}
	return fmt.Errorf("%w %q", ErrUnknownJob, name)
}

// runIn runs j for the period starting at slot unless a server (this one or
// another) has already claimed that period.
func (r *Runner) runIn(ctx context.Context, j Job, slot time.Time) error {
	return r.run(ctx, j, func() (bool, error) { return r.claim(ctx, j.Name, slot) })
}

// run runs j under its lock; claim, if set, says under the lock whether the
// run is still due.
func (r *Runner) run(ctx context.Context, j Job, claim func() (bool, error)) error {
	select {
	case r.turn <- struct{}{}:
		defer func() { <-r.turn }()
	case <-ctx.Done():
		return ctx.Err()
	}
	unlock, ok, err := r.lock(ctx, j.Name)
	if err != nil {
		return fmt.Errorf("lock job %s: %w", j.Name, err)
	}
	if !ok {
		slog.Info("job already running elsewhere", "job", j.Name)
		return nil
	}
	defer unlock()
	if claim != nil {
		due, err := claim()
		if err != nil {
			return fmt.Errorf("claim job %s: %w", j.Name, err)
		}
		if !due {
			slog.Debug("job already run in this period", "job", j.Name)
			return nil
		}
	}
	start := time.Now()
	err = runSafely(ctx, j)
	if r.Observe != nil {
		r.Observe(j.Name, time.Since(start), err)
	}
	if err != nil {
		return fmt.Errorf("job %s: %w", j.Name, err)
	}
	slog.Info("job done", "job", j.Name, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// runSafely runs j, a panic becoming the run's error: a job meeting data
// nobody foresaw (a published cause list of an odd shape) fails its run,
// and does not take the server, every advocate's diary, down with it.
func runSafely(ctx context.Context, j Job) (err error) {
	defer func() {
		if v := recover(); v != nil {
			slog.ErrorContext(ctx, "job panicked", "job", j.Name, "panic", v, "stack", string(debug.Stack()))
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return j.Run(ctx)
}

// lock takes a Postgres transaction-level advisory lock, held by a
// transaction open for the job's run (a session lock would be lost or
// leaked behind PgBouncer in transaction mode), or an in-process mutex on
// SQLite.
func (r *Runner) lock(ctx context.Context, name string) (unlock func(), ok bool, err error) {
	if r.dialect != dialect.Postgres {
		m, _ := r.local.LoadOrStore(name, &sync.Mutex{})
		mu := m.(*sync.Mutex)
		if !mu.TryLock() {
			return nil, false, nil
		}
		return mu.Unlock, true, nil
	}
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, false, err
	}
	if err := tx.QueryRowContext(ctx, "SELECT pg_try_advisory_xact_lock($1)", lockKey(name)).Scan(&ok); err != nil || !ok {
		tx.Rollback()
		return nil, false, err
	}
	return func() {
		// Ending the transaction releases the lock; it wrote nothing.
		if err := tx.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
			slog.Warn("release job lock", "job", name, "err", err)
		}
	}, true, nil
}

// One statement claims a period: it records slot for the job unless a later
// or equal one is recorded, and says whether it did.
const claimSQL = `INSERT INTO job_runs (name, slot) VALUES (?, ?)
ON CONFLICT (name) DO UPDATE SET slot = excluded.slot WHERE job_runs.slot < excluded.slot`

// claim records that the job runs in the period starting at slot and
// reports false when that period was claimed already.
func (r *Runner) claim(ctx context.Context, name string, slot time.Time) (bool, error) {
	q := claimSQL
	if r.dialect == dialect.Postgres {
		q = strings.Replace(strings.Replace(q, "?", "$1", 1), "?", "$2", 1)
	}
	res, err := r.db.ExecContext(ctx, q, name, slot.UnixMilli())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("kesi job " + name))
	return int64(h.Sum64())
}

// Add registers another job; call it before Start.
func (r *Runner) Add(j Job) { r.jobs = append(r.jobs, j) }
