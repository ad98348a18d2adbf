package auth

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/extensiontoken"
	"github.com/kesihq/kesi/ent/passwordreset"
	"github.com/kesihq/kesi/ent/refreshtoken"
	"github.com/kesihq/kesi/ent/user"
)

// DemoAccount answers the demo account, or nil when there is none.
func DemoAccount(ctx context.Context, db *ent.Client) (*Identity, error) {
	u, err := db.User.Query().Where(user.Email(DemoEmail), user.RoleEQ(user.RoleDemo)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load demo account: %w", err)
	}
	id := identityOf(u)
	return &id, nil
}

// DeleteDemoAccount deletes the demo account id with its sessions, reset
// codes and extension connections (KESI_DEMO=off). Its diary and documents
// must be gone first; its audit events stay, as every account's do.
func DeleteDemoAccount(ctx context.Context, db *ent.Client, id uuid.UUID) error {
	if _, err := db.RefreshToken.Delete().Where(refreshtoken.UserID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("delete demo sessions: %w", err)
	}
	if _, err := db.PasswordReset.Delete().Where(passwordreset.UserID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("delete demo reset codes: %w", err)
	}
	if _, err := db.ExtensionToken.Delete().Where(extensiontoken.UserID(id)).Exec(ctx); err != nil {
		return fmt.Errorf("delete demo extension connections: %w", err)
	}
	if _, err := db.User.Delete().Where(user.ID(id), user.RoleEQ(user.RoleDemo)).Exec(ctx); err != nil {
		return fmt.Errorf("delete the demo account: %w", err)
	}
	return nil
}
