package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/kesihq/kesi/backend/internal/errs"
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
