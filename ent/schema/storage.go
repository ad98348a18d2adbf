package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// PendingUpload is a document blob being written whose metadata row is not
// committed yet. It is recorded before the first byte reaches the blob
// store, so the sweep deletes only blobs the database knows to be
// unfinished uploads, never a blob it merely cannot see.
type PendingUpload struct{ ent.Schema }

// Mixin of PendingUpload.
func (PendingUpload) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of PendingUpload.
func (PendingUpload) Fields() []ent.Field {
	return []ent.Field{
		field.String("blob_key").MaxLen(255).Unique(),
		field.UUID("owner_id", uuid.UUID{}),
		// The storage this upload holds against its owner's quota while it
		// streams in; released when it commits (the document's size counts
		// then), is aborted, or is swept.
		field.Int64("reserved_bytes").Default(0).NonNegative(),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Indexes of PendingUpload.
func (PendingUpload) Indexes() []ent.Index {
	return []ent.Index{index.Fields("created_at"), index.Fields("owner_id")}
}

// Installation is the one row naming this Kesi installation. The blob store
// holds the same id, so a server started against another installation's
// database (a typo in a URL, a restore drill, an empty staging database)
// refuses to start instead of treating the store's blobs as orphans.
type Installation struct{ ent.Schema }

// Fields of Installation.
func (Installation) Fields() []ent.Field {
	return []ent.Field{
		// Always 1: the table holds one row.
		field.Int("id").Range(1, 1).Immutable(),
		field.String("installation_id").MaxLen(64).NotEmpty().Immutable(),
		// A known value wrapped with the master key named by key_check_id:
		// a server whose KESI_MASTER_KEY cannot open it refuses to start,
		// rather than store documents nobody can read later.
		field.Bytes("key_check").Optional().Nillable(),
		field.String("key_check_id").MaxLen(64).Default(""),
		field.Time("created_at").Default(now).Immutable(),
	}
}
