package platform

import (
	"context"
	"sync/atomic"
)

type userSlotKey struct{}

// WithUserSlot makes room in ctx for the id of the user a request turns
// out to be from, known only once it is authenticated deeper in the
// handler chain, so that the access log (written outside) and every later
// log line can name them.
func WithUserSlot(ctx context.Context) context.Context {
	return context.WithValue(ctx, userSlotKey{}, new(atomic.Pointer[string]))
}

// SetUser records the request's user in its slot, if it has one.
func SetUser(ctx context.Context, id string) {
	if slot, ok := ctx.Value(userSlotKey{}).(*atomic.Pointer[string]); ok {
		slot.Store(&id)
	}
}

// UserFrom is the request's user id, or "".
func UserFrom(ctx context.Context) string {
	if slot, ok := ctx.Value(userSlotKey{}).(*atomic.Pointer[string]); ok {
		if id := slot.Load(); id != nil {
			return *id
		}
	}
	return ""
}
