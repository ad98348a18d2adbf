package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestRateLimits_SignInAndReset(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		t.Run("per account", func(t *testing.T) {
			srv := testkit.NewServer(t, e, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "3", "KESI_RATE_LIMIT_PER_ADDRESS": "100", "KESI_RATE_LIMIT_WINDOW": "10m"})
			wantStatus(t, register(t, srv, form("target@example.co.ke")), 201, "")
			wantStatus(t, register(t, srv, form("other@example.co.ke")), 201, "")
			login := func(email, password string) *testkit.Response {
				return srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": email, "password": password})
			}
			for range 3 {
				wantStatus(t, login("target@example.co.ke", "wrong-password"), 401, "")
			}
			// Over the limit even the right password waits.
			wantStatus(t, login("TARGET@example.co.ke", goodPassword), 429, auth.MsgTooManyAttempts)
			_, err := srv.Anonymous().Auth().Login(context.Background(), connect.NewRequest(&kesiv1.LoginRequest{Email: "target@example.co.ke", Password: goodPassword}))
			wantConnect(t, err, connect.CodeResourceExhausted, auth.MsgTooManyAttempts)
			// Another account is not affected.
			wantStatus(t, login("other@example.co.ke", goodPassword), 200, "")
			// The window passes.
			srv.Clock.Advance(10*time.Minute + time.Second)
			wantStatus(t, login("target@example.co.ke", goodPassword), 200, "")

			// Reset requests count per account, each one.
			for range 3 {
				requestReset(t, srv, "target@example.co.ke")
			}
			res := srv.Anonymous().Do(t, "POST", "/api/auth/request-password-reset", map[string]any{"email": "target@example.co.ke"})
			wantStatus(t, res, 429, auth.MsgTooManyAttempts)
			if n := len(srv.Mails(t, "target@example.co.ke")); n != 3 {
				t.Fatalf("%d reset mails, want 3", n)
			}
			if countKind(auditKinds(t, srv.DB()), auth.AuditRateLimited) < 2 {
				t.Fatal("rate limiting was not audited")
			}
		})
		t.Run("per address", func(t *testing.T) {
			srv := testkit.NewServer(t, e, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "100", "KESI_RATE_LIMIT_PER_ADDRESS": "4"})
			wantStatus(t, register(t, srv, form("victim@example.co.ke")), 201, "")
			for i := range 4 {
				res := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "spray" + string(rune('a'+i)) + "@example.co.ke", "password": goodPassword})
				wantStatus(t, res, 401, "")
			}
			wantStatus(t, srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "victim@example.co.ke", "password": goodPassword}), 429, auth.MsgTooManyAttempts)
			// Wrong reset codes from one address count too.
			for range 4 {
				wantStatus(t, changePassword(t, srv, "victim@example.co.ke", "123456", "new-secret"), 400, "")
			}
			// The reset screen says how long to wait (the default window).
			wantStatus(t, changePassword(t, srv, "victim@example.co.ke", "123456", "new-secret"), 429, "Too many attempts. Please wait 15 minutes and try again.")
		})
	})
}

func TestProfile_UpdateUserInfoAndPreferencesOverBothDoors(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := signIn(t, srv, "profile@example.co.ke")
		res := c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": " Wambui Njoroge ", "email": "hijack@example.co.ke"})
		wantStatus(t, res, 200, "Profile updated successfully")
		var u userJSON
		res.JSON(t, &u)
		if u["fullname"] != "Wambui Njoroge" || u["email"] != "profile@example.co.ke" || u["phone_number"] != "+254 712 345 678" {
			t.Fatalf("update-user-info answered %v", u)
		}
		wantStatus(t, c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "W"}), 400, "Name must be at least 2 characters.")
		wantStatus(t, c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"phone_number": "0712"}), 400, "Phone number must be at least 10 digits.")
		wantStatus(t, srv.Anonymous().Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Anon"}), 401, "")

		phone := "0722000111"
		up, err := c.Auth().UpdateUserInfo(context.Background(), connect.NewRequest(&kesiv1.UpdateUserInfoRequest{PhoneNumber: &phone}))
		if err != nil || up.Msg.User.PhoneNumber != phone || up.Msg.User.Fullname != "Wambui Njoroge" {
			t.Fatalf("connect update: %v %v", up, err)
		}

		// Preferences: the documented defaults, then a change read back through the other door.
		res = c.Do(t, "GET", "/api/auth/notification-preferences", nil)
		wantStatus(t, res, 200, "")
		if string(res.Body) != `{"marketingEmails":false,"whatsappNotifications":true}`+"\n" {
			t.Fatalf("default preferences %s", res.Body)
		}
		wantStatus(t, c.Do(t, "PUT", "/api/auth/notification-preferences", map[string]any{"marketingEmails": true}), 400, "")
		wantStatus(t, c.Do(t, "PUT", "/api/auth/notification-preferences", map[string]any{"marketingEmails": true, "whatsappNotifications": false}), 200, "")
		p, err := c.Auth().GetNotificationPreferences(context.Background(), connect.NewRequest(&kesiv1.GetNotificationPreferencesRequest{}))
		if err != nil || !p.Msg.Preferences.MarketingEmails || p.Msg.Preferences.WhatsappNotifications {
			t.Fatalf("connect preferences: %v %v", p, err)
		}
	})
}

