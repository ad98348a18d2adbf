package reminders

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/phoneverification"
	"github.com/kesihq/kesi/ent/reminderconsent"
	"github.com/kesihq/kesi/ent/remindermessage"
	"github.com/kesihq/kesi/ent/remindersetting"
)

// What the account export reads of the reminders, and what the account
// erasure deletes (Kenya Data Protection Act 2019).

// Exported is an advocate's reminders: their settings (nil when they never
// changed the defaults), every consent given or withdrawn, and every
// message recorded for them.
type Exported struct {
	Settings *ExportedSettings `json:"settings"`
	Consents []ExportedConsent `json:"consents"`
	Messages []ExportedMessage `json:"messages"`
}

// ExportedSettings are the reminder settings as stored.
type ExportedSettings struct {
	Email         bool   `json:"email"`
	SMS           bool   `json:"sms"`
	WhatsApp      bool   `json:"whatsapp"`
	EveningDigest bool   `json:"evening_digest"`
	EveningTime   string `json:"evening_time"`
	MorningDigest bool   `json:"morning_digest"`
	MorningTime   string `json:"morning_time"`
	VerifiedPhone string `json:"verified_phone"`
}

// ExportedConsent is one recorded grant or withdrawal.
type ExportedConsent struct {
	Subject string    `json:"subject"`
	Granted bool      `json:"granted"`
	Source  string    `json:"source"`
	Detail  string    `json:"detail,omitempty"`
	At      time.Time `json:"at"`
}

// ExportedMessage is one reminder message.
type ExportedMessage struct {
	Kind      string     `json:"kind"`
	Day       string     `json:"day"`
	Channel   string     `json:"channel"`
	Recipient string     `json:"recipient"`
	Subject   string     `json:"subject,omitempty"`
	Text      string     `json:"text"`
	Status    string     `json:"status"`
	SentAt    *time.Time `json:"sent_at,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
}

// Export answers everything the reminders hold about user.
func Export(ctx context.Context, db *ent.Client, user uuid.UUID) (Exported, error) {
	out := Exported{Consents: []ExportedConsent{}, Messages: []ExportedMessage{}}
	row, err := db.ReminderSetting.Query().Where(remindersetting.UserID(user)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
	case err != nil:
		return out, fmt.Errorf("export reminder settings of %s: %w", user, err)
	default:
		out.Settings = &ExportedSettings{Email: row.Email, SMS: row.Sms, WhatsApp: row.Whatsapp,
			EveningDigest: row.EveningDigest, EveningTime: row.EveningTime,
			MorningDigest: row.MorningDigest, MorningTime: row.MorningTime, VerifiedPhone: row.VerifiedPhone}
	}
	consents, err := db.ReminderConsent.Query().Where(reminderconsent.UserID(user)).
		Order(reminderconsent.ByCreatedAt()).All(ctx)
	if err != nil {
		return out, fmt.Errorf("export consents of %s: %w", user, err)
	}
	for _, c := range consents {
		out.Consents = append(out.Consents, ExportedConsent{Subject: c.Subject, Granted: c.Granted,
			Source: c.Source, Detail: c.Detail, At: c.CreatedAt.UTC()})
	}
	msgs, err := db.ReminderMessage.Query().Where(remindermessage.UserID(user)).
		Order(remindermessage.ByCreatedAt()).All(ctx)
	if err != nil {
		return out, fmt.Errorf("export reminder messages of %s: %w", user, err)
	}
	for _, m := range msgs {
		out.Messages = append(out.Messages, ExportedMessage{Kind: m.Kind, Day: m.Day, Channel: m.Channel,
			Recipient: m.Recipient, Subject: m.Subject, Text: m.Text, Status: m.Status,
			SentAt: m.SentAt, CreatedAt: m.CreatedAt.UTC()})
	}
	return out, nil
}

// EraseOwner deletes user's reminder settings (the calendar feed with
// them), consent records, phone verifications and messages.
func EraseOwner(ctx context.Context, db *ent.Client, user uuid.UUID) error {
	if _, err := db.ReminderMessage.Delete().Where(remindermessage.UserID(user)).Exec(ctx); err != nil {
		return fmt.Errorf("erase reminder messages of %s: %w", user, err)
	}
	if _, err := db.PhoneVerification.Delete().Where(phoneverification.UserID(user)).Exec(ctx); err != nil {
		return fmt.Errorf("erase phone verifications of %s: %w", user, err)
	}
	if _, err := db.ReminderConsent.Delete().Where(reminderconsent.UserID(user)).Exec(ctx); err != nil {
		return fmt.Errorf("erase consents of %s: %w", user, err)
	}
	if _, err := db.ReminderSetting.Delete().Where(remindersetting.UserID(user)).Exec(ctx); err != nil {
		return fmt.Errorf("erase reminder settings of %s: %w", user, err)
	}
	return nil
}
