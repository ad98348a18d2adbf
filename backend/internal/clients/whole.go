package clients

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/lawclient"
)

// WriteWhole adds owner's clients cs in db (a transaction of the caller's),
// each linked to the cases links[i]: the demo diary. The clients store
// alone writes its tables; the fields are checked as a typed-in client's.
func WriteWhole(ctx context.Context, db *ent.Client, owner uuid.UUID, cs []Fields, links [][]uuid.UUID) error {
	for i, f := range cs {
		if err := f.check(); err != nil {
			return fmt.Errorf("client %s: %w", f.Fullname, err)
		}
		create := db.LawClient.Create().SetOwnerID(owner)
		f.set(create.Mutation())
		if i < len(links) {
			create.AddCaseIDs(links[i]...)
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("write client %s: %w", f.Fullname, err)
		}
	}
	return nil
}

// DeleteAll removes every client of owner in db (the demo reset).
func DeleteAll(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	if _, err := db.LawClient.Delete().Where(lawclient.OwnerID(owner)).Exec(ctx); err != nil {
		return fmt.Errorf("delete clients of %s: %w", owner, err)
	}
	return nil
}