func TestRoles_WhoReachesWhat(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		affiliate := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: auth.RoleAffiliate}))
		unpaid := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		demo := srv.Session(t, srv.DB().User.Query().Where(user.Email(auth.DemoEmail)).OnlyX(ctx))
		lawyer := srv.Lawyer(t)

		// Every signed-in role sees its own profile, paid or not.
		for name, s := range map[string]*testkit.Session{"affiliate": affiliate, "unpaid lawyer": unpaid, "demo": demo, "lawyer": lawyer} {
			res := s.Do(t, "GET", "/api/auth/me", nil)
			wantStatus(t, res, 200, "")
			if decodeUser(t, res)["email"] != s.User.Email {
				t.Errorf("%s saw someone else's profile", name)
			}
		}
		// Extension connections are for the diary roles only.
		_, err := affiliate.Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: "Chrome"}))
		wantConnect(t, err, connect.CodePermissionDenied, auth.MsgForbidden)
		for _, s := range []*testkit.Session{demo, lawyer} {
			if _, err := s.Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: "Chrome"})); err != nil {
				t.Fatalf("%s cannot connect an extension: %v", s.User.Role, err)
			}
		}
		_, err = srv.Anonymous().Auth().Me(ctx, connect.NewRequest(&kesiv1.MeRequest{}))
		wantConnect(t, err, connect.CodeUnauthenticated, auth.MsgSignInRequired)
	})
}

// TestAuthorizer_DiaryRule checks the rule every diary procedure declares
// (SPEC.md section 6) on a small policy of its own, so that it does not
// depend on the diary services being built.
func TestAuthorizer_DiaryRule(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		ctx := context.Background()
		now := testkit.DefaultNow
		clock := platform.FixedClock{T: now}
		paid, past := now.Add(24*time.Hour), now.Add(-time.Hour)
		mk := func(role user.Role, paidUntil *time.Time) auth.Principal {
			u := db.Client.User.Create().SetEmail(strings.ToLower(string(role)) + time.Now().Format("150405.000000000") + "@example.co.ke").
				SetFullname("X Y").SetPasswordHash("!").SetRole(role).SetNillablePaidUntil(paidUntil).SaveX(ctx)
			return auth.Principal{UserID: u.ID, Role: auth.Role(role), Scope: auth.ScopeSession}
		}
		authz := auth.NewAuthorizer(db.Client, clock, auth.Policy{
			"/diary":     auth.Diary,
			"/import":    {Roles: auth.DiaryRoles, Extension: true},
			"/affiliate": {Roles: auth.AffiliateRoles},
		})
		ext := mk(user.RoleLawyer, &paid)
		ext.Scope = auth.ScopeExtension
		cases := []struct {
			name      string
			who       *auth.Principal
			procedure string
			want      errs.Kind
			ok        bool
		}{
			{"paid lawyer reaches the diary", ptr(mk(user.RoleLawyer, &paid)), "/diary", 0, true},
			{"paid moderator reaches the diary", ptr(mk(user.RoleModerator, &paid)), "/diary", 0, true},
			{"demo needs no subscription", ptr(mk(user.RoleDemo, nil)), "/diary", 0, true},
			{"lapsed lawyer must pay", ptr(mk(user.RoleLawyer, &past)), "/diary", errs.KindSubscriptionRequired, false},
			{"affiliate is refused the diary", ptr(mk(user.RoleAffiliate, nil)), "/diary", errs.KindPermissionDenied, false},
			{"lawyer is refused the affiliate dashboard", ptr(mk(user.RoleLawyer, &paid)), "/affiliate", errs.KindPermissionDenied, false},
			{"anonymous must sign in", nil, "/diary", errs.KindUnauthenticated, false},
			{"extension token may import", &ext, "/import", 0, true},
			{"extension token may not read the diary", &ext, "/diary", errs.KindPermissionDenied, false},
			{"undeclared procedure is refused", ptr(mk(user.RoleLawyer, &paid)), "/unknown", errs.KindInternal, false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c := ctx
				if tc.who != nil {
					c = auth.WithPrincipal(ctx, *tc.who)
				}
				err := authz.Authorize(c, tc.procedure)
				if tc.ok != (err == nil) || (!tc.ok && errs.KindOf(err) != tc.want) {
					t.Fatalf("Authorize = %v, want ok=%v kind %v", err, tc.ok, tc.want)
				}
			})
		}
	})
}

