package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// RefreshToken is one refresh token of a session. Tokens of one sign-in form
// a family; each refresh rotates to a new member, and presenting a used
// member again revokes the whole family.
type RefreshToken struct{ ent.Schema }

// Mixin of RefreshToken.
func (RefreshToken) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of RefreshToken.
func (RefreshToken) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.UUID("family_id", uuid.UUID{}),
		// SHA-256 of the token; the token itself is never stored.
		field.Bytes("token_hash").Unique().Sensitive(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("expires_at"),
		field.Time("used_at").Optional().Nillable(),
		field.Time("revoked_at").Optional().Nillable(),
		field.String("user_agent").MaxLen(512).Default(""),
		field.String("ip").MaxLen(64).Default(""),
	}
}

// Edges of RefreshToken.
func (RefreshToken) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("refresh_tokens").Field("user_id").Unique().Required(),
	}
}

// Indexes of RefreshToken.
func (RefreshToken) Indexes() []ent.Index {
	return []ent.Index{index.Fields("family_id"), index.Fields("user_id"), index.Fields("expires_at")}
}

// PasswordReset is a mailed six-digit code, stored hashed.
type PasswordReset struct{ ent.Schema }

// Mixin of PasswordReset.
func (PasswordReset) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of PasswordReset.
func (PasswordReset) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.Bytes("code_hash").Sensitive(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("expires_at"),
		field.Int("attempts").Default(0),
		field.Time("used_at").Optional().Nillable(),
	}
}

// Edges of PasswordReset.
func (PasswordReset) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("password_resets").Field("user_id").Unique().Required(),
	}
}

// Indexes of PasswordReset.
func (PasswordReset) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at")}
}

// ExtensionToken lets one browser extension import cases for its user and
// nothing else. Revocable from Settings.
type ExtensionToken struct{ ent.Schema }

// Mixin of ExtensionToken.
func (ExtensionToken) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of ExtensionToken.
func (ExtensionToken) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.String("name").MaxLen(100),
		field.Bytes("token_hash").Unique().Sensitive(),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("last_used_at").Optional().Nillable(),
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of ExtensionToken.
func (ExtensionToken) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("extension_tokens").Field("user_id").Unique().Required(),
	}
}

// Indexes of ExtensionToken.
func (ExtensionToken) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id")}
}

// AuditEvent records a security event: sign-in, failed sign-in, refresh
// reuse, password reset, logout, extension connection.
type AuditEvent struct{ ent.Schema }

// Mixin of AuditEvent.
func (AuditEvent) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of AuditEvent.
func (AuditEvent) Fields() []ent.Field {
	return []ent.Field{
		// Nil when no account is known (e.g. a failed sign-in for an unknown e-mail).
		field.UUID("user_id", uuid.UUID{}).Optional().Nillable(),
		field.String("kind").MaxLen(64),
		field.String("email").MaxLen(254).Default(""),
		field.String("ip").MaxLen(64).Default(""),
		field.String("user_agent").MaxLen(512).Default(""),
		field.String("detail").MaxLen(2000).Default(""),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Indexes of AuditEvent.
func (AuditEvent) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at"), index.Fields("created_at")}
}
