package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
)

// A lawyer's clients are data subjects too (Kenya Data Protection Act
// 2019): the lawyer can hand a client everything Kesi holds about them, and
// erase a client. The account export and erasure use the same readers.

// ExportedClient is one client as the exports write it.
type ExportedClient struct {
	ID                     string    `json:"id"`
	Fullname               string    `json:"fullname"`
	PhoneNumber            string    `json:"phone_number"`
	Email                  string    `json:"email"`
	NationalID             string    `json:"national_id"`
	IsNationalIDTemporary  bool      `json:"is_national_id_temporary"`
	Address                string    `json:"address"`
	ClientType             string    `json:"client_type"`
	Notes                  string    `json:"notes"`
	PreferredCommunication string    `json:"preferred_communication"`
	CaseIDs                []string  `json:"case_ids"`
	CreatedAt              time.Time `json:"created_at"`
	UpdatedAt              time.Time `json:"updated_at"`
}

func exported(c Client) ExportedClient {
	e := ExportedClient{
		ID: c.ID.String(), Fullname: c.Fullname, PhoneNumber: c.PhoneNumber, Email: c.Email,
		NationalID: c.NationalID, IsNationalIDTemporary: c.IsNationalIDTemporary, Address: c.Address,
		ClientType: c.ClientType, Notes: c.Notes, PreferredCommunication: c.PreferredCommunication,
		CaseIDs: []string{}, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
	}
	for _, id := range c.CaseIDs {
		e.CaseIDs = append(e.CaseIDs, id.String())
	}
	return e
}

// Export answers every client of owner, by name: the account export.
func Export(ctx context.Context, db *ent.Client, owner uuid.UUID) ([]ExportedClient, error) {
	rows, err := db.LawClient.Query().Where(lawclient.OwnerID(owner)).
		WithCases(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID).Order(courtcase.ByCaseID()) }).
		Order(lawclient.ByFullname(), lawclient.ByID()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("export clients of %s: %w", owner, err)
	}
	out := make([]ExportedClient, len(rows))
	for i, c := range rows {
		out[i] = exported(clientOf(c))
	}
	return out, nil
}

// ClientExport is one client's data: the client, the cases they are linked
// to, with every sitting, and when it was produced.
type ClientExport struct {
	ExportedAt time.Time            `json:"exported_at"`
	Client     ExportedClient       `json:"client"`
	Cases      []cases.ExportedCase `json:"cases"`
}

// ExportOne answers one client's data as an indented JSON document, with a
// file name for it.
func (s *Service) ExportOne(ctx context.Context, owner, id uuid.UUID, now time.Time) (filename string, doc []byte, err error) {
	c, err := s.load(ctx, owner, lawclient.ID(id))
	if err != nil {
		return "", nil, err
	}
	cs, err := cases.ExportOnly(ctx, s.db, owner, c.CaseIDs)
	if err != nil {
		return "", nil, errs.Internal(err)
	}
	doc, err = json.MarshalIndent(ClientExport{ExportedAt: now.UTC(), Client: exported(c), Cases: cs}, "", "  ")
	if err != nil {
		return "", nil, errs.Internal(err)
	}
	return "client-" + slug(c.Fullname) + ".json", doc, nil
}

// slug is name in lower-case letters, digits and hyphens, for a file name.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
		if b.Len() > 60 {
			break
		}
	}
	if b.Len() == 0 {
		return "data"
	}
	return b.String()
}

// Delete erases owner's client id. Their cases stay in the diary, unlinked
// (the cases domain removes the links); it answers how many were linked.
func (s *Service) Delete(ctx context.Context, owner, id uuid.UUID) (int, error) {
	if _, err := s.load(ctx, owner, lawclient.ID(id)); err != nil {
		return 0, err
	}
	var unlinked int
	err := platform.InTx(ctx, s.db, func(tx *ent.Client) error {
		var err error
		if unlinked, err = cases.UnlinkClient(ctx, tx, owner, id); err != nil {
			return err
		}
		n, err := tx.LawClient.Delete().Where(lawclient.ID(id), lawclient.OwnerID(owner)).Exec(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return errs.NotFound(MsgNotFound)
		}
		return nil
	})
	if errs.KindOf(err) == errs.KindNotFound {
		return 0, err
	}
	if err != nil {
		return 0, errs.Internal(fmt.Errorf("delete client %s: %w", id, err))
	}
	return unlinked, nil
}

// EraseOwner deletes every client of owner with their case links: the
// account erasure.
func EraseOwner(ctx context.Context, db *ent.Client, owner uuid.UUID) error {
	return DeleteAll(ctx, db, owner)
}
