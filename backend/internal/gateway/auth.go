package gateway

import (
	"net/http"
	"strings"

	"github.com/kesihq/kesi/backend/internal/role"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// userJSON is the documented user of SPEC.md section 3.
type userJSON struct {
	ID                        string  `json:"id"`
	Email                     string  `json:"email"`
	Fullname                  string  `json:"fullname"`
	Role                      string  `json:"role"`
	PhoneNumber               string  `json:"phone_number"`
	ProfileImage              string  `json:"profile_image"`
	AffiliateCode             *string `json:"affiliate_code"`
	SubscriptionExpiresAt     *string `json:"subscription_expires_at"`
	SubscriptionDaysRemaining int32   `json:"subscription_days_remaining"`
	CreatedAt                 *string `json:"created_at"`
}

func toUserJSON(u *kesiv1.User) *userJSON {
	if u == nil {
		return nil
	}
	out := &userJSON{
		ID:                        u.Id,
		Email:                     u.Email,
		Fullname:                  u.Fullname,
		Role:                      roleName(u.Role),
		PhoneNumber:               u.PhoneNumber,
		ProfileImage:              u.ProfileImage,
		SubscriptionExpiresAt:     timeString(u.SubscriptionExpiresAt),
		SubscriptionDaysRemaining: u.SubscriptionDaysRemaining,
		CreatedAt:                 timeString(u.CreatedAt),
	}
	if u.AffiliateCode != "" {
		out.AffiliateCode = &u.AffiliateCode
	}
	return out
}

// roleFromJSON reads the optional role of the registration form. A word the
// contract does not know becomes a value the service refuses with its own
// message.
func roleFromJSON(s string) kesiv1.Role {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return kesiv1.Role_ROLE_UNSPECIFIED
	}
	if r, ok := role.Parse(s); ok {
		return r.Proto()
	}
	return kesiv1.Role(-1)
}

// roleName is the documented string of the contract's role r ("" when unspecified).
func roleName(r kesiv1.Role) string {
	name, _ := role.FromProto(r)
	return string(name)
}

type userBody struct {
	User *userJSON `json:"user"`
}

type messageBody struct {
	Message string    `json:"message"`
	User    *userJSON `json:"user,omitempty"`
}

type preferencesJSON struct {
	MarketingEmails       *bool `json:"marketingEmails"`
	WhatsappNotifications *bool `json:"whatsappNotifications"`
}

func toPreferencesJSON(p *kesiv1.NotificationPreferences) preferencesJSON {
	m, w := p.GetMarketingEmails(), p.GetWhatsappNotifications()
	return preferencesJSON{MarketingEmails: &m, WhatsappNotifications: &w}
}

