package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestHTTPErrorMapsKindsOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		err     error
		status  int
		message string
	}{
		{errs.Invalid("case_id", "Case ID is required."), http.StatusBadRequest, "Case ID is required."},
		{errs.NotFound("Case not found."), http.StatusNotFound, "Case not found."},
		{errs.Conflict("You already have case MCCC/E3574/2022."), http.StatusConflict, "You already have case MCCC/E3574/2022."},
		{errs.Unauthenticated("Please sign in to continue."), http.StatusUnauthorized, "Please sign in to continue."},
		{errs.PermissionDenied("Your account cannot use this feature."), http.StatusForbidden, "Your account cannot use this feature."},
		{errs.SubscriptionRequired("An active subscription is required."), http.StatusPaymentRequired, "An active subscription is required."},
		{errs.TooLarge("File is too large."), http.StatusRequestEntityTooLarge, "File is too large."},
		{errs.TooManyRequests("Too many attempts."), http.StatusTooManyRequests, "Too many attempts."},
		{fmt.Errorf("load case: %w", errs.NotFound("Case not found.")), http.StatusNotFound, "Case not found."},
		{errors.New(`pq: relation "court_cases" does not exist`), http.StatusInternalServerError, "internal error"},
		{errs.Internal(errors.New("disk on fire")), http.StatusInternalServerError, "internal error"},
	}
	for _, tc := range cases {
		status, message := HTTPError(ctx, tc.err)
		if status != tc.status || message != tc.message {
			t.Errorf("HTTPError(%v) = %d %q, want %d %q", tc.err, status, message, tc.status, tc.message)
		}
	}
}

// TestCaseFieldsNameTheDocumentedCase: the door's read mask names every
// field of the documented case, each a field of the contract's Case, so
// that no field the door shows is left out of its reads.
func TestCaseFieldsNameTheDocumentedCase(t *testing.T) {
	t.Parallel()
	masked := map[string]bool{}
	fields := (&kesiv1.Case{}).ProtoReflect().Descriptor().Fields()
	for _, p := range caseFields.GetPaths() {
		if fields.ByName(protoreflect.Name(p)) == nil {
			t.Errorf("caseFields names %q, which is not a field of kesi.v1.Case", p)
		}
		masked[p] = true
	}
	doc := reflect.TypeFor[caseJSON]()
	for i := range doc.NumField() {
		name, _, _ := strings.Cut(doc.Field(i).Tag.Get("json"), ",")
		if !masked[name] {
			t.Errorf("the documented case's %q is not in caseFields: the door would answer it empty", name)
		}
	}
	if len(masked) != doc.NumField() {
		t.Errorf("caseFields names %d fields, the documented case has %d", len(masked), doc.NumField())
	}
	// The point of the mask: the door shows no client links, so the store does not look them up.
	if masked["client_ids"] {
		t.Error("caseFields names client_ids, which the documented case does not show")
	}
}