// A subscription remembered as active still ends on time, and a lapsed
// lawyer who pays is let in at once.
func TestAuthorizer_SubscriptionEndsOnTimeAndPaymentCountsAtOnce(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		db := testkit.OpenDB(t, e)
		ctx := context.Background()
		clock := testkit.NewClock(testkit.DefaultNow)
		until := testkit.DefaultNow.Add(48 * time.Hour)
		u := db.Client.User.Create().SetEmail("wanjiru@example.co.ke").SetFullname("Wanjiru Kamau").
			SetPasswordHash("!").SetRole(user.RoleLawyer).SetPaidUntil(until).SaveX(ctx)
		authz := auth.NewAuthorizer(db.Client, clock, auth.Policy{"/diary": auth.Diary})
		c := auth.WithPrincipal(ctx, auth.Principal{UserID: u.ID, Role: auth.RoleLawyer, Scope: auth.ScopeSession})

		if err := authz.Authorize(c, "/diary"); err != nil {
			t.Fatalf("paid lawyer: %v", err)
		}
		clock.Set(until.Add(time.Second))
		if err := authz.Authorize(c, "/diary"); errs.KindOf(err) != errs.KindSubscriptionRequired {
			t.Fatalf("a second after the subscription ended: %v, want subscription required", err)
		}
		db.Client.User.UpdateOneID(u.ID).SetPaidUntil(until.Add(30 * 24 * time.Hour)).ExecX(ctx)
		if err := authz.Authorize(c, "/diary"); err != nil {
			t.Fatalf("right after paying again: %v, want access", err)
		}
	})
}

func ptr[T any](v T) *T { return &v }

func TestExtensionTokens_ConnectUseAndRevoke(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		owner, other := srv.Lawyer(t), srv.Lawyer(t)
		created, err := owner.Auth().CreateExtensionToken(ctx, connect.NewRequest(&kesiv1.CreateExtensionTokenRequest{Name: " Chrome on office laptop "}))
		if err != nil {
			t.Fatal(err)
		}
		token := created.Msg.Token
		if !strings.HasPrefix(token, auth.ExtensionTokenPrefix) || created.Msg.ExtensionToken.Name != "Chrome on office laptop" {
			t.Fatalf("created %v", created.Msg)
		}
		// The token is a credential of the extension scope: it may not read the profile.
		res := get(t, srv, "/api/auth/me", map[string]string{"Authorization": "Bearer " + token})
		wantStatus(t, res, 403, "An extension token can only import cases.")
		list, err := owner.Auth().ListExtensionTokens(ctx, connect.NewRequest(&kesiv1.ListExtensionTokensRequest{}))
		if err != nil || len(list.Msg.ExtensionTokens) != 1 || list.Msg.ExtensionTokens[0].LastUsedAt == nil {
			t.Fatalf("list after use: %v %v", list, err)
		}
		// Another lawyer neither sees nor revokes it.
		theirs, _ := other.Auth().ListExtensionTokens(ctx, connect.NewRequest(&kesiv1.ListExtensionTokensRequest{}))
		if len(theirs.Msg.ExtensionTokens) != 0 {
			t.Fatalf("another lawyer sees %v", theirs.Msg.ExtensionTokens)
		}
		id := created.Msg.ExtensionToken.Id
		_, err = other.Auth().RevokeExtensionToken(ctx, connect.NewRequest(&kesiv1.RevokeExtensionTokenRequest{Id: id}))
		wantConnect(t, err, connect.CodeNotFound, auth.MsgExtensionNotFound)
		if _, err := owner.Auth().RevokeExtensionToken(ctx, connect.NewRequest(&kesiv1.RevokeExtensionTokenRequest{Id: id})); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, get(t, srv, "/api/auth/me", map[string]string{"Authorization": "Bearer " + token}), 401, auth.MsgSignInRequired)
		_, err = owner.Auth().RevokeExtensionToken(ctx, connect.NewRequest(&kesiv1.RevokeExtensionTokenRequest{Id: "not-a-uuid"}))
		wantConnect(t, err, connect.CodeNotFound, auth.MsgExtensionNotFound)
	})
}

func TestDemoAccount_SignsInAndIsRepaired(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		c := srv.Anonymous()
		res := c.Do(t, "POST", "/api/auth/login", map[string]any{"email": "demo@kesi.app", "password": "kesi-demo"})
		wantStatus(t, res, 200, "")
		if u := decodeUser(t, res); u["role"] != "demo" || u["fullname"] != auth.DemoFullname {
			t.Fatalf("demo user %v", u)
		}
		// Visitors cannot rename it (issue 14); whatever else changes it is repaired.
		wantStatus(t, c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Vandal"}), 403, auth.MsgDemoProfile)
		srv.DB().User.Update().Where(user.Email(auth.DemoEmail)).SetFullname("Vandal").SetPasswordHash("!").ExecX(ctx)
		u, err := auth.EnsureDemoAccount(ctx, srv.DB())
		if err != nil || u.Fullname != auth.DemoFullname || u.Role != user.RoleDemo {
			t.Fatalf("repair: %v %v", u, err)
		}
		wantStatus(t, srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "demo@kesi.app", "password": "kesi-demo"}), 200, "")
		if n := srv.DB().User.Query().Where(user.Email(auth.DemoEmail)).CountX(ctx); n != 1 {
			t.Fatalf("%d demo accounts", n)
		}
	})
}
