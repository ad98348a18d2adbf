package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	"github.com/kesihq/kesi/ent/referral"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestRegister_ThenLoginAnswersTheDocumentedUser(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		res := register(t, srv, form("Achieng@Example.co.ke"))
		res.Want(t, http.StatusCreated, "Registration successful! Please log in.")
		noSecrets(t, res.Body)

		c := srv.Anonymous()
		res = c.Do(t, "POST", "/api/auth/login", map[string]any{"email": "ACHIENG@example.co.ke", "password": goodPassword})
		res.Want(t, http.StatusOK, "")
		access := cookie(t, res, auth.AccessCookie, "").Value
		refresh := cookie(t, res, auth.RefreshCookie, "/api/auth/").Value
		noSecrets(t, res.Body, access, refresh)
		u := decodeUser(t, res)
		want := map[string]any{
			"email":                       "achieng@example.co.ke",
			"fullname":                    "Achieng Otieno",
			"role":                        "lawyer",
			"phone_number":                "+254 712 345 678",
			"profile_image":               "",
			"affiliate_code":              nil,
			"subscription_expires_at":     nil,
			"subscription_days_remaining": float64(0),
		}
		for k, v := range want {
			if got, ok := u[k]; !ok || got != v {
				t.Errorf("user.%s = %#v, want %#v", k, got, v)
			}
		}
		if id, _ := u["id"].(string); len(id) != 36 {
			t.Errorf("user.id = %#v, want a UUID", u["id"])
		}

		// The cookie alone keeps the browser signed in.
		res = c.Do(t, "GET", "/api/auth/me", nil)
		res.Want(t, http.StatusOK, "")
		if got := decodeUser(t, res)["email"]; got != "achieng@example.co.ke" {
			t.Errorf("me: email %v", got)
		}
		noSecrets(t, res.Body, access, refresh)

		// So does the access token as a bearer header, without cookies.
		res = get(t, srv, "/api/auth/me", map[string]string{"Authorization": "Bearer " + access})
		res.Want(t, http.StatusOK, "")
		res = get(t, srv, "/api/auth/me", nil)
		res.Want(t, http.StatusUnauthorized, auth.MsgSignInRequired)

		// The Connect door answers the same user.
		cc := srv.Anonymous()
		login, err := cc.Auth().Login(context.Background(), connect.NewRequest(&kesiv1.LoginRequest{Email: "achieng@example.co.ke", Password: goodPassword}))
		if err != nil {
			t.Fatal(err)
		}
		if login.Msg.User.Role != kesiv1.Role_ROLE_LAWYER || login.Msg.User.Email != "achieng@example.co.ke" {
			t.Errorf("connect login user = %v", login.Msg.User)
		}
		if len(login.Header().Values("Set-Cookie")) != 3 {
			t.Errorf("connect login sets %q, want the access cookie and the refresh cookie on both paths", login.Header().Values("Set-Cookie"))
		}
		me, err := cc.Auth().Me(context.Background(), connect.NewRequest(&kesiv1.MeRequest{}))
		if err != nil {
			t.Fatal(err)
		}
		if me.Msg.User.Fullname != "Achieng Otieno" {
			t.Errorf("connect me = %v", me.Msg.User)
		}
	})
}

