package testkit

import (
	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/ent/user"
)

func userRole(r auth.Role) user.Role { return user.Role(r) }
