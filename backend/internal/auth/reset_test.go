package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func requestReset(t *testing.T, srv *testkit.Server, email string) {
	t.Helper()
	res := srv.Anonymous().Do(t, "POST", "/api/auth/request-password-reset", map[string]any{"email": email})
	res.Want(t, 200, "Reset code sent to your email")
	// The code is stored after the answer; a test that guesses at once
	// would otherwise race it and find no code at all.
	srv.WaitMails()
}

func changePassword(t *testing.T, srv *testkit.Server, email, code, password string) *testkit.Response {
	t.Helper()
	return srv.Anonymous().Do(t, "POST", "/api/auth/change-password", map[string]any{"email": email, "reset_code": code, "new_password": password})
}

// wrongCode is a six-digit code different from code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestPasswordReset_TheMailedCodeSetsANewPasswordAndEndsSessions(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		c := signIn(t, srv, "wafula@example.co.ke")
		requestReset(t, srv, "Wafula@Example.co.ke")
		mails := srv.Mails(t, "wafula@example.co.ke")
		if len(mails) != 1 {
			t.Fatalf("%d mails sent, want 1", len(mails))
		}
		m := mails[0]
		code := srv.ResetCode(t, "wafula@example.co.ke")
		if m.Subject != "Your Kesi reset code" || !strings.Contains(m.HTML, code) || !strings.Contains(m.Text, "Hello Achieng Otieno") {
			t.Fatalf("reset mail: subject %q\n%s\n%s", m.Subject, m.Text, m.HTML)
		}
		if n := srv.DB().PasswordReset.Query().CountX(context.Background()); n != 1 {
			t.Fatalf("%d reset rows", n)
		}
		if row := srv.DB().PasswordReset.Query().OnlyX(context.Background()); strings.Contains(string(row.CodeHash), code) {
			t.Fatal("the reset code is stored in the clear")
		}

		changePassword(t, srv, "wafula@example.co.ke", "12345", "new-secret").Want(t, 400, "Code must be 6 digits.")
		changePassword(t, srv, "wafula@example.co.ke", code, "new").Want(t, 400, "Password must be at least 6 characters.")
		changePassword(t, srv, "wafula@example.co.ke", code, "new-secret").Want(t, 200, "Password has been reset successfully")

		// The old session is over, the old password too; the new one works.
		c.Do(t, "POST", "/api/auth/refresh", nil).Want(t, 401, "")
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "wafula@example.co.ke", "password": goodPassword}).Want(t, 401, "")
		srv.Anonymous().Do(t, "POST", "/api/auth/login", map[string]any{"email": "wafula@example.co.ke", "password": "new-secret"}).Want(t, 200, "")
		// A code works once.
		changePassword(t, srv, "wafula@example.co.ke", code, "another-secret").Want(t, 400, auth.MsgResetCodeExpired)

		kinds := auditKinds(t, srv.DB())
		for _, k := range []string{auth.AuditResetRequested, auth.AuditReset, auth.AuditResetFailed} {
			if countKind(kinds, k) == 0 {
				t.Errorf("audit log %v has no %s", kinds, k)
			}
		}
	})
}

func TestPasswordReset_ThroughConnectWithTheScreenFieldNames(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("connect-reset@example.co.ke")).Want(t, 201, "")
		ctx := context.Background()
		a := srv.Anonymous().Auth()
		res, err := a.RequestPasswordReset(ctx, connect.NewRequest(&kesiv1.RequestPasswordResetRequest{Email: "connect-reset@example.co.ke"}))
		if err != nil || res.Msg.Message != "Reset code sent to your email" {
			t.Fatalf("%v %v", res, err)
		}
		code := srv.ResetCode(t, "connect-reset@example.co.ke")
		_, err = a.ChangePassword(ctx, connect.NewRequest(&kesiv1.ChangePasswordRequest{Email: "connect-reset@example.co.ke", ResetCode: wrongCode(code), NewPassword: "new-secret"}))
		wantConnect(t, err, connect.CodeInvalidArgument, "The code is wrong. 4 tries left before you need a new code.")
		// The reset screen's own names (code, password) work on the REST door.
		r := srv.Anonymous().Do(t, "POST", "/api/auth/change-password", map[string]any{"email": "connect-reset@example.co.ke", "code": code, "password": "new-secret"})
		r.Want(t, 200, "Password has been reset successfully")
	})
}

func TestPasswordReset_UnknownAddressGetsTheSameAnswerAndNoMail(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		requestReset(t, srv, "stranger@example.co.ke")
		if m := srv.Mails(t, ""); len(m) != 0 {
			t.Fatalf("mail sent for an unknown address: %v", m)
		}
		changePassword(t, srv, "stranger@example.co.ke", "123456", "new-secret").Want(t, 400, auth.MsgResetCodeExpired)
		srv.Anonymous().Do(t, "POST", "/api/auth/request-password-reset", map[string]any{"email": "not-an-address"}).Want(t, 400, "Please enter a valid email address.")
	})
}

func TestPasswordReset_CodeExpiresAfterTenMinutes(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("slow@example.co.ke")).Want(t, 201, "")
		requestReset(t, srv, "slow@example.co.ke")
		code := srv.ResetCode(t, "slow@example.co.ke")
		srv.Clock.Advance(10 * time.Minute)
		changePassword(t, srv, "slow@example.co.ke", code, "new-secret").Want(t, 400, auth.MsgResetCodeExpired)

		// A fresh code, used within its ten minutes, works; the older code is void.
		requestReset(t, srv, "slow@example.co.ke")
		fresh := srv.ResetCode(t, "slow@example.co.ke")
		srv.Clock.Advance(9*time.Minute + 59*time.Second)
		if fresh != code {
			// The old code is now just a wrong one for the new.
			changePassword(t, srv, "slow@example.co.ke", code, "new-secret").Want(t, 400, "The code is wrong. 4 tries left before you need a new code.")
		}
		changePassword(t, srv, "slow@example.co.ke", fresh, "new-secret").Want(t, 200, "")
	})
}

func TestPasswordReset_FiveWrongCodesKillTheCode(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		register(t, srv, form("guess@example.co.ke")).Want(t, 201, "")
		requestReset(t, srv, "guess@example.co.ke")
		code := srv.ResetCode(t, "guess@example.co.ke")
		// Each wrong code says how many tries are left; the fifth kills it.
		for _, want := range []string{
			"The code is wrong. 4 tries left before you need a new code.",
			"The code is wrong. 3 tries left before you need a new code.",
			"The code is wrong. 2 tries left before you need a new code.",
			"The code is wrong. 1 try left before you need a new code.",
			auth.MsgResetCodeLocked,
		} {
			changePassword(t, srv, "guess@example.co.ke", wrongCode(code), "new-secret").Want(t, http.StatusBadRequest, want)
		}
		// Even the right code is dead now, and the screen says so.
		changePassword(t, srv, "guess@example.co.ke", code, "new-secret").Want(t, 400, auth.MsgResetCodeLocked)
		// A new code must be requested, and it works.
		requestReset(t, srv, "guess@example.co.ke")
		changePassword(t, srv, "guess@example.co.ke", srv.ResetCode(t, "guess@example.co.ke"), "new-secret").Want(t, 200, "")
	})
}
