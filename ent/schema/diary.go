package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	"github.com/google/uuid"
)

// CourtCase is a court matter in a lawyer's diary. (ent reserves "Case".)
// Text limits count characters (MaxRuneLen), as the validators of the cases
// and clients domains do and as a Postgres varchar(n) does: 600 x "ñ" fits
// a 1000-character column although it is 1200 bytes.
type CourtCase struct{ ent.Schema }

// Mixin of CourtCase.
func (CourtCase) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of CourtCase.
func (CourtCase) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}),
		// The case number exactly as the court writes it.
		field.String("case_id").MaxRuneLen(120).NotEmpty(),
		field.String("parties").MaxRuneLen(1000).Default(""),
		field.String("law_court").MaxRuneLen(200).Default(""),
		dateField("filing_date"),
		field.String("status").MaxRuneLen(40).Default("Registration/Filing"),
		field.String("case_type").MaxRuneLen(120).Default(""),
		field.String("notes").MaxRuneLen(10000).Default(""),
		// Snoozed needing-update reminder (the Pending tab).
		field.Bool("mark_updated").Default(false),
		// Denormalised from the activities by the cases store alone (its one
		// write path, and the next-dates job just after midnight): the case's
		// next date, the earliest sitting on or after today with no outcome
		// recorded, else its latest sitting; empty when concluded.
		dateField("activity_date"),
		field.String("activity_time").MaxRuneLen(5).Default(""),
		field.String("activity_kind").MaxRuneLen(80).Default(""),
		// The latest sitting's date, and whether its outcome is recorded: a
		// case needs an update when that date is before today and it has none.
		// Neither depends on the day, so the needing-update list is right
		// whether or not the day's job has run.
		dateField("latest_activity_date"),
		field.Bool("latest_done").Default(false),
		// Concluded by the lawyer (a concluding status and no next date): the
		// case has no next date and never needs an update, until a new sitting
		// or a status that is not concluding opens it again.
		field.Bool("concluded").Default(false),
		// Shared by its owner with the owner's firm: every member of that
		// firm sees it (see cases/scope.go); no one else does.
		field.Bool("shared").Default(false),
	}
}

// Edges of CourtCase.
func (CourtCase) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("owner", User.Type).Ref("cases").Field("owner_id").Unique().Required(),
		edge.To("activities", Activity.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("documents", Document.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("recorded_requests", RecordedRequest.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.From("clients", LawClient.Type).Ref("cases"),
		edge.To("marks", CaseMark.Type).Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of CourtCase.
func (CourtCase) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "case_id").Unique(),
		index.Fields("owner_id", "activity_date"),
		index.Fields("owner_id", "latest_activity_date"),
	}
}

// Activity is one dated step of a case: a mention, a hearing, a ruling...
type Activity struct{ ent.Schema }

// Mixin of Activity.
func (Activity) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of Activity.
func (Activity) Fields() []ent.Field {
	return []ent.Field{
		// Copied from the case so that calendar queries scope by owner on one index.
		field.UUID("owner_id", uuid.UUID{}),
		field.UUID("case_ref", uuid.UUID{}),
		field.String("activity").MaxRuneLen(80),
		dateField("activity_date"),
		field.String("time").MaxRuneLen(5).Default(""),
		field.String("outcome").MaxRuneLen(5000).Default(""),
		field.String("client_name").MaxRuneLen(200).Default(""),
		// Added by an import from the e-filing portal. A later import may
		// move such a sitting (upcoming, no outcome) when the portal no longer
		// lists it; a sitting the lawyer recorded it never touches.
		field.Bool("imported").Default(false),
		// The firm member assigned to attend the sitting, and who assigned
		// them; unset, the case's owner attends.
		field.UUID("attended_by", uuid.UUID{}).Optional().Nillable(),
		field.UUID("assigned_by", uuid.UUID{}).Optional().Nillable(),
	}
}

// Edges of Activity.
func (Activity) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("case", CourtCase.Type).Ref("activities").Field("case_ref").Unique().Required(),
	}
}

// Indexes of Activity.
func (Activity) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("owner_id", "activity_date"),
		index.Fields("case_ref", "activity_date"),
		index.Fields("attended_by", "activity_date"),
	}
}