func TestRegister_RulesAndMessages(t *testing.T) {
	cases := []struct {
		name    string
		change  map[string]any
		status  int
		message string
	}{
		{"short name", map[string]any{"fullname": " A "}, 400, "Name must be at least 2 characters."},
		{"bad email", map[string]any{"email": "achieng@"}, 400, "Please enter a valid email address."},
		{"email with a name", map[string]any{"email": "Achieng <a@example.co.ke>"}, 400, "Please enter a valid email address."},
		{"email without a dot in the domain", map[string]any{"email": "a@localhost"}, 400, "Please enter a valid email address."},
		{"short phone", map[string]any{"phone_number": "+254 712 34"}, 400, "Phone number must be at least 10 digits."},
		{"letters in phone", map[string]any{"phone_number": "0712abc45678"}, 400, auth.MsgPhoneInvalid},
		{"short password", map[string]any{"password": "12345"}, 400, "Password must be at least 6 characters."},
		{"moderator from the form", map[string]any{"role": "moderator"}, 400, "Role must be lawyer or affiliate."},
		{"demo from the form", map[string]any{"role": "demo"}, 400, "Role must be lawyer or affiliate."},
		{"unknown role", map[string]any{"role": "judge"}, 400, "Role must be lawyer or affiliate."},
	}
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				body := form("wanjiru@example.co.ke")
				for k, v := range tc.change {
					body[k] = v
				}
				register(t, srv, body).Want(t, tc.status, tc.message)
			})
		}
		t.Run("connect door", func(t *testing.T) {
			_, err := srv.Anonymous().Auth().Register(context.Background(), connect.NewRequest(&kesiv1.RegisterRequest{
				Fullname: "Wanjiru", Email: "wanjiru@example.co.ke", Password: goodPassword, PhoneNumber: "0712",
			}))
			wantConnect(t, err, connect.CodeInvalidArgument, "Phone number must be at least 10 digits.")
			_, err = srv.Anonymous().Auth().Register(context.Background(), connect.NewRequest(&kesiv1.RegisterRequest{
				Fullname: "Wanjiru", Email: "wanjiru@example.co.ke", Password: goodPassword, PhoneNumber: "0712345678", Role: kesiv1.Role_ROLE_MODERATOR,
			}))
			wantConnect(t, err, connect.CodeInvalidArgument, "Role must be lawyer or affiliate.")
		})
		t.Run("empty object", func(t *testing.T) {
			res := post(t, srv, "/api/auth/register", nil)
			res.Want(t, 400, "Name must be at least 2 characters.")
		})
		// Nothing was half-written by any refusal (the demo account is the only user).
		if n := srv.DB().User.Query().Where(user.Email("wanjiru@example.co.ke")).CountX(context.Background()); n != 0 {
			t.Fatalf("%d users were created by refused registrations", n)
		}
	})
}

func TestRegister_DuplicateEmailIgnoresCase(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("kamau@example.co.ke")).Want(t, 201, "")
		register(t, srv, form("  KAMAU@Example.CO.KE ")).Want(t, http.StatusConflict, "An account with this email already exists.")
		_, err := srv.Anonymous().Auth().Register(context.Background(), connect.NewRequest(&kesiv1.RegisterRequest{
			Fullname: "Kamau", Email: "Kamau@example.co.ke", Password: goodPassword, PhoneNumber: "0712345678",
		}))
		wantConnect(t, err, connect.CodeAlreadyExists, "An account with this email already exists.")
	})
}

func TestRegister_AffiliateCodeAndReferrals(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		body := form("partner@example.co.ke")
		body["role"] = "affiliate"
		res := register(t, srv, body)
		res.Want(t, 201, "")
		var reg struct {
			User userJSON `json:"user"`
		}
		res.JSON(t, &reg)
		code, _ := reg.User["affiliate_code"].(string)
		if len(code) != 8 || reg.User["role"] != "affiliate" {
			t.Fatalf("affiliate registered as %v", reg.User)
		}
		lawyer := form("referred@example.co.ke")
		lawyer["referral_code"] = strings.ToLower(code)
		register(t, srv, lawyer).Want(t, 201, "")
		unknown := form("walkin@example.co.ke")
		unknown["referral_code"] = "NOSUCH99"
		register(t, srv, unknown).Want(t, 201, "")

		aff := srv.DB().User.Query().Where(user.Email("partner@example.co.ke")).OnlyX(ctx)
		refs := srv.DB().Referral.Query().Where(referral.AffiliateID(aff.ID)).WithReferred().AllX(ctx)
		if len(refs) != 1 || refs[0].Edges.Referred.Email != "referred@example.co.ke" {
			t.Fatalf("referrals of the affiliate: %v", refs)
		}
		if n := srv.DB().Referral.Query().CountX(ctx); n != 1 {
			t.Fatalf("%d referrals recorded, want 1 (an unknown code is ignored)", n)
		}
		// A lawyer gets no affiliate code.
		if u := srv.DB().User.Query().Where(user.Email("referred@example.co.ke")).OnlyX(ctx); u.AffiliateCode != nil {
			t.Fatalf("lawyer got affiliate code %q", *u.AffiliateCode)
		}
	})
}

