package account_test

import (
	"context"
	"testing"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestProfile_UpdateUserInfoAndPreferencesOverBothDoors(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := advocate(t, srv, "profile@example.co.ke")
		res := c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": " Wambui Njoroge ", "email": "hijack@example.co.ke"})
		res.Want(t, 200, account.MsgProfileUpdated)
		var u map[string]any
		res.JSON(t, &u)
		if u["fullname"] != "Wambui Njoroge" || u["email"] != "profile@example.co.ke" || u["phone_number"] != "0712345678" {
			t.Fatalf("update-user-info answered %v", u)
		}
		c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "W"}).Want(t, 400, "Name must be at least 2 characters.")
		c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"phone_number": "0712"}).Want(t, 400, "Phone number must be at least 10 digits.")
		srv.Anonymous().Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Anon"}).Want(t, 401, "")

		phone := "0722000111"
		up, err := c.Auth().UpdateUserInfo(context.Background(), connectReq(&kesiv1.UpdateUserInfoRequest{PhoneNumber: &phone}))
		if err != nil || up.Msg.User.PhoneNumber != phone || up.Msg.User.Fullname != "Wambui Njoroge" || up.Msg.User.SubscriptionDaysRemaining != 30 {
			t.Fatalf("connect update: %v %v", up, err)
		}
		me, err := c.Auth().Me(context.Background(), connectReq(&kesiv1.MeRequest{}))
		if err != nil || me.Msg.User.PhoneNumber != phone || me.Msg.User.Role != kesiv1.Role_ROLE_LAWYER {
			t.Fatalf("me after the update: %v %v", me, err)
		}

		// Preferences: the documented defaults, then a change read back through the other door.
		res = c.Do(t, "GET", "/api/auth/notification-preferences", nil)
		res.Want(t, 200, "")
		if string(res.Body) != `{"marketingEmails":false,"whatsappNotifications":true}`+"\n" {
			t.Fatalf("default preferences %s", res.Body)
		}
		c.Do(t, "PUT", "/api/auth/notification-preferences", map[string]any{"marketingEmails": true}).Want(t, 400, "")
		c.Do(t, "PUT", "/api/auth/notification-preferences", map[string]any{"marketingEmails": true, "whatsappNotifications": false}).Want(t, 200, "")
		p, err := c.Auth().GetNotificationPreferences(context.Background(), connectReq(&kesiv1.GetNotificationPreferencesRequest{}))
		if err != nil || !p.Msg.Preferences.MarketingEmails || p.Msg.Preferences.WhatsappNotifications {
			t.Fatalf("connect preferences: %v %v", p, err)
		}
	})
}

// The demo account is shared by every visitor: its profile stays as Kesi made it.
func TestProfile_DemoCannotBeRenamed(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := srv.Anonymous()
		c.Do(t, "POST", "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword}).Want(t, 200, "")
		c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Vandal"}).Want(t, 403, account.MsgDemoProfile)
	})
}
