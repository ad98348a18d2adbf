package reminders

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/notify"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/remindermessage"
)

// The states of a message.
const (
	StatusPending   = "pending"   // recorded, to be sent at next_attempt_at
	StatusSending   = "sending"   // claimed by one runner, in the provider's hands
	StatusSent      = "sent"      // accepted by the provider
	StatusDelivered = "delivered" // the provider's delivery report says so
	StatusRead      = "read"      // WhatsApp's read receipt
	StatusFailed    = "failed"
)

// Retries: a send that fails for a reason worth retrying is tried again
// after each of these waits, then marked failed.
var Backoff = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute}

// StaleSending is how long a message may stay "sending" before its runner is
// taken to have died mid-send. Such a message is marked failed, never sent
// again: the provider may have it, and a reminder twice is worse than a
// reminder missed (the other channels and the morning digest remain).
const StaleSending = 10 * time.Minute

// outgoing is one message to record.
type outgoing struct {
	UserID    uuid.UUID
	Kind      string
	Day       string
	Channel   string
	Key       string
	Recipient string
	Subject   string
	Text      string
}

// record writes the message under its unique key unless it is already
// there. It answers whether this call recorded it.
func (s *Service) record(ctx context.Context, m outgoing, now time.Time) (bool, error) {
	err := s.db.ReminderMessage.Create().SetUserID(m.UserID).SetKind(m.Kind).SetDay(m.Day).SetChannel(m.Channel).
		SetKey(m.Key).SetRecipient(m.Recipient).SetSubject(m.Subject).SetText(m.Text).
		SetNextAttemptAt(now).SetCreatedAt(now).SetUpdatedAt(now).
		OnConflictColumns(remindermessage.FieldKey).DoNothing().Exec(ctx)
	switch {
	case err == nil:
		return true, nil
	case isNoRows(err):
		return false, nil
	default:
		return false, fmt.Errorf("record message %s: %w", m.Key, err)
	}
}

// deliver sends one recorded message if this runner wins its claim. The
// claim is one conditional update, so two servers never both send it. It
// answers the send error, if any, after recording it on the message.
func (s *Service) deliver(ctx context.Context, m *ent.ReminderMessage) error {
	now := s.cal.Now().UTC()
	// A message waits for its retries after it is recorded; by then the
	// advocate may have replied STOP, switched the channel off or changed the
	// number. What was chosen when it was recorded is not consent now.
	refusal, err := s.refusal(ctx, m, now)
	if err != nil {
		return errs.Internal(fmt.Errorf("check consent to message %s: %w", m.ID, err))
	}
	if refusal != "" {
		return s.refuse(ctx, m, refusal, now)
	}
	n, err := s.db.ReminderMessage.Update().
		Where(remindermessage.ID(m.ID), remindermessage.Status(StatusPending), remindermessage.NextAttemptAtLTE(now)).
		SetStatus(StatusSending).AddAttempts(1).SetUpdatedAt(now).Save(ctx)
	if err != nil {
		return errs.Internal(fmt.Errorf("claim message %s: %w", m.ID, err))
	}
	if n == 0 {
		return nil // another runner has it, or it is not due
	}
	attempts := m.Attempts + 1
	providerID, sendErr := s.send(ctx, m)
	now = s.cal.Now().UTC()
	upd := s.db.ReminderMessage.UpdateOneID(m.ID).SetUpdatedAt(now)
	status := StatusSent
	switch {
	case sendErr == nil:
		upd.SetStatus(StatusSent).SetProviderID(providerID).SetSentAt(now).SetError("")
	case IsPermanent(sendErr) || attempts > len(Backoff):
		status = StatusFailed
		upd.SetStatus(StatusFailed).SetError(truncate(sendErr.Error(), 500))
	default:
		status = StatusPending
		upd.SetStatus(StatusPending).SetNextAttemptAt(now.Add(Backoff[attempts-1])).SetError(truncate(sendErr.Error(), 500))
	}
	// A cancelled request must not leave the message "sending".
	if err := upd.Exec(context.WithoutCancel(ctx)); err != nil {
		return errs.Internal(fmt.Errorf("update message %s: %w", m.ID, err))
	}
	countMessage(m.Channel, status)
	if sendErr != nil {
		s.log.WarnContext(ctx, "reminder not sent", "message", m.ID, "channel", m.Channel, "attempt", attempts, "status", status, "err", sendErr)
	}
	return sendErr
}

// channelNames name the channels in a message's error.
var channelNames = map[string]string{Email: "e-mail", SMS: "SMS", WhatsApp: "WhatsApp"}

