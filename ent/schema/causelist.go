package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// CauseList is one published cause-list file, stored once however many
// advocates it concerns (by the SHA-256 of its bytes).
type CauseList struct{ ent.Schema }

// Mixin of CauseList.
func (CauseList) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of CauseList.
func (CauseList) Fields() []ent.Field {
	return []ent.Field{
		field.String("sha256").MaxLen(64).Unique(),
		// The published name (a fetched document's, an import's); an
		// uploader's own name is kept on their CauseListUpload.
		field.String("file_name").MaxLen(255).Default(""),
		// Where it came from: "import" (an operator), "fetch" (a configured
		// source) or "upload" (an advocate).
		field.String("source").MaxLen(16),
		field.String("source_url").MaxLen(2048).Default(""),
		// Published lists (imported or fetched) are matched against every
		// advocate's diary; a list only uploaded is matched against the
		// diaries of those who uploaded it, so that nobody can put a made-up
		// date into another advocate's diary.
		field.Bool("published").Default(false),
		// The first sitting's court as printed, and the days the list covers.
		field.String("court").MaxLen(300).Default(""),
		dateField("first_date"),
		dateField("last_date"),
		field.Int("rows").Default(0),
	}
}

// Edges of CauseList.
func (CauseList) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("entries", CauseListEntry.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("uploads", CauseListUpload.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// CauseListUpload records that an advocate uploaded a list.
type CauseListUpload struct{ ent.Schema }

// Mixin of CauseListUpload.
func (CauseListUpload) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of CauseListUpload.
func (CauseListUpload) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("list_id", uuid.UUID{}),
		field.UUID("owner_id", uuid.UUID{}),
		field.Time("created_at").Default(now).Immutable(),
		// The name this advocate gave the file: it can carry a client's
		// name, so it is shown to them alone, never on the shared list.
		field.String("file_name").MaxLen(255).Default(""),
	}
}

// Edges of CauseListUpload.
func (CauseListUpload) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("list", CauseList.Type).Ref("uploads").Field("list_id").Unique().Required(),
	}
}

// Indexes of CauseListUpload.
func (CauseListUpload) Indexes() []ent.Index {
	return []ent.Index{index.Fields("list_id", "owner_id").Unique(), index.Fields("owner_id")}
}

// CauseListEntry is one row of a list with its sitting.
type CauseListEntry struct{ ent.Schema }

// Mixin of CauseListEntry.
func (CauseListEntry) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of CauseListEntry.
func (CauseListEntry) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("list_id", uuid.UUID{}),
		// The station the court names ("BUTERE"), for matching.
		field.String("station").MaxLen(200),
		field.String("court").MaxLen(300).Default(""),
		field.String("division").MaxLen(300).Default(""),
		dateField("sitting_date"),
		field.String("judicial_officer").MaxLen(300).Default(""),
		field.String("court_room").MaxLen(100).Default(""),
		field.String("virtual_link").MaxLen(2048).Default(""),
		field.Int("number").Default(0),
		// As printed, and in canonical form for matching.
		field.String("case_number").MaxLen(200),
		field.String("case_key").MaxLen(200),
		// The canonical number without its prefix, for numbers typed without one.
		field.String("case_bare").MaxLen(200),
		// The number's canonical prefix ("MCCC"): which kinds of matter the
		// list's court room hears that day.
		field.String("case_prefix").MaxLen(100).Default(""),
		field.String("parties").MaxLen(2000).Default(""),
		field.String("activity").MaxLen(200).Default(""),
		field.String("time").MaxLen(5).Default(""),
	}
}

// Edges of CauseListEntry.
func (CauseListEntry) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("list", CauseList.Type).Ref("entries").Field("list_id").Unique().Required(),
	}
}

// Indexes of CauseListEntry.
func (CauseListEntry) Indexes() []ent.Index {
	return []ent.Index{index.Fields("station", "sitting_date"), index.Fields("case_key"), index.Fields("case_bare"), index.Fields("list_id")}
}

// CauseListDismissal is a finding an advocate hid.
type CauseListDismissal struct{ ent.Schema }

// Mixin of CauseListDismissal.
func (CauseListDismissal) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of CauseListDismissal.
func (CauseListDismissal) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}),
		field.UUID("case_ref", uuid.UUID{}),
		field.String("kind").MaxLen(16),
		dateField("listed_date"),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Indexes of CauseListDismissal.
func (CauseListDismissal) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id", "case_ref", "kind", "listed_date").Unique()}
}

// CauseListFetch remembers each page and document the fetch job has asked
// a source for, so that it asks politely (If-None-Match, If-Modified-Since)
// and takes new documents only.
type CauseListFetch struct{ ent.Schema }

// Mixin of CauseListFetch.
func (CauseListFetch) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of CauseListFetch.
func (CauseListFetch) Fields() []ent.Field {
	return []ent.Field{
		field.String("url").MaxLen(2048).Unique(),
		// "page" (a page of links) or "document" (a list file).
		field.String("kind").MaxLen(16),
		field.String("etag").MaxLen(512).Default(""),
		field.String("last_modified").MaxLen(64).Default(""),
		// What came of the last request: "stored", "known", "refused: ..." or an HTTP status.
		field.String("outcome").MaxLen(500).Default(""),
	}
}
