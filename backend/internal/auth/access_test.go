package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/account"
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestRateLimits_SignInAndReset(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		t.Run("per account", func(t *testing.T) {
			srv := testkit.NewServer(t, e, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "3", "KESI_RATE_LIMIT_PER_ADDRESS": "100", "KESI_RATE_LIMIT_WINDOW": "10m"})
			register(t, srv, form("target@example.co.ke")).Want(t, 201, "")
			register(t, srv, form("other@example.co.ke")).Want(t, 201, "")
			login := func(email, password string) *testkit.Response {
				return srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": email, "password": password})
			}
			for range 3 {
				login("target@example.co.ke", "wrong-password").Want(t, 401, "")
			}
			// Over the limit even the right password waits.
			login("TARGET@example.co.ke", goodPassword).Want(t, 429, auth.MsgTooManyAttempts)
			_, err := srv.Anonymous().Auth().Login(context.Background(), connect.NewRequest(&kesiv1.LoginRequest{Email: "target@example.co.ke", Password: goodPassword}))
			wantConnect(t, err, connect.CodeResourceExhausted, auth.MsgTooManyAttempts)
			// Another account is not affected.
			login("other@example.co.ke", goodPassword).Want(t, 200, "")
			// The window passes.
			srv.Clock.Advance(10*time.Minute + time.Second)
			login("target@example.co.ke", goodPassword).Want(t, 200, "")

			// Reset requests count per account, each one.
			for range 3 {
				requestReset(t, srv, "target@example.co.ke")
			}
			res := srv.Anonymous().Do(t, "POST", "/api/auth/request-password-reset", map[string]any{"email": "target@example.co.ke"})
			res.Want(t, 429, auth.MsgTooManyAttempts)
			if n := len(srv.Mails(t, "target@example.co.ke")); n != 3 {
				t.Fatalf("%d reset mails, want 3", n)
			}
			if countKind(auditKinds(t, srv.DB()), auth.AuditRateLimited) < 2 {
				t.Fatal("rate limiting was not audited")
			}
		})
		t.Run("per address", func(t *testing.T) {
			srv := testkit.NewServer(t, e, map[string]string{"KESI_RATE_LIMIT_PER_ACCOUNT": "100", "KESI_RATE_LIMIT_PER_ADDRESS": "4"})
			register(t, srv, form("victim@example.co.ke")).Want(t, 201, "")
			for i := range 4 {
				res := srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "spray" + string(rune('a'+i)) + "@example.co.ke", "password": goodPassword})
				res.Want(t, 401, "")
			}
			srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "victim@example.co.ke", "password": goodPassword}).Want(t, 429, auth.MsgTooManyAttempts)
			// Wrong reset codes from one address count too.
			for range 4 {
				changePassword(t, srv, "victim@example.co.ke", "123456", "new-secret").Want(t, 400, "")
			}
			// The reset screen says how long to wait (the default window).
			changePassword(t, srv, "victim@example.co.ke", "123456", "new-secret").Want(t, 429, "Too many attempts. Please wait 15 minutes and try again.")
		})
	})
}

func TestRoles_WhoReachesWhat(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		affiliate := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Role: role.Affiliate}))
		unpaid := srv.Session(t, srv.CreateUser(t, testkit.UserSpec{Unpaid: true}))
		demo := srv.Session(t, srv.DB().User.Query().Where(user.Email(auth.DemoEmail)).OnlyX(ctx))
		lawyer := srv.Lawyer(t)

		// Every signed-in role sees its own profile, paid or not.
		for name, s := range map[string]*testkit.Session{"affiliate": affiliate, "unpaid lawyer": unpaid, "demo": demo, "lawyer": lawyer} {
			res := s.Do(t, "GET", "/api/auth/me", nil)
			res.Want(t, 200, "")
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
		mk := func(r user.Role, paidUntil *time.Time) auth.Principal {
			u := db.Client.User.Create().SetEmail(strings.ToLower(string(r)) + time.Now().Format("150405.000000000") + "@example.co.ke").
				SetFullname("X Y").SetPasswordHash("!").SetRole(r).SetNillablePaidUntil(paidUntil).SaveX(ctx)
			return auth.Principal{UserID: u.ID, Role: role.FromUser(r), Scope: auth.ScopeSession}
		}
		authz := auth.NewAuthorizer(billing.NewSubscriptions(db.Client, clock), auth.Policy{
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
		authz := auth.NewAuthorizer(billing.NewSubscriptions(db.Client, clock), auth.Policy{"/diary": auth.Diary})
		c := auth.WithPrincipal(ctx, auth.Principal{UserID: u.ID, Role: role.Lawyer, Scope: auth.ScopeSession})

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
		res.Want(t, 403, "An extension token can only import cases.")
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
		get(t, srv, "/api/auth/me", map[string]string{"Authorization": "Bearer " + token}).Want(t, 401, auth.MsgSignInRequired)
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
		res.Want(t, 200, "")
		if u := decodeUser(t, res); u["role"] != "demo" || u["fullname"] != auth.DemoFullname {
			t.Fatalf("demo user %v", u)
		}
		// Visitors cannot rename it (issue 14); whatever else changes it is repaired.
		c.Do(t, "POST", "/api/auth/update-user-info", map[string]any{"fullname": "Vandal"}).Want(t, 403, account.MsgDemoProfile)
		srv.DB().User.Update().Where(user.Email(auth.DemoEmail)).SetFullname("Vandal").SetPasswordHash("!").ExecX(ctx)
		u, err := auth.EnsureDemoAccount(ctx, srv.DB())
		if err != nil || u.Fullname != auth.DemoFullname || u.Role != role.Demo {
			t.Fatalf("repair: %v %v", u, err)
		}
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "demo@kesi.app", "password": "kesi-demo"}).Want(t, 200, "")
		if n := srv.DB().User.Query().Where(user.Email(auth.DemoEmail)).CountX(ctx); n != 1 {
			t.Fatalf("%d demo accounts", n)
		}
	})
}
