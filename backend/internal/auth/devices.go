package auth

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/refreshtoken"
)

// SessionMaxAge is a session's absolute lifetime: however active, a
// session signs in again after it, besides ending after RefreshTTL unused.
const SessionMaxAge = 90 * 24 * time.Hour

// Messages about sessions and passwords of a signed-in user.
const (
	MsgSessionNotFound      = "Session not found."
	MsgCurrentPasswordWrong = "Your current password is wrong."
	MsgPasswordUpdated      = "Password changed. Your other devices have been signed out."
)

// Device is one signed-in session as "Signed-in devices" shows it.
type Device struct {
	ID         uuid.UUID // the refresh-token family
	Device     string
	IP         string
	LastUsedAt time.Time
	SignedInAt time.Time
	Current    bool
}

// Sessions lists owner's live sessions, most recently used first; current
// is the caller's family. Each live family has one unused, unrevoked,
// unexpired member, created at its last refresh: that is "last used", to
// within an access token's life.
func (s *Service) Sessions(ctx context.Context, owner, current uuid.UUID) ([]Device, error) {
	now := s.clock.Now().UTC()
	live, err := s.db.RefreshToken.Query().
		Where(refreshtoken.UserID(owner), refreshtoken.RevokedAtIsNil(), refreshtoken.UsedAtIsNil(), refreshtoken.ExpiresAtGT(now)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list sessions of %s: %w", owner, err))
	}
	if len(live) == 0 {
		return nil, nil
	}
	families := make([]uuid.UUID, len(live))
	for i, rt := range live {
		families[i] = rt.FamilyID
	}
	started := map[uuid.UUID]time.Time{}
	all, err := s.db.RefreshToken.Query().
		Where(refreshtoken.FamilyIDIn(families...)).
		Select(refreshtoken.FieldFamilyID, refreshtoken.FieldCreatedAt).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("list sessions of %s: %w", owner, err))
	}
	for _, rt := range all {
		if t, ok := started[rt.FamilyID]; !ok || rt.CreatedAt.Before(t) {
			started[rt.FamilyID] = rt.CreatedAt
		}
	}
	out := make([]Device, len(live))
	for i, rt := range live {
		out[i] = Device{
			ID:         rt.FamilyID,
			Device:     DeviceName(rt.UserAgent),
			IP:         rt.IP,
			LastUsedAt: rt.CreatedAt,
			SignedInAt: started[rt.FamilyID],
			Current:    rt.FamilyID == current,
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Current != out[j].Current {
			return out[i].Current
		}
		return out[i].LastUsedAt.After(out[j].LastUsedAt)
	})
	return out, nil
}

// RevokeSession signs out one of owner's sessions; another user's, or one
// already ended, is not found.
func (s *Service) RevokeSession(ctx context.Context, owner, family uuid.UUID) error {
	ended, err := s.revokeWhere(ctx, s.db, refreshtoken.UserID(owner), refreshtoken.FamilyID(family))
	if err != nil {
		return errs.Internal(fmt.Errorf("revoke session %s: %w", family, err))
	}
	if len(ended) == 0 {
		return errs.NotFound(MsgSessionNotFound)
	}
	s.announceRevoked(ctx, ended...)
	s.audit(ctx, AuditLogout, &owner, "", "family "+family.String())
	return nil
}

// RevokeOtherSessions signs out every session of owner but current,
// answering how many.
func (s *Service) RevokeOtherSessions(ctx context.Context, owner, current uuid.UUID) (int, error) {
	ended, err := s.revokeWhere(ctx, s.db, refreshtoken.UserID(owner), refreshtoken.FamilyIDNEQ(current))
	if err != nil {
		return 0, errs.Internal(fmt.Errorf("revoke other sessions of %s: %w", owner, err))
	}
	s.announceRevoked(ctx, ended...)
	if len(ended) > 0 {
		s.audit(ctx, AuditLogout, &owner, "", fmt.Sprintf("%d other sessions", len(ended)))
	}
	return len(ended), nil
}

// UpdatePassword changes owner's password given the current one, and signs
// out every other session and every extension connection: whoever else
// knew the old password is out.
func (s *Service) UpdatePassword(ctx context.Context, owner, current uuid.UUID, currentPassword, newPassword string) error {
	u, err := s.userByID(ctx, owner)
	if err != nil {
		return err
	}
	if err := s.checkNewPassword(u, "new_password", newPassword); err != nil {
		return err
	}
	attempt, err := s.enter(ctx, &s.password, u.Email)
	if err != nil {
		return err
	}
	release, err := s.hashSlot(ctx)
	if err != nil {
		return err
	}
	defer release()
	ok, err := CheckPassword(currentPassword, u.PasswordHash)
	if err != nil && !errors.Is(err, ErrBadHash) {
		return errs.Internal(err)
	}
	if !ok {
		s.audit(ctx, AuditLoginFailed, &owner, u.Email, "current password")
		return errs.Invalid("current_password", MsgCurrentPasswordWrong)
	}
	if err := attempt.succeeded(ctx); err != nil {
		return err
	}
	hash, err := HashPassword(newPassword, s.params)
	if err != nil {
		return errs.Internal(err)
	}
	var ended []uuid.UUID
	err = platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		if err := tx.User.UpdateOneID(owner).SetPasswordHash(hash).SetUpdatedAt(s.clock.Now().UTC()).Exec(ctx); err != nil {
			return err
		}
		if ended, err = s.revokeWhere(ctx, tx, refreshtoken.UserID(owner), refreshtoken.FamilyIDNEQ(current)); err != nil {
			return err
		}
		// An extension token is a session of its own that the old password
		// could make: it ends with the others.
		return s.revokeExtensionTokens(ctx, tx, owner)
	})
	if err != nil {
		return errs.Internal(fmt.Errorf("change password of %s: %w", owner, err))
	}
	s.announceRevoked(ctx, ended...)
	s.audit(ctx, AuditPasswordChanged, &owner, u.Email, fmt.Sprintf("%d other sessions ended", len(ended)))
	return nil
}

// DeviceName is a coarse name for a browser from its User-Agent, e.g.
// "Chrome on Android": enough to recognise one's own devices, no more.
func DeviceName(ua string) string {
	if ua == "" {
		return "Unknown device"
	}
	browser := "Browser"
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"OPR/", "Opera"}, {"SamsungBrowser/", "Samsung Internet"},
		{"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"}, {"Chrome/", "Chrome"},
		{"Safari/", "Safari"}, {"curl/", "curl"}, {"Go-http-client/", "Program"}, {"connect-go/", "Program"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ token, name string }{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Windows", "Windows"},
		{"Mac OS X", "Mac"}, {"Macintosh", "Mac"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			system = o.name
			break
		}
	}
	if system == "" {
		return browser
	}
	return browser + " on " + system
}
