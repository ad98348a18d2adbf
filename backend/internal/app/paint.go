package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/kesihq/kesi/backend/internal/cases"
	"github.com/kesihq/kesi/backend/internal/role"
	"github.com/kesihq/kesi/backend/internal/web"
	"github.com/kesihq/kesi/ent/civil"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

// paintTimeout bounds what painting adds to the dashboard's first byte.
const paintTimeout = 300 * time.Millisecond

// dashboardPainter finds what the dashboard's page is painted with (web.Painter): who is signed in
// and today's sittings, asked of api (the Connect door behind authentication) with the request's
// own cookies, so that the same rules as the app's own calls decide what the page shows: an
// expired session, an unpaid plan or a colleague's unshared case paints nothing. Only a live access
// cookie paints: the painter never refreshes a session, since rotating the refresh token outside
// the app would race the app's own refresh in another tab (a reuse, which revokes the session).
func dashboardPainter(api http.Handler, today func() civil.Date) web.Painter {
	return func(r *http.Request) (web.Painted, bool) {
		if len(r.Cookies()) == 0 {
			return web.Painted{}, false
		}
		// The page waits for these calls: a slow database answers the plain page rather than a
		// late one, and a case whose activities did not come in time is drawn loading.
		ctx, cancel := context.WithTimeout(r.Context(), paintTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		var me kesiv1.MeResponse
		if !callInside(api, r, kesiv1connect.AuthServiceMeProcedure, &kesiv1.MeRequest{}, &me) {
			return web.Painted{}, false
		}
		who, ok := role.FromProto(me.GetUser().GetRole())
		// The page is the app's first render for a lawyer (the demo's adds below the fold).
		if !ok || (who != role.Lawyer && who != role.Demo) {
			return web.Painted{}, false
		}
		day := today()
		req := &kesiv1.ListScheduledCasesRequest{Date: cases.DateToProto(day)}
		var answer kesiv1.ListScheduledCasesResponse
		if !callInside(api, r, kesiv1connect.CaseServiceListScheduledCasesProcedure, req, &answer) {
			return web.Painted{}, false
		}
		// The answer as the app would have had it: the same call, in the Connect protocol's JSON.
		raw, err := protojson.Marshal(&answer)
		if err != nil {
			return web.Painted{}, false
		}
		p := web.Painted{Name: me.GetUser().GetFullname(), Role: string(who), Answer: raw, User: me.GetUser().GetId(),
			Day: time.Date(day.Year, day.Month, day.Day, 0, 0, 0, 0, time.UTC), Activities: map[string]json.RawMessage{}}
		// Each case's activities, as the cards ask for them to show the last outcome: one that
		// cannot be read is drawn loading, and the app asks again.
		outcomes := map[string]*string{}
		for _, c := range answer.GetCases() {
			id := c.GetCaseId()
			if _, done := outcomes[id]; done {
				continue
			}
			outcomes[id] = nil
			var acts kesiv1.ListCaseActivitiesResponse
			if !callInside(api, r, kesiv1connect.CaseServiceListCaseActivitiesProcedure, &kesiv1.ListCaseActivitiesRequest{CaseId: id}, &acts) {
				continue
			}
			raw, err := protojson.Marshal(&acts)
			if err != nil {
				continue
			}
			p.Activities[id] = raw
			last := lastOutcome(acts.GetActivities())
			outcomes[id] = &last
		}
		for i, c := range answer.GetCases() {
			s := web.Sitting{CaseID: c.GetCaseId(), Activity: c.GetActivity(), Court: c.GetLawCourt(), Parties: c.GetParties(), When: c.GetTime()}
			if c.GetSharedWithMe() {
				s.Ref = c.GetId()
			}
			if last := outcomes[c.GetCaseId()]; last != nil {
				s.Outcome, s.OutcomeKnown = *last, true
			}
			if c.GetConcluded() || cases.Concludes(c.GetStatus()) {
				s.When = "Concluded"
			} else if s.When == "" {
				s.When = "Time not set"
			}
			if i < len(answer.GetEntries()) {
				if sitting := answer.GetEntries()[i].GetSitting(); sitting.GetAttendedByName() != "" {
					s.Attending = sitting.GetAttendedByName()
					if by := sitting.GetAssignedByName(); by != "" {
						s.Attending += " (assigned by " + by + ")"
					}
				}
			}
			p.Sittings = append(p.Sittings, s)
		}
		return p, true
	}
}

// lastOutcome is the first of acts with an outcome, as the app reads it (api/cases.ts,
// useLastOutcomes): "" when none has one.
func lastOutcome(acts []*kesiv1.Activity) string {
	for _, a := range acts {
		if strings.TrimSpace(a.GetOutcome()) != "" {
			return a.GetOutcome()
		}
	}
	return ""
}

// callInside makes the Connect call procedure through api as the browser of r would (its cookies),
// in the JSON codec, and answers whether it succeeded with out filled.
func callInside(api http.Handler, r *http.Request, procedure string, in, out proto.Message) bool {
	body, err := protojson.Marshal(in)
	if err != nil {
		return false
	}
	req, err := http.NewRequestWithContext(r.Context(), http.MethodPost, procedure, bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	for _, c := range r.Cookies() {
		req.AddCookie(c)
	}
	req.RemoteAddr = r.RemoteAddr
	rec := &answerRecorder{header: http.Header{}, status: http.StatusOK}
	api.ServeHTTP(rec, req)
	if rec.status != http.StatusOK {
		return false
	}
	return (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(rec.body.Bytes(), out) == nil
}

// answerRecorder keeps an answer made inside the server.
type answerRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (a *answerRecorder) Header() http.Header { return a.header }

func (a *answerRecorder) WriteHeader(status int) {
	if !a.wrote {
		a.status, a.wrote = status, true
	}
}

func (a *answerRecorder) Write(b []byte) (int, error) {
	a.wrote = true
	return a.body.Write(b)
}