// RecordedRequest is the key a client sent with an outcome it recorded on a
// case (RecordActivityRequest.request_id). The same key again records
// nothing: an outcome sent twice (an answer lost on a poor signal, a reload
// mid-send, a second tab) adds one next date, not two. The unique index
// decides, so two servers answering the two sends at once agree.
type RecordedRequest struct{ ent.Schema }

// Mixin of RecordedRequest.
func (RecordedRequest) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of RecordedRequest.
func (RecordedRequest) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("case_ref", uuid.UUID{}),
		field.String("request_id").MaxLen(64).NotEmpty(),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Edges of RecordedRequest.
func (RecordedRequest) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("case", CourtCase.Type).Ref("recorded_requests").Field("case_ref").Unique().Required(),
	}
}

// Indexes of RecordedRequest.
func (RecordedRequest) Indexes() []ent.Index {
	return []ent.Index{index.Fields("case_ref", "request_id").Unique()}
}

// LawClient is a client of a lawyer. (ent reserves "Client".)
type LawClient struct{ ent.Schema }

// Mixin of LawClient.
func (LawClient) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}, TimeMixin{}} }

// Fields of LawClient.
func (LawClient) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}),
		field.String("fullname").MaxRuneLen(200),
		field.String("phone_number").MaxRuneLen(32).Default(""),
		field.String("email").MaxRuneLen(254).Default(""),
		field.String("national_id").MaxRuneLen(40).Default(""),
		field.Bool("is_national_id_temporary").Default(false),
		field.String("profile_image").MaxRuneLen(2048).Default(""),
		field.String("address").MaxRuneLen(500).Default(""),
		field.String("client_type").MaxRuneLen(60).Default(""),
		field.String("notes").MaxRuneLen(5000).Default(""),
		field.String("preferred_communication").MaxRuneLen(60).Default(""),
	}
}

// Edges of LawClient.
func (LawClient) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("owner", User.Type).Ref("clients").Field("owner_id").Unique().Required(),
		edge.To("cases", CourtCase.Type),
	}
}

// Indexes of LawClient.
func (LawClient) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id", "fullname")}
}

// Document is the metadata of one encrypted file attached to a case. The
// ciphertext lives in the blob store under blob_key.
type Document struct{ ent.Schema }

// Mixin of Document.
func (Document) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of Document.
func (Document) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("owner_id", uuid.UUID{}),
		field.UUID("case_ref", uuid.UUID{}),
		field.String("title").MaxLen(300),
		field.String("note").MaxLen(5000).Default(""),
		field.String("original_filename").MaxLen(255).Default(""),
		field.String("extension").MaxLen(16).Default(""),
		field.String("content_type").MaxLen(127),
		field.Int64("size_bytes"),
		// Hex SHA-256 of the plaintext.
		field.String("sha256").MaxLen(64),
		field.String("blob_key").MaxLen(255).Unique(),
		// The file's data key, wrapped with the master key named by key_id.
		field.Bytes("wrapped_key").Sensitive(),
		field.String("key_id").MaxLen(64),
		field.Int("chunk_size"),
		field.Time("created_at").Default(now).Immutable(),
	}
}

// Edges of Document.
func (Document) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("owner", User.Type).Ref("documents").Field("owner_id").Unique().Required(),
		edge.From("case", CourtCase.Type).Ref("documents").Field("case_ref").Unique().Required(),
	}
}

// Indexes of Document.
func (Document) Indexes() []ent.Index {
	return []ent.Index{index.Fields("owner_id", "case_ref", "created_at")}
}

// CaseMark is a firm member's needing-update snooze of a colleague's shared
// case (Notifications -> Mark Updated): personal, as the owner's own is
// (CourtCase.mark_updated), so that it hides the case from the member's list
// only. What clears the owner's mark clears every member's.
type CaseMark struct{ ent.Schema }

// Mixin of CaseMark.
func (CaseMark) Mixin() []ent.Mixin { return []ent.Mixin{IDMixin{}} }

// Fields of CaseMark.
func (CaseMark) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("case_ref", uuid.UUID{}),
		field.UUID("user_id", uuid.UUID{}),
	}
}

// Edges of CaseMark.
func (CaseMark) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("case", CourtCase.Type).Ref("marks").Field("case_ref").Unique().Required(),
		edge.From("user", User.Type).Ref("case_marks").Field("user_id").Unique().Required(),
	}
}

// Indexes of CaseMark.
func (CaseMark) Indexes() []ent.Index {
	return []ent.Index{index.Fields("case_ref", "user_id").Unique()}
}
