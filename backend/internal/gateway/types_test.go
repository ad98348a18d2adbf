package gateway_test

import (
	"net/http"
	"testing"

	"github.com/kesihq/kesi/backend/internal/testkit"
)

// TestWrongTypeNamesTheField: a body that is valid JSON but gives a field
// the wrong type ("true" for true, a number for a name) is answered 400
// naming the field and the type it takes, not "Request body must be valid
// JSON", which sends the client developer looking for a syntax error.
func TestWrongTypeNamesTheField(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.Engines()[0], nil)
	law := srv.Lawyer(t)
	for _, tc := range []struct {
		method, path string
		body         any
		field, msg   string
	}{
		{"PATCH", "/api/cases-needing-update/mark-updated?id=x", map[string]any{"mark_updated": "true"}, "mark_updated", "mark_updated must be true or false."},
		{"POST", "/api/auth/update-user-info", map[string]any{"fullname": 123}, "fullname", "fullname must be text."},
		{"PUT", "/api/auth/notification-preferences", map[string]any{"marketingEmails": 1, "whatsappNotifications": true}, "marketingEmails", "marketingEmails must be true or false."},
		{"POST", "/api/payment/initialize", []string{"monthly"}, "body", "body must be an object."},
	} {
		res := law.Do(t, tc.method, tc.path, tc.body)
		var got struct{ Message, Field string }
		res.JSON(t, &got)
		if res.Status != http.StatusBadRequest || got.Field != tc.field || got.Message != tc.msg {
			t.Errorf("%s %s %v = %d %s, want 400 field %q %q", tc.method, tc.path, tc.body, res.Status, res.Body, tc.field, tc.msg)
		}
	}
}
