package gateway

import (
	"net/http"

	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/kesihq/kesi/backend/internal/errs"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// caseJSON is the documented case of SPEC.md section 3. Dates are
// "YYYY-MM-DD" or null.
type caseJSON struct {
	ID           string  `json:"id"`
	CaseID       string  `json:"case_id"`
	Parties      string  `json:"parties"`
	LawCourt     string  `json:"law_court"`
	FilingDate   *string `json:"filing_date"`
	ActivityDate *string `json:"activity_date"`
	Status       string  `json:"status"`
	Notes        string  `json:"notes"`
	CaseType     string  `json:"case_type"`
	Time         string  `json:"time"`
	MarkUpdated  bool    `json:"mark_updated"`
	Activity     string  `json:"activity"`
}

// caseFields are the fields of caseJSON: the read mask (AIP-157) of the
// door's case reads. The door shows no client links, so the store does not
// look them up (a subquery a case; the list of all cases cost Postgres two
// and a half times as much with them). Read, never changed.
var caseFields = &fieldmaskpb.FieldMask{Paths: []string{"id", "case_id", "parties", "law_court", "filing_date",
	"activity_date", "status", "notes", "case_type", "time", "mark_updated", "activity"}}

// activityJSON is the documented case activity of SPEC.md section 3.
type activityJSON struct {
	ID           string  `json:"id"`
	Activity     string  `json:"activity"`
	ActivityDate *string `json:"activity_date"`
	ClientName   string  `json:"client_name"`
	CaseID       string  `json:"case_id"`
	LawCourt     string  `json:"law_court"`
	Outcome      string  `json:"outcome"`
	Time         string  `json:"time"`
}

// statsJSON and needingUpdateJSON are the cases-needing-update answer.
type statsJSON struct {
	MarkedUpdated int32 `json:"marked_updated"`
	Notification  int32 `json:"notification"`
	Total         int32 `json:"total"`
}

type needingUpdateJSON struct {
	Stats statsJSON  `json:"stats"`
	Cases []caseJSON `json:"cases"`
}

// optDate is a proto date as "YYYY-MM-DD", or nil when unset.
func optDate(d *date.Date) *string {
	s := dateString(d)
	if s == "" {
		return nil
	}
	return &s
}

func toCaseJSON(c *kesiv1.Case) caseJSON {
	return caseJSON{
		ID:           c.Id,
		CaseID:       c.CaseId,
		Parties:      c.Parties,
		LawCourt:     c.LawCourt,
		FilingDate:   optDate(c.FilingDate),
		ActivityDate: optDate(c.ActivityDate),
		Status:       c.Status,
		Notes:        c.Notes,
		CaseType:     c.CaseType,
		Time:         c.Time,
		MarkUpdated:  c.MarkUpdated,
		Activity:     c.Activity,
	}
}

// toCasesJSON is always an array, never null: list endpoints answer [] when empty.
func toCasesJSON(cs []*kesiv1.Case) []caseJSON {
	out := make([]caseJSON, len(cs))
	for i, c := range cs {
		out[i] = toCaseJSON(c)
	}
	return out
}

func toActivityJSON(a *kesiv1.Activity) activityJSON {
	return activityJSON{
		ID:           a.Id,
		Activity:     a.Activity,
		ActivityDate: optDate(a.ActivityDate),
		ClientName:   a.ClientName,
		CaseID:       a.CaseId,
		LawCourt:     a.LawCourt,
		Outcome:      a.Outcome,
		Time:         a.Time,
	}
}

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
			writeJSON(w, http.StatusOK, toCasesJSON(res.Cases))
		}
	})
	week := func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListWeekCasesProcedure, c.ListWeekCases, &kesiv1.ListWeekCasesRequest{ReadMask: caseFields})
		if res != nil {
			writeJSON(w, http.StatusOK, toCasesJSON(res.Cases))
		}
	}
	g.handle("GET /api/cases/week", week)
	g.handle("GET /api/current/this-week-cases", week)
	g.handle("GET /api/cases/{id}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceGetCaseProcedure, c.GetCase, &kesiv1.GetCaseRequest{Id: r.PathValue("id"), ReadMask: caseFields})
		if res != nil {
			writeJSON(w, http.StatusOK, toCaseJSON(res.Case))
		}
	})
	// A trailing wildcard: case numbers hold slashes, and a client that
	// forgets to encode them still reaches the case.
	g.handle("GET /api/cases/case/{caseId...}", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceGetCaseByCaseIdProcedure, c.GetCaseByCaseId, &kesiv1.GetCaseByCaseIdRequest{CaseId: r.PathValue("caseId"), ReadMask: caseFields})
		if res != nil {
			writeJSON(w, http.StatusOK, toCaseJSON(res.Case))
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
			writeJSON(w, http.StatusOK, toCasesJSON(res.Cases))
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
			writeJSON(w, http.StatusOK, toCasesJSON(res.Cases))
		}
	})
	g.handle("GET /api/activities/case", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListCaseActivitiesProcedure, c.ListCaseActivities, &kesiv1.ListCaseActivitiesRequest{CaseId: r.URL.Query().Get("caseid")})
		if res != nil {
			out := make([]activityJSON, len(res.Activities))
			for i, a := range res.Activities {
				out[i] = toActivityJSON(a)
			}
			writeJSON(w, http.StatusOK, out)
		}
	})
	g.handle("GET /api/cases-needing-update", func(w http.ResponseWriter, r *http.Request) {
		res := call(g, w, r, kesiv1connect.CaseServiceListCasesNeedingUpdateProcedure, c.ListCasesNeedingUpdate, &kesiv1.ListCasesNeedingUpdateRequest{ReadMask: caseFields})
		if res != nil {
			s := res.GetStats()
			writeJSON(w, http.StatusOK, needingUpdateJSON{
				Stats: statsJSON{MarkedUpdated: s.GetMarkedUpdated(), Notification: s.GetNotification(), Total: s.GetTotal()},
				Cases: toCasesJSON(res.Cases),
			})
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
			writeJSON(w, http.StatusOK, toCaseJSON(res.Case))
		}
	})
}
