package role_test

import (
	"testing"

	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/ent/user"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// Every vocabulary names the same roles: the stored enum, the contract's
// enum and this package's strings.
func TestEveryVocabularyNamesTheSameRoles(t *testing.T) {
	t.Parallel()
	if len(kesiv1.Role_name)-1 != len(role.All()) {
		t.Errorf("kesi.v1.Role has %d roles, package role %d", len(kesiv1.Role_name)-1, len(role.All()))
	}
	for _, r := range role.All() {
		if err := user.RoleValidator(r.User()); err != nil {
			t.Errorf("%s: %v", r, err)
		}
		p := r.Proto()
		if p == kesiv1.Role_ROLE_UNSPECIFIED {
			t.Errorf("%s has no kesi.v1.Role", r)
		}
		if back, ok := role.FromProto(p); !ok || back != r {
			t.Errorf("FromProto(%s) = %q, %v; want %q", p, back, ok, r)
		}
		if back, ok := role.Parse(string(r)); !ok || back != r {
			t.Errorf("Parse(%q) = %q, %v", r, back, ok)
		}
	}
	// Every value of the contract's enum but UNSPECIFIED is a role.
	for n := range kesiv1.Role_name {
		p := kesiv1.Role(n)
		if _, ok := role.FromProto(p); ok == (p == kesiv1.Role_ROLE_UNSPECIFIED) {
			t.Errorf("FromProto(%s) ok = %v", p, ok)
		}
	}
}

func TestParseRefusesWhatIsNotARole(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "Lawyer", "admin", "lawyer ", "ROLE_LAWYER"} {
		if r, ok := role.Parse(s); ok {
			t.Errorf("Parse(%q) = %q, want refused", s, r)
		}
		if s != "" && user.RoleValidator(user.Role(s)) == nil {
			t.Errorf("the user row stores %q, which is no role", s)
		}
		if role.Role(s).Valid() {
			t.Errorf("Role(%q).Valid() = true", s)
		}
		if p := role.Role(s).Proto(); p != kesiv1.Role_ROLE_UNSPECIFIED {
			t.Errorf("Role(%q).Proto() = %s, want ROLE_UNSPECIFIED", s, p)
		}
	}
}

func TestWhatEachRoleMay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		role                   role.Role
		subscriber, keepsDiary bool
	}{
		{role.Lawyer, true, true},
		{role.Moderator, true, true},
		{role.Demo, false, true},
		{role.Affiliate, false, false},
	}
	for _, tt := range tests {
		t.Run(string(tt.role), func(t *testing.T) {
			t.Parallel()
			if got := tt.role.Subscriber(); got != tt.subscriber {
				t.Errorf("Subscriber() = %v, want %v", got, tt.subscriber)
			}
			if got := tt.role.KeepsDiary(); got != tt.keepsDiary {
				t.Errorf("KeepsDiary() = %v, want %v", got, tt.keepsDiary)
			}
		})
	}
}
