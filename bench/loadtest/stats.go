package main

import (
	"math"
	"slices"
	"time"
)

// sample collects the outcomes of one call during one stage.
type sample struct {
	latencies []time.Duration // of every attempt, failed ones included
	errors    int
}

// add records one attempt.
func (s *sample) add(latency time.Duration, failed bool) {
	s.latencies = append(s.latencies, latency)
	if failed {
		s.errors++
	}
}

// summary is what the tables print for one call in one stage.
type summary struct {
	Requests int
	RPS      float64 // completed requests per second of the stage
	P50, P99 time.Duration
	Errors   int
}

// summarize reads s over a stage that lasted elapsed.
func (s *sample) summarize(elapsed time.Duration) summary {
	out := summary{Requests: len(s.latencies), Errors: s.errors}
	if elapsed > 0 {
		out.RPS = float64(len(s.latencies)) / elapsed.Seconds()
	}
	sorted := slices.Clone(s.latencies)
	slices.Sort(sorted)
	out.P50 = quantile(sorted, 0.50)
	out.P99 = quantile(sorted, 0.99)
	return out
}

// quantile is the nearest-rank q-quantile of sorted: the smallest value
// with at least q of the values at or below it. Exact rather than the
// estimate a digest gives, since a stage holds at most a few hundred
// thousand latencies.
func quantile(sorted []time.Duration, q float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(math.Ceil(q*float64(n) - 1e-9)) // 0.99*100 may come out as 99.00000000000001
	rank = max(1, min(n, rank))
	return sorted[rank-1]
}
