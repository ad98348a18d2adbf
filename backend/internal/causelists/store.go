package causelists

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/backend/internal/platform"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/causelist"
	"github.com/kesihq/kesi/ent/causelistdismissal"
	"github.com/kesihq/kesi/ent/causelistentry"
	"github.com/kesihq/kesi/ent/causelistupload"
	"github.com/kesihq/kesi/ent/civil"
	"github.com/kesihq/kesi/ent/predicate"
)

// The store alone reads and writes the causelists tables.

// Stored is a list as kept.
type Stored struct {
	ID        uuid.UUID
	FileName  string
	Court     string
	FirstDate civil.Date
	LastDate  civil.Date
	Rows      int
}

// storedOf is l as anyone may see it: with its published name, and none
// while only advocates' uploads hold it.
func storedOf(l *ent.CauseList) Stored {
	return Stored{ID: l.ID, FileName: publicName(l), Court: l.Court, FirstDate: l.FirstDate, LastDate: l.LastDate, Rows: l.Rows}
}

// publicName is the name a list is shown under to those who did not upload
// it. Before uploads kept their own names, a list first uploaded kept its
// uploader's name when a fetch published it later: a fetched list is named
// by its address, as the fetcher names it.
func publicName(l *ent.CauseList) string {
	switch {
	case !l.Published:
		return ""
	case l.SourceURL != "":
		if u, err := url.Parse(l.SourceURL); err == nil {
			return documentName(u)
		}
		return ""
	default:
		return l.FileName
	}
}

// fileName is a sender's name for a file as a column keeps it.
func fileName(s string) string { return clip(strings.ToValidUTF8(s, "?"), 255) }

// Source says where a file came from.
type Source struct {
	Kind     string    // SourceImport, SourceFetch or SourceUpload
	URL      string    // for SourceFetch
	FileName string    // as the sender named it
	Owner    uuid.UUID // for SourceUpload: the advocate who uploaded it
}

// The kinds of source.
const (
	SourceImport = "import"
	SourceFetch  = "fetch"
	SourceUpload = "upload"
)

func (s Source) published() bool { return s.Kind == SourceImport || s.Kind == SourceFetch }

// save stores a parsed list once by its hash, in one transaction: the list
// and all its rows, or nothing. A list already stored gains the uploader, or
// becomes published when a trusted source brings it.
func save(ctx context.Context, db *ent.Client, hash string, l List, src Source) (Stored, bool, error) {
	var out Stored
	created := false
	err := platform.InTx(ctx, db, func(tx *ent.Client) error {
		existing, err := tx.CauseList.Query().Where(causelist.Sha256(hash)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			existing, err = createList(ctx, tx, hash, l, src)
			if err != nil {
				return err
			}
			created = true
		case err != nil:
			return errs.Internal(fmt.Errorf("find list %s: %w", hash, err))
		case src.published() && !existing.Published:
			if existing, err = existing.Update().SetPublished(true).SetSource(src.Kind).SetSourceURL(src.URL).SetFileName(fileName(src.FileName)).Save(ctx); err != nil {
				return errs.Internal(fmt.Errorf("publish list %s: %w", hash, err))
			}
		}
		if src.Kind == SourceUpload {
			// A second upload by the same advocate keeps the name given last.
			err := tx.CauseListUpload.Create().SetListID(existing.ID).SetOwnerID(src.Owner).SetFileName(fileName(src.FileName)).
				OnConflictColumns(causelistupload.FieldListID, causelistupload.FieldOwnerID).
				Update(func(u *ent.CauseListUploadUpsert) { u.UpdateFileName() }).Exec(ctx)
			if err != nil {
				return errs.Internal(fmt.Errorf("record upload of list %s: %w", hash, err))
			}
		}
		out = storedOf(existing)
		if src.Kind == SourceUpload && src.FileName != "" {
			out.FileName = fileName(src.FileName)
		}
		return nil
	})
	return out, created, err
}

