package account

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
)

// Profile is a person's account as they and the app see it: never the
// password hash or anything else auth keeps to sign them in.
type Profile struct {
	ID           uuid.UUID
	Email        string
	Fullname     string
	Role         role.Role
	PhoneNumber  string
	ProfileImage string
	// AffiliateCode is empty for everyone but affiliates.
	AffiliateCode string
	// PaidUntil is the end of the paid period; nil when the person never paid.
	PaidUntil   *time.Time
	Preferences Preferences
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Preferences are a person's notification switches.
type Preferences struct {
	MarketingEmails       bool
	WhatsappNotifications bool
}

// Profiles is the profile and the notification preferences of each account:
// the only writer of those columns of the user row (registration, which
// writes the first ones, is auth's).
type Profiles struct {
	db    *ent.Client
	clock platform.Clock
}

// NewProfiles builds the profiles over db.
func NewProfiles(db *ent.Client, clock platform.Clock) *Profiles {
	return &Profiles{db: db, clock: clock}
}

// ProfileOf is the profile in a user row.
func ProfileOf(u *ent.User) Profile {
	p := Profile{
		ID: u.ID, Email: u.Email, Fullname: u.Fullname, Role: role.FromUser(u.Role),
		PhoneNumber: u.PhoneNumber, ProfileImage: u.ProfileImage, PaidUntil: u.PaidUntil,
		Preferences: Preferences{MarketingEmails: u.MarketingEmails, WhatsappNotifications: u.WhatsappNotifications},
		CreatedAt:   u.CreatedAt, UpdatedAt: u.UpdatedAt,
	}
	if u.AffiliateCode != nil {
		p.AffiliateCode = *u.AffiliateCode
	}
	return p
}

// gone answers a signed-in call whose account no longer exists: its token
// outlived it, so the person signs in again.
func gone(err error, what string, id uuid.UUID) error {
	if ent.IsNotFound(err) {
		return errs.Unauthenticated(auth.MsgSessionExpired)
	}
	return errs.Internal(fmt.Errorf("%s of %s: %w", what, id, err))
}

// Profile answers account id's profile.
func (s *Profiles) Profile(ctx context.Context, id uuid.UUID) (Profile, error) {
	u, err := s.db.User.Get(ctx, id)
	if err != nil {
		return Profile{}, gone(err, "load the profile", id)
	}
	return ProfileOf(u), nil
}

// Update changes the fields given (nil: unchanged). The e-mail is not
// changeable here. An empty phone number clears it.
func (s *Profiles) Update(ctx context.Context, id uuid.UUID, fullname, phone *string) (Profile, error) {
	upd := s.db.User.UpdateOneID(id).SetUpdatedAt(s.clock.Now().UTC())
	if fullname != nil {
		name := strings.TrimSpace(*fullname)
		if err := auth.ValidateName(name); err != nil {
			return Profile{}, err
		}
		upd.SetFullname(name)
	}
	if phone != nil {
		p := strings.TrimSpace(*phone)
		if p != "" {
			if err := auth.ValidatePhone(p); err != nil {
				return Profile{}, err
			}
		}
		upd.SetPhoneNumber(p)
	}
	u, err := upd.Save(ctx)
	if err != nil {
		return Profile{}, gone(err, "update the profile", id)
	}
	return ProfileOf(u), nil
}

// Preferences answers account id's notification switches.
func (s *Profiles) Preferences(ctx context.Context, id uuid.UUID) (Preferences, error) {
	u, err := s.db.User.Query().Where(user.ID(id)).
		Select(user.FieldMarketingEmails, user.FieldWhatsappNotifications).Only(ctx)
	if err != nil {
		return Preferences{}, gone(err, "load the preferences", id)
	}
	return Preferences{MarketingEmails: u.MarketingEmails, WhatsappNotifications: u.WhatsappNotifications}, nil
}

// SetPreferences stores account id's notification switches.
func (s *Profiles) SetPreferences(ctx context.Context, id uuid.UUID, p Preferences) (Preferences, error) {
	u, err := s.db.User.UpdateOneID(id).
		SetMarketingEmails(p.MarketingEmails).
		SetWhatsappNotifications(p.WhatsappNotifications).
		SetUpdatedAt(s.clock.Now().UTC()).
		Save(ctx)
	if err != nil {
		return Preferences{}, gone(err, "update the preferences", id)
	}
	return Preferences{MarketingEmails: u.MarketingEmails, WhatsappNotifications: u.WhatsappNotifications}, nil
}
