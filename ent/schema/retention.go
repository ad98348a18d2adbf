package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// RetainedPayment is a payment of an erased account, kept because tax law
// requires the record (Kenya's Tax Procedures Act keeps records five
// years). It names no person: no user, no name, no e-mail; the billing
// domain writes it when the account is erased.
type RetainedPayment struct{ ent.Schema }

// Mixin of RetainedPayment.
func (RetainedPayment) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of RetainedPayment.
func (RetainedPayment) Fields() []ent.Field {
	return []ent.Field{
		// The provider's reference, the link to its own records.
		field.String("reference").MaxLen(100).Unique(),
		field.String("plan_id").MaxLen(40),
		field.Int64("amount_minor"),
		field.String("currency").MaxLen(3),
		field.Int("duration_days"),
		field.String("status").MaxLen(20),
		field.String("provider").MaxLen(20),
		// When the payment was made, applied and refunded.
		field.Time("paid_at"),
		field.Time("applied_at").Optional().Nillable(),
		field.Time("refunded_at").Optional().Nillable(),
		field.Int64("refunded_minor").Default(0),
		field.Time("retained_at").Default(now).Immutable(),
	}
}

// Indexes of RetainedPayment.
func (RetainedPayment) Indexes() []ent.Index {
	return []ent.Index{index.Fields("paid_at")}
}
