package auth

import (
	"context"
	"log/slog"
	"net/http"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// ServicePolicy says who may call each AuthService procedure auth serves.
// Signing in, out and up is public (logout must work with an expired access
// token). The profile's procedures are the account domain's
// (account.ProfilePolicy).
var ServicePolicy = Policy{
	kesiv1connect.AuthServiceRegisterProcedure:             {Public: true},
	kesiv1connect.AuthServiceLoginProcedure:                {Public: true},
	kesiv1connect.AuthServiceLogoutProcedure:               {Public: true},
	kesiv1connect.AuthServiceRefreshProcedure:              {Public: true},
	kesiv1connect.AuthServiceRequestPasswordResetProcedure: {Public: true},
	kesiv1connect.AuthServiceChangePasswordProcedure:       {Public: true},
	kesiv1connect.AuthServiceCreateExtensionTokenProcedure: {Roles: DiaryRoles},
	kesiv1connect.AuthServiceListExtensionTokensProcedure:  {Roles: DiaryRoles},
	kesiv1connect.AuthServiceRevokeExtensionTokenProcedure: {Roles: DiaryRoles},
	// The demo account is shared by every visitor: none may sign the others
	// out or change its password.
	kesiv1connect.AuthServiceListSessionsProcedure:        {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceRevokeSessionProcedure:       {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceRevokeOtherSessionsProcedure: {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceUpdatePasswordProcedure:      {Roles: OwnAccountRoles},
	// Two-step sign-in belongs to one person's account, never the demo's.
	kesiv1connect.AuthServiceGetTwoStepProcedure:              {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceStartTwoStepSetupProcedure:       {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceEnableTwoStepProcedure:           {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceDisableTwoStepProcedure:          {Roles: OwnAccountRoles},
	kesiv1connect.AuthServiceRegenerateRecoveryCodesProcedure: {Roles: OwnAccountRoles},
}

// OwnAccountRoles are the roles of accounts that belong to one person.
var OwnAccountRoles = []role.Role{role.Lawyer, role.Moderator, role.Affiliate}

// Profiles writes the account just signed in or registered as the
// contract's User. The profile is the account domain's
// (account.ProfileHandler); auth only hands it the row it loaded.
type Profiles interface {
	UserProto(u *ent.User) *kesiv1.User
}

// Handler is the Connect door of sessions and sign-in: every AuthService
// procedure but the profile's, which account.ProfileHandler serves; app
// joins the two into one AuthService.
type Handler struct {
	svc      *Service
	profiles Profiles
	cookies  Cookies
}

// NewHandler builds the sign-in door; profiles answers the User of a
// sign-in, and secureCookies adds the Secure flag (the public URL is https).
func NewHandler(svc *Service, profiles Profiles, secureCookies bool) *Handler {
	return &Handler{svc: svc, profiles: profiles, cookies: Cookies{Secure: secureCookies}}
}

// Register implements kesiv1connect.AuthServiceHandler.
func (h *Handler) Register(ctx context.Context, req *connect.Request[kesiv1.RegisterRequest]) (*connect.Response[kesiv1.RegisterResponse], error) {
	m := req.Msg
	u, err := h.svc.Register(ctx, RegisterInput{
		Fullname:     m.Fullname,
		Email:        m.Email,
		Password:     m.Password,
		PhoneNumber:  m.PhoneNumber,
		Role:         m.Role,
		ReferralCode: m.ReferralCode,
	})
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := connect.NewResponse(&kesiv1.RegisterResponse{Message: MsgRegistered, User: h.profiles.UserProto(u)})
	// Registering from a session (a demo visitor's Upgrade to Real Account) ends it: the new
	// account signs in next, and the browser must not land back in the session it came from.
	refresh := cookieValue(req.Header(), h.cookies.RefreshName())
	if p, ok := PrincipalFrom(ctx); refresh != "" || (ok && p.Scope == ScopeSession) {
		if err := h.svc.Logout(ctx, refresh); err != nil {
			slog.WarnContext(ctx, "end the session of a registration", "err", err)
		}
		setCookies(res.Header(), h.cookies.Cleared())
	}
	return res, nil
}

// Login implements kesiv1connect.AuthServiceHandler.
func (h *Handler) Login(ctx context.Context, req *connect.Request[kesiv1.LoginRequest]) (*connect.Response[kesiv1.LoginResponse], error) {
	m := req.Msg
	s, err := h.svc.LoginWithSecondFactor(ctx, m.Email, m.Password, m.TotpCode, m.RecoveryCode)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	if s.TwoStepRequired {
		// No session yet, so no cookies and no user.
		return connect.NewResponse(&kesiv1.LoginResponse{TwoStepRequired: true}), nil
	}
	res := connect.NewResponse(&kesiv1.LoginResponse{User: h.profiles.UserProto(s.User)})
	setCookies(res.Header(), h.cookies.Session(s, h.svc.Now()))
	return res, nil
}

// Logout implements kesiv1connect.AuthServiceHandler.
func (h *Handler) Logout(ctx context.Context, req *connect.Request[kesiv1.LogoutRequest]) (*connect.Response[kesiv1.LogoutResponse], error) {
	if err := h.svc.Logout(ctx, cookieValue(req.Header(), h.cookies.RefreshName())); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := connect.NewResponse(&kesiv1.LogoutResponse{Message: MsgLoggedOut})
	setCookies(res.Header(), h.cookies.Cleared())
	return res, nil
}

// Refresh implements kesiv1connect.AuthServiceHandler.
func (h *Handler) Refresh(ctx context.Context, req *connect.Request[kesiv1.RefreshRequest]) (*connect.Response[kesiv1.RefreshResponse], error) {
	s, err := h.svc.Refresh(ctx, cookieValue(req.Header(), h.cookies.RefreshName()))
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := connect.NewResponse(&kesiv1.RefreshResponse{User: h.profiles.UserProto(s.User)})
	setCookies(res.Header(), h.cookies.Session(s, h.svc.Now()))
	return res, nil
}

// RequestPasswordReset implements kesiv1connect.AuthServiceHandler.
func (h *Handler) RequestPasswordReset(ctx context.Context, req *connect.Request[kesiv1.RequestPasswordResetRequest]) (*connect.Response[kesiv1.RequestPasswordResetResponse], error) {
	if err := h.svc.RequestPasswordReset(ctx, req.Msg.Email); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RequestPasswordResetResponse{Message: MsgResetCodeSent}), nil
}

// ChangePassword implements kesiv1connect.AuthServiceHandler.
func (h *Handler) ChangePassword(ctx context.Context, req *connect.Request[kesiv1.ChangePasswordRequest]) (*connect.Response[kesiv1.ChangePasswordResponse], error) {
	if err := h.svc.ChangePassword(ctx, req.Msg.Email, req.Msg.ResetCode, req.Msg.NewPassword); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ChangePasswordResponse{Message: MsgPasswordReset}), nil
}

// CreateExtensionToken implements kesiv1connect.AuthServiceHandler.
func (h *Handler) CreateExtensionToken(ctx context.Context, req *connect.Request[kesiv1.CreateExtensionTokenRequest]) (*connect.Response[kesiv1.CreateExtensionTokenResponse], error) {
	et, token, err := h.svc.CreateExtensionToken(ctx, MustPrincipal(ctx).UserID, req.Msg.Name)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.CreateExtensionTokenResponse{ExtensionToken: extensionTokenToProto(et), Token: token}), nil
}

// ListExtensionTokens implements kesiv1connect.AuthServiceHandler.
func (h *Handler) ListExtensionTokens(ctx context.Context, req *connect.Request[kesiv1.ListExtensionTokensRequest]) (*connect.Response[kesiv1.ListExtensionTokensResponse], error) {
	ts, err := h.svc.ListExtensionTokens(ctx, MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := make([]*kesiv1.ExtensionToken, len(ts))
	for i, et := range ts {
		out[i] = extensionTokenToProto(et)
	}
	return connect.NewResponse(&kesiv1.ListExtensionTokensResponse{ExtensionTokens: out}), nil
}

// RevokeExtensionToken implements kesiv1connect.AuthServiceHandler.
func (h *Handler) RevokeExtensionToken(ctx context.Context, req *connect.Request[kesiv1.RevokeExtensionTokenRequest]) (*connect.Response[kesiv1.RevokeExtensionTokenResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgExtensionNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	if err := h.svc.RevokeExtensionToken(ctx, MustPrincipal(ctx).UserID, id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RevokeExtensionTokenResponse{}), nil
}

// ListSessions implements kesiv1connect.AuthServiceHandler.
func (h *Handler) ListSessions(ctx context.Context, req *connect.Request[kesiv1.ListSessionsRequest]) (*connect.Response[kesiv1.ListSessionsResponse], error) {
	p := MustPrincipal(ctx)
	ds, err := h.svc.Sessions(ctx, p.UserID, p.FamilyID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := make([]*kesiv1.SignedInSession, len(ds))
	for i, d := range ds {
		out[i] = &kesiv1.SignedInSession{
			Id:         d.ID.String(),
			Device:     d.Device,
			IpAddress:  d.IP,
			LastUsedAt: timestamppb.New(d.LastUsedAt),
			SignedInAt: timestamppb.New(d.SignedInAt),
			Current:    d.Current,
		}
	}
	return connect.NewResponse(&kesiv1.ListSessionsResponse{Sessions: out}), nil
}

// RevokeSession implements kesiv1connect.AuthServiceHandler.
func (h *Handler) RevokeSession(ctx context.Context, req *connect.Request[kesiv1.RevokeSessionRequest]) (*connect.Response[kesiv1.RevokeSessionResponse], error) {
	id, err := errs.ParseID(req.Msg.Id, MsgSessionNotFound)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	if err := h.svc.RevokeSession(ctx, MustPrincipal(ctx).UserID, id); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RevokeSessionResponse{}), nil
}

// RevokeOtherSessions implements kesiv1connect.AuthServiceHandler.
func (h *Handler) RevokeOtherSessions(ctx context.Context, req *connect.Request[kesiv1.RevokeOtherSessionsRequest]) (*connect.Response[kesiv1.RevokeOtherSessionsResponse], error) {
	p := MustPrincipal(ctx)
	n, err := h.svc.RevokeOtherSessions(ctx, p.UserID, p.FamilyID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RevokeOtherSessionsResponse{Revoked: int32(n)}), nil
}

// UpdatePassword implements kesiv1connect.AuthServiceHandler.
func (h *Handler) UpdatePassword(ctx context.Context, req *connect.Request[kesiv1.UpdatePasswordRequest]) (*connect.Response[kesiv1.UpdatePasswordResponse], error) {
	p := MustPrincipal(ctx)
	if err := h.svc.UpdatePassword(ctx, p.UserID, p.FamilyID, req.Msg.CurrentPassword, req.Msg.NewPassword); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdatePasswordResponse{Message: MsgPasswordUpdated}), nil
}

// GetTwoStep implements kesiv1connect.AuthServiceHandler.
func (h *Handler) GetTwoStep(ctx context.Context, req *connect.Request[kesiv1.GetTwoStepRequest]) (*connect.Response[kesiv1.GetTwoStepResponse], error) {
	st, err := h.svc.TwoStep(ctx, MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	out := &kesiv1.GetTwoStepResponse{Enabled: st.Enabled, RecoveryCodesLeft: int32(st.RecoveryCodesLeft)}
	if st.Enabled {
		out.EnabledAt = timestamppb.New(st.EnabledAt)
	}
	return connect.NewResponse(out), nil
}

// StartTwoStepSetup implements kesiv1connect.AuthServiceHandler.
func (h *Handler) StartTwoStepSetup(ctx context.Context, req *connect.Request[kesiv1.StartTwoStepSetupRequest]) (*connect.Response[kesiv1.StartTwoStepSetupResponse], error) {
	secret, uri, err := h.svc.StartTwoStepSetup(ctx, MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.StartTwoStepSetupResponse{Secret: secret, OtpauthUri: uri}), nil
}

// EnableTwoStep implements kesiv1connect.AuthServiceHandler.
func (h *Handler) EnableTwoStep(ctx context.Context, req *connect.Request[kesiv1.EnableTwoStepRequest]) (*connect.Response[kesiv1.EnableTwoStepResponse], error) {
	codes, err := h.svc.EnableTwoStep(ctx, MustPrincipal(ctx).UserID, req.Msg.Code)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.EnableTwoStepResponse{RecoveryCodes: codes}), nil
}

// DisableTwoStep implements kesiv1connect.AuthServiceHandler.
func (h *Handler) DisableTwoStep(ctx context.Context, req *connect.Request[kesiv1.DisableTwoStepRequest]) (*connect.Response[kesiv1.DisableTwoStepResponse], error) {
	if err := h.svc.DisableTwoStep(ctx, MustPrincipal(ctx).UserID, req.Msg.Password, req.Msg.Code); err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.DisableTwoStepResponse{}), nil
}

// RegenerateRecoveryCodes implements kesiv1connect.AuthServiceHandler.
func (h *Handler) RegenerateRecoveryCodes(ctx context.Context, req *connect.Request[kesiv1.RegenerateRecoveryCodesRequest]) (*connect.Response[kesiv1.RegenerateRecoveryCodesResponse], error) {
	codes, err := h.svc.RegenerateRecoveryCodes(ctx, MustPrincipal(ctx).UserID, req.Msg.Code)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.RegenerateRecoveryCodesResponse{RecoveryCodes: codes}), nil
}

func setCookies(h http.Header, cs []*http.Cookie) {
	for _, c := range cs {
		h.Add("Set-Cookie", c.String())
	}
}

func extensionTokenToProto(et *ent.ExtensionToken) *kesiv1.ExtensionToken {
	out := &kesiv1.ExtensionToken{Id: et.ID.String(), Name: et.Name, CreatedAt: timestamppb.New(et.CreatedAt)}
	if et.LastUsedAt != nil {
		out.LastUsedAt = timestamppb.New(*et.LastUsedAt)
	}
	return out
}
