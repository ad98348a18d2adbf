package jobs

import (
	"context"
	"time"
)

// RunIn lets the tests run a scheduled period without waiting for it.
func (r *Runner) RunIn(ctx context.Context, name string, slot time.Time) error {
	for _, j := range r.jobs {
		if j.Name == name {
			return r.runIn(ctx, j, slot)
		}
	}
	return ErrUnknownJob
}
