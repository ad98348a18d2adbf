package platform

import (
	"context"
	"fmt"

	"github.com/kesihq/kesi/ent"
)

// InTx runs f with a client bound to one transaction, committing when f
// answers nil and rolling back otherwise. f's error is returned unwrapped,
// so a domain error keeps its kind.
func InTx(ctx context.Context, db *ent.Client, f func(tx *ent.Client) error) error {
	tx, err := db.Tx(ctx)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	if err := f(tx.Client()); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit transaction: %w", err)
	}
	return nil
}