func TestLogin_OneMessageForWrongEmailAndWrongPassword(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("otieno@example.co.ke")).Want(t, 201, "")
		for _, body := range []map[string]any{
			{"email": "otieno@example.co.ke", "password": "wrong-password"},
			{"email": "nobody@example.co.ke", "password": goodPassword},
		} {
			res := srv.Anonymous().Do(t, "POST", "/api/auth/login", body)
			res.Want(t, http.StatusUnauthorized, "Invalid email or password.")
			if len(res.Header.Values("Set-Cookie")) != 0 {
				t.Errorf("a failed login set cookies: %q", res.Header.Values("Set-Cookie"))
			}
		}
		_, err := srv.Anonymous().Auth().Login(context.Background(), connect.NewRequest(&kesiv1.LoginRequest{Email: "otieno@example.co.ke", Password: "wrong-password"}))
		wantConnect(t, err, connect.CodeUnauthenticated, "Invalid email or password.")
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "otieno", "password": goodPassword}).Want(t, 400, "Please enter a valid email address.")
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "otieno@example.co.ke", "password": "123"}).Want(t, 400, "Password must be at least 6 characters.")

		kinds := auditKinds(t, srv.DB())
		if countKind(kinds, auth.AuditLoginFailed) != 3 || countKind(kinds, auth.AuditRegister) != 1 {
			t.Fatalf("audit log %v, want a register and 3 failed sign-ins", kinds)
		}
	})
}

// A demo visitor's Upgrade to Real Account: registering ends the demo session
// through either door, so that the browser signs the new account in next
// instead of landing back in the demo.
func TestRegister_FromADemoSessionEndsIt(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ctx := context.Background()
		for i, door := range []string{"rest", "connect"} {
			visitor := srv.Anonymous()
			res := visitor.Do(t, "POST", "/api/auth/login", map[string]any{"email": auth.DemoEmail, "password": auth.DemoPassword})
			res.Want(t, http.StatusOK, "")
			email := []string{"upgrade-rest@example.co.ke", "upgrade-connect@example.co.ke"}[i]
			if door == "rest" {
				res = visitor.Do(t, "POST", "/api/auth/register", form(email))
				res.Want(t, http.StatusCreated, "Registration successful! Please log in.")
				if c := cookie(t, res, auth.AccessCookie, "/"); c.MaxAge >= 0 || c.Value != "" {
					t.Errorf("%s: the access cookie is not cleared: %+v", door, c)
				}
			} else {
				_, err := visitor.Auth().Register(ctx, connect.NewRequest(&kesiv1.RegisterRequest{
					Fullname: "Achieng Otieno", Email: email, Password: goodPassword, PhoneNumber: "+254 712 345 678",
				}))
				if err != nil {
					t.Fatalf("%s: register: %v", door, err)
				}
			}
			// Signed out: neither the cookies nor a refresh bring the demo back.
			if res := visitor.Do(t, "GET", "/api/auth/me", nil); res.Status != http.StatusUnauthorized {
				t.Errorf("%s: after registering, me = %d %s, want 401", door, res.Status, res.Body)
			}
			if res := visitor.Do(t, "POST", "/api/auth/refresh", nil); res.Status != http.StatusUnauthorized {
				t.Errorf("%s: after registering, refresh = %d %s, want 401", door, res.Status, res.Body)
			}
			// The new account signs in.
			res = visitor.Do(t, "POST", "/api/auth/login", map[string]any{"email": email, "password": goodPassword})
			res.Want(t, http.StatusOK, "")
		}
		// A registration with no session sets no cookie at all.
		res := register(t, srv, form("plain@example.co.ke"))
		if got := res.Header.Values("Set-Cookie"); len(got) != 0 {
			t.Errorf("an anonymous registration sets cookies %q", got)
		}
	})
}
