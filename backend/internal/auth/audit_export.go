package auth

import (
	"context"

	"github.com/google/uuid"
)

// Audit records an event of another domain (a firm's cross-member actions)
// in the audit log, as audit does for the security events.
func (s *Service) Audit(ctx context.Context, kind string, userID *uuid.UUID, email, detail string) {
	s.audit(ctx, kind, userID, email, detail)
}
