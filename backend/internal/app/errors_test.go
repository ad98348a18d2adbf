package app_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestErrorsCarryDetailsAClientCanUse(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	ctx := context.Background()
	lawyer := srv.Lawyer(t)

	// Invalid input: a google.rpc.BadRequest naming the field.
	_, err := lawyer.Auth().UpdateUserInfo(ctx, connect.NewRequest(&kesiv1.UpdateUserInfoRequest{Fullname: ptr("a\x00b")}))
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeInvalidArgument {
		t.Fatalf("NUL in fullname: %v, want InvalidArgument", err)
	}
	var violations []*errdetails.BadRequest_FieldViolation
	for _, d := range ce.Details() {
		if m, err := d.Value(); err == nil {
			if br, ok := m.(*errdetails.BadRequest); ok {
				violations = append(violations, br.GetFieldViolations()...)
			}
		}
	}
	if len(violations) != 1 || violations[0].GetField() != "fullname" || violations[0].GetDescription() != ce.Message() {
		t.Errorf("field violations = %v, want one on fullname saying %q", violations, ce.Message())
	}

	// A missing subscription: an ErrorInfo with reason SUBSCRIPTION_REQUIRED.
	unpaid := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
	_, err = unpaid.Cases().ListCases(ctx, connect.NewRequest(&kesiv1.ListCasesRequest{}))
	if !errors.As(err, &ce) || ce.Code() != connect.CodeFailedPrecondition {
		t.Fatalf("unpaid ListCases: %v, want FailedPrecondition", err)
	}
	var reason string
	for _, d := range ce.Details() {
		if m, err := d.Value(); err == nil {
			if info, ok := m.(*errdetails.ErrorInfo); ok {
				reason = info.GetReason() + "@" + info.GetDomain()
			}
		}
	}
	if reason != errs.ReasonSubscriptionRequired+"@"+errs.ErrorDomain {
		t.Errorf("ErrorInfo = %q, want %s@%s", reason, errs.ReasonSubscriptionRequired, errs.ErrorDomain)
	}

	// The REST door: {"message", "field"}.
	res := lawyer.Do(t, http.MethodPost, "/api/auth/update-user-info", map[string]string{"fullname": "a\x00b"})
	var body struct{ Message, Field string }
	res.JSON(t, &body)
	if res.Status != 400 || body.Field != "fullname" || body.Message == "" {
		t.Errorf("REST: %d %s, want 400 with field fullname", res.Status, res.Body)
	}
}

func ptr[T any](v T) *T { return &v }
