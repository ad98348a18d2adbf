// Package schema is Kesi's data model. Calendar dates are civil.Date
// (a Postgres date, SQLite text); instants are time.Time in UTC.
package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/dialect"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/civil"
)

// IDMixin gives an entity a random UUID primary key.
type IDMixin struct{ mixin.Schema }

// Fields of IDMixin.
func (IDMixin) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", uuid.UUID{}).Default(uuid.New).Immutable(),
	}
}

// TimeMixin records when a row was created and last changed.
type TimeMixin struct{ mixin.Schema }

// Fields of TimeMixin.
func (TimeMixin) Fields() []ent.Field {
	return []ent.Field{
		field.Time("created_at").Default(now).Immutable(),
		field.Time("updated_at").Default(now).UpdateDefault(now),
	}
}

func now() time.Time { return time.Now().UTC() }

// dateField is a calendar day: a date column on Postgres, YYYY-MM-DD text on SQLite.
func dateField(name string) ent.Field {
	return field.Other(name, civil.Date{}).
		SchemaType(map[string]string{dialect.Postgres: "date", dialect.SQLite: "text"}).
		Optional()
}
