// Package bus carries small messages between the servers of one Kesi
// installation, so that state one server keeps in memory (revoked sessions,
// cached subscriptions) follows a change made on another at once.
//
// On Postgres a message is a NOTIFY on one channel, heard by every server
// through a LISTEN connection (lib/pq's Listener). Notifications are not
// stored: one sent while a server is reconnecting is lost to it. So each
// subscriber also gives a reload that reads the truth from the database;
// the bus runs it after every reconnection and periodically as a backstop.
// On SQLite, whose one file is written by one process, the bus is in memory
// and shared by every Bus of that process on the same file.
package bus

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"
)

// channel is the one Postgres NOTIFY channel of the bus; the topic travels
// in the payload.
const channel = "kesi_bus"

// MaxPayload is the largest payload Publish accepts: Postgres refuses
// notifications of 8000 bytes or more, and the envelope takes some.
const MaxPayload = 7000

// DefaultReloadEvery is how often subscribers' reloads run when nothing
// else triggers them.
const DefaultReloadEvery = time.Minute

// Handler receives the payload of one message on a subscribed topic. It runs
// on the bus's goroutine (or the publisher's, for this server's own
// messages): keep it short and never block. A message may arrive twice, so
// it must be idempotent.
type Handler func(payload string)

// Reload reads from the database what messages would have told, in case
// some were lost.
type Reload func(ctx context.Context) error

// Options configure a Bus.
type Options struct {
	// ReloadEvery is the backstop period; zero means DefaultReloadEvery.
	ReloadEvery time.Duration
	// Logger reports lost connections and failed reloads; nil is slog.Default().
	Logger *slog.Logger
}

// Bus publishes messages to every server and delivers theirs.
type Bus struct {
	id     string // this bus's id, so that it skips its own echoes
	log    *slog.Logger
	every  time.Duration
	notify func(ctx context.Context, msg []byte) error

	mu       sync.RWMutex
	handlers map[string][]Handler
	reloads  []Reload

	stop    context.CancelFunc
	done    chan struct{}
	closeFn func() error

	// local is the in-process hub on SQLite; nil on Postgres.
	local *hub
}

type envelope struct {
	From    string `json:"f"`
	Topic   string `json:"t"`
	Payload string `json:"p"`
}

// Open starts a bus: on Postgres (dia) it listens through a connection of
// its own to databaseURL and notifies through db, the server's pool; on
// SQLite it joins the in-process hub of the database file path. Close it
// when done.
func Open(dia, databaseURL, path string, db *sql.DB, o Options) (*Bus, error) {
	b := &Bus{
		id:       rand.Text(),
		log:      o.Logger,
		every:    o.ReloadEvery,
		handlers: map[string][]Handler{},
		done:     make(chan struct{}),
	}
	if b.log == nil {
		b.log = slog.Default()
	}
	if b.every <= 0 {
		b.every = DefaultReloadEvery
	}
	ctx, stop := context.WithCancel(context.Background())
	b.stop = stop
	switch dia {
	case dialect.Postgres:
		listener := pq.NewListener(databaseURL, 100*time.Millisecond, 10*time.Second, b.event)
		if err := listener.Listen(channel); err != nil {
			listener.Close()
			stop()
			return nil, fmt.Errorf("bus: listen on %s: %w", channel, err)
		}
		b.notify = func(ctx context.Context, msg []byte) error {
			_, err := db.ExecContext(ctx, "SELECT pg_notify($1, $2)", channel, string(msg))
			return err
		}
		b.closeFn = listener.Close
		go b.listen(ctx, listener)
	default:
		b.local = join(path, b)
		b.notify = func(_ context.Context, msg []byte) error {
			b.local.send(b, msg)
			return nil
		}
		b.closeFn = func() error { b.local.leave(path, b); return nil }
		go b.tick(ctx)
	}
	return b, nil
}

// Subscribe calls on for every message on topic published by another
// server, and reload (if not nil) after a lost connection and every
// ReloadEvery. Subscribe before the server answers requests.
func (b *Bus) Subscribe(topic string, on Handler, reload Reload) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handlers[topic] = append(b.handlers[topic], on)
	if reload != nil {
		b.reloads = append(b.reloads, reload)
	}
}

// ErrPayloadTooLarge is a payload over MaxPayload bytes.
var ErrPayloadTooLarge = errors.New("bus: payload too large")

