package causelists

import (
	"context"

	"github.com/kesihq/kesi/ent/civil"
)

// Restamp lets the external tests time restamp.
func (s *Service) Restamp(ctx context.Context, from civil.Date) (int, error) {
	return s.restamp(ctx, from)
}
