package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// JobRun remembers, for each background job (backend/internal/jobs), the
// last period it ran in. Every server wakes at the start of each period; the
// first to claim the period runs it and the others let it be, so a job runs
// once per period however many servers there are, not once per server.
type JobRun struct{ ent.Schema }

// Fields of JobRun.
func (JobRun) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").MaxLen(100).Unique().Immutable(),
		// The start of the last claimed period, in Unix milliseconds: an
		// integer compares the same way on both engines.
		field.Int64("slot"),
	}
}
