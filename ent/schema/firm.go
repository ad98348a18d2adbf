package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Firm is a group of advocates sharing a diary: its members see the cases
// each of them shares with the firm, and its administrator (a moderator)
// invites and removes members. An advocate belongs to one firm at most.
type Firm struct{ ent.Schema }

// Mixin of Firm.
func (Firm) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of Firm.
func (Firm) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").MaxRuneLen(200).NotEmpty(),
		// The advocate who created the firm, its administrator.
		field.UUID("admin_id", uuid.UUID{}),
	}
}

// Edges of Firm.
func (Firm) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("members", FirmMember.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("invitations", FirmInvitation.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// FirmMember is one advocate's membership of a firm (its administrator too).
type FirmMember struct{ ent.Schema }

// Mixin of FirmMember.
func (FirmMember) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of FirmMember.
func (FirmMember) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("firm_id", uuid.UUID{}),
		// Unique: one firm per advocate.
		field.UUID("user_id", uuid.UUID{}).Unique(),
		field.Bool("admin").Default(false),
		field.Time("joined_at").Default(now).Immutable(),
	}
}

// Edges of FirmMember.
func (FirmMember) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("firm", Firm.Type).Ref("members").Field("firm_id").Unique().Required(),
	}
}

// Indexes of FirmMember.
func (FirmMember) Indexes() []ent.Index {
	return []ent.Index{index.Fields("firm_id", "user_id")}
}

// FirmInvitation is a mailed join link: single use, expiring, and bound to
// the address it was sent to. Only the code's SHA-256 is stored.
type FirmInvitation struct{ ent.Schema }

// Mixin of FirmInvitation.
func (FirmInvitation) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of FirmInvitation.
func (FirmInvitation) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("firm_id", uuid.UUID{}),
		// Lower-cased, as accounts store their address.
		field.String("email").MaxLen(254),
		field.Bytes("code_hash").Unique().Sensitive(),
		field.UUID("invited_by", uuid.UUID{}),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("expires_at"),
		field.Time("accepted_at").Optional().Nillable(),
		field.UUID("accepted_by", uuid.UUID{}).Optional().Nillable(),
		// Withdrawn by the administrator before it was used.
		field.Time("revoked_at").Optional().Nillable(),
	}
}

// Edges of FirmInvitation.
func (FirmInvitation) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("firm", Firm.Type).Ref("invitations").Field("firm_id").Unique().Required(),
	}
}

// Indexes of FirmInvitation.
func (FirmInvitation) Indexes() []ent.Index {
	return []ent.Index{index.Fields("firm_id", "email")}
}
