package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

// requestTimeout is the web app's own timeout (SPEC.md section 9): a
// slower answer is an error to the user, so it is one here.
const requestTimeout = 10 * time.Second

// bytesHeader carries, on each result, how many body bytes were read.
const bytesHeader = "X-Bench-Body-Bytes"

// draining reads every answer's body to the end inside the timed round
// trip (a user waits for the whole body) and drops it, so that a stage
// of 1 MiB downloads does not keep every body in memory, as vegeta's
// results otherwise would. The byte count goes on a header for the checks.
type draining struct{ next http.RoundTripper }

func (d draining) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := d.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("read answer: %w", err)
	}
	res.Body = http.NoBody
	res.Header.Set(bytesHeader, strconv.FormatInt(n, 10))
	return res, nil
}

// stage is one measured run: per call samples and how long it lasted.
type stage struct {
	samples map[string]*sample
	elapsed time.Duration
}

func newStage() stage { return stage{samples: map[string]*sample{}} }

func (s stage) sample(name string) *sample {
	if s.samples[name] == nil {
		s.samples[name] = &sample{}
	}
	return s.samples[name]
}

// pick is the n-th request of a stage: users take turns so that
// consecutive requests come from different lawyers, and each lawyer goes
// through the whole mix.
func pick(n uint64, users []*user, mix []call) (*user, call) {
	u := users[n%uint64(len(users))]
	c := mix[(n/uint64(len(users)))%uint64(len(mix))]
	return u, c
}

// attackKesi drives mix against the server with conc signed-in users, each
// sending its next request as soon as the last is answered, for dur: the
// closed model.
func attackKesi(ctx context.Context, base string, users []*user, d days, mix []call, conc int, dur time.Duration) stage {
	// Zero rate: as fast as the workers go.
	return attack(ctx, base, users, d, mix, conc, conc, vegeta.ConstantPacer{}, dur)
}

// openWorkers bounds the requests in flight of the open model: enough that
// arrivals never wait for a worker below the timeout at the rates measured.
const openWorkers = 4000

// attackOpen sends mix at a fixed arrival rate (requests a second) for dur,
// whatever the answers' latency: the open model, as the bar's morning peak
// arrives. A request that finds no free worker is sent when one is free,
// so latency includes the queueing a slow server causes.
func attackOpen(ctx context.Context, base string, users []*user, d days, mix []call, rate int, dur time.Duration) stage {
	return attack(ctx, base, users, d, mix, min(rate, 50), openWorkers, vegeta.ConstantPacer{Freq: rate, Per: time.Second}, dur)
}

func attack(ctx context.Context, base string, users []*user, d days, mix []call, workers, maxWorkers int, pacer vegeta.Pacer, dur time.Duration) stage {
	conc := workers
	byURL := map[string]string{}
	for _, u := range users {
		for _, c := range mix {
			byURL[base+c.path(u, d)] = c.name
		}
	}
	var n atomic.Uint64
	targeter := func(t *vegeta.Target) error {
		u, c := pick(n.Add(1)-1, users, mix)
		t.Method = http.MethodGet
		t.URL = base + c.path(u, d)
		t.Header = http.Header{"Authorization": {"Bearer " + u.token}}
		return nil
	}
	transport := &http.Transport{
		MaxIdleConns:        max(conc, 100),
		MaxIdleConnsPerHost: max(conc, 100),
		IdleConnTimeout:     30 * time.Second,
	}
	defer transport.CloseIdleConnections()
	attacker := vegeta.NewAttacker(
		vegeta.Client(&http.Client{Transport: draining{transport}, Timeout: requestTimeout}),
		vegeta.Workers(uint64(conc)), vegeta.MaxWorkers(uint64(maxWorkers)),
	)
	out := newStage()
	start := time.Now()
	results := attacker.Attack(targeter, pacer, dur, "kesi")
	for {
		select {
		case <-ctx.Done():
			attacker.Stop()
			for range results {
			}
			out.elapsed = time.Since(start)
			return out
		case r, ok := <-results:
			if !ok {
				out.elapsed = time.Since(start)
				return out
			}
			name := byURL[r.URL]
			if name == "" {
				continue // a request the targeter had not finished building
			}
			out.sample(name).add(r.Latency, failed(r, name))
		}
	}
}

// failed is a result a user would see as a failure: a transport error, a
// status other than 200, or a download that is not the whole document.
func failed(r *vegeta.Result, name string) bool {
	if r.Error != "" || r.Code != http.StatusOK {
		return true
	}
	return name == downloadCall && r.Headers.Get(bytesHeader) != strconv.Itoa(documentSize)
}

// attackFloor runs the floors of mix with conc goroutines over db for dur,
// picking the same users and calls in the same order as attackKesi.
func attackFloor(ctx context.Context, db *sql.DB, users []*user, d days, mix []call, conc int, dur time.Duration) stage {
	ctx, cancel := context.WithTimeout(ctx, dur)
	defer cancel()
	var n atomic.Uint64
	parts := make([]stage, conc)
	var wg sync.WaitGroup
	start := time.Now()
	for g := range conc {
		parts[g] = newStage()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				u, c := pick(n.Add(1)-1, users, mix)
				t0 := time.Now()
				err := c.floor(ctx, db, u, d)
				if ctx.Err() != nil {
					return // cut off by the end of the stage: not a measurement
				}
				parts[g].sample(c.name).add(time.Since(t0), err != nil)
			}
		}()
	}
	wg.Wait()
	out := newStage()
	out.elapsed = time.Since(start)
	for _, p := range parts {
		for name, s := range p.samples {
			all := out.sample(name)
			all.latencies = append(all.latencies, s.latencies...)
			all.errors += s.errors
		}
	}
	return out
}

// checkFloors runs each floor once and fails on a query error, so that a
// wrong column name stops the run before any measurement.
func checkFloors(ctx context.Context, db *sql.DB, u *user, d days) error {
	for _, c := range calls {
		if err := c.floor(ctx, db, u, d); err != nil {
			return fmt.Errorf("floor of %s: %w", c.name, err)
		}
	}
	return nil
}
