package clients

import (
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/ent"
)

// Client is a lawyer's client as the client book answers it: the doors and
// other domains see this, never the stored row.
type Client struct {
	ID uuid.UUID
	Fields
	ProfileImage string
	// CaseIDs are the linked cases, by case number.
	CaseIDs   []uuid.UUID
	CreatedAt time.Time
	UpdatedAt time.Time
}

// clientOf is the stored row c, with its loaded case links, as the domain's
// Client.
func clientOf(c *ent.LawClient) Client {
	out := Client{
		ID: c.ID,
		Fields: Fields{
			Fullname: c.Fullname, PhoneNumber: c.PhoneNumber, Email: c.Email, NationalID: c.NationalID,
			IsNationalIDTemporary: c.IsNationalIDTemporary, Address: c.Address, ClientType: c.ClientType,
			Notes: c.Notes, PreferredCommunication: c.PreferredCommunication,
		},
		ProfileImage: c.ProfileImage,
		CreatedAt:    c.CreatedAt.UTC(),
		UpdatedAt:    c.UpdatedAt.UTC(),
	}
	for _, k := range c.Edges.Cases {
		out.CaseIDs = append(out.CaseIDs, k.ID)
	}
	return out
}
