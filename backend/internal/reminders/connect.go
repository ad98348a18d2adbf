package reminders

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/role"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// Subscribers is the rule of every ReminderService call: lawyers and
// moderators with a subscription; a demo account has no phone to verify
// and an affiliate no diary.
var Subscribers = auth.Rule{Roles: []role.Role{role.Lawyer, role.Moderator}, Subscription: true}

// Policy says who may call each ReminderService procedure.
var Policy = auth.Policy{
	kesiv1connect.ReminderServiceStartPhoneVerificationProcedure:   Subscribers,
	kesiv1connect.ReminderServiceConfirmPhoneVerificationProcedure: Subscribers,
	kesiv1connect.ReminderServiceGetReminderSettingsProcedure:      Subscribers,
	kesiv1connect.ReminderServiceUpdateReminderSettingsProcedure:   Subscribers,
	kesiv1connect.ReminderServiceListRemindersProcedure:            Subscribers,
	kesiv1connect.ReminderServiceGetCalendarFeedProcedure:          Subscribers,
	kesiv1connect.ReminderServiceResetCalendarFeedProcedure:        Subscribers,
}

// Handler is the Connect door of ReminderService.
type Handler struct{ svc *Service }

// NewHandler builds the ReminderService handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

var _ kesiv1connect.ReminderServiceHandler = (*Handler)(nil)

func toProto(s Settings) *kesiv1.ReminderSettings {
	return &kesiv1.ReminderSettings{
		Email: s.Email, Sms: s.SMS, Whatsapp: s.WhatsApp,
		EveningDigest: s.EveningDigest, EveningTime: s.EveningTime,
		MorningDigest: s.MorningDigest, MorningTime: s.MorningTime,
		PhoneNumber: s.Phone, PhoneVerified: s.PhoneVerified, WhatsappOptIn: s.WhatsAppOptIn,
	}
}

// StartPhoneVerification implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) StartPhoneVerification(ctx context.Context, _ *connect.Request[kesiv1.StartPhoneVerificationRequest]) (*connect.Response[kesiv1.StartPhoneVerificationResponse], error) {
	phone, expires, err := h.svc.StartPhoneVerification(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.StartPhoneVerificationResponse{PhoneNumber: phone, ExpiresAt: timestamppb.New(expires)}), nil
}

// ConfirmPhoneVerification implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) ConfirmPhoneVerification(ctx context.Context, req *connect.Request[kesiv1.ConfirmPhoneVerificationRequest]) (*connect.Response[kesiv1.ConfirmPhoneVerificationResponse], error) {
	s, err := h.svc.ConfirmPhoneVerification(ctx, auth.MustPrincipal(ctx).UserID, req.Msg.Code)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ConfirmPhoneVerificationResponse{Settings: toProto(s)}), nil
}

// GetReminderSettings implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) GetReminderSettings(ctx context.Context, _ *connect.Request[kesiv1.GetReminderSettingsRequest]) (*connect.Response[kesiv1.GetReminderSettingsResponse], error) {
	s, err := h.svc.Settings(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetReminderSettingsResponse{Settings: toProto(s)}), nil
}

// UpdateReminderSettings implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) UpdateReminderSettings(ctx context.Context, req *connect.Request[kesiv1.UpdateReminderSettingsRequest]) (*connect.Response[kesiv1.UpdateReminderSettingsResponse], error) {
	in := req.Msg.Settings
	if in == nil {
		return nil, errs.ToConnect(ctx, errs.Invalid("settings", "settings are required."))
	}
	s, err := h.svc.UpdateSettings(ctx, auth.MustPrincipal(ctx).UserID, Settings{
		Email: in.Email, SMS: in.Sms, WhatsApp: in.Whatsapp,
		EveningDigest: in.EveningDigest, EveningTime: in.EveningTime,
		MorningDigest: in.MorningDigest, MorningTime: in.MorningTime,
	})
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.UpdateReminderSettingsResponse{Settings: toProto(s)}), nil
}

func stamp(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}

// ListReminders implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) ListReminders(ctx context.Context, req *connect.Request[kesiv1.ListRemindersRequest]) (*connect.Response[kesiv1.ListRemindersResponse], error) {
	ms, next, err := h.svc.History(ctx, auth.MustPrincipal(ctx).UserID, int(req.Msg.PageSize), req.Msg.PageToken)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	res := &kesiv1.ListRemindersResponse{NextPageToken: next, Reminders: make([]*kesiv1.Reminder, len(ms))}
	for i, m := range ms {
		res.Reminders[i] = &kesiv1.Reminder{
			Id: m.ID.String(), Kind: m.Kind, Channel: m.Channel, Recipient: m.Recipient, Text: m.Text, Status: m.Status,
			Error: m.Error, CreatedAt: timestamppb.New(m.CreatedAt), SentAt: stamp(m.SentAt), DeliveredAt: stamp(m.DeliveredAt),
		}
	}
	return connect.NewResponse(res), nil
}

// GetCalendarFeed implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) GetCalendarFeed(ctx context.Context, _ *connect.Request[kesiv1.GetCalendarFeedRequest]) (*connect.Response[kesiv1.GetCalendarFeedResponse], error) {
	url, err := h.svc.CalendarFeed(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.GetCalendarFeedResponse{Url: url}), nil
}

// ResetCalendarFeed implements kesiv1connect.ReminderServiceHandler.
func (h *Handler) ResetCalendarFeed(ctx context.Context, _ *connect.Request[kesiv1.ResetCalendarFeedRequest]) (*connect.Response[kesiv1.ResetCalendarFeedResponse], error) {
	url, err := h.svc.ResetCalendarFeed(ctx, auth.MustPrincipal(ctx).UserID)
	if err != nil {
		return nil, errs.ToConnect(ctx, err)
	}
	return connect.NewResponse(&kesiv1.ResetCalendarFeedResponse{Url: url}), nil
}
