package auth_test

import (
	"context"
	"testing"

	"connectrpc.com/connect"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/testkit"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

func TestCheckNewPassword_RefusesCommonAndPersonalPasswords(t *testing.T) {
	const email, name = "wafula.otieno@example.co.ke", "Achieng Wafula Otieno"
	for pw, want := range map[string]string{
		"abc":             "Password must be at least 6 characters.",
		"password":        auth.MsgPasswordCommon,
		"PASSWORD":        auth.MsgPasswordCommon,
		"123456":          auth.MsgPasswordCommon,
		"iloveyou":        auth.MsgPasswordCommon,
		"qwerty123":       auth.MsgPasswordCommon,
		"kesi2025":        auth.MsgPasswordKesi,
		"Kesi-Kesi!":      auth.MsgPasswordKesi,
		"wafula.otieno@":  auth.MsgPasswordEmail,
		"Example2024":     auth.MsgPasswordEmail,
		"Achieng2025!":    auth.MsgPasswordName,
		"achiengwafula":   auth.MsgPasswordName,
		"mahakama-2025":   "",
		"nyumbani kwetu":  "",
		"kesho-kutwa-7":   "",
		"ñandú-ñandú-2":   "",
		"correct horse 9": "",
	} {
		err := auth.CheckNewPassword("password", pw, email, name)
		got := ""
		if e, ok := errs.As(err); ok {
			got = e.Message
		}
		if got != want {
			t.Errorf("%q: %q, want %q", pw, got, want)
		}
	}
}

// The rules hold on each door that sets a password: registration, the
// reset code and the signed-in change.
func TestPasswords_RulesOnRegisterResetAndChange(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		body := form("kamau@example.co.ke")
		body["password"] = "letmein1"
		register(t, srv, body).Want(t, 400, auth.MsgPasswordCommon)
		body["password"] = "kamau123"
		register(t, srv, body).Want(t, 400, auth.MsgPasswordEmail)
		body["password"] = "Achieng!!"
		register(t, srv, body).Want(t, 400, auth.MsgPasswordName)
		body["password"] = goodPassword
		register(t, srv, body).Want(t, 201, "")

		requestReset(t, srv, "kamau@example.co.ke")
		code := srv.ResetCode(t, "kamau@example.co.ke")
		changePassword(t, srv, "kamau@example.co.ke", code, "kesi-kesi").Want(t, 400, auth.MsgPasswordKesi)
		changePassword(t, srv, "kamau@example.co.ke", code, "otieno-2024").Want(t, 400, auth.MsgPasswordName)
		// A refused password does not use the code up.
		changePassword(t, srv, "kamau@example.co.ke", code, "nyumbani-kwetu").Want(t, 200, "")

		phone := newDevice(t, srv, androidChrome, "kamau@example.co.ke", "nyumbani-kwetu")
		_, err := phone.auth.UpdatePassword(context.Background(), connect.NewRequest(&kesiv1.UpdatePasswordRequest{CurrentPassword: "nyumbani-kwetu", NewPassword: "football"}))
		wantConnect(t, err, connect.CodeInvalidArgument, auth.MsgPasswordCommon)
	})
}
