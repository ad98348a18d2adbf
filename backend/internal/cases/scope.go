package cases

import (
	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent/activity"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/predicate"
)

// scope is the owner scope of every query of a viewer's cases: today a case
// is visible to its owner alone. Firm sharing changes this function only (a
// case visible to its owner or, when shared, to the members of the owner's
// firm), so no query of the package names owner_id itself.
func scope(viewer uuid.UUID) predicate.CourtCase { return courtcase.OwnerID(viewer) }

// owned selects the cases viewer owns, for what only an owner does to all
// of a diary at once (the demo reset), never widened by sharing.
func owned(viewer uuid.UUID) predicate.CourtCase { return courtcase.OwnerID(viewer) }

// sittingScope is scope for the sittings (activities), which carry their
// case's owner so that the calendar reads one index.
func sittingScope(viewer uuid.UUID) predicate.Activity { return activity.OwnerID(viewer) }
