package account

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/affiliates"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/clients"
	"github.com/kesihq/kesi/backend/internal/reminders"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/accountdeletion"
)

// Step is one domain's part of an erasure. Each is safe to run again: the
// erasure job runs a step cut short by a restart once more.
type Step struct {
	Name string
	Run  func(ctx context.Context, userID uuid.UUID) error
}

// erasureSteps are the domains' erasures in an order the database's
// foreign keys accept: the document files first (their rows go with the
// cases otherwise, leaving the blobs), the account row last.
func (s *Service) erasureSteps() []Step {
	return []Step{
		{"documents", s.docs.EraseOwner},
		{"causelists", func(ctx context.Context, id uuid.UUID) error { return causelists.EraseOwner(ctx, s.db, id) }},
		{"reminders", func(ctx context.Context, id uuid.UUID) error { return reminders.EraseOwner(ctx, s.db, id) }},
		{"clients", func(ctx context.Context, id uuid.UUID) error { return clients.EraseOwner(ctx, s.db, id) }},
		// Before cases: leaving the firm unassigns the sittings of others' cases.
		{"firm", s.firms.EraseOwner},
		{"cases", func(ctx context.Context, id uuid.UUID) error { return cases.EraseOwner(ctx, s.db, id) }},
		{"billing", func(ctx context.Context, id uuid.UUID) error {
			return billing.EraseOwner(ctx, s.db, id, s.cal.Now())
		}},
		{"affiliates", func(ctx context.Context, id uuid.UUID) error { return affiliates.EraseOwner(ctx, s.db, id) }},
		{"auth", s.auth.EraseOwner},
	}
}

// claimed is the first name in steps_done: the erasure job claimed the
// account, before any step ran.
const claimed = "claimed"

type atKey struct{}

// WithAt runs the erasure job as if it were t (`kesi jobs run erasure --at`).
func WithAt(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, atKey{}, t)
}

func (s *Service) at(ctx context.Context) time.Time {
	if t, ok := ctx.Value(atKey{}).(time.Time); ok {
		return t.UTC()
	}
	return s.cal.Now().UTC()
}

// EraseDue is the erasure job: it erases every account whose grace period
// has passed and that was not cancelled, step by step, recording each
// finished step in the database. An account whose step fails keeps its
// place and is tried again on the next run; the others go on.
func (s *Service) EraseDue(ctx context.Context) error {
	at := s.at(ctx)
	due, err := s.db.AccountDeletion.Query().
		Where(accountdeletion.CancelledAtIsNil(), accountdeletion.ErasedAtIsNil(), accountdeletion.EraseAtLTE(at)).
		Order(accountdeletion.ByEraseAt()).All(ctx)
	if err != nil {
		return fmt.Errorf("list due erasures: %w", err)
	}
	var failed []error
	for _, d := range due {
		if err := s.erase(ctx, d); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			failed = append(failed, err)
		}
	}
	return errors.Join(failed...)
}

func (s *Service) erase(ctx context.Context, d *ent.AccountDeletion) error {
	done := map[string]bool{}
	var names []string
	if d.StepsDone != "" {
		names = strings.Split(d.StepsDone, ",")
		for _, n := range names {
			done[n] = true
		}
	}
	ended := false // this run has ended the account's sessions
	for _, step := range s.steps {
		if done[step.Name] {
			continue
		}
		if len(names) == 0 {
			// The first step claims the row, recorded as the pseudo-step
			// claimed: a cancellation from now on is refused, and one that
			// came first stops the erasure. A claimed account signs in no
			// more (auth checks steps_done), and its sessions end below, so
			// nothing it writes from now on outlives the erasure.
			n, err := s.db.AccountDeletion.Update().
				Where(accountdeletion.ID(d.ID), accountdeletion.CancelledAtIsNil(), accountdeletion.StepsDone("")).
				SetStepsDone(claimed).SetUpdatedAt(s.cal.Now().UTC()).Save(ctx)
			if err != nil {
				return fmt.Errorf("claim erasure of %s: %w", d.UserID, err)
			}
			if n == 0 {
				return nil
			}
			names = []string{claimed}
		}
		if !ended {
			if err := s.auth.EndEverySession(ctx, d.UserID); err != nil {
				return fmt.Errorf("end the sessions of %s: %w", d.UserID, err)
			}
			ended = true
		}
		if err := step.Run(ctx, d.UserID); err != nil {
			msg := fmt.Sprintf("%s: %v", step.Name, err)
			if len(msg) > 500 {
				msg = msg[:500]
			}
			if uerr := s.db.AccountDeletion.UpdateOneID(d.ID).SetLastError(strings.ToValidUTF8(msg, "")).
				AddAttempts(1).Exec(context.WithoutCancel(ctx)); uerr != nil {
				s.log.ErrorContext(ctx, "record erasure failure", "err", uerr)
			}
			return fmt.Errorf("erase account %s, step %s: %w", d.UserID, step.Name, err)
		}
		names = append(names, step.Name)
		if err := s.db.AccountDeletion.UpdateOneID(d.ID).SetStepsDone(strings.Join(names, ",")).
			SetUpdatedAt(s.cal.Now().UTC()).Exec(ctx); err != nil {
			return fmt.Errorf("record erasure step %s of %s: %w", step.Name, d.UserID, err)
		}
	}
	now := s.cal.Now().UTC()
	if err := s.db.AccountDeletion.UpdateOneID(d.ID).SetErasedAt(now).SetLastError("").SetUpdatedAt(now).Exec(ctx); err != nil {
		return fmt.Errorf("record erasure of %s: %w", d.UserID, err)
	}
	s.log.InfoContext(ctx, "account erased", "user", d.UserID)
	return nil
}
