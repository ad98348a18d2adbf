package gateway

import (
	"net/http"

	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// caseFields are the fields of the documented case (appendCase): the read mask (AIP-157) of the
// door's case reads. The door shows no client links, so the store does not
// look them up (a subquery a case; the list of all cases cost Postgres two
// and a half times as much with them). Read, never changed.
var caseFields = &fieldmaskpb.FieldMask{Paths: []string{"id", "case_id", "parties", "law_court", "filing_date",
	"activity_date", "status", "notes", "case_type", "time", "mark_updated", "activity"}}

// requiredDate reads a required YYYY-MM-DD query parameter.
func requiredDate(w http.ResponseWriter, r *http.Request, field string) (*date.Date, bool) {
	s := r.URL.Query().Get(field)
	if s == "" {
		writeError(w, r, errs.Invalidf(field, "%s is required, written YYYY-MM-DD.", field))
		return nil, false
	}
	d, err := parseDate(field, s)
	if err != nil {
		writeError(w, r, err)
		return nil, false
	}
	return d, true
}

// caseRoutes mounts /api/cases*, /api/caseschedule, /api/current,
// /api/casebetween, /api/activities and /api/cases-needing-update.
func (g *Gateway) caseRoutes() {
	c := g.svc.Cases
	g.handle("GET /api/cases", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListCasesProcedure, c.ListCases, &kesiv1.ListCasesRequest{ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCases(b, res.Cases) })
		}
	})
	week := func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListWeekCasesProcedure, c.ListWeekCases, &kesiv1.ListWeekCasesRequest{ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCases(b, res.Cases) })
		}
	}
	g.handle("GET /api/cases/week", week)
	g.handle("GET /api/current/this-week-cases", week)
	g.handle("GET /api/cases/{id}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceGetCaseProcedure, c.GetCase, &kesiv1.GetCaseRequest{Id: r.PathValue("id"), ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCase(b, res.Case) })
		}
	})
	// A trailing wildcard: case numbers hold slashes, and a client that
	// forgets to encode them still reaches the case.
	g.handle("GET /api/cases/case/{caseId...}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceGetCaseByCaseIdProcedure, c.GetCaseByCaseId, &kesiv1.GetCaseByCaseIdRequest{CaseId: r.PathValue("caseId"), ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCase(b, res.Case) })
		}
	})
	g.handle("DELETE /api/cases/{id}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceDeleteCaseProcedure, c.DeleteCase, &kesiv1.DeleteCaseRequest{Id: r.PathValue("id")})
		if res != nil {
			writeMessage(w, http.StatusOK, "Case deleted successfully")
		}
	})
	g.handle("GET /api/caseschedule/scheduled", func(w http.ResponseWriter, r *http.Request) {
		day, ok := requiredDate(w, r, "date")
		if !ok {
			return
		}
		res := call(g, w, r, kesiv1connect.CaseServiceListScheduledCasesProcedure, c.ListScheduledCases, &kesiv1.ListScheduledCasesRequest{Date: day, ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCases(b, res.Cases) })
		}
	})
	g.handle("GET /api/casebetween/cases-between", func(w http.ResponseWriter, r *http.Request) {
		start, ok := requiredDate(w, r, "start")
		if !ok {
			return
		}
		end, ok := requiredDate(w, r, "end")
		if !ok {
			return
		}
		res := call(g, w, r, kesiv1connect.CaseServiceListCasesBetweenProcedure, c.ListCasesBetween, &kesiv1.ListCasesBetweenRequest{Start: start, End: end, ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCases(b, res.Cases) })
		}
	})
	g.handle("GET /api/activities/case", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListCaseActivitiesProcedure, c.ListCaseActivities, &kesiv1.ListCaseActivitiesRequest{CaseId: r.URL.Query().Get("caseid")})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendActivities(b, res.Activities) })
		}
	})
	g.handle("GET /api/cases-needing-update", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListCasesNeedingUpdateProcedure, c.ListCasesNeedingUpdate, &kesiv1.ListCasesNeedingUpdateRequest{ReadMask: caseFields})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendNeedingUpdate(b, res) })
		}
	})
	g.handle("PATCH /api/cases-needing-update/mark-updated", func(w http.ResponseWriter, r *http.Request) {
		// SPEC.md's client always sends {"mark_updated": true}; an empty body means the same.
		var in struct {
			MarkUpdated *bool `json:"mark_updated"`
		}
		if !decode(w, r, &in) {
			return
		}
		mark := in.MarkUpdated == nil || *in.MarkUpdated
		res := call(g, w, r, kesiv1connect.CaseServiceMarkCaseUpdatedProcedure, c.MarkCaseUpdated, &kesiv1.MarkCaseUpdatedRequest{Id: r.URL.Query().Get("id"), MarkUpdated: mark})
		if res != nil {
			writeAppended(w, http.StatusOK, func(b []byte) []byte { return appendCase(b, res.Case) })
		}
	})
}
