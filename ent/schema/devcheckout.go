package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// FakeCheckout is the outcome a person chose on the dev fake checkout's
// page. It lives in the database, not in one server's memory, so that a
// payment made on one server is not "abandoned" on another.
type FakeCheckout struct{ ent.Schema }

// Mixin of FakeCheckout.
func (FakeCheckout) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of FakeCheckout.
func (FakeCheckout) Fields() []ent.Field {
	return []ent.Field{
		field.String("reference").MaxLen(100).Unique(),
		field.Enum("outcome").Values("success", "failed"),
	}
}
