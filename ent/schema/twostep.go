package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// TwoStep is a user's authenticator-app secret for two-step sign-in (TOTP,
// RFC 6238), sealed with a key derived from the master key. A row without
// enabled_at is a setup not yet confirmed with a code. Owned by package
// auth; the account's erasure deletes it by user_id.
type TwoStep struct{ ent.Schema }

// Mixin of TwoStep.
func (TwoStep) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of TwoStep.
func (TwoStep) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}).Unique(),
		// The secret sealed under the key id (AES-GCM, bound to the user).
		field.Bytes("secret_sealed").Sensitive(),
		field.String("key_id").MaxLen(64),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("enabled_at").Optional().Nillable(),
		// The 30-second step of the last code accepted: a code is good once.
		field.Int64("last_step").Default(0),
	}
}

// TwoStepRecoveryCode is one single-use recovery code, stored as a keyed
// hash.
type TwoStepRecoveryCode struct{ ent.Schema }

// Mixin of TwoStepRecoveryCode.
func (TwoStepRecoveryCode) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of TwoStepRecoveryCode.
func (TwoStepRecoveryCode) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.Bytes("code_hash").Sensitive(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("used_at").Optional().Nillable(),
	}
}

// Indexes of TwoStepRecoveryCode.
func (TwoStepRecoveryCode) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id")}
}
