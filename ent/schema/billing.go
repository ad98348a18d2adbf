package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// Plan is a subscription on sale.
type Plan struct{ ent.Schema }

// Fields of Plan.
func (Plan) Fields() []ent.Field {
	return []ent.Field{
		// A stable slug, e.g. "monthly".
		field.String("id").MaxLen(40).NotEmpty().Immutable(),
		field.String("name").MaxLen(100),
		field.Int64("price_minor"),
		field.String("currency").MaxLen(3),
		field.Int("duration_days"),
		field.Bool("active").Default(true),
		field.Int("sort_order").Default(0),
	}
}

// Edges of Plan.
func (Plan) Edges() []ent.Edge {
	return []ent.Edge{edge.To("payments", Payment.Type)}
}

// Payment is one attempt to pay for a plan.
type Payment struct{ ent.Schema }

// Mixin of Payment.
func (Payment) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of Payment.
func (Payment) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("user_id", uuid.UUID{}),
		field.String("plan_id").MaxLen(40),
		field.String("reference").MaxLen(100).Unique(),
		// What the plan cost when the payment started; the provider's report must match.
		field.Int64("amount_minor"),
		field.String("currency").MaxLen(3),
		field.Int("duration_days"),
		field.Enum("status").Values("pending", "success", "failed", "abandoned").Default("pending"),
		// "paystack" or "fake".
		field.String("provider").MaxLen(20),
		// Set once, when the payment extended the subscription.
		field.Time("applied_at").Optional().Nillable(),
		field.Time("paid_until_after").Optional().Nillable(),
		// Set at the first refund; refunded_minor is the sum of the
		// payment's refunds (the refunds table), each counted once.
		field.Time("refunded_at").Optional().Nillable(),
		field.Int64("refunded_minor").Default(0),
		// Who paid, as the provider saw them (Paystack's customer and the
		// card's signature), for the affiliates' self-referral check.
		field.String("payer_customer_code").MaxLen(64).Default(""),
		field.String("payer_email").MaxLen(254).Default(""),
		field.String("payer_phone").MaxLen(32).Default(""),
		field.String("payer_signature").MaxLen(64).Default(""),
	}
}

// Edges of Payment.
func (Payment) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("user", User.Type).Ref("payments").Field("user_id").Unique().Required(),
		edge.From("plan", Plan.Type).Ref("payments").Field("plan_id").Unique().Required(),
	}
}

// Indexes of Payment.
func (Payment) Indexes() []ent.Index {
	return []ent.Index{index.Fields("user_id", "created_at"), index.Fields("status", "applied_at")}
}

// Refund is one refund Paystack processed of a payment. A payment may be
// refunded in several parts, each its own refund.processed event; the
// unique refund id makes a delivered-again event change nothing. It names
// the payment by reference, not by row: it outlives the payment row when
// the account is erased, as the payment's retained record does.
type Refund struct{ ent.Schema }

// Mixin of Refund.
func (Refund) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of Refund.
func (Refund) Fields() []ent.Field {
	return []ent.Field{
		// Paystack's id of the refund (its refund_reference, else its id),
		// unique within its payment.
		field.String("provider_refund_id").MaxLen(100),
		// The refunded payment's reference.
		field.String("reference").MaxLen(100),
		field.Int64("amount_minor"),
		field.Time("received_at"),
	}
}

// Indexes of Refund.
func (Refund) Indexes() []ent.Index {
	return []ent.Index{index.Fields("reference", "provider_refund_id").Unique()}
}

// Referral records that an affiliate brought a user.
type Referral struct{ ent.Schema }

// Mixin of Referral.
func (Referral) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of Referral.
func (Referral) Fields() []ent.Field {
	return []ent.Field{
		// Either side is emptied (NULL) when that account is erased: the
		// record stays, anonymised, for the commissions that were paid on it.
		field.UUID("affiliate_id", uuid.UUID{}).Optional(),
		// A user is referred at most once.
		field.UUID("referred_id", uuid.UUID{}).Optional().Unique(),
		field.Time("created_at").Default(now).Immutable(),
		// Why the referral earns nothing (the referred account shares the
		// affiliate's phone number or Paystack customer); empty: eligible.
		field.String("not_eligible_reason").MaxLen(200).Default(""),
		field.Time("flagged_at").Optional().Nillable(),
	}
}

// Edges of Referral.
func (Referral) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("affiliate", User.Type).Ref("referrals_made").Field("affiliate_id").Unique(),
		edge.From("referred", User.Type).Ref("referred_by").Field("referred_id").Unique(),
		edge.To("commissions", Commission.Type),
	}
}

// Indexes of Referral.
func (Referral) Indexes() []ent.Index {
	return []ent.Index{index.Fields("affiliate_id", "created_at")}
}

// Commission is one month's KSh 450 for one referral. The unique
// (referral, month) key makes the monthly job safe to re-run.
type Commission struct{ ent.Schema }

// Mixin of Commission.
func (Commission) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of Commission.
func (Commission) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("referral_id", uuid.UUID{}),
		// Denormalised for the affiliate's earnings list.
		field.UUID("affiliate_id", uuid.UUID{}),
		// "YYYY-MM".
		field.String("month").MaxLen(7),
		field.Int64("amount_minor"),
		field.String("currency").MaxLen(3),
		field.Enum("status").Values("pending", "paid").Default("pending"),
		field.Time("created_at").Default(now).Immutable(),
		field.Time("paid_at").Optional().Nillable(),
	}
}

// Edges of Commission.
func (Commission) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("referral", Referral.Type).Ref("commissions").Field("referral_id").Unique().Required(),
	}
}

// Indexes of Commission.
func (Commission) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("referral_id", "month").Unique(),
		index.Fields("affiliate_id", "created_at"),
	}
}
