package errs

import (
	"testing"

	"github.com/google/uuid"
)

func TestParseID(t *testing.T) {
	want := uuid.MustParse("5b0f7d4e-8a3c-4f0e-9a51-2c7e1b6d9f10")
	if got, err := ParseID(want.String(), "Case not found"); err != nil || got != want {
		t.Errorf("ParseID(a UUID) = %v, %v; want %v, nil", got, err, want)
	}
	for _, s := range []string{"", "42", "not-a-uuid", "5b0f7d4e-8a3c-4f0e-9a51-2c7e1b6d9f1\x00", "ñ"} {
		got, err := ParseID(s, "Case not found")
		e, ok := As(err)
		if got != uuid.Nil || !ok || e.Kind != KindNotFound || e.Message != "Case not found" {
			t.Errorf("ParseID(%q) = %v, %v; want the nil id and NotFound(%q)", s, got, err, "Case not found")
		}
	}
}
