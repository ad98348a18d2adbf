package account

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/billing"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Messages a person sees about their profile.
const (
	MsgProfileUpdated = "Profile updated successfully"
	MsgDemoProfile    = "The demo account's profile cannot be changed."
)

// ProfilePolicy says who may call the profile procedures of AuthService:
// any signed-in role, without a subscription, so that an unpaid lawyer can
// still see and pay for their account.
var ProfilePolicy = auth.Policy{
	kesiv1connect.AuthServiceMeProcedure:                            signedIn,
	kesiv1connect.AuthServiceUpdateUserInfoProcedure:                signedIn,
	kesiv1connect.AuthServiceGetNotificationPreferencesProcedure:    signedIn,
	kesiv1connect.AuthServiceUpdateNotificationPreferencesProcedure: signedIn,
}

// ProfileHandler is the Connect door of the profile: the profile and
// preference procedures of AuthService, which the contract keeps under that
// service. app serves it together with auth.Handler as one AuthService.
type ProfileHandler struct {
	profiles *Profiles
	clock    platform.Clock
}

// NewProfileHandler builds the profile's door.
func NewProfileHandler(profiles *Profiles, clock platform.Clock) *ProfileHandler {
	return &ProfileHandler{profiles: profiles, clock: clock}
}

// UserToProto is the profile p in the contract at now, with the days left
// of its subscription as billing counts them.
func UserToProto(p Profile, now time.Time) *kesiv1.User {
	out := &kesiv1.User{
		Id:                        p.ID.String(),
		Email:                     p.Email,
		Fullname:                  p.Fullname,
		Role:                      p.Role.Proto(),
		PhoneNumber:               p.PhoneNumber,
		ProfileImage:              p.ProfileImage,
		AffiliateCode:             p.AffiliateCode,
		SubscriptionDaysRemaining: billing.DaysRemaining(p.PaidUntil, now),
		CreatedAt:                 timestamppb.New(p.CreatedAt),
	}
	if p.PaidUntil != nil {
		out.SubscriptionExpiresAt = timestamppb.New(*p.PaidUntil)
	}
	return out
}

// UserProto implements auth.Profiles: the profile in the row auth has just
// signed in or registered.
func (h *ProfileHandler) UserProto(u *ent.User) *kesiv1.User {
	return UserToProto(ProfileOf(u), h.clock.Now())
}

// Me implements kesiv1connect.AuthServiceHandler.
func (h *ProfileHandler) Me(ctx context.Context, req *connect.Request[kesiv1.MeRequest]) (*connect.Response[kesiv1.MeResponse], error) {
	p, err := h.profiles.Profile(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.MeResponse{User: UserToProto(p, h.clock.Now())}), nil
}

// UpdateUserInfo implements kesiv1connect.AuthServiceHandler.
func (h *ProfileHandler) UpdateUserInfo(ctx context.Context, req *connect.Request[kesiv1.UpdateUserInfoRequest]) (*connect.Response[kesiv1.UpdateUserInfoResponse], error) {
	caller := auth.MustPrincipal(ctx)
	if caller.Role == role.Demo {
		// Every visitor shares it: one may not rename it for the others.
		return nil, errs.ToConnect(ctx, errs.PermissionDenied(MsgDemoProfile))
	}
	p, err := h.profiles.Update(ctx, caller.UserID, req.Msg.Fullname, req.Msg.PhoneNumber)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdateUserInfoResponse{User: UserToProto(p, h.clock.Now()), Message: MsgProfileUpdated}), nil
}

// GetNotificationPreferences implements kesiv1connect.AuthServiceHandler.
func (h *ProfileHandler) GetNotificationPreferences(ctx context.Context, req *connect.Request[kesiv1.GetNotificationPreferencesRequest]) (*connect.Response[kesiv1.GetNotificationPreferencesResponse], error) {
	p, err := h.profiles.Preferences(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetNotificationPreferencesResponse{Preferences: preferencesToProto(p)}), nil
}

// UpdateNotificationPreferences implements kesiv1connect.AuthServiceHandler.
func (h *ProfileHandler) UpdateNotificationPreferences(ctx context.Context, req *connect.Request[kesiv1.UpdateNotificationPreferencesRequest]) (*connect.Response[kesiv1.UpdateNotificationPreferencesResponse], error) {
	in := req.Msg.Preferences
	if in == nil {
		return nil, errs.ToConnect(ctx, errs.Invalid("preferences", "Preferences are required."))
	}
	p, err := h.profiles.SetPreferences(ctx, auth.MustPrincipal(ctx).UserID, Preferences{
		MarketingEmails:       in.MarketingEmails,
		WhatsappNotifications: in.WhatsappNotifications,
	})
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdateNotificationPreferencesResponse{Preferences: preferencesToProto(p)}), nil
}

func preferencesToProto(p Preferences) *kesiv1.NotificationPreferences {
	return &kesiv1.NotificationPreferences{MarketingEmails: p.MarketingEmails, WhatsappNotifications: p.WhatsappNotifications}
}
