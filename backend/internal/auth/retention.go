package auth

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/auditevent"
	"github.com/kesihq/kesi/ent/extensiontoken"
	"github.com/kesihq/kesi/ent/passwordreset"
	"github.com/kesihq/kesi/ent/predicate"
	"github.com/kesihq/kesi/ent/refreshtoken"
	"github.com/kesihq/kesi/ent/user"
)

// Retained counts what a retention run deleted.
type Retained struct {
	RefreshTokens int // rows of sessions that ended
	ResetCodes    int // used or expired password-reset codes
	AuditEvents   int // audit events older than the retention period
	// ExtensionTokens: browser extensions' connections disconnected or
	// left unused past ExtensionTokenIdle, which no request can use again.
	ExtensionTokens int
}

const retentionBatch = 500

// Purge deletes what Kesi no longer needs: the refresh tokens of every
// session that has ended (each of its tokens expired, or revoked longer
// ago than an access token lives), used or expired reset codes, audit
// events older than auditRetention, and extension tokens no request can
// use again (the same rule that refuses them). A session's tokens go together, never
// one by one, since the oldest one dates the session's start (its absolute
// lifetime and "Signed in" of the devices list).
func Purge(ctx context.Context, db *ent.Client, now time.Time, auditRetention time.Duration) (Retained, error) {
	var r Retained
	now = now.UTC()
	var err error
	if r.RefreshTokens, err = purgeSessions(ctx, db, now); err != nil {
		return r, err
	}
	n, err := db.PasswordReset.Delete().
		Where(passwordreset.Or(passwordreset.UsedAtNotNil(), passwordreset.ExpiresAtLT(now))).
		Exec(ctx)
	if err != nil {
		return r, fmt.Errorf("purge reset codes: %w", err)
	}
	r.ResetCodes = n
	if r.AuditEvents, err = db.AuditEvent.Delete().Where(auditevent.CreatedAtLT(now.Add(-auditRetention))).Exec(ctx); err != nil {
		return r, fmt.Errorf("purge audit events: %w", err)
	}
	if r.ExtensionTokens, err = db.ExtensionToken.Delete().Where(extensiontoken.Not(liveExtensionTokens(now))).Exec(ctx); err != nil {
		return r, fmt.Errorf("purge ended extension tokens: %w", err)
	}
	return r, nil
}

// purgeSessions deletes the tokens of ended session families, visiting the
// candidate families in id order so that a live one is passed, not found
// again.
func purgeSessions(ctx context.Context, db *ent.Client, now time.Time) (int, error) {
	forgotten := now.Add(-revokedMemory)
	deleted := 0
	var after uuid.UUID
	for {
		var candidates []uuid.UUID
		err := db.RefreshToken.Query().
			Where(refreshtoken.FamilyIDGT(after), refreshtoken.Or(refreshtoken.ExpiresAtLT(now), refreshtoken.RevokedAtLT(forgotten))).
			Unique(true).
			Order(ent.Asc(refreshtoken.FieldFamilyID)).
			Limit(retentionBatch).
			Select(refreshtoken.FieldFamilyID).
			Scan(ctx, &candidates)
		if err != nil {
			return deleted, fmt.Errorf("find ended sessions: %w", err)
		}
		if len(candidates) == 0 {
			return deleted, nil
		}
		after = candidates[len(candidates)-1]
		var live []uuid.UUID
		err = db.RefreshToken.Query().
			Where(refreshtoken.FamilyIDIn(candidates...), refreshtoken.ExpiresAtGTE(now),
				refreshtoken.Or(refreshtoken.RevokedAtIsNil(), refreshtoken.RevokedAtGTE(forgotten))).
			Unique(true).
			Select(refreshtoken.FieldFamilyID).
			Scan(ctx, &live)
		if err != nil {
			return deleted, fmt.Errorf("find live sessions: %w", err)
		}
		alive := map[uuid.UUID]bool{}
		for _, f := range live {
			alive[f] = true
		}
		var ended []uuid.UUID
		for _, f := range candidates {
			if !alive[f] {
				ended = append(ended, f)
			}
		}
		if len(ended) > 0 {
			n, err := db.RefreshToken.Delete().Where(refreshtoken.FamilyIDIn(ended...)).Exec(ctx)
			if err != nil {
				return deleted, fmt.Errorf("purge ended sessions: %w", err)
			}
			deleted += n
		}
		if len(candidates) < retentionBatch {
			return deleted, nil
		}
	}
}

// RetentionJob is the background job that runs Purge and logs its counts.
func RetentionJob(db *ent.Client, clock platform.Clock, auditRetention time.Duration) func(context.Context) error {
	return func(ctx context.Context) error {
		r, err := Purge(ctx, db, clock.Now(), auditRetention)
		slog.InfoContext(ctx, "retention: purged", "refresh_tokens", r.RefreshTokens, "reset_codes", r.ResetCodes,
			"audit_events", r.AuditEvents, "extension_tokens", r.ExtensionTokens, "audit_retention", auditRetention)
		return err
	}
}

// AuditQuery selects audit events for `kesi audit list`.
type AuditQuery struct {
	Email string    // the account's (or, for an unknown account, the attempted) address; empty: all
	Since time.Time // zero: from the oldest kept
	Limit int       // 0: no limit
}

// AuditEvents lists audit events, oldest first.
func AuditEvents(ctx context.Context, db *ent.Client, q AuditQuery) ([]*ent.AuditEvent, error) {
	var where []predicate.AuditEvent
	if email := strings.ToLower(strings.TrimSpace(q.Email)); email != "" {
		match := []predicate.AuditEvent{auditevent.Email(email)}
		ids, err := db.User.Query().Where(user.Email(email)).IDs(ctx)
		if err != nil {
			return nil, fmt.Errorf("find the account %s: %w", email, err)
		}
		if len(ids) > 0 {
			match = append(match, auditevent.UserIDIn(ids...))
		}
		where = append(where, auditevent.Or(match...))
	}
	if !q.Since.IsZero() {
		where = append(where, auditevent.CreatedAtGTE(q.Since.UTC()))
	}
	query := db.AuditEvent.Query().Where(where...).Order(ent.Asc(auditevent.FieldCreatedAt), ent.Asc(auditevent.FieldID))
	if q.Limit > 0 {
		query = query.Limit(q.Limit)
	}
	events, err := query.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("list audit events: %w", err)
	}
	return events, nil
}
