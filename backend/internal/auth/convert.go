package auth

import (
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// DaysRemaining is the ceiling of the days from now until paidUntil, floored
// at 0 (SPEC.md section 4): 0 with no subscription or an expired one, 1 for
// the last partial day.
func DaysRemaining(paidUntil *time.Time, now time.Time) int32 {
	if paidUntil == nil || !paidUntil.After(now) {
		return 0
	}
	d := paidUntil.Sub(now)
	days := d / (24 * time.Hour)
	if d%(24*time.Hour) != 0 {
		days++
	}
	return int32(days)
}

var roleToProto = map[user.Role]kesiv1.Role{
	user.RoleLawyer:    kesiv1.Role_ROLE_LAWYER,
	user.RoleModerator: kesiv1.Role_ROLE_MODERATOR,
	user.RoleDemo:      kesiv1.Role_ROLE_DEMO,
	user.RoleAffiliate: kesiv1.Role_ROLE_AFFILIATE,
}

// RoleToProto is the proto form of a stored role.
func RoleToProto(r user.Role) kesiv1.Role { return roleToProto[r] }

// UserToProto is the public profile of u at now. It never carries the
// password hash.
func UserToProto(u *ent.User, now time.Time) *kesiv1.User {
	out := &kesiv1.User{
		Id:                        u.ID.String(),
		Email:                     u.Email,
		Fullname:                  u.Fullname,
		Role:                      RoleToProto(u.Role),
		PhoneNumber:               u.PhoneNumber,
		ProfileImage:              u.ProfileImage,
		SubscriptionDaysRemaining: DaysRemaining(u.PaidUntil, now),
		CreatedAt:                 timestamppb.New(u.CreatedAt),
	}
	if u.AffiliateCode != nil {
		out.AffiliateCode = *u.AffiliateCode
	}
	if u.PaidUntil != nil {
		out.SubscriptionExpiresAt = timestamppb.New(*u.PaidUntil)
	}
	return out
}
