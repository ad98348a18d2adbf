package main

import (
	"testing"
	"time"
)

func msec(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestQuantile_NearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = msec(i + 1) // 1ms..100ms
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		q      float64
		want   time.Duration
	}{
		{"empty is zero", nil, 0.5, 0},
		{"one value is every quantile", []time.Duration{msec(7)}, 0.99, msec(7)},
		{"median of 1..100", hundred, 0.50, msec(50)},
		{"p99 of 1..100", hundred, 0.99, msec(99)},
		{"p100 is the maximum", hundred, 1, msec(100)},
		{"p0 is the minimum", hundred, 0, msec(1)},
		{"p99 of two is the larger", []time.Duration{msec(1), msec(9)}, 0.99, msec(9)},
		{"median of two is the smaller", []time.Duration{msec(1), msec(9)}, 0.5, msec(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := quantile(tt.sorted, tt.q); got != tt.want {
				t.Errorf("quantile(%v) = %s, want %s", tt.q, got, tt.want)
			}
		})
	}
}

func TestSummarize_CountsErrorsAndRate(t *testing.T) {
	var s sample
	for i := 1; i <= 10; i++ {
		s.add(msec(11-i), i%5 == 0) // unsorted input; two failures
	}
	got := s.summarize(2 * time.Second)
	if got.Requests != 10 || got.Errors != 2 {
		t.Errorf("requests, errors = %d, %d; want 10, 2", got.Requests, got.Errors)
	}
	if got.RPS != 5 {
		t.Errorf("RPS = %v, want 5 (10 requests in 2 s)", got.RPS)
	}
	if got.P50 != msec(5) || got.P99 != msec(10) {
		t.Errorf("p50, p99 = %s, %s; want 5ms, 10ms", got.P50, got.P99)
	}
	if s.latencies[0] != msec(10) {
		t.Error("summarize reordered the sample it read")
	}
}
