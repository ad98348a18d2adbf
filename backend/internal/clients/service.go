// Package clients keeps a lawyer's clients and their links to cases. Every
// call takes the owner explicitly and every query is scoped to it.
package clients

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/auth"
	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/courtcase"
	"github.com/kesihq/kesi/ent/lawclient"
	"github.com/kesihq/kesi/ent/predicate"
)

// MsgNotFound is what a person sees for a client that is not theirs or not there.
const MsgNotFound = "Client not found."

// Service holds the rules of clients.
type Service struct{ db *ent.Client }

// NewService builds the client book over db.
func NewService(db *ent.Client) *Service { return &Service{db: db} }

// Fields are a client's fields as a lawyer types them.
type Fields struct {
	Fullname               string
	PhoneNumber            string
	Email                  string
	NationalID             string
	IsNationalIDTemporary  bool
	Address                string
	ClientType             string
	Notes                  string
	PreferredCommunication string
}

// check trims and validates f, in the order the form shows the fields.
func (f *Fields) check() error {
	var err error
	texts := []struct {
		dst          *string
		field, label string
		max          int
	}{
		{&f.Fullname, "fullname", "Full name", 200},
		{&f.PhoneNumber, "phone_number", "Phone number", 32},
		{&f.Email, "email", "Email", 254},
		{&f.NationalID, "national_id", "National ID", 40},
		{&f.Address, "address", "Address", 500},
		{&f.ClientType, "client_type", "Client type", 60},
		{&f.Notes, "notes", "Notes", 5000},
		{&f.PreferredCommunication, "preferred_communication", "Preferred communication", 60},
	}
	for _, t := range texts {
		if *t.dst, err = cases.Text(t.field, t.label, *t.dst, t.max); err != nil {
			return err
		}
	}
	// The account's rules and messages, which the web form's clientRules
	// share: a client's contact details are checked as an advocate's are.
	if err := auth.ValidateName(f.Fullname); err != nil {
		return err
	}
	if f.Email != "" {
		if err := auth.ValidateEmail(f.Email); err != nil {
			return err
		}
	}
	if f.PhoneNumber != "" {
		if err := auth.ValidatePhone(f.PhoneNumber); err != nil {
			return err
		}
	}
	return nil
}

// load is the owner's client matching where, with its linked cases' ids.
func (s *Service) load(ctx context.Context, owner uuid.UUID, where ...predicate.LawClient) (Client, error) {
	c, err := s.db.LawClient.Query().
		Where(append(where, lawclient.OwnerID(owner))...).
		WithCases(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID).Order(courtcase.ByCaseID()) }).
		Only(ctx)
	if ent.IsNotFound(err) {
		return Client{}, errs.NotFound(MsgNotFound)
	}
	if err != nil {
		return Client{}, errs.Internal(fmt.Errorf("load client of %s: %w", owner, err))
	}
	return clientOf(c), nil
}

// List answers the owner's clients in page p, by name, and whether more follow.
func (s *Service) List(ctx context.Context, owner uuid.UUID, p cases.Page) ([]Client, bool, error) {
	q := s.db.LawClient.Query().
		Where(lawclient.OwnerID(owner)).
		WithCases(func(q *ent.CourtCaseQuery) { q.Select(courtcase.FieldID).Order(courtcase.ByCaseID()) }).
		Order(lawclient.ByFullname(), lawclient.ByID())
	if p.Size > 0 {
		q.Offset(p.Offset).Limit(p.Size + 1)
	}
	cs, err := q.All(ctx)
	if err != nil {
		return nil, false, errs.Internal(fmt.Errorf("list clients of %s: %w", owner, err))
	}
	more := p.Size > 0 && len(cs) > p.Size
	if more {
		cs = cs[:p.Size]
	}
	out := make([]Client, len(cs))
	for i, c := range cs {
		out[i] = clientOf(c)
	}
	return out, more, nil
}

// Get answers the owner's client id.
func (s *Service) Get(ctx context.Context, owner, id uuid.UUID) (Client, error) {
	return s.load(ctx, owner, lawclient.ID(id))
}

// Create adds a client.
func (s *Service) Create(ctx context.Context, owner uuid.UUID, f Fields) (Client, error) {
	if err := f.check(); err != nil {
		return Client{}, err
	}
	create := s.db.LawClient.Create().SetOwnerID(owner)
	f.set(create.Mutation())
	c, err := create.Save(ctx)
	if err != nil {
		return Client{}, errs.Internal(fmt.Errorf("create client for %s: %w", owner, err))
	}
	return s.Get(ctx, owner, c.ID)
}

// set writes every field a lawyer types in: Create and Update share it.
func (f Fields) set(m *ent.LawClientMutation) {
	m.SetFullname(f.Fullname)
	m.SetPhoneNumber(f.PhoneNumber)
	m.SetEmail(f.Email)
	m.SetNationalID(f.NationalID)
	m.SetIsNationalIDTemporary(f.IsNationalIDTemporary)
	m.SetAddress(f.Address)
	m.SetClientType(f.ClientType)
	m.SetNotes(f.Notes)
	m.SetPreferredCommunication(f.PreferredCommunication)
}

// Update replaces every field of the owner's client id.
func (s *Service) Update(ctx context.Context, owner, id uuid.UUID, f Fields) (Client, error) {
	if err := f.check(); err != nil {
		return Client{}, err
	}
	update := s.db.LawClient.Update().Where(lawclient.ID(id), lawclient.OwnerID(owner))
	f.set(update.Mutation())
	n, err := update.Save(ctx)
	if err != nil {
		return Client{}, errs.Internal(fmt.Errorf("update client %s: %w", id, err))
	}
	if n == 0 {
		return Client{}, errs.NotFound(MsgNotFound)
	}
	return s.Get(ctx, owner, id)
}

// Link links the owner's client to the owner's case; linking twice is harmless.
func (s *Service) Link(ctx context.Context, owner, clientID, caseRef uuid.UUID, link bool) (Client, error) {
	c, err := s.load(ctx, owner, lawclient.ID(clientID))
	if err != nil {
		return Client{}, err
	}
	ok, err := s.db.CourtCase.Query().Where(courtcase.ID(caseRef), courtcase.OwnerID(owner)).Exist(ctx)
	if err != nil {
		return Client{}, errs.Internal(fmt.Errorf("find case %s: %w", caseRef, err))
	}
	if !ok {
		return Client{}, errs.NotFound(cases.MsgNotFound)
	}
	linked := slices.Contains(c.CaseIDs, caseRef)
	up := s.db.LawClient.UpdateOneID(clientID)
	switch {
	case link && !linked:
		up.AddCaseIDs(caseRef)
	case !link && linked:
		up.RemoveCaseIDs(caseRef)
	default:
		return c, nil
	}
	if err := up.Exec(ctx); err != nil {
		return Client{}, errs.Internal(fmt.Errorf("link client %s and case %s: %w", clientID, caseRef, err))
	}
	return s.Get(ctx, owner, clientID)
}
