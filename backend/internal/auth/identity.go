package auth

import (
	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent"
)

// Identity is what other packages learn of an account auth created or
// found: who it is, never how it signs in. The profile is the account
// domain's (account.Profile).
type Identity struct {
	ID       uuid.UUID
	Email    string
	Fullname string
	Role     role.Role
}

func identityOf(u *ent.User) Identity {
	return Identity{ID: u.ID, Email: u.Email, Fullname: u.Fullname, Role: role.FromUser(u.Role)}
}
