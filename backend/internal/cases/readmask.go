package cases

import (
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// readMask is what a read call's read_mask (AIP-157) keeps of each Case it
// answers: the fields it names. The conversion to proto sets only those,
// rather than setting all and clearing the others through reflection,
// which was a third of the conversion's time for the REST door's lists.
type readMask struct {
	all  bool   // every field: no mask, or "*"
	keep uint64 // bit n: the field numbered n
}

// allFields is the mask that keeps every field.
var allFields = readMask{all: true}

// The numbers of the fields of kesi.v1.Case (case.proto) the conversion
// sets; TestReadMask_FieldNumbers holds them to the descriptor.
const (
	fieldID           protoreflect.FieldNumber = 1
	fieldCaseID       protoreflect.FieldNumber = 2
	fieldParties      protoreflect.FieldNumber = 3
	fieldLawCourt     protoreflect.FieldNumber = 4
	fieldFilingDate   protoreflect.FieldNumber = 5
	fieldActivityDate protoreflect.FieldNumber = 6
	fieldStatus       protoreflect.FieldNumber = 7
	fieldNotes        protoreflect.FieldNumber = 8
	fieldCaseType     protoreflect.FieldNumber = 9
	fieldTime         protoreflect.FieldNumber = 10
	fieldMarkUpdated  protoreflect.FieldNumber = 11
	fieldActivity     protoreflect.FieldNumber = 12
	fieldCreatedAt    protoreflect.FieldNumber = 13
	fieldUpdatedAt    protoreflect.FieldNumber = 14
	fieldClientIDs    protoreflect.FieldNumber = 15
	fieldConcluded    protoreflect.FieldNumber = 16
	fieldStatusCode   protoreflect.FieldNumber = 17
	fieldSharedWithMe protoreflect.FieldNumber = 40
)

var caseDesc = (&kesiv1.Case{}).ProtoReflect().Descriptor().Fields()

// parseReadMask reads m: no paths, or "*" among them, answers every field.
// Every path must be a field of Case ("*" aside); a nested one is not.
func parseReadMask(m *fieldmaskpb.FieldMask) (readMask, error) {
	out := readMask{all: len(m.GetPaths()) == 0}
	for _, p := range m.GetPaths() {
		if p == "*" {
			out.all = true
			continue
		}
		fd := caseDesc.ByName(protoreflect.Name(p))
		if fd == nil {
			// At most 64 characters of it back: the path is the caller's.
			return readMask{}, errs.Invalidf("read_mask", "read_mask names %.64q, which is not a field of a case.", p)
		}
		if fd.Number() < 64 {
			out.keep |= 1 << fd.Number()
		}
	}
	if out.all {
		return allFields, nil
	}
	return out, nil
}

// shows reports whether m keeps the field numbered n.
func (m readMask) shows(n protoreflect.FieldNumber) bool {
	return m.all || m.keep&(1<<n) != 0
}

// parts are the parts of a case the store reads for m: the client links
// when it keeps them, the timestamps when it keeps either.
func (m readMask) parts() Parts {
	return Parts{
		ClientIDs: m.shows(fieldClientIDs),
		Times:     m.shows(fieldCreatedAt) || m.shows(fieldUpdatedAt),
	}
}

// dates is how many dates a case written with m holds at most.
func (m readMask) dates() int {
	n := 0
	if m.shows(fieldFilingDate) {
		n++
	}
	if m.shows(fieldActivityDate) {
		n++
	}
	return n
}

// times is how many timestamps a case written with m holds.
func (m readMask) times() int {
	n := 0
	if m.shows(fieldCreatedAt) {
		n++
	}
	if m.shows(fieldUpdatedAt) {
		n++
	}
	return n
}

// fill writes into out the fields of c that m keeps, with id as c.ID
// written out, taking its messages from a.
func (m readMask) fill(out *kesiv1.Case, c *Case, id string, a *protoAlloc) {
	if m.shows(fieldID) {
		out.Id = id
	}
	if m.shows(fieldCaseID) {
		out.CaseId = c.CaseID
	}
	if m.shows(fieldParties) {
		out.Parties = c.Parties
	}
	if m.shows(fieldLawCourt) {
		out.LawCourt = c.LawCourt
	}
	if m.shows(fieldFilingDate) {
		out.FilingDate = a.date(c.FilingDate)
	}
	if m.shows(fieldActivityDate) {
		out.ActivityDate = a.date(c.NextDate)
	}
	if m.shows(fieldStatus) {
		out.Status = c.Status
	}
	if m.shows(fieldNotes) {
		out.Notes = c.Notes
	}
	if m.shows(fieldCaseType) {
		out.CaseType = c.CaseType
	}
	if m.shows(fieldTime) {
		out.Time = c.NextTime
	}
	if m.shows(fieldMarkUpdated) {
		out.MarkUpdated = c.MarkUpdated
	}
	if m.shows(fieldActivity) {
		out.Activity = c.NextKind
	}
	if m.shows(fieldCreatedAt) {
		out.CreatedAt = a.timestamp(c.CreatedAt)
	}
	if m.shows(fieldUpdatedAt) {
		out.UpdatedAt = a.timestamp(c.UpdatedAt)
	}
	if m.shows(fieldClientIDs) && len(c.ClientIDs) > 0 {
		out.ClientIds = make([]string, len(c.ClientIDs))
		for i, cl := range c.ClientIDs {
			out.ClientIds[i] = cl.String()
		}
	}
	if m.shows(fieldConcluded) {
		out.Concluded = c.Concluded
	}
	if m.shows(fieldStatusCode) {
		out.StatusCode = statusCode(c.Status)
	}
	if m.shows(fieldSharedWithMe) {
		out.SharedWithMe = c.SharedWithMe
	}
}
