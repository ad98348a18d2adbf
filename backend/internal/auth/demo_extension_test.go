package auth_test

import (
	"context"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// extensionAlive answers whether srv still knows token: a live extension
// token may not call Me (permission denied), an unknown one is not signed in.
func extensionAlive(t *testing.T, srv *testkit.Server, token string) bool {
	t.Helper()
	req := connect.NewRequest(&kesiv1.MeRequest{})
	req.Header().Set("Authorization", "Bearer "+token)
	_, err := srv.Anonymous().Auth().Me(context.Background(), req)
	switch connect.CodeOf(err) {
	case connect.CodePermissionDenied:
		return true
	case connect.CodeUnauthenticated:
		return false
	}
	t.Fatalf("extension token on Me: %v", err)
	return false
}

func TestExtensionTokens_ExpireAfterNinetyDaysUnused(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		u := srv.CreateUser(t, testkit.UserSpec{PaidUntil: ptr(testkit.DefaultNow.Add(400 * 24 * time.Hour))})
		created, err := srv.Session(t, u).Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: "Chrome"}))
		if err != nil {
			t.Fatal(err)
		}
		used, err := srv.Session(t, u).Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: "Edge"}))
		if err != nil {
			t.Fatal(err)
		}
		srv.Clock.Advance(89 * 24 * time.Hour)
		if !extensionAlive(t, srv, used.Msg.Token) {
			t.Fatal("a token 89 days old is refused")
		}
		list, err := srv.Session(t, u).Auth().ListExtensionTokens(ctx, connect.NewRequest(&kesiv1.ListExtensionTokensRequest{}))
		if err != nil || len(list.Msg.ExtensionTokens) != 2 {
			t.Fatalf("list: %v %v", list, err)
		}
		for _, et := range list.Msg.ExtensionTokens {
			if et.Name == "Edge" && !et.LastUsedAt.AsTime().Equal(srv.Clock.Now()) {
				t.Errorf("last use shown %v, want %v", et.LastUsedAt.AsTime(), srv.Clock.Now())
			}
		}
		srv.Clock.Advance(2 * 24 * time.Hour) // 91 days after both were made
		if extensionAlive(t, srv, created.Msg.Token) {
			t.Error("a token unused for 91 days still works")
		}
		if !extensionAlive(t, srv, used.Msg.Token) {
			t.Error("a token used two days ago is refused")
		}
		list, err = srv.Session(t, u).Auth().ListExtensionTokens(ctx, connect.NewRequest(&kesiv1.ListExtensionTokensRequest{}))
		if err != nil || len(list.Msg.ExtensionTokens) != 1 || list.Msg.ExtensionTokens[0].Name != "Edge" {
			t.Fatalf("after 91 days the list is %v %v, want only Edge", list, err)
		}
	})
}

func TestDemo_ProfileIsFixedAndResetEndsSessionsAndTokens(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		visitor := newDevice(t, srv, windowsFirefox, auth.DemoEmail, auth.DemoPassword)
		name := "Hijacked"
		_, err := visitor.auth.UpdateUserInfo(ctx, connect.NewRequest(&kesiv1.UpdateUserInfoRequest{Fullname: &name}))
		wantConnect(t, err, connect.CodePermissionDenied, account.MsgDemoProfile)
		// The REST door refuses it too.
		c := srv.Anonymous()
		c.Do(t, "POST", "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword}).Want(t, 200, "")
		c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": name}).Want(t, 403, account.MsgDemoProfile)
		me, err := visitor.auth.Me(ctx, connect.NewRequest(&kesiv1.MeRequest{}))
		if err != nil || me.Msg.User.Fullname != auth.DemoFullname {
			t.Fatalf("demo profile after refused changes: %v %v", me, err)
		}

		tok, err := visitor.auth.CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.App.ResetDemo(ctx); err != nil {
			t.Fatal(err)
		}
		if visitor.signedIn() {
			t.Error("a demo session outlived the demo reset")
		}
		c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 401, auth.MsgSessionExpired)
		if extensionAlive(t, srv, tok.Msg.Token) {
			t.Error("a demo extension token outlived the demo reset")
		}
		// The demo still opens for the next visitor.
		if !newDevice(t, srv, androidChrome, auth.DemoEmail, auth.DemoPassword).signedIn() {
			t.Fatal("the demo does not open after its reset")
		}
	})
}

// An extension token outlives the session that made it: a new password,
// by the mailed code or from a signed-in device, must end it too, or
// whoever held the account before keeps writing its diary.
func TestExtensionTokens_EndWithANewPassword(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		const email = "extension@example.co.ke"
		register(t, srv, form(email)).Want(t, 201, "")
		thief := newDevice(t, srv, windowsFirefox, email, goodPassword)
		connectExtension := func() string {
			t.Helper()
			res, err := thief.auth.CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: "Innocent"}))
			if err != nil {
				t.Fatal(err)
			}
			return res.Msg.Token
		}

		token := connectExtension()
		requestReset(t, srv, email)
		changePassword(t, srv, email, srv.ResetCode(t, email), "after-reset-9").Want(t, 200, "")
		if extensionAlive(t, srv, token) {
			t.Error("an extension token outlived a password reset")
		}

		thief = newDevice(t, srv, windowsFirefox, email, "after-reset-9")
		token = connectExtension()
		owner := newDevice(t, srv, androidChrome, email, "after-reset-9")
		if _, err := owner.auth.UpdatePassword(ctx, connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: "after-reset-9", NewPassword: "after-change-9"})); err != nil {
			t.Fatal(err)
		}
		if extensionAlive(t, srv, token) {
			t.Error("an extension token outlived a password change")
		}
		if !owner.signedIn() {
			t.Error("the device that changed the password was signed out")
		}
	})
}

// The extension's Disconnect signs its token out the way a browser signs
// out: Logout with the token as its bearer. The token is then refused and
// leaves Settings > Integrations; another extension of the account stays.
func TestExtensionTokens_LogoutWithTheTokenRevokesIt(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		lawyer := srv.Lawyer(t)
		connectExtension := func(name string) string {
			t.Helper()
			res, err := lawyer.Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: name}))
			if err != nil {
				t.Fatal(err)
			}
			return res.Msg.Token
		}
		token, other := connectExtension("Chrome on Windows"), connectExtension("Edge on Windows")
		req := connect.NewRequest(&kesiv1.LogoutRequest{})
		req.Header().Set("Authorization", "Bearer "+token)
		if _, err := srv.Anonymous().Auth().Logout(ctx, req); err != nil {
			t.Fatal(err)
		}
		if extensionAlive(t, srv, token) {
			t.Error("the extension's token still works after it signed out")
		}
		if !extensionAlive(t, srv, other) {
			t.Error("another extension was signed out too")
		}
		list, err := lawyer.Auth().ListExtensionTokens(ctx, connect.NewRequest(&kesiv1.ListExtensionTokensRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Msg.ExtensionTokens) != 1 || list.Msg.ExtensionTokens[0].Name != "Edge on Windows" {
			t.Errorf("Settings lists %v", list.Msg.ExtensionTokens)
		}
	})
}