// authRoutes mounts /api/auth/* (SPEC.md section 7) and the notification
// preferences of the Settings screen.
func (g *Gateway) authRoutes() {
	a := g.svc.Auth
	g.handle("POST /api/auth/register", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Fullname     string `json:"fullname"`
			Email        string `json:"email"`
			Password     string `json:"password"`
			PhoneNumber  string `json:"phone_number"`
			Role         string `json:"role"`
			ReferralCode string `json:"referral_code"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.AuthServiceRegisterProcedure, a.Register, &kesiv1.RegisterRequest{
			Fullname:     in.Fullname,
			Email:        in.Email,
			Password:     in.Password,
			PhoneNumber:  in.PhoneNumber,
			Role:         roleFromJSON(in.Role),
			ReferralCode: in.ReferralCode,
		})
		if res != nil {
			writeJSON(w, http.StatusCreated, messageBody{Message: res.Message, User: toUserJSON(res.User)})
		}
	})
	g.handle("POST /api/auth/login", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Email        string `json:"email"`
			Password     string `json:"password"`
			TOTPCode     string `json:"totp_code"`
			RecoveryCode string `json:"recovery_code"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.AuthServiceLoginProcedure, a.Login, &kesiv1.LoginRequest{
			Email: in.Email, Password: in.Password, TotpCode: in.TOTPCode, RecoveryCode: in.RecoveryCode,
		})
		if res == nil {
			return
		}
		if res.TwoStepRequired {
			// The password is right; send it again with totp_code or recovery_code.
			writeJSON(w, http.StatusOK, struct {
				User            *userJSON `json:"user"`
				TwoStepRequired bool      `json:"two_step_required"`
			}{nil, true})
			return
		}
		writeJSON(w, http.StatusOK, userBody{User: toUserJSON(res.User)})
	})
	g.handle("POST /api/auth/logout", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AuthServiceLogoutProcedure, a.Logout, &kesiv1.LogoutRequest{})
		if res != nil {
			writeMessage(w, http.StatusOK, res.Message)
		}
	})
	g.handle("GET /api/auth/me", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AuthServiceMeProcedure, a.Me, &kesiv1.MeRequest{})
		if res != nil {
			writeJSON(w, http.StatusOK, userBody{User: toUserJSON(res.User)})
		}
	})
	g.handle("POST /api/auth/refresh", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AuthServiceRefreshProcedure, a.Refresh, &kesiv1.RefreshRequest{})
		if res != nil {
			writeJSON(w, http.StatusOK, userBody{User: toUserJSON(res.User)})
		}
	})
	g.handle("POST /api/auth/update-user-info", func(w http.ResponseWriter, r *http.Request) {
		// Only the fields sent change (SPEC.md: "only changed fields are sent").
		var in struct {
			Fullname    *string `json:"fullname"`
			PhoneNumber *string `json:"phone_number"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.AuthServiceUpdateUserInfoProcedure, a.UpdateUserInfo, &kesiv1.UpdateUserInfoRequest{
			Fullname:    in.Fullname,
			PhoneNumber: in.PhoneNumber,
		})
		if res != nil {
			// "body returned": the user itself, with the message beside it.
			writeJSON(w, http.StatusOK, struct {
				*userJSON
				Message string `json:"message"`
			}{toUserJSON(res.User), res.Message})
		}
	})
	g.handle("POST /api/auth/request-password-reset", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Email string `json:"email"`
		}
		if !decode(w, r, &in) {
			return
		}
		res := call(g, w, r, kesiv1connect.AuthServiceRequestPasswordResetProcedure, a.RequestPasswordReset, &kesiv1.RequestPasswordResetRequest{Email: in.Email})
		if res != nil {
			writeMessage(w, http.StatusOK, res.Message)
		}
	})
	g.handle("POST /api/auth/change-password", func(w http.ResponseWriter, r *http.Request) {
		// The session layer sends reset_code and new_password; the reset
		// screen names them code and password (SPEC.md section 3). Both work.
		var in struct {
			Email       string `json:"email"`
			ResetCode   string `json:"reset_code"`
			NewPassword string `json:"new_password"`
			Code        string `json:"code"`
			Password    string `json:"password"`
		}
		if !decode(w, r, &in) {
			return
		}
		msg := &kesiv1.ChangePasswordRequest{Email: in.Email, ResetCode: in.ResetCode, NewPassword: in.NewPassword}
		if msg.ResetCode == "" {
			msg.ResetCode = in.Code
		}
		if msg.NewPassword == "" {
			msg.NewPassword = in.Password
		}
		res := call(g, w, r, kesiv1connect.AuthServiceChangePasswordProcedure, a.ChangePassword, msg)
		if res != nil {
			writeMessage(w, http.StatusOK, res.Message)
		}
	})
	g.handle("GET /api/auth/notification-preferences", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.AuthServiceGetNotificationPreferencesProcedure, a.GetNotificationPreferences, &kesiv1.GetNotificationPreferencesRequest{})
		if res != nil {
			writeJSON(w, http.StatusOK, toPreferencesJSON(res.Preferences))
		}
	})
	g.handle("PUT /api/auth/notification-preferences", func(w http.ResponseWriter, r *http.Request) {
		var in preferencesJSON
		if !decode(w, r, &in) {
			return
		}
		if in.MarketingEmails == nil || in.WhatsappNotifications == nil {
			writeMessage(w, http.StatusBadRequest, "Send both marketingEmails and whatsappNotifications.")
			return
		}
		res := call(g, w, r, kesiv1connect.AuthServiceUpdateNotificationPreferencesProcedure, a.UpdateNotificationPreferences, &kesiv1.UpdateNotificationPreferencesRequest{
			Preferences: &kesiv1.NotificationPreferences{MarketingEmails: *in.MarketingEmails, WhatsappNotifications: *in.WhatsappNotifications},
		})
		if res != nil {
			writeJSON(w, http.StatusOK, toPreferencesJSON(res.Preferences))
		}
	})
}