func createList(ctx context.Context, tx *ent.Client, hash string, l List, src Source) (*ent.CauseList, error) {
	first, last := l.Sittings[0].Date, l.Sittings[0].Date
	for _, s := range l.Sittings {
		if s.Date.Before(first) {
			first = s.Date
		}
		if s.Date.After(last) {
			last = s.Date
		}
	}
	// An upload's name is its uploader's alone (kept on their upload).
	publishedName := ""
	if src.published() {
		publishedName = fileName(src.FileName)
	}
	saved, err := tx.CauseList.Create().
		SetSha256(hash).SetFileName(publishedName).SetSource(src.Kind).SetSourceURL(clip(src.URL, 2048)).
		SetPublished(src.published()).SetCourt(clip(l.Sittings[0].Court, 300)).
		SetFirstDate(first).SetLastDate(last).SetRows(l.Matters()).
		Save(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("store list %s: %w", hash, err))
	}
	var rows []*ent.CauseListEntryCreate
	for _, s := range l.Sittings {
		court := clip(s.Court, 300)
		station := stationOf(court)
		for _, m := range s.Matters {
			number := clip(m.CaseNumber, 200)
			st := stampOf(station, court, number)
			rows = append(rows, tx.CauseListEntry.Create().
				SetListID(saved.ID).SetStation(st.station).SetCourt(court).SetDivision(clip(s.Division, 300)).
				SetSittingDate(s.Date).SetJudicialOfficer(clip(s.JudicialOfficer, 300)).SetCourtRoom(clip(s.CourtRoom, 100)).
				SetVirtualLink(clip(s.VirtualLink, 2048)).SetNumber(m.Number).
				SetCaseNumber(number).SetCaseKey(st.key).SetCaseBare(st.bare).SetCasePrefix(st.prefix).
				SetParties(clip(m.Parties, 2000)).SetActivity(clip(m.Activity, 200)).SetTime(m.Time))
		}
	}
	// In batches: SQLite allows some tens of thousands of parameters a statement.
	for len(rows) > 0 {
		n := min(len(rows), 500)
		if err := tx.CauseListEntry.CreateBulk(rows[:n]...).Exec(ctx); err != nil {
			return nil, errs.Internal(fmt.Errorf("store rows of list %s: %w", hash, err))
		}
		rows = rows[n:]
	}
	return saved, nil
}

// stamp is what a row stores of its reading of the court and the case
// number, by which the check finds it.
type stamp struct{ station, key, bare, prefix string }

// stationOf is the station a row of court stores.
func stationOf(court string) string { return clip(Station(court), 200) }

func stampOf(station, court, caseNumber string) stamp {
	st := stamp{station: station}
	if k, ok := KeyAt(caseNumber, court); ok {
		st.key, st.bare, st.prefix = k.String(), k.Bare().String(), clip(k.Prefix, 100)
	}
	return st
}

// restamp reads again the court and case number of every row of the lists
// dated from on, and rewrites the rows whose stamp differs: a version of
// Kesi that reads court names or numbers better reads the lists already
// stored for the days ahead its way. Past days are left as they were. It
// answers how many rows it rewrote.
func (s *Service) restamp(ctx context.Context, from civil.Date) (int, error) {
	es, err := s.db.CauseListEntry.Query().Where(causelistentry.SittingDateGTE(from)).
		Select(causelistentry.FieldCourt, causelistentry.FieldCaseNumber, causelistentry.FieldStation,
			causelistentry.FieldCaseKey, causelistentry.FieldCaseBare, causelistentry.FieldCasePrefix).
		All(ctx)
	if err != nil {
		return 0, fmt.Errorf("rows of the lists from %s: %w", from, err)
	}
	n := 0
	stations := map[string]string{} // rows repeat a handful of court names
	for _, e := range es {
		station, ok := stations[e.Court]
		if !ok {
			station = stationOf(e.Court)
			stations[e.Court] = station
		}
		st := stampOf(station, e.Court, e.CaseNumber)
		if st == (stamp{e.Station, e.CaseKey, e.CaseBare, e.CasePrefix}) {
			continue
		}
		err := s.db.CauseListEntry.UpdateOneID(e.ID).
			SetStation(st.station).SetCaseKey(st.key).SetCaseBare(st.bare).SetCasePrefix(st.prefix).Exec(ctx)
		if err != nil && !ent.IsNotFound(err) { // a list deleted meanwhile
			return n, fmt.Errorf("restamp row %s: %w", e.ID, err)
		}
		n++
	}
	return n, nil
}

// clip cuts s to at most n bytes, the columns' bound, at the start of a
// letter: a name in letters of several bytes (ũ, —) is cut shorter, not
// refused. Printed names longer than a column are noise, not data a person
// needs whole.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// visibleTo is the rows' lists an owner may see matched against their
// diary: published ones and their own uploads.
func visibleTo(owner uuid.UUID) predicate.CauseListEntry {
	return causelistentry.HasListWith(causelist.Or(
		causelist.Published(true),
		causelist.HasUploadsWith(causelistupload.OwnerID(owner)),
	))
}

