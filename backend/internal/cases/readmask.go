package cases

import (
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// omitted is what a read call's read_mask (AIP-157) leaves out of each
// Case it answers: the fields it does not name. None (nil) answers every
// field.
type omitted []protoreflect.FieldDescriptor

var (
	caseDesc       = (&kesiv1.Case{}).ProtoReflect().Descriptor().Fields()
	clientIDsField = caseDesc.ByName("client_ids")
	createdAtField = caseDesc.ByName("created_at")
	updatedAtField = caseDesc.ByName("updated_at")
)

// parseReadMask reads m: no paths, or "*" among them, answers every field.
// Every path must be a field of Case ("*" aside); a nested one is not.
func parseReadMask(m *fieldmaskpb.FieldMask) (omitted, error) {
	keep := make([]bool, caseDesc.Len())
	all := len(m.GetPaths()) == 0
	for _, p := range m.GetPaths() {
		if p == "*" {
			all = true
			continue
		}
		fd := caseDesc.ByName(protoreflect.Name(p))
		if fd == nil {
			// At most 64 characters of it back: the path is the caller's.
			return nil, errs.Invalidf("read_mask", "read_mask names %.64q, which is not a field of a case.", p)
		}
		keep[fd.Index()] = true
	}
	if all {
		return nil, nil
	}
	out := omitted{}
	for i, k := range keep {
		if !k {
			out = append(out, caseDesc.Get(i))
		}
	}
	return out, nil
}

// parts are the parts of a case the store reads for a mask leaving out o:
// the timestamps unless it leaves out both.
func (o omitted) parts() Parts {
	p := AllParts
	var created, updated bool
	for _, fd := range o {
		switch fd {
		case clientIDsField:
			p.ClientIDs = false
		case createdAtField:
			created = true
		case updatedAtField:
			updated = true
		}
	}
	p.Times = !created || !updated
	return p
}

// apply leaves unset the fields of c that o leaves out, and answers c.
func (o omitted) apply(c *kesiv1.Case) *kesiv1.Case {
	r := c.ProtoReflect()
	for _, fd := range o {
		r.Clear(fd)
	}
	return c
}
