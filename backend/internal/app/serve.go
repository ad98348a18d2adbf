package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"sync"
	"time"

	"github.com/kesihq/kesi/backend/internal/platform"
)

// Serve listens on the configured address and serves until ctx ends, then
// shuts down gracefully, letting in-flight requests finish.
func (a *App) Serve(ctx context.Context) error {
	ln, err := net.Listen("tcp", a.Config.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", a.Config.Addr, err)
	}
	return a.ServeListener(ctx, ln)
}

// cleanupGrace bounds how long requests cut at shutdown may take to undo
// what they started.
const cleanupGrace = 15 * time.Second

// ServeListener serves on ln until ctx ends.
func (a *App) ServeListener(ctx context.Context, ln net.Listener) error {
	if err := a.Check(ctx); err != nil {
		ln.Close()
		return err
	}
	// Production never migrates by itself, and never serves a schema that is
	// behind: every sign-in would fail while /readyz said ready.
	if pending, err := a.DB.PendingMigrations(ctx); err != nil || len(pending) > 0 {
		ln.Close()
		if err != nil {
			return err
		}
		return errors.New(platform.SchemaBehind(pending))
	}
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true) // h2c, so gRPC clients work on a plain port
	// Handlers still running when the grace ends are cut, and then given a
	// moment to clean up (an upload deletes what it stored) before the
	// process exits.
	var running sync.WaitGroup
	handler := a.Handler()
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			running.Add(1)
			defer running.Done()
			handler.ServeHTTP(w, r)
		}),
		Protocols:         &protocols,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       5 * time.Minute, // large document uploads on slow mobile links
		WriteTimeout:      5 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	if a.Config.MetricsAddr != "" {
		mln, err := net.Listen("tcp", a.Config.MetricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("listen for metrics on %s: %w", a.Config.MetricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", a.Metrics.Handler())
		// The profiles beside the metrics: this listener is the operators' own
		// (never the public address), and a profile of the running server is
		// how a slow call is explained (bench/README's pprof steps).
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
		msrv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go msrv.Serve(mln)
		defer msrv.Close()
		slog.Info("metrics on", "addr", mln.Addr().String())
	}
	jobsCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer stopJobs()
	a.Jobs.Start(jobsCtx)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	slog.Info("kesi serving", "addr", ln.Addr().String(), "public_url", a.Config.PublicURL.String(), "database", a.DB.Dialect)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down; letting in-flight requests finish")
	stopJobs()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.Config.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		// Past the grace: cut what is left. An upload cut here aborts and
		// deletes what it stored; one cut by a crash is swept as pending.
		srv.Close()
		cleaned := make(chan struct{})
		go func() { running.Wait(); close(cleaned) }()
		select {
		case <-cleaned:
		case <-time.After(cleanupGrace):
			slog.Warn("requests cut at shutdown still cleaning up; exiting anyway", "waited", cleanupGrace)
		}
		return fmt.Errorf("shutdown after %s: %w", a.Config.ShutdownGrace, err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
