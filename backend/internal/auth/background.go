package auth

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// backgroundTimeout bounds one piece of work done after answering (a mail).
const backgroundTimeout = time.Minute

// background runs work that must not make a request wait or show in its
// timing (the reset mail), and lets the server finish it before it stops.
type background struct {
	mu     sync.Mutex
	idle   *sync.Cond
	n      int
	closed bool
	// last is the done channel of the latest work of each key: work of one
	// key runs in the order it came (two reset requests: the later code is
	// the one mailed last).
	last map[string]chan struct{}
	// stop cancels what is still running when Close's wait runs out.
	stop   context.Context
	cancel context.CancelFunc
}

func newBackground() *background {
	b := &background{last: map[string]chan struct{}{}}
	b.idle = sync.NewCond(&b.mu)
	b.stop, b.cancel = context.WithCancel(context.Background())
	return b
}

// later runs fn after the request, with the request's values (the client's
// address for the audit log) but not its cancellation, after the earlier
// work of the same key. After Close, fn runs at once, in the caller.
func (b *background) later(ctx context.Context, what, key string, fn func(ctx context.Context) error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), backgroundTimeout)
	run := func() {
		defer cancel()
		stop := context.AfterFunc(b.stop, cancel)
		defer stop()
		if err := fn(ctx); err != nil {
			slog.ErrorContext(ctx, "after the answer: "+what, "err", err)
		}
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		run()
		return
	}
	b.n++
	prev, done := b.last[key], make(chan struct{})
	b.last[key] = done
	b.mu.Unlock()
	go func() {
		defer b.done()
		if prev != nil {
			<-prev
		}
		run()
		b.mu.Lock()
		if b.last[key] == done {
			delete(b.last, key)
		}
		b.mu.Unlock()
		close(done)
	}()
}

func (b *background) done() {
	b.mu.Lock()
	b.n--
	if b.n == 0 {
		b.idle.Broadcast()
	}
	b.mu.Unlock()
}

// wait returns once nothing runs.
func (b *background) wait() {
	b.mu.Lock()
	for b.n > 0 {
		b.idle.Wait()
	}
	b.mu.Unlock()
}

// WaitBackground returns once the work begun after earlier answers (the
// reset mails) is done: tests read the mail after it.
func (s *Service) WaitBackground() { s.bg.wait() }

// Close lets the work begun after answering finish, for at most grace,
// then cancels what is left. Call it after the HTTP server has stopped.
func (s *Service) Close(grace time.Duration) {
	s.bg.mu.Lock()
	s.bg.closed = true
	s.bg.mu.Unlock()
	finished := make(chan struct{})
	go func() { s.bg.wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(grace):
		s.bg.cancel()
		<-finished
	}
	s.bg.cancel()
}
