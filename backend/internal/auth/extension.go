package auth

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/extensiontoken"
	"github.com/kesihq/kesi/ent/predicate"
)

// Messages about extension connections.
const (
	MsgExtensionNameLong     = "Name must be at most 100 characters."
	MsgExtensionNotFound     = "Extension connection not found."
	DefaultExtensionName     = "Browser extension"
	extensionLastUsedLatency = time.Minute
	// ExtensionTokenIdle is how long a token lives unused: a forgotten
	// connection dies on its own.
	ExtensionTokenIdle = 90 * 24 * time.Hour
)

// liveExtensionTokens matches tokens not revoked and used (or made) within
// ExtensionTokenIdle of now.
func liveExtensionTokens(now time.Time) predicate.ExtensionToken {
	cut := now.Add(-ExtensionTokenIdle)
	return extensiontoken.And(
		extensiontoken.RevokedAtIsNil(),
		extensiontoken.Or(
			extensiontoken.LastUsedAtGT(cut),
			extensiontoken.And(extensiontoken.LastUsedAtIsNil(), extensiontoken.CreatedAtGT(cut)),
		),
	)
}

// CreateExtensionToken connects a browser extension for owner. The token is
// answered once, here; only its hash is kept.
func (s *Service) CreateExtensionToken(ctx context.Context, owner uuid.UUID, name string) (*ent.ExtensionToken, string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		name = DefaultExtensionName
	}
	if utf8.RuneCountInString(name) > 100 {
		return nil, "", errs.Invalid("name", MsgExtensionNameLong)
	}
	token, hash := newSecret(ExtensionTokenPrefix)
	et, err := s.db.ExtensionToken.Create().
		SetUserID(owner).
		SetName(name).
		SetTokenHash(hash).
		SetCreatedAt(s.clock.Now().UTC()).
		Save(ctx)
	if ent.IsConstraintError(err) {
		// The owner no longer exists.
		return nil, "", errs.Unauthenticated(MsgSessionExpired)
	}
	if err != nil {
		return nil, "", errs.Internal(fmt.Errorf("create extension token for %s: %w", owner, err))
	}
	s.audit(ctx, AuditExtensionConnected, &owner, "", et.ID.String())
	return et, token, nil
}

// ListExtensionTokens lists owner's live extension connections, newest
// first; one unused for ExtensionTokenIdle is gone.
func (s *Service) ListExtensionTokens(ctx context.Context, owner uuid.UUID) ([]*ent.ExtensionToken, error) {
	ts, err := s.db.ExtensionToken.Query().
		Where(extensiontoken.UserID(owner), liveExtensionTokens(s.clock.Now().UTC())).
		Order(ent.Desc(extensiontoken.FieldCreatedAt), ent.Asc(extensiontoken.FieldID)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list extension tokens of %s: %w", owner, err))
	}
	return ts, nil
}

// RevokeExtensionToken disconnects one of owner's extensions; another
// user's, or one already revoked, is not found.
func (s *Service) RevokeExtensionToken(ctx context.Context, owner, id uuid.UUID) error {
	n, err := s.db.ExtensionToken.Update().
		Where(extensiontoken.ID(id), extensiontoken.UserID(owner), extensiontoken.RevokedAtIsNil()).
		SetRevokedAt(s.clock.Now().UTC()).
		Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("revoke extension token %s: %w", id, err))
	}
	if n == 0 {
		return errs.NotFound(MsgExtensionNotFound)
	}
	s.audit(ctx, AuditExtensionRevoked, &owner, "", id.String())
	return nil
}

// ResolveExtensionToken implements ExtensionTokenResolver: a live token is
// its owner with the extension scope. Last use is recorded at most once a
// minute, so a busy import does not write on every call.
func (s *Service) ResolveExtensionToken(ctx context.Context, token string) (Principal, error) {
	now := s.clock.Now().UTC()
	et, err := s.db.ExtensionToken.Query().
		Where(extensiontoken.TokenHash(hashSecret(token)), liveExtensionTokens(now)).
		WithUser().
		Only(ctx)
	if ent.IsNotFound(err) {
		return Principal{}, errs.Unauthenticated(MsgSignInRequired)
	}
	if err != nil {
		return Principal{}, errs.Internal(fmt.Errorf("resolve extension token: %w", err))
	}
	if et.LastUsedAt == nil || now.Sub(*et.LastUsedAt) >= extensionLastUsedLatency {
		if err := s.db.ExtensionToken.UpdateOneID(et.ID).SetLastUsedAt(now).Exec(ctx); err != nil {
			return Principal{}, errs.Internal(fmt.Errorf("record use of extension token %s: %w", et.ID, err))
		}
	}
	return Principal{UserID: et.UserID, Role: role.FromUser(et.Edges.User.Role), Scope: ScopeExtension, ExtensionTokenID: et.ID}, nil
}

// EndEverySession signs the user out everywhere: every session, on every
// server at once, and every extension connection. The demo reset uses it,
// so that one visitor's sessions and tokens do not outlive the data they
// saw.
func (s *Service) EndEverySession(ctx context.Context, id uuid.UUID) error {
	ended, err := s.revokeAll(ctx, s.db, id)
	if err != nil {
		return errs.Internal(fmt.Errorf("end sessions of %s: %w", id, err))
	}
	s.announceRevoked(ctx, ended...)
	if err := s.revokeExtensionTokens(ctx, s.db, id); err != nil {
		return errs.Internal(fmt.Errorf("revoke extension tokens of %s: %w", id, err))
	}
	return nil
}

// revokeExtensionTokens disconnects every extension of a user, through db
// (a transaction's client). A token outlives the session that made it, so
// whatever ends every session for a new password must end these too.
func (s *Service) revokeExtensionTokens(ctx context.Context, db *ent.Client, id uuid.UUID) error {
	_, err := db.ExtensionToken.Update().
		Where(extensiontoken.UserID(id), extensiontoken.RevokedAtIsNil()).
		SetRevokedAt(s.clock.Now().UTC()).
		Save(ctx)
	return err
}
