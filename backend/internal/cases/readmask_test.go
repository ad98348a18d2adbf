package cases

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/fieldmaskpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

// TestReadMask_Parts: the client links are read exactly when a mask names
// them or names everything, since they cost the store a lookup; the
// timestamps when it names either.
func TestReadMask_Parts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		paths []string
		want  Parts
	}{
		{"unset", nil, AllParts},
		{"star", []string{"*"}, AllParts},
		{"star among fields", []string{"case_id", "*"}, AllParts},
		{"client_ids named", []string{"case_id", "client_ids"}, Parts{ClientIDs: true}},
		{"client_ids alone", []string{"client_ids"}, Parts{ClientIDs: true}},
		{"client_ids and the timestamps left out", []string{"case_id", "parties"}, Parts{}},
		{"created_at named", []string{"case_id", "created_at"}, Parts{Times: true}},
		{"updated_at named", []string{"updated_at"}, Parts{Times: true}},
		{"both timestamps and client_ids", []string{"client_ids", "updated_at", "created_at"}, AllParts},
	} {
		var m *fieldmaskpb.FieldMask
		if tc.paths != nil {
			m = &fieldmaskpb.FieldMask{Paths: tc.paths}
		}
		o, err := parseReadMask(m)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := o.parts(); got != tc.want {
			t.Errorf("%s: parts %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestReadMask_LongPath: a refused path is quoted back cut short, not whole.
func TestReadMask_LongPath(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 1<<20)
	_, err := parseReadMask(&fieldmaskpb.FieldMask{Paths: []string{long}})
	if err == nil {
		t.Fatal("a path of 1 MiB was accepted")
	}
	if n := len(err.Error()); n > 200 {
		t.Errorf("a path of 1 MiB: an error of %d bytes, want a short one", n)
	}
}

// TestReadMask_FieldNumbers: the field numbers the conversion sets are
// those of kesi.v1.Case, and every field of Case has one below 64, so that
// a mask can keep it.
func TestReadMask_FieldNumbers(t *testing.T) {
	t.Parallel()
	want := map[string]protoreflect.FieldNumber{
		"id": fieldID, "case_id": fieldCaseID, "parties": fieldParties, "law_court": fieldLawCourt,
		"filing_date": fieldFilingDate, "activity_date": fieldActivityDate, "status": fieldStatus, "notes": fieldNotes,
		"case_type": fieldCaseType, "time": fieldTime, "mark_updated": fieldMarkUpdated, "activity": fieldActivity,
		"created_at": fieldCreatedAt, "updated_at": fieldUpdatedAt, "client_ids": fieldClientIDs,
		"concluded": fieldConcluded, "status_code": fieldStatusCode, "shared_with_me": fieldSharedWithMe,
	}
	for i := range caseDesc.Len() {
		fd := caseDesc.Get(i)
		n, ok := want[string(fd.Name())]
		if !ok {
			t.Errorf("Case.%s is a field the conversion does not set", fd.Name())
			continue
		}
		if fd.Number() != n {
			t.Errorf("Case.%s is numbered %d, the conversion says %d", fd.Name(), fd.Number(), n)
		}
		if fd.Number() >= 64 {
			t.Errorf("Case.%s is numbered %d: a read mask cannot keep it", fd.Name(), fd.Number())
		}
	}
	if len(want) != caseDesc.Len() {
		t.Errorf("the conversion sets %d fields, Case has %d", len(want), caseDesc.Len())
	}
}

// The conversion as it was: every field set, then those the mask leaves
// out cleared through reflection. The reference of TestToProto_AsBefore.

func oldToProto(c Case) *kesiv1.Case {
	out := &kesiv1.Case{
		Id: c.ID.String(), CaseId: c.CaseID, Parties: c.Parties, LawCourt: c.LawCourt,
		FilingDate: DateToProto(c.FilingDate), ActivityDate: DateToProto(c.NextDate), Status: c.Status,
		Notes: c.Notes, CaseType: c.CaseType, Time: c.NextTime, MarkUpdated: c.MarkUpdated, Activity: c.NextKind,
		Concluded: c.Concluded, StatusCode: statusCode(c.Status), SharedWithMe: c.SharedWithMe,
		CreatedAt: timestamppb.New(c.CreatedAt), UpdatedAt: timestamppb.New(c.UpdatedAt),
	}
	for _, id := range c.ClientIDs {
		out.ClientIds = append(out.ClientIds, id.String())
	}
	return out
}

func oldActivityToProto(c Case, a Sitting) *kesiv1.Activity {
	out := &kesiv1.Activity{
		Id: a.ID.String(), Activity: a.Kind, ActivityDate: DateToProto(a.Date), Time: a.Time, ClientName: a.ClientName,
		CaseId: c.CaseID, LawCourt: c.LawCourt, Outcome: a.Outcome, CreatedAt: timestamppb.New(a.CreatedAt),
	}
	if a.AttendedBy != uuid.Nil {
		out.AttendedByUserId, out.AttendedByName, out.AssignedByName = a.AttendedBy.String(), a.AttendedByName, a.AssignedByName
	}
	return out
}

// oldOmitted are the fields paths (a read mask) leave out, none for all.
func oldOmitted(paths []string) []protoreflect.FieldDescriptor {
	keep := map[string]bool{}
	for _, p := range paths {
		keep[p] = true
	}
	if len(paths) == 0 || keep["*"] {
		return nil
	}
	var out []protoreflect.FieldDescriptor
	for i := range caseDesc.Len() {
		if fd := caseDesc.Get(i); !keep[string(fd.Name())] {
			out = append(out, fd)
		}
	}
	return out
}

// oldApply clears the fields of c that paths (a read mask) leave out.
func oldApply(c *kesiv1.Case, paths []string) *kesiv1.Case {
	return oldClear(c, oldOmitted(paths))
}

func oldClear(c *kesiv1.Case, omitted []protoreflect.FieldDescriptor) *kesiv1.Case {
	r := c.ProtoReflect()
	for _, fd := range omitted {
		r.Clear(fd)
	}
	return c
}

func randomCase(r *rand.Rand) Case {
	day := func() civil.Date {
		if r.IntN(3) == 0 {
			return civil.Date{}
		}
		return civil.NewDate(1990+r.IntN(50), time.Month(1+r.IntN(12)), 1+r.IntN(28))
	}
	c := Case{
		ID: uuid.New(), CaseID: "HCCC/E" + strconv.Itoa(r.IntN(999)) + "/2024", Parties: "A v B", LawCourt: "Milimani",
		FilingDate: day(), Status: Statuses[r.IntN(len(Statuses))], CaseType: "Civil", Notes: "n", MarkUpdated: r.IntN(2) == 0,
		Concluded: r.IntN(2) == 0, NextDate: day(), NextTime: "09:30", NextKind: "Mention", LatestDate: day(),
		CreatedAt: time.Unix(r.Int64N(2e9), r.Int64N(1e9)), UpdatedAt: time.Unix(r.Int64N(2e9), r.Int64N(1e9)), SharedWithMe: r.IntN(2) == 0,
	}
	for range r.IntN(3) {
		c.ClientIDs = append(c.ClientIDs, uuid.New())
	}
	return c
}

func randomSitting(r *rand.Rand, c Case) Sitting {
	s := Sitting{ID: uuid.New(), CaseRef: c.ID, Kind: "Hearing", Date: c.NextDate, Time: "10:00", Outcome: "heard",
		ClientName: "Mary", CreatedAt: time.Unix(r.Int64N(2e9), r.Int64N(1e9))}
	if r.IntN(2) == 0 {
		s.AttendedBy, s.AssignedBy, s.AttendedByName, s.AssignedByName = uuid.New(), uuid.New(), "Jane", "John"
	}
	return s
}

// TestToProto_AsBefore: for any mask, lists, calendar rows and single
// cases convert to the same messages as when every field was set and the
// unmasked ones were cleared through reflection.
func TestToProto_AsBefore(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	var names []string
	for i := range caseDesc.Len() {
		names = append(names, string(caseDesc.Get(i).Name()))
	}
	for range 300 {
		var paths []string
		for _, n := range names {
			if r.IntN(2) == 0 {
				paths = append(paths, n)
			}
		}
		if r.IntN(10) == 0 {
			paths = append(paths, "*")
		}
		if r.IntN(10) == 0 {
			paths = nil
		}
		mask, err := parseReadMask(&fieldmaskpb.FieldMask{Paths: paths})
		if err != nil {
			t.Fatal(err)
		}
		cs := make([]Case, r.IntN(4))
		rows := make([]Entry, len(cs))
		for i := range cs {
			cs[i] = randomCase(r)
			rows[i] = Entry{Case: cs[i], Sitting: randomSitting(r, cs[i])}
		}
		for i, got := range casesToProto(cs, mask) {
			if want := oldApply(oldToProto(cs[i]), paths); !proto.Equal(got, want) {
				t.Fatalf("mask %v: case\n got %v\nwant %v", paths, got, want)
			}
		}
		for _, c := range cs {
			if got, want := caseToProto(c, mask), oldApply(oldToProto(c), paths); !proto.Equal(got, want) {
				t.Fatalf("mask %v: single case\n got %v\nwant %v", paths, got, want)
			}
		}
		gotCases, gotEntries := calendarToProto(rows, mask)
		for i, row := range rows {
			c := oldToProto(row.Case)
			c.ActivityDate, c.Time, c.Activity = DateToProto(row.Sitting.Date), row.Sitting.Time, row.Sitting.Kind
			if want := oldApply(c, paths); !proto.Equal(gotCases[i], want) {
				t.Fatalf("mask %v: calendar case\n got %v\nwant %v", paths, gotCases[i], want)
			}
			want := &kesiv1.CalendarEntry{Case: oldApply(oldToProto(row.Case), paths), Sitting: oldActivityToProto(row.Case, row.Sitting)}
			if !proto.Equal(gotEntries[i], want) {
				t.Fatalf("mask %v: calendar entry\n got %v\nwant %v", paths, gotEntries[i], want)
			}
		}
		if len(cs) > 0 {
			acts := make([]Sitting, r.IntN(4))
			for i := range acts {
				acts[i] = randomSitting(r, cs[0])
			}
			for i, got := range activitiesToProto(&cs[0], acts) {
				if want := oldActivityToProto(cs[0], acts[i]); !proto.Equal(got, want) {
					t.Fatalf("activity\n got %v\nwant %v", got, want)
				}
			}
		}
	}
}

// TestProtoAlloc_ID: ids written into the answer's one string read as
// uuid.String() writes them, the earlier ones unchanged by the later.
func TestProtoAlloc_ID(t *testing.T) {
	t.Parallel()
	a := newProtoAlloc(allocSize{ids: 2})
	var ids []uuid.UUID
	var got []string
	for range 5 { // more than it was sized for
		u := uuid.New()
		ids = append(ids, u)
		got = append(got, a.id(u))
	}
	got = append(got, a.id(uuid.Nil), a.id(uuid.Max))
	ids = append(ids, uuid.Nil, uuid.Max)
	for i, u := range ids {
		if got[i] != u.String() {
			t.Errorf("id %d = %q, want %q", i, got[i], u.String())
		}
	}
}

// BenchmarkCasesToProto compares the conversion of 500 cases for the REST
// door's mask with setting every field and clearing the others through
// reflection, as it was.
func BenchmarkCasesToProto(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	cs := make([]Case, 500)
	for i := range cs {
		cs[i] = randomCase(r)
		cs[i].ClientIDs = nil
	}
	paths := []string{"id", "case_id", "parties", "law_court", "filing_date", "activity_date", "status", "notes", "case_type", "time", "mark_updated", "activity"}
	mask, err := parseReadMask(&fieldmaskpb.FieldMask{Paths: paths})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			casesToProto(cs, mask)
		}
	})
	b.Run("reflect_clear", func(b *testing.B) {
		b.ReportAllocs()
		omitted := oldOmitted(paths)
		for b.Loop() {
			out := make([]*kesiv1.Case, len(cs))
			for i, c := range cs {
				out[i] = oldClear(oldToProto(c), omitted)
			}
		}
	})
}
