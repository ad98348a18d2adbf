package auth

import (
	"context"
	"log/slog"
	"strings"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/platform"
)

// The kinds of security event written to the audit log.
const (
	AuditRegister           = "register"
	AuditLogin              = "login"
	AuditLoginFailed        = "login_failed"
	AuditRateLimited        = "rate_limited"
	AuditRefreshReuse       = "refresh_reuse"
	AuditLogout             = "logout"
	AuditResetRequested     = "password_reset_requested"
	AuditResetFailed        = "password_reset_failed"
	AuditReset              = "password_reset"
	AuditExtensionConnected = "extension_connected"
	AuditExtensionRevoked   = "extension_revoked"
	AuditPasswordChanged    = "password_changed"
)

// audit records a security event with the caller's address. A failure to
// write it is logged, not returned: the audit log must not lock people out.
func (s *Service) audit(ctx context.Context, kind string, userID *uuid.UUID, email, detail string) {
	c := platform.ClientFrom(ctx)
	err := s.db.AuditEvent.Create().
		SetNillableUserID(userID).
		SetKind(kind).
		SetEmail(truncate(email, 254)).
		SetIP(truncate(c.IP, 64)).
		SetUserAgent(truncate(c.UserAgent, 512)).
		SetDetail(truncate(detail, 2000)).
		SetCreatedAt(s.clock.Now().UTC()).
		Exec(context.WithoutCancel(ctx))
	if err != nil {
		slog.ErrorContext(ctx, "write audit event", "kind", kind, "err", err)
	}
	slog.InfoContext(ctx, "security event", "kind", kind, "user", userID, "ip", c.IP)
}

// truncate is s as valid UTF-8 of at most n bytes: Postgres refuses text
// that is not UTF-8, and a refused audit event is a lost one. A cut inside
// a character leaves a part of it, which goes too.
func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "")
	}
	return s
}
