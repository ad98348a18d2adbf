package cases

import (
	"slices"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// readMask is a read call's read_mask (AIP-157) over Case, as the fields
// of Case it leaves out; none (nil) answers every field.
type readMask []protoreflect.FieldDescriptor

var (
	caseFields     = (&kesiv1.Case{}).ProtoReflect().Descriptor().Fields()
	clientIDsField = caseFields.ByName("client_ids")
)

// parseReadMask reads m: no paths, or "*" among them, answers every field.
// A path that is not a field of Case, a nested one included, is invalid.
func parseReadMask(m *fieldmaskpb.FieldMask) (readMask, error) {
	paths := m.GetPaths()
	if len(paths) == 0 || slices.Contains(paths, "*") {
		return nil, nil
	}
	keep := make([]bool, caseFields.Len())
	for _, p := range paths {
		fd := caseFields.ByName(protoreflect.Name(p))
		if fd == nil {
			return nil, errs.Invalidf("read_mask", "read_mask names %q, which is not a field of a case.", p)
		}
		keep[fd.Index()] = true
	}
	drop := readMask{}
	for i, k := range keep {
		if !k {
			drop = append(drop, caseFields.Get(i))
		}
	}
	return drop, nil
}

// parts are the parts of a case the store reads for m.
func (m readMask) parts() Parts {
	return Parts{ClientIDs: !slices.Contains(m, clientIDsField)}
}

// apply leaves unset the fields of c that m leaves out, and answers c.
func (m readMask) apply(c *kesiv1.Case) *kesiv1.Case {
	r := c.ProtoReflect()
	for _, fd := range m {
		r.Clear(fd)
	}
	return c
}

// cases is cs as the contract's cases, masked.
func (m readMask) cases(cs []Case) []*kesiv1.Case {
	out := make([]*kesiv1.Case, len(cs))
	for i, c := range cs {
		out[i] = m.apply(ToProto(c))
	}
	return out
}
