// Package role is Kesi's one vocabulary of roles (SPEC.md section 6): what a
// user may reach. The stored user row (ent's user.Role), the contract
// (kesi.v1.Role), the REST door's strings and the authorization rules all
// convert to and from this type here, so that a new role is added in one
// place and a misspelt one cannot compile.
package role

import (
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Role is what a user may reach. Its value is the stored and documented
// string ("lawyer"...).
type Role string

// The roles.
const (
	// Lawyer keeps a diary; pays a subscription.
	Lawyer Role = "lawyer"
	// Moderator is a lawyer who also looks after other accounts.
	Moderator Role = "moderator"
	// Demo is the shared demonstration account: a diary without a subscription.
	Demo Role = "demo"
	// Affiliate refers paying customers and earns a commission; keeps no diary.
	Affiliate Role = "affiliate"
)

// All lists every role, in the contract's order.
func All() []Role { return []Role{Lawyer, Moderator, Demo, Affiliate} }

// Parse reads a role's string ("lawyer"...); ok is false for anything else.
func Parse(s string) (r Role, ok bool) {
	for _, r := range All() {
		if string(r) == s {
			return r, true
		}
	}
	return "", false
}

// Valid reports whether r is one of the roles.
func (r Role) Valid() bool {
	_, ok := Parse(string(r))
	return ok
}

func (r Role) String() string { return string(r) }

// Subscriber reports whether r's diary is paid for by a subscription (and
// so gets the reminders and the cause-list checks a subscription brings).
func (r Role) Subscriber() bool { return r == Lawyer || r == Moderator }

// KeepsDiary reports whether r has a court diary of its own.
func (r Role) KeepsDiary() bool { return r == Lawyer || r == Moderator || r == Demo }

// FromUser is the stored user row's role.
func FromUser(r user.Role) Role { return Role(r) }

// User is r as the user row stores it.
func (r Role) User() user.Role { return user.Role(r) }

var toProto = map[Role]kesiv1.Role{
	Lawyer:    kesiv1.Role_ROLE_LAWYER,
	Moderator: kesiv1.Role_ROLE_MODERATOR,
	Demo:      kesiv1.Role_ROLE_DEMO,
	Affiliate: kesiv1.Role_ROLE_AFFILIATE,
}

// Proto is r in the contract; ROLE_UNSPECIFIED for an invalid role.
func (r Role) Proto() kesiv1.Role { return toProto[r] }

// FromProto is the contract's role p; ok is false for ROLE_UNSPECIFIED and
// values this server does not know.
func FromProto(p kesiv1.Role) (Role, bool) {
	for r, q := range toProto {
		if q == p {
			return r, true
		}
	}
	return "", false
}
