package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// AccountDeletion is an advocate's request to delete their account (Kenya
// Data Protection Act 2019, section 40). The account is erased once
// erase_at has passed, unless cancelled first; the erasure job records each
// finished step, so a run cut short by a restart resumes where it stopped.
// The row outlives the account as a bare record that an erasure happened:
// it names no person, only the id the account had.
type AccountDeletion struct{ ent.Schema }

// Mixin of AccountDeletion.
func (AccountDeletion) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of AccountDeletion.
func (AccountDeletion) Fields() []ent.Field {
	return []ent.Field{
		// No edge: the row must survive the user row it names.
		field.UUID("user_id", uuid.UUID{}).Unique(),
		field.Time("requested_at"),
		field.Time("erase_at"),
		field.Time("cancelled_at").Optional().Nillable(),
		// The erasure steps finished so far, comma-separated, in order.
		field.String("steps_done").MaxLen(500).Default(""),
		field.Time("erased_at").Optional().Nillable(),
		field.Int("attempts").Default(0),
		field.String("last_error").MaxLen(500).Default(""),
	}
}

// Indexes of AccountDeletion.
func (AccountDeletion) Indexes() []ent.Index {
	return []ent.Index{index.Fields("erase_at")}
}
