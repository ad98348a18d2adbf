package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/accountdeletion"
	"github.com/kesihq/kesi/ent/predicate"
	"github.com/kesihq/kesi/ent/refreshtoken"
)

// startSession opens a new refresh-token family for u and mints its first
// access token.
func (s *Service) startSession(ctx context.Context, u *ent.User) (*Session, error) {
	return s.issue(ctx, s.db, u, uuid.New(), s.clock.Now().UTC())
}

// issue adds a refresh token to family, which began at started, and mints
// an access token for it. The refresh token lives RefreshTTL, and never
// past the session's absolute end.
func (s *Service) issue(ctx context.Context, db *ent.Client, u *ent.User, family uuid.UUID, started time.Time) (*Session, error) {
	now := s.clock.Now().UTC()
	token, hash := newSecret("")
	client := platform.ClientFrom(ctx)
	expiry := now.Add(RefreshTTL)
	if end := started.Add(SessionMaxAge); end.Before(expiry) {
		expiry = end
	}
	if err := db.RefreshToken.Create().
		SetUserID(u.ID).
		SetFamilyID(family).
		SetTokenHash(hash).
		SetCreatedAt(now).
		SetExpiresAt(expiry).
		SetUserAgent(client.UserAgent).
		SetIP(client.IP).
		Exec(ctx); err != nil {
		return nil, errs.Internal(fmt.Errorf("store refresh token of %s: %w", u.ID, err))
	}
	// An account whose erasure has begun signs in no more: what it would
	// write now could outlive the erasure. Checked after the token is
	// stored, so a sign-in racing the erasure's claim is either refused
	// here or ended by the erasure, which ends every session once claimed.
	erasing, err := db.AccountDeletion.Query().
		Where(accountdeletion.UserID(u.ID), accountdeletion.CancelledAtIsNil(), accountdeletion.StepsDoneNEQ("")).Exist(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("check the erasure of %s: %w", u.ID, err))
	}
	if erasing {
		if _, err := db.RefreshToken.Delete().Where(refreshtoken.TokenHash(hash)).Exec(ctx); err != nil {
			return nil, errs.Internal(fmt.Errorf("drop refresh token of %s: %w", u.ID, err))
		}
		return nil, errs.PermissionDenied(MsgAccountErasing)
	}
	access := s.signer.Mint(Principal{UserID: u.ID, Role: role.FromUser(u.Role), Scope: ScopeSession, FamilyID: family}, now)
	return &Session{User: u, AccessToken: access, RefreshToken: token, RefreshExpiry: expiry}, nil
}

// Refresh rotates a refresh token: it is marked used and a new member of
// its family is issued. A token presented after it was used means it was
// copied, so the whole family is revoked and both holders must sign in again.
func (s *Service) Refresh(ctx context.Context, token string) (*Session, error) {
	if token == "" {
		return nil, errs.Unauthenticated(MsgSessionExpired)
	}
	now := s.clock.Now().UTC()
	rt, err := s.db.RefreshToken.Query().Where(refreshtoken.TokenHash(hashSecret(token))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, errs.Unauthenticated(MsgSessionExpired)
	}
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load refresh token: %w", err))
	}
	if rt.RevokedAt != nil || !rt.ExpiresAt.After(now) {
		return nil, errs.Unauthenticated(MsgSessionExpired)
	}
	if rt.UsedAt != nil {
		return nil, s.reuse(ctx, rt)
	}
	// Mark it used only if nobody else did in the meantime: two refreshes
	// racing with one token are a reuse too.
	n, err := s.db.RefreshToken.Update().
		Where(refreshtoken.ID(rt.ID), refreshtoken.UsedAtIsNil(), refreshtoken.RevokedAtIsNil()).
		SetUsedAt(now).
		Save(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("use refresh token %s: %w", rt.ID, err))
	}
	if n == 0 {
		return nil, s.reuse(ctx, rt)
	}
	u, err := s.userByID(ctx, rt.UserID)
	if err != nil {
		return nil, err
	}
	first, err := s.db.RefreshToken.Query().
		Where(refreshtoken.FamilyID(rt.FamilyID)).
		Order(ent.Asc(refreshtoken.FieldCreatedAt)).
		First(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load start of family %s: %w", rt.FamilyID, err))
	}
	return s.issue(ctx, s.db, u, rt.FamilyID, first.CreatedAt)
}

