package cases

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/types/known/fieldmaskpb"
)

// TestReadMask_Parts: the client links are read exactly when a mask names
// them or names everything, since they cost the store a lookup; the
// timestamps when it names either.
func TestReadMask_Parts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		paths []string
		want  Parts
	}{
		{"unset", nil, AllParts},
		{"star", []string{"*"}, AllParts},
		{"star among fields", []string{"case_id", "*"}, AllParts},
		{"client_ids named", []string{"case_id", "client_ids"}, Parts{ClientIDs: true}},
		{"client_ids alone", []string{"client_ids"}, Parts{ClientIDs: true}},
		{"client_ids and the timestamps left out", []string{"case_id", "parties"}, Parts{}},
		{"created_at named", []string{"case_id", "created_at"}, Parts{Times: true}},
		{"updated_at named", []string{"updated_at"}, Parts{Times: true}},
		{"both timestamps and client_ids", []string{"client_ids", "updated_at", "created_at"}, AllParts},
	} {
		var m *fieldmaskpb.FieldMask
		if tc.paths != nil {
			m = &fieldmaskpb.FieldMask{Paths: tc.paths}
		}
		o, err := parseReadMask(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := o.parts(); got != tc.want {
			t.Errorf("%s: parts %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestReadMask_LongPath: a refused path is quoted back cut short, not whole.
func TestReadMask_LongPath(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 1<<20)
	_, err := parseReadMask(&fieldmaskpb.FieldMask{Paths: []string{long}})
	if err == nil {
		t.Fatal("a path of 1 MiB was accepted")
	}
	if n := len(err.Error()); n > 200 {
		t.Errorf("a path of 1 MiB: an error of %d bytes, want a short one", n)
	}
}