// rowsFor answers, in one query, the rows visible to owner dated from..to at
// the stations given whose canonical number is one of keys (or, for numbers
// typed without a prefix, bare); and in a second, one row per station and
// day those lists cover, so that a matter missing from them can be told.
func rowsFor(ctx context.Context, db *ent.Client, owner uuid.UUID, stations, keys, bare []string, from, to civil.Date, only *uuid.UUID) ([]Row, error) {
	if len(stations) == 0 {
		return nil, nil
	}
	where := []predicate.CauseListEntry{
		causelistentry.StationIn(stations...),
		causelistentry.SittingDateGTE(from), causelistentry.SittingDateLTE(to),
		visibleTo(owner),
	}
	if only != nil {
		where = append(where, causelistentry.ListID(*only))
	}
	byNumber := []predicate.CauseListEntry{causelistentry.CaseKeyIn(keys...)}
	if len(bare) > 0 {
		byNumber = append(byNumber, causelistentry.CaseBareIn(bare...))
	}
	es, err := db.CauseListEntry.Query().
		Where(append(where, causelistentry.Or(byNumber...))...).
		Order(causelistentry.BySittingDate(), causelistentry.ByTime(), causelistentry.ByNumber()).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("cause-list rows for %s: %w", owner, err))
	}
	rows := make([]Row, 0, len(es))
	for _, e := range es {
		rows = append(rows, rowOf(e))
	}
	// The days covered: a list that does not carry the matter still says
	// the court sat (or did not list it) that day.
	var covered []struct {
		Station     string     `json:"station"`
		SittingDate civil.Date `json:"sitting_date"`
		ListID      uuid.UUID  `json:"list_id"`
		Court       string     `json:"court"`
		CasePrefix  string     `json:"case_prefix"`
	}
	err = db.CauseListEntry.Query().Where(where...).Unique(true).
		Select(causelistentry.FieldStation, causelistentry.FieldSittingDate, causelistentry.FieldListID, causelistentry.FieldCourt, causelistentry.FieldCasePrefix).
		Scan(ctx, &covered)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("days covered by cause lists for %s: %w", owner, err))
	}
	for _, c := range covered {
		// A row with no case number marks the day as covered for the kind of
		// matter and matches nothing.
		rows = append(rows, Row{ListID: c.ListID, Court: c.Court, Date: c.SittingDate, Prefix: c.CasePrefix})
	}
	return rows, nil
}

func rowOf(e *ent.CauseListEntry) Row {
	return Row{ListID: e.ListID, Court: e.Court, Date: e.SittingDate, JudicialOfficer: e.JudicialOfficer,
		CourtRoom: e.CourtRoom, VirtualLink: e.VirtualLink, CaseNumber: e.CaseNumber, Activity: e.Activity, Time: e.Time, Prefix: e.CasePrefix}
}

// lists answers the lists of ids as viewer sees them: under the name they
// gave a list they uploaded, else its published name.
func lists(ctx context.Context, db *ent.Client, viewer uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]Stored, error) {
	out := map[uuid.UUID]Stored{}
	if len(ids) == 0 {
		return out, nil
	}
	ls, err := db.CauseList.Query().Where(causelist.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load cause lists: %w", err))
	}
	for _, l := range ls {
		out[l.ID] = storedOf(l)
	}
	own, err := db.CauseListUpload.Query().
		Where(causelistupload.OwnerID(viewer), causelistupload.ListIDIn(ids...), causelistupload.FileNameNEQ("")).All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("load the viewer's uploads: %w", err))
	}
	for _, u := range own {
		l := out[u.ListID]
		l.FileName = u.FileName
		out[u.ListID] = l
	}
	return out, nil
}

type findingKey struct {
	caseRef uuid.UUID
	kind    Kind
	date    civil.Date
}

// dismissed answers owner's dismissed findings dated from..to.
func dismissed(ctx context.Context, db *ent.Client, owner uuid.UUID, from, to civil.Date) (map[findingKey]bool, error) {
	ds, err := db.CauseListDismissal.Query().
		Where(causelistdismissal.OwnerID(owner), causelistdismissal.ListedDateGTE(from), causelistdismissal.ListedDateLTE(to)).
		All(ctx)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("dismissed findings of %s: %w", owner, err))
	}
	out := map[findingKey]bool{}
	for _, d := range ds {
		out[findingKey{d.CaseRef, Kind(d.Kind), d.ListedDate}] = true
	}
	return out, nil
}

func dismiss(ctx context.Context, db *ent.Client, owner uuid.UUID, k findingKey) error {
	err := db.CauseListDismissal.Create().SetOwnerID(owner).SetCaseRef(k.caseRef).SetKind(string(k.kind)).SetListedDate(k.date).
		OnConflictColumns(causelistdismissal.FieldOwnerID, causelistdismissal.FieldCaseRef, causelistdismissal.FieldKind, causelistdismissal.FieldListedDate).
		DoNothing().Exec(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return errs.Internal(fmt.Errorf("dismiss finding of %s: %w", owner, err))
	}
	return nil
}

// covering reports whether a stored list covers day.
func covering(ctx context.Context, db *ent.Client, day civil.Date) (bool, error) {
	ok, err := db.CauseList.Query().Where(causelist.FirstDateLTE(day), causelist.LastDateGTE(day)).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("lists covering %s: %w", day, err)
	}
	return ok, nil
}
