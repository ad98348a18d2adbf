package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// ReminderSetting is one advocate's choice of reminder channels and digest
// times. A user without a row has the defaults.
type ReminderSetting struct{ ent.Schema }

// Mixin of ReminderSetting.
func (ReminderSetting) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of ReminderSetting.
func (ReminderSetting) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Unique(),
		field.Bool("email").Default(true),
		field.Bool("sms").Default(false),
		field.Bool("whatsapp").Default(true),
		field.Bool("evening_digest").Default(true),
		field.String("evening_time").MaxLen(5).Default("18:30"),
		field.Bool("morning_digest").Default(true),
		field.String("morning_time").MaxLen(5).Default("06:30"),
		// The number (E.164) the advocate proved to hold. The profile's number
		// counts as verified only while it is this one, so changing it in the
		// profile unverifies it without the reminders writing the user row.
		field.String("verified_phone").MaxLen(20).Default(""),
		// The calendar feed's token is an HMAC of this random nonce under a
		// key derived from the master key, so the database alone never holds
		// a working token; the feed is found by the token's hex SHA-256.
		// Resetting the feed draws a new nonce.
		field.String("calendar_nonce").MaxLen(64).Default("").Sensitive(),
		field.String("calendar_token_hash").MaxLen(64).Optional().Nillable().Unique(),
	}
}

// ReminderConsent records each grant or withdrawal of consent to a channel,
// with its time and how it was given (Kenya Data Protection Act 2019).
type ReminderConsent struct{ ent.Schema }

// Mixin of ReminderConsent.
func (ReminderConsent) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of ReminderConsent.
func (ReminderConsent) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		// email, sms, whatsapp, evening_digest, morning_digest.
		field.String("subject").MaxLen(40),
		field.Bool("granted"),
		// settings, sms_stop, whatsapp_opt_out.
		field.String("source").MaxLen(40),
		field.String("detail").MaxLen(200).Default(""),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Indexes of ReminderConsent.
func (ReminderConsent) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at")}
}

// PhoneVerification is one code sent to prove a phone number.
type PhoneVerification struct{ ent.Schema }

// Mixin of PhoneVerification.
func (PhoneVerification) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of PhoneVerification.
func (PhoneVerification) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.String("phone").MaxLen(20),
		// HMAC-SHA256 of the code, keyed with a key derived from the master key.
		field.String("code_hash").MaxLen(64).Sensitive(),
		field.Int("attempts").Default(0),
		field.Time("expires_at"),
		field.Time("used_at").Optional().Nillable(),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Indexes of PhoneVerification.
func (PhoneVerification) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at")}
}

// ReminderMessage is one message to one advocate on one channel. Its key
// (user, kind, day, channel) is recorded, unique, before the message is
// sent, so no second server, rerun or restart sends it again.
type ReminderMessage struct{ ent.Schema }

// Mixin of ReminderMessage.
func (ReminderMessage) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of ReminderMessage.
func (ReminderMessage) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		// evening, morning, date_change, verification.
		field.String("kind").MaxLen(20),
		// The day the message is about, YYYY-MM-DD (for a date change, the
		// key also names the sitting and its new date).
		field.String("day").MaxLen(10),
		field.String("channel").MaxLen(10),
		field.String("key").MaxLen(200).Unique(),
		field.String("recipient").MaxLen(254),
		field.String("subject").MaxLen(200).Default(""),
		field.Text("text"),
		// pending, sending, sent, delivered, read, failed.
		field.String("status").MaxLen(12).Default("pending"),
		field.Int("attempts").Default(0),
		field.Time("next_attempt_at"),
		field.String("provider_id").MaxLen(200).Default(""),
		field.String("error").MaxLen(500).Default(""),
		field.Time("sent_at").Optional().Nillable(),
		field.Time("delivered_at").Optional().Nillable(),
	}
}

// Indexes of ReminderMessage.
func (ReminderMessage) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("user_id", "created_at"),
		index.Fields("status", "next_attempt_at"),
		index.Fields("provider_id"),
	}
}
