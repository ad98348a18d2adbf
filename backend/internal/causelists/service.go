package causelists

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/civil"
)

// Service is the cause-list check. Findings are worked out when asked for,
// from the stored lists and the diary as it is then: a date the advocate
// records or a list that arrives changes the answer at once, and nothing
// kept in one server's memory decides it.
type Service struct {
	db    *ent.Client
	cal   platform.Calendar
	diary *cases.Service
}

// NewService builds the check over db; diary takes adopted dates.
func NewService(db *ent.Client, cal platform.Calendar, diary *cases.Service) *Service {
	return &Service{db: db, cal: cal, diary: diary}
}

// MaxRangeDays bounds the days one ListCauseListMatches call covers.
const MaxRangeDays = 92

// Match is one finding with the list it came from.
type Match struct {
	Finding
	List Stored
}

// ID names the finding for Apply and Dismiss: the case, the kind, the day.
func (m Match) ID() string { return matchID(m.CaseID, m.Kind, m.Date) }

func matchID(caseRef uuid.UUID, k Kind, d civil.Date) string {
	return caseRef.String() + "." + string(k) + "." + d.String()
}

func parseMatchID(id string) (findingKey, error) {
	parts := strings.Split(id, ".")
	bad := errs.NotFound("This listing was not found.")
	if len(parts) != 3 {
		return findingKey{}, bad
	}
	ref, err := uuid.Parse(parts[0])
	if err != nil {
		return findingKey{}, bad
	}
	d, err := civil.ParseDate(parts[2])
	if err != nil {
		return findingKey{}, bad
	}
	k := Kind(parts[1])
	if k != Listed && k != NewDate && k != NotListed {
		return findingKey{}, bad
	}
	return findingKey{ref, k, d}, nil
}

// Ingest parses a file and stores it once; it answers the stored list and
// whether it is new. A file that is not a list is refused whole.
func (s *Service) Ingest(ctx context.Context, data []byte, src Source) (Stored, bool, error) {
	if len(data) > MaxFileBytes {
		return Stored{}, false, errs.TooLarge(fmt.Sprintf("A cause list may be at most %d MB.", MaxFileBytes>>20))
	}
	l, err := Parse(ctx, data)
	if errors.Is(err, ErrUnreadable) {
		return Stored{}, false, errs.Invalid("file", "This file cannot be read as a cause list ("+strings.TrimPrefix(err.Error(), ErrUnreadable.Error()+": ")+").")
	}
	if err != nil {
		return Stored{}, false, errs.Internal(err)
	}
	sum := sha256.Sum256(data)
	return save(ctx, s.db, hex.EncodeToString(sum[:]), l, src)
}

// Upload stores a list an advocate received and answers what it says about
// their cases.
func (s *Service) Upload(ctx context.Context, owner uuid.UUID, fileName string, data []byte) (Stored, []Match, error) {
	if len(data) == 0 {
		return Stored{}, nil, errs.Invalid("file", "The file is empty.")
	}
	stored, _, err := s.Ingest(ctx, data, Source{Kind: SourceUpload, FileName: fileName, Owner: owner})
	if err != nil {
		return Stored{}, nil, err
	}
	ms, err := s.matches(ctx, owner, stored.FirstDate, stored.LastDate, &stored.ID)
	return stored, ms, err
}

// Matches answers the owner's findings dated start..end, dismissed ones left out.
func (s *Service) Matches(ctx context.Context, owner uuid.UUID, start, end civil.Date) ([]Match, error) {
	if err := cases.CheckRange(start, end, MaxRangeDays); err != nil {
		return nil, err
	}
	return s.matches(ctx, owner, start, end, nil)
}

// Covers reports whether any stored list covers day: when none does, no
// advocate has a finding that day, and the reminders' digests skip the check.
func (s *Service) Covers(ctx context.Context, day civil.Date) (bool, error) {
	return covering(ctx, s.db, day)
}