// refusal answers why m may not be sent at now, or "" when it may: the
// advocate still pays, still wants its digest, still has its channel on,
// and it still goes to their address or verified number. A verification
// code is not asked: it goes to the number being proved, which is how
// consent to it is first given.
func (s *Service) refusal(ctx context.Context, m *ent.ReminderMessage, now time.Time) (string, error) {
	if m.Kind == KindVerification {
		return "", nil
	}
	u, err := s.db.User.Get(ctx, m.UserID)
	if ent.IsNotFound(err) {
		return "not sent: the account no longer exists", nil
	}
	if err != nil {
		return "", err
	}
	// A lapsed subscription gets no reminders (paidAdvocate), nor one that waited.
	if !paidAdvocate(u, now) {
		return "not sent: the subscription lapsed after it was recorded", nil
	}
	p := profileOf(u)
	st, err := s.settingsFor(ctx, p)
	if err != nil {
		return "", err
	}
	if m.Kind == KindEvening && !st.EveningDigest || m.Kind == KindMorning && !st.MorningDigest {
		return "not sent: this digest was switched off after it was recorded", nil
	}
	to := p.Email
	if m.Channel != Email {
		to = p.Phone
	}
	switch {
	case slices.Contains(channelsOf(p, st), m.Channel) && m.Recipient == to:
		return "", nil
	case m.Channel == Email && m.Recipient != to:
		return "not sent: the e-mail address changed after it was recorded", nil
	case m.Channel == Email:
		return "not sent: e-mail reminders were switched off after it was recorded", nil
	case m.Recipient != to || !st.PhoneVerified:
		return "not sent: the phone number changed or is no longer verified", nil
	case m.Channel == WhatsApp && st.WhatsApp && !st.WhatsAppOptIn:
		return "not sent: no WhatsApp opt-in is on record", nil
	default:
		return fmt.Sprintf("not sent: consent to %s was withdrawn (STOP or settings) after it was recorded", channelNames[m.Channel]), nil
	}
}

// refuse marks m failed, unsent, for reason, unless another runner has
// claimed it meanwhile.
func (s *Service) refuse(ctx context.Context, m *ent.ReminderMessage, reason string, now time.Time) error {
	n, err := s.db.ReminderMessage.Update().
		Where(remindermessage.ID(m.ID), remindermessage.Status(StatusPending), remindermessage.NextAttemptAtLTE(now)).
		SetStatus(StatusFailed).SetError(reason).SetUpdatedAt(now).Save(context.WithoutCancel(ctx))
	if err != nil {
		return errs.Internal(fmt.Errorf("fail message %s: %w", m.ID, err))
	}
	if n > 0 {
		countMessage(m.Channel, StatusFailed)
		s.log.InfoContext(ctx, "reminder not sent", "message", m.ID, "channel", m.Channel, "reason", reason)
	}
	return nil
}

func (s *Service) send(ctx context.Context, m *ent.ReminderMessage) (string, error) {
	switch m.Channel {
	case Email:
		err := s.mailer.Send(ctx, notify.Message{To: m.Recipient, Subject: m.Subject, Text: m.Text, HTML: htmlOf(m.Text)})
		if err != nil {
			return "", transient("e-mail: %v", err)
		}
		return "", nil
	case SMS:
		return s.sms.SendSMS(ctx, m.Recipient, m.Text)
	case WhatsApp:
		params := splitParams(m.Text)
		return s.whatsapp.SendWhatsApp(ctx, WhatsAppMessage{To: m.Recipient, Parameters: params, Text: WhatsAppText(params)})
	}
	return "", permanent("unknown channel %q", m.Channel)
}

// SendDue sends every message whose time has come, and fails those a dead
// runner left "sending".
func (s *Service) SendDue(ctx context.Context) error {
	now := s.cal.Now().UTC()
	if _, err := s.db.ReminderMessage.Update().
		Where(remindermessage.Status(StatusSending), remindermessage.UpdatedAtLT(now.Add(-StaleSending))).
		SetStatus(StatusFailed).SetError("interrupted while sending; not sent again so that it never arrives twice").
		SetUpdatedAt(now).Save(ctx); err != nil {
		return fmt.Errorf("fail interrupted messages: %w", err)
	}
	due, err := s.db.ReminderMessage.Query().
		Where(remindermessage.Status(StatusPending), remindermessage.NextAttemptAtLTE(now)).
		Order(remindermessage.ByNextAttemptAt()).Limit(500).All(ctx)
	if err != nil {
		return fmt.Errorf("list due messages: %w", err)
	}
	for _, m := range due {
		if err := s.deliver(ctx, m); err != nil {
			var e *errs.Error
			if errors.As(err, &e) && e.Kind == errs.KindInternal {
				return err
			}
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
