package input_test

import (
	"errors"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/input"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestCheck names the field at fault, an element of a list by its index, at
// any depth; clean text passes.
func TestCheck(t *testing.T) {
	t.Parallel()
	parties := "Wanjiru v Otieno\x00"
	for _, tc := range []struct {
		name    string
		m       proto.Message
		field   string
		message string
	}{
		{"clean", &kesiv1.ListCasesRequest{ReadMask: &fieldmaskpb.FieldMask{Paths: []string{"case_id", "parties"}}}, "", ""},
		{"NUL in a string", &kesiv1.UpdateCaseRequest{Id: "x", Parties: &parties}, "parties", "parties must not contain NUL characters."},
		{"NUL in a list's second string", &kesiv1.ListCasesRequest{ReadMask: &fieldmaskpb.FieldMask{Paths: []string{"case_id", "parties\x00"}}},
			"read_mask.paths[1]", "read_mask.paths[1] must not contain NUL characters."},
		{"bad UTF-8 in a list's first string", &kesiv1.ListCasesRequest{ReadMask: &fieldmaskpb.FieldMask{Paths: []string{"\xff"}}},
			"read_mask.paths[0]", "read_mask.paths[0] must be valid UTF-8 text."},
		{"a clean list", &kesiv1.Case{ClientIds: []string{"a", "b"}, CaseId: "ok"}, "", ""},
	} {
		err := input.Check(tc.m)
		var e *errs.Error
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%s: %v, want none", tc.name, err)
		case tc.field != "" && (!errors.As(err, &e) || e.Kind != errs.KindInvalid || e.Field != tc.field || e.Message != tc.message):
			t.Errorf("%s: %v, want invalid %s: %q", tc.name, err, tc.field, tc.message)
		}
	}
}

// TestCheckField: a text field outside a message (a multipart form's) is
// refused as Check refuses one inside, by its name.
func TestCheckField(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		value, message string
	}{
		{"Plaint", ""},
		{"", ""},
		{"Plaint\x00", "note must not contain NUL characters."},
		{"Caf\xe9", "note must be valid UTF-8 text."},
	} {
		err := input.CheckField("note", tc.value)
		var e *errs.Error
		switch {
		case tc.message == "" && err != nil:
			t.Errorf("%q: %v, want none", tc.value, err)
		case tc.message != "" && (!errors.As(err, &e) || e.Kind != errs.KindInvalid || e.Field != "note" || e.Message != tc.message):
			t.Errorf("%q: %v, want invalid note: %q", tc.value, err, tc.message)
		}
	}
}

// BenchmarkCheck_ReadMask: the check of the REST door's read mask (twelve
// clean paths), which every read call of that door sends.
func BenchmarkCheck_ReadMask(b *testing.B) {
	m := &kesiv1.ListCasesRequest{ReadMask: &fieldmaskpb.FieldMask{Paths: []string{"id", "case_id", "parties", "law_court", "filing_date",
		"activity_date", "status", "notes", "case_type", "time", "mark_updated", "activity"}}}
	b.ReportAllocs()
	for b.Loop() {
		if err := input.Check(m); err != nil {
			b.Fatal(err)
		}
	}
}