// reuse revokes the family of a token presented twice.
func (s *Service) reuse(ctx context.Context, rt *ent.RefreshToken) error {
	if err := s.revokeFamily(ctx, rt.FamilyID); err != nil {
		return err
	}
	s.audit(ctx, AuditRefreshReuse, &rt.UserID, "", "family "+rt.FamilyID.String())
	return errs.Unauthenticated(MsgSessionExpired)
}

func (s *Service) revokeFamily(ctx context.Context, family uuid.UUID) error {
	_, err := s.db.RefreshToken.Update().
		Where(refreshtoken.FamilyID(family), refreshtoken.RevokedAtIsNil()).
		SetRevokedAt(s.clock.Now().UTC()).
		Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("revoke family %s: %w", family, err))
	}
	s.announceRevoked(ctx, family)
	return nil
}

// announceRevoked tells every server, this one first, that families ended,
// so that their access tokens are refused on the next request. Call it
// after the revocation is committed. A failure to tell is only logged: the
// rows are the truth, and every server reloads them within a minute.
func (s *Service) announceRevoked(ctx context.Context, families ...uuid.UUID) {
	if err := publishRevoked(context.WithoutCancel(ctx), s.bus, families); err != nil {
		slog.WarnContext(ctx, "announce ended sessions", "err", err)
	}
}

// Logout revokes the family of the refresh token, or else of the caller's
// access token, or else the caller's extension token (the extension's
// Disconnect). It succeeds with none, so that a browser can always clear
// its cookies.
func (s *Service) Logout(ctx context.Context, refreshToken string) error {
	var userID *uuid.UUID
	family := uuid.Nil
	if refreshToken != "" {
		rt, err := s.db.RefreshToken.Query().Where(refreshtoken.TokenHash(hashSecret(refreshToken))).Only(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return errs.Internal(fmt.Errorf("load refresh token: %w", err))
		}
		if rt != nil {
			family, userID = rt.FamilyID, &rt.UserID
		}
	}
	if p, ok := PrincipalFrom(ctx); ok && family == uuid.Nil && p.Scope == ScopeSession {
		family, userID = p.FamilyID, &p.UserID
	}
	if p, ok := PrincipalFrom(ctx); ok && family == uuid.Nil && p.Scope == ScopeExtension {
		err := s.RevokeExtensionToken(ctx, p.UserID, p.ExtensionTokenID)
		if errs.KindOf(err) == errs.KindNotFound {
			return nil // revoked meanwhile
		}
		return err
	}
	if family == uuid.Nil {
		return nil
	}
	if err := s.revokeFamily(ctx, family); err != nil {
		return err
	}
	s.audit(ctx, AuditLogout, userID, "", "family "+family.String())
	return nil
}

// revokeAll ends every session of a user, through db (a transaction's
// client), and answers the families it ended; announce them once committed.
func (s *Service) revokeAll(ctx context.Context, db *ent.Client, id uuid.UUID) ([]uuid.UUID, error) {
	return s.revokeWhere(ctx, db, refreshtoken.UserID(id))
}

// revokeWhere ends the live families of the refresh tokens matching where.
func (s *Service) revokeWhere(ctx context.Context, db *ent.Client, where ...predicate.RefreshToken) ([]uuid.UUID, error) {
	live := append([]predicate.RefreshToken{refreshtoken.RevokedAtIsNil()}, where...)
	var families []uuid.UUID
	err := db.RefreshToken.Query().Where(live...).Unique(true).Select(refreshtoken.FieldFamilyID).Scan(ctx, &families)
	if err != nil {
		return nil, err
	}
	if len(families) == 0 {
		return nil, nil
	}
	_, err = db.RefreshToken.Update().
		Where(refreshtoken.FamilyIDIn(families...), refreshtoken.RevokedAtIsNil()).
		SetRevokedAt(s.clock.Now().UTC()).
		Save(ctx)
	return families, err
}

// newSecret is a random token with prefix and the SHA-256 stored for it.
// 256 random bits need no slow hash: guessing is hopeless either way.
func newSecret(prefix string) (token string, hash []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	token = prefix + base64.RawURLEncoding.EncodeToString(b)
	return token, hashSecret(token)
}

func hashSecret(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
