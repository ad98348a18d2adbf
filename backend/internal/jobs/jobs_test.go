package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/jobs"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

func TestRunOnceRunsTheNamedJob(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		var ran atomic.Int32
		r := jobs.NewRunner(db.SQL, db.Dialect, jobs.Job{Name: "count", Every: time.Hour, Run: func(context.Context) error {
			ran.Add(1)
			return nil
		}})
		if err := r.RunOnce(context.Background(), "count"); err != nil || ran.Load() != 1 {
			t.Fatalf("RunOnce = %v, ran %d times", err, ran.Load())
		}
		if err := r.RunOnce(context.Background(), "nope"); !errors.Is(err, jobs.ErrUnknownJob) {
			t.Errorf("RunOnce of an unknown job = %v, want ErrUnknownJob", err)
		}
	})
}

// Two servers (here: two runners over the same database) never run the same
// job at the same time.
func TestAJobRunsOnceAtATime(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		var running, overlaps, runs atomic.Int32
		job := jobs.Job{Name: "slow", Every: time.Hour, Run: func(context.Context) error {
			if running.Add(1) > 1 {
				overlaps.Add(1)
			}
			time.Sleep(50 * time.Millisecond)
			running.Add(-1)
			runs.Add(1)
			return nil
		}}
		runners := []*jobs.Runner{jobs.NewRunner(db.SQL, db.Dialect, job), jobs.NewRunner(db.SQL, db.Dialect, job)}
		if e == testkit.SQLite {
			runners = runners[:1] // SQLite is one process: its lock is in process
		}
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := runners[i%len(runners)].RunOnce(context.Background(), "slow"); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if overlaps.Load() != 0 || runs.Load() == 0 {
			t.Errorf("overlapping runs %d, runs %d; want none overlapping and at least one", overlaps.Load(), runs.Load())
		}
	})
}

// Jobs starting together must not take the whole pool for their locks and
// then wait for one another's connections (a server with the default pool
// of four hung ten seconds after start, when its AtStart jobs ran).
func TestJobsStartingTogetherDoNotExhaustThePool(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		db.SQL.SetMaxOpenConns(2)
		var js []jobs.Job
		for i := range 5 {
			js = append(js, jobs.Job{Name: fmt.Sprintf("query-%d", i), Every: time.Hour, Run: func(ctx context.Context) error {
				var one int
				return db.SQL.QueryRowContext(ctx, "SELECT 1").Scan(&one)
			}})
		}
		r := jobs.NewRunner(db.SQL, db.Dialect, js...)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var wg sync.WaitGroup
		for _, j := range js {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := r.RunOnce(ctx, j.Name); err != nil {
					t.Errorf("%s: %v", j.Name, err)
				}
			}()
		}
		wg.Wait()
	})
}

// Servers (here: two runners over the same database) wake at the start of
// each period: the job runs once per period, not once per server, and a
// server late for a period already run lets it be.
func TestAJobRunsOncePerPeriod(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		var runs atomic.Int32
		job := jobs.Job{Name: "hourly", Every: time.Hour, Run: func(context.Context) error {
			runs.Add(1)
			return errors.New("a failed run still uses its period")
		}}
		a, b := jobs.NewRunner(db.SQL, db.Dialect, job), jobs.NewRunner(db.SQL, db.Dialect, job)
		nine := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
		for _, step := range []struct {
			r    *jobs.Runner
			slot time.Time
			runs int32
		}{
			{a, nine, 1}, {b, nine, 1}, {a, nine, 1},
			{b, nine.Add(time.Hour), 2}, {a, nine.Add(time.Hour), 2},
			{a, nine, 2}, // a server whose clock is behind
			{a, nine.Add(2 * time.Hour), 3},
		} {
			step.r.RunIn(context.Background(), "hourly", step.slot)
			if got := runs.Load(); got != step.runs {
				t.Fatalf("after the period of %s: %d runs, want %d", step.slot.Format("15:04"), got, step.runs)
			}
		}
		// Asked for by name, a job runs whatever period it is.
		a.RunOnce(context.Background(), "hourly")
		if runs.Load() != 4 {
			t.Errorf("RunOnce after the period's run: %d runs, want 4", runs.Load())
		}
	})
}

// A job that panics (a parser meeting a file nobody foresaw) fails its run
// like a job that returns an error: the server, and with it every advocate's
// diary, stays up, the failure is counted, and the lock is let go so that
// the next run can start.
func TestAPanickingJobFailsItsRunOnly(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		var runs atomic.Int32
		r := jobs.NewRunner(db.SQL, db.Dialect, jobs.Job{Name: "causelists-fetch", Every: time.Hour, Run: func(context.Context) error {
			runs.Add(1)
			var rows []string
			_ = rows[3] // index out of range
			return nil
		}})
		var observed []error
		r.Observe = func(_ string, _ time.Duration, err error) { observed = append(observed, err) }
		for range 2 {
			if err := r.RunOnce(context.Background(), "causelists-fetch"); err == nil {
				t.Fatal("a panicking run answered no error")
			}
		}
		if runs.Load() != 2 || len(observed) != 2 || observed[0] == nil {
			t.Fatalf("runs %d, observed %v: want two failed runs, the lock let go after each", runs.Load(), observed)
		}
	})
}
