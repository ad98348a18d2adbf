package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
)

// RateLimit is one counter of the rate limiter (backend/internal/ratelimit):
// the attempts made under one key in the current window. It lives in the
// database so that every server counts the same attempts and a restart
// forgets nothing.
type RateLimit struct{ ent.Schema }

// Fields of RateLimit.
func (RateLimit) Fields() []ent.Field {
	return []ent.Field{
		// What is counted and for whom, such as "login:a@b.ke|192.0.2.1".
		field.String("key").MaxLen(400).Unique().Immutable(),
		field.Int("count"),
		// When the window ends, in Unix milliseconds: an integer compares
		// the same way on both engines.
		field.Int64("expires_at"),
	}
}

// Indexes of RateLimit.
func (RateLimit) Indexes() []ent.Index {
	return []ent.Index{index.Fields("expires_at")}
}
