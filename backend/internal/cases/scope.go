package cases

import (
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/firmmember"
	"github.com/kesihq/kesi/ent/predicate"
)

// scope is the owner scope of every query of a viewer's cases: a case is
// visible to its owner and, when its owner shared it, to the members of the
// owner's firm while both are members. No query of the package names
// owner_id itself. Leaving or being removed from a firm takes effect at
// once: membership is read by the query itself, never remembered.
func scope(viewer uuid.UUID) predicate.CourtCase {
	return courtcase.Or(
		courtcase.OwnerID(viewer),
		courtcase.And(courtcase.Shared(true), predicate.CourtCase(firmPeers(courtcase.FieldOwnerID, viewer))),
	)
}

// Scope is scope for the domains that read cases on their own (documents
// follow their case's visibility).
func Scope(viewer uuid.UUID) predicate.CourtCase { return scope(viewer) }

// owned selects the cases viewer owns, for what only an owner does to all
// of a diary at once (the demo reset), or to one case (delete, share),
// never widened by sharing.
func owned(viewer uuid.UUID) predicate.CourtCase { return courtcase.OwnerID(viewer) }

// sittingScope is scope for the sittings (activities), which carry their
// case's owner so that the calendar reads one index: the viewer's own
// sittings, and those of the cases shared with the viewer's firm.
func sittingScope(viewer uuid.UUID) predicate.Activity {
	return activity.Or(
		activity.OwnerID(viewer),
		activity.And(predicate.Activity(firmPeers(activity.FieldOwnerID, viewer)), activity.HasCaseWith(courtcase.Shared(true))),
	)
}

// attending selects the sittings in viewer's personal day (reminders, the
// calendar feed): those of their own cases, and those they are assigned to
// attend in a case still visible to them.
func attending(viewer uuid.UUID) predicate.Activity {
	return activity.Or(
		activity.OwnerID(viewer),
		activity.And(activity.AttendedBy(viewer), activity.HasCaseWith(scope(viewer))),
	)
}

// firmPeers is "column is one of the members of viewer's firm", viewer
// included; nothing when viewer is in no firm.
func firmPeers(column string, viewer uuid.UUID) func(*sql.Selector) {
	return func(s *sql.Selector) {
		self := sql.Dialect(s.Dialect()).Table(firmmember.Table).As("kesi_fm_self")
		peer := sql.Dialect(s.Dialect()).Table(firmmember.Table).As("kesi_fm_peer")
		members := sql.Dialect(s.Dialect()).Select(peer.C(firmmember.FieldUserID)).From(peer).
			Join(self).On(self.C(firmmember.FieldFirmID), peer.C(firmmember.FieldFirmID)).
			Where(sql.EQ(self.C(firmmember.FieldUserID), viewer))
		s.Where(sql.In(s.C(column), members))
	}
}
