package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// User is an account: a lawyer, moderator, demo user or affiliate.
type User struct{ ent.Schema }

// Mixin of User.
func (User) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		// Stored lower-cased so that uniqueness is case-insensitive on both dialects.
		field.String("email").MaxLen(254).Unique(),
		field.String("fullname").MaxLen(200),
		field.String("phone_number").MaxLen(32).Default(""),
		field.String("password_hash").Sensitive(),
		field.Enum("role").Values("lawyer", "moderator", "demo", "affiliate").Default("lawyer"),
		field.String("profile_image").MaxLen(2048).Default(""),
		field.String("affiliate_code").MaxLen(32).Optional().Nillable().Unique(),
		// End of the paid period; nil when the user never paid.
		field.Time("paid_until").Optional().Nillable(),
		field.Bool("marketing_emails").Default(false),
		field.Bool("whatsapp_notifications").Default(true),
	}
}

// Edges of User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("refresh_tokens", RefreshToken.Type),
		edge.To("password_resets", PasswordReset.Type),
		edge.To("extension_tokens", ExtensionToken.Type),
		edge.To("cases", CourtCase.Type),
		edge.To("clients", LawClient.Type),
		edge.To("documents", Document.Type),
		edge.To("payments", Payment.Type),
		edge.To("referrals_made", Referral.Type),
		edge.To("referred_by", Referral.Type).Unique(),
		edge.To("case_marks", CaseMark.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of User.
func (User) Indexes() []ent.Index {
	return []ent.Index{index.Fields("role")}
}
