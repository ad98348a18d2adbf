// Package jobs runs Kesi's background jobs inside `kesi serve`: monthly
// commissions, the demo reset, purges. On Postgres each run holds an
// advisory lock so that only one of several servers runs a job at a time;
// every job is idempotent, so a run that overlaps another is harmless anyway.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"sync"
	"time"

	"entgo.io/ent/dialect"
)

// Job is one piece of periodic work. Its logic lives in its domain package.
type Job struct {
	Name  string
	Every time.Duration
	// AtStart runs the job soon after the server starts as well; otherwise
	// its first run is one period after start (the demo reset must not wipe
	// a visitor's session because a server restarted).
	AtStart bool
	Run     func(ctx context.Context) error
}

// Runner runs jobs on their schedules.
type Runner struct {
	// Observe, if set, hears of every run that took the lock.
	Observe func(job string, took time.Duration, err error)

	db      *sql.DB
	dialect string
	jobs    []Job
	local   sync.Map // name -> *sync.Mutex, for SQLite's single process
	// slot lets one job run at a time in this process. On Postgres a run
	// holds a pool connection for its lock and needs more for its work:
	// jobs starting together (every AtStart job, ten seconds after start)
	// would take the whole pool for their locks and wait for each other
	// for ever, and requests with them.
	slot chan struct{}
}

// NewRunner builds a Runner over the database whose locks it takes.
func NewRunner(db *sql.DB, dialectName string, jobs ...Job) *Runner {
	return &Runner{db: db, dialect: dialectName, jobs: jobs, slot: make(chan struct{}, 1)}
}

// Jobs lists the registered jobs.
func (r *Runner) Jobs() []Job { return r.jobs }

// ErrUnknownJob is returned by RunOnce for a name no job has.
var ErrUnknownJob = errors.New("unknown job")

// Start runs every job on its schedule until ctx ends.
func (r *Runner) Start(ctx context.Context) {
	for _, j := range r.jobs {
		go func() {
			first := j.Every
			if j.AtStart {
				first = 10 * time.Second
			}
			timer := time.NewTimer(first)
			defer timer.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-timer.C:
				}
				if err := r.run(ctx, j); err != nil && ctx.Err() == nil {
					slog.Error("job failed", "job", j.Name, "err", err)
				}
				timer.Reset(j.Every)
			}
		}()
	}
}

// RunOnce runs the named job now, under its lock.
func (r *Runner) RunOnce(ctx context.Context, name string) error {
	for _, j := range r.jobs {
		if j.Name == name {
			return r.run(ctx, j)
		}
	}
	return fmt.Errorf("%w %q", ErrUnknownJob, name)
}

func (r *Runner) run(ctx context.Context, j Job) error {
	select {
	case r.slot <- struct{}{}:
		defer func() { <-r.slot }()
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
	start := time.Now()
	err = j.Run(ctx)
	if r.Observe != nil {
		r.Observe(j.Name, time.Since(start), err)
	}
	if err != nil {
		return fmt.Errorf("job %s: %w", j.Name, err)
	}
	slog.Info("job done", "job", j.Name, "took", time.Since(start).Round(time.Millisecond))
	return nil
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

func lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("kesi job " + name))
	return int64(h.Sum64())
}

// Add registers another job; call it before Start.
func (r *Runner) Add(j Job) { r.jobs = append(r.jobs, j) }