func (s *Service) matches(ctx context.Context, owner uuid.UUID, from, to civil.Date, only *uuid.UUID) ([]Match, error) {
	diary, err := cases.ListingCases(ctx, s.db, owner, from, to)
	if err != nil {
		return nil, err
	}
	stations, keys, bare := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, c := range diary {
		st := Station(c.LawCourt)
		k, ok := KeyAt(c.CaseID, c.LawCourt)
		if st == "" || !ok {
			continue
		}
		stations[st] = true
		if k.Prefix == "" {
			bare[k.String()] = true
		} else {
			for _, r := range k.Readings() {
				keys[r.String()] = true
			}
		}
	}
	rows, err := rowsFor(ctx, s.db, owner, setList(stations), setList(keys), setList(bare), from, to, only)
	if err != nil {
		return nil, err
	}
	found := Check(rows, diary)
	hidden, err := dismissed(ctx, s.db, owner, from, to)
	if err != nil {
		return nil, err
	}
	var ids []uuid.UUID
	seen := map[uuid.UUID]bool{}
	for _, f := range found {
		if !seen[f.Row.ListID] {
			seen[f.Row.ListID] = true
			ids = append(ids, f.Row.ListID)
		}
	}
	byID, err := lists(ctx, s.db, owner, ids)
	if err != nil {
		return nil, err
	}
	var out []Match
	for _, f := range found {
		if f.Owner != owner || hidden[findingKey{f.CaseID, f.Kind, f.Date}] {
			continue
		}
		out = append(out, Match{Finding: f, List: byID[f.Row.ListID]})
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Date != b.Date {
			return a.Date.Before(b.Date)
		}
		if a.Row.Time != b.Row.Time {
			return a.Row.Time < b.Row.Time
		}
		return a.Number < b.Number
	})
	return out, nil
}

func setList(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// find answers the owner's current finding named id.
func (s *Service) find(ctx context.Context, owner uuid.UUID, id string) (Match, error) {
	k, err := parseMatchID(id)
	if err != nil {
		return Match{}, err
	}
	ms, err := s.matches(ctx, owner, k.date, k.date, nil)
	if err != nil {
		return Match{}, err
	}
	for _, m := range ms {
		if m.CaseID == k.caseRef && m.Kind == k.kind {
			return m, nil
		}
	}
	return Match{}, errs.NotFound("This listing was not found: it may have been applied or dismissed already.")
}

// Apply adopts a NEW_DATE into the diary through the cases service.
func (s *Service) Apply(ctx context.Context, owner uuid.UUID, id string) error {
	m, err := s.find(ctx, owner, id)
	if err != nil {
		return err
	}
	if m.Kind != NewDate {
		return errs.Invalid("id", "Only a new date can be applied to the diary.")
	}
	note := fmt.Sprintf("%s: listed for %s on the cause list of %s", s.cal.Today().In(time.UTC).Format("2 Jan 2006"),
		m.Date.In(time.UTC).Format("Mon 2 Jan 2006"), m.Row.Court)
	if m.List.FileName != "" {
		note += " (" + m.List.FileName + ")"
	}
	_, err = s.diary.AdoptListedDate(ctx, owner, m.CaseID, cases.Adoption{
		Date: m.Date, Time: m.Row.Time, Activity: clip(titleCase(m.Row.Activity), cases.MaxKind), Note: note,
	})
	return err
}

// Dismiss hides one of the owner's findings.
func (s *Service) Dismiss(ctx context.Context, owner uuid.UUID, id string) error {
	m, err := s.find(ctx, owner, id)
	if err != nil {
		return err
	}
	return dismiss(ctx, s.db, owner, findingKey{m.CaseID, m.Kind, m.Date})
}

// titleCase writes a list's heading as the diary's activities are written:
// "HEARING- APPLICATION" is "Hearing- Application".
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		r := []rune(w)
		for j, c := range r {
			if c >= 'a' && c <= 'z' {
				r[j] = c - 'a' + 'A'
				break
			}
			if c != '(' && c != '\'' {
				break
			}
		}
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}