// Publish delivers payload on topic to this server's subscribers at once,
// before it returns, and to every other server's as soon as they hear it.
// Publish after the change it announces is committed, so that a server
// that hears it reads the new state.
func (b *Bus) Publish(ctx context.Context, topic, payload string) error {
	if len(payload) > MaxPayload {
		return ErrPayloadTooLarge
	}
	b.deliver(topic, payload)
	msg, err := json.Marshal(envelope{From: b.id, Topic: topic, Payload: payload})
	if err != nil {
		return err
	}
	if err := b.notify(ctx, msg); err != nil {
		return fmt.Errorf("bus: publish %s: %w", topic, err)
	}
	return nil
}

// Close stops listening.
func (b *Bus) Close() error {
	b.stop()
	err := b.closeFn()
	<-b.done
	return err
}

func (b *Bus) deliver(topic, payload string) {
	b.mu.RLock()
	hs := b.handlers[topic]
	b.mu.RUnlock()
	for _, h := range hs {
		h(payload)
	}
}

// receive handles a message heard from the channel or the hub.
func (b *Bus) receive(msg []byte) {
	var e envelope
	if err := json.Unmarshal(msg, &e); err != nil {
		b.log.Warn("bus: unreadable message", "err", err)
		return
	}
	if e.From == b.id {
		return // delivered already when published
	}
	b.deliver(e.Topic, e.Payload)
}

// ReloadAll runs every subscriber's reload now.
func (b *Bus) ReloadAll(ctx context.Context) {
	b.mu.RLock()
	rs := append([]Reload(nil), b.reloads...)
	b.mu.RUnlock()
	for _, r := range rs {
		rctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		if err := r(rctx); err != nil && ctx.Err() == nil {
			b.log.Warn("bus: reload failed", "err", err)
		}
		cancel()
	}
}

func (b *Bus) listen(ctx context.Context, l *pq.Listener) {
	defer close(b.done)
	ticker := time.NewTicker(b.every)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case n, ok := <-l.Notify:
			if !ok {
				return
			}
			if n == nil {
				// The connection was re-established: whatever was
				// published meanwhile is lost, so read the truth.
				b.ReloadAll(ctx)
				continue
			}
			b.receive([]byte(n.Extra))
		case <-ticker.C:
			b.ReloadAll(ctx)
			// A dead connection is noticed by the ping rather than by
			// the next notification that never comes.
			go l.Ping()
		}
	}
}

func (b *Bus) tick(ctx context.Context) {
	defer close(b.done)
	ticker := time.NewTicker(b.every)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			b.ReloadAll(ctx)
		}
	}
}

func (b *Bus) event(ev pq.ListenerEventType, err error) {
	switch ev {
	case pq.ListenerEventDisconnected:
		b.log.Warn("bus: lost the LISTEN connection", "err", err)
	case pq.ListenerEventConnectionAttemptFailed:
		b.log.Warn("bus: cannot reconnect the LISTEN connection", "err", err)
	case pq.ListenerEventReconnected:
		b.log.Info("bus: LISTEN connection back")
	}
}

// hub joins the buses of one process on one SQLite file.
type hub struct {
	mu    sync.RWMutex
	buses map[*Bus]bool
}

var (
	hubsMu sync.Mutex
	hubs   = map[string]*hub{}
)

func join(key string, b *Bus) *hub {
	hubsMu.Lock()
	defer hubsMu.Unlock()
	h := hubs[key]
	if h == nil {
		h = &hub{buses: map[*Bus]bool{}}
		hubs[key] = h
	}
	h.mu.Lock()
	h.buses[b] = true
	h.mu.Unlock()
	return h
}

func (h *hub) leave(key string, b *Bus) {
	hubsMu.Lock()
	defer hubsMu.Unlock()
	h.mu.Lock()
	delete(h.buses, b)
	empty := len(h.buses) == 0
	h.mu.Unlock()
	if empty {
		delete(hubs, key)
	}
}

func (h *hub) send(from *Bus, msg []byte) {
	h.mu.RLock()
	others := make([]*Bus, 0, len(h.buses))
	for b := range h.buses {
		if b != from {
			others = append(others, b)
		}
	}
	h.mu.RUnlock()
	for _, b := range others {
		b.receive(msg)
	}
}
