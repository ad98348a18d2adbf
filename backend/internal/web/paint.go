package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The dashboard as the server paints it (issue 17). A phone opening Kesi without its service
// worker (the first time, or after its storage was cleared) waits seconds for the app's scripts
// on a slow line before it can draw anything of the diary; the server knows who is signed in and
// what is on today, so /dashboard answers with today's matters already drawn. The page is the
// app's own first render, made at build time (frontend/scripts/prerender.mjs) with tokens where
// the advocate's text goes; the app's first render replaces it, drawing the same from Answer.

// Painted is what the dashboard's page shows one signed-in advocate.
type Painted struct {
	// Name is the full name the app shows (never blank: the app greets a blank one otherwise).
	Name string
	// Role is the role's name as the app knows it ("lawyer", "demo").
	Role string
	// Day is today in the courts' time zone (its year, month and day).
	Day time.Time
	// Sittings are today's, in the order of Answer.
	Sittings []Sitting
	// Answer is today's ListScheduledCases answer in the Connect protocol's JSON, which the app
	// puts in its cache before its first render instead of asking again.
	Answer []byte
	// Activities are the ListCaseActivities answers (Connect JSON) of today's cases by case
	// number, from which the cards' last outcomes were drawn: the app takes them too.
	Activities map[string]json.RawMessage
	// User is the signed-in user's id: the app takes Answer only for the user it has stored.
	User string
}

// Sitting is one card of today's matters.
type Sitting struct {
	CaseID string
	// Ref is the case's id when it is a colleague's shared case (its link names it), else "".
	Ref string
	// When is the card's first line: the time, "Time not set" or "Concluded".
	When      string
	Activity  string
	Court     string
	Parties   string
	Attending string // "Wanjiru Kamau (assigned by Otieno Odhiambo)", "" when not assigned
	// Outcome is the last outcome recorded ("" when none is), when OutcomeKnown.
	Outcome      string
	OutcomeKnown bool
}

// A Painter answers what to paint for a request to /dashboard, and false when nothing is to be:
// nobody (or an affiliate) is signed in, or today could not be read.
type Painter func(r *http.Request) (Painted, bool)

// PaintDashboard has /dashboard answer with the matters paint finds drawn in, when the build holds
// the painted page. Only a navigation is painted: the service worker's own copy of the page (it
// asks for /dashboard.html) stays the same for everyone.
func (h *Handler) PaintDashboard(paint Painter) {
	h.paint = paint
}

// painting is the build's template of the painted dashboard: the page, and one sitting's card,
// whose optional parts stand between <!--kesi:part--> and <!--/kesi:part-->; and the page of a day
// without matters, which draws what the app draws then ("" in a build without it: such a day is
// not painted).
type painting struct {
	page, card, empty string
}

func loadPainting(fsys fs.FS) *painting {
	page, err1 := fs.ReadFile(fsys, "dist/.dashboard-paint.html")
	card, err2 := fs.ReadFile(fsys, "dist/.dashboard-card.html")
	if err1 != nil || err2 != nil {
		return nil
	}
	empty, _ := fs.ReadFile(fsys, "dist/.dashboard-empty.html")
	return &painting{page: string(page), card: string(card), empty: string(empty)}
}

// SidebarCookie keeps whether the sidebar is open (SPEC.md section 2); the page is painted with
// it open, so a closed one is not painted.
const sidebarCookie = "sidebar_state"

// wantsPainted says whether r is a browser's plain navigation to the dashboard that the painted
// page can answer.
func (h *Handler) wantsPainted(r *http.Request) bool {
	if h.paint == nil || h.painting == nil || r.Method != http.MethodGet || r.URL.Path != "/dashboard" || r.URL.RawQuery != "" {
		return false
	}
	if r.Header.Get("Sec-Fetch-Dest") != "document" {
		return false
	}
	if c, err := r.Cookie(sidebarCookie); err == nil && c.Value == "false" {
		return false
	}
	return true
}

// servePainted answers true when it wrote the painted dashboard.
func (h *Handler) servePainted(w http.ResponseWriter, r *http.Request) bool {
	p, ok := h.paint(r)
	if !ok || (len(p.Sittings) == 0 && h.painting.empty == "") || strings.TrimSpace(p.Name) == "" {
		// A blank name is drawn by the app as it always was, and a day without matters too when
		// the build has no page for it.
		return false
	}
	body := h.painting.render(p)
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("X-Content-Type-Options", "nosniff")
	pageHeaders(hdr)
	// One person's diary: no cache keeps it, and no cache answers another person with it.
	hdr.Set("Cache-Control", "private, no-store")
	hdr.Set("Vary", "Accept-Encoding, Cookie")
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = gzipBytes(body, gzip.DefaultCompression)
		hdr.Set("Content-Encoding", "gzip")
	}
	hdr.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
	return true
}

// render fills the template in (the day without matters' when p has no sitting), every text
// escaped for HTML.
func (t *painting) render(p Painted) []byte {
	page := t.page
	if len(p.Sittings) == 0 {
		page = t.empty
	}
	var cards strings.Builder
	for _, s := range p.Sittings {
		cards.WriteString(t.renderCard(s))
	}
	// What frontend/src/app/offline/painted.ts reads. In a script element "</script>" and "<!--"
	// must not appear: '<', '>' and '&' are escaped.
	data, _ := json.Marshal(struct {
		User       string                     `json:"user"`
		Day        string                     `json:"day"`
		Answer     json.RawMessage            `json:"answer"`
		Activities map[string]json.RawMessage `json:"activities"`
	}{p.User, p.Day.Format(time.DateOnly), p.Answer, p.Activities})
	var answer bytes.Buffer
	json.HTMLEscape(&answer, data)
	e := html.EscapeString
	return []byte(strings.NewReplacer(
		"@@NAME@@", e(p.Name),
		"@@ROLE@@", e(roleLabel(p.Role)),
		"@@INITIALS@@", e(initials(p.Name)),
		"@@DATE@@", e(longDate(p.Day)),
		"@@COUNT@@", strconv.Itoa(len(p.Sittings)),
		"@@CARDS@@", cards.String(),
		"@@DATA@@", answer.String(),
	).Replace(page))
}

func (t *painting) renderCard(s Sitting) string {
	card := t.card
	for _, part := range []struct {
		name string
		keep bool
	}{
		{"activity", s.Activity != ""}, {"court", s.Court != ""}, {"parties", s.Parties != ""}, {"attending", s.Attending != ""},
		{"outcome", s.OutcomeKnown && s.Outcome != ""}, {"nooutcome", s.OutcomeKnown && s.Outcome == ""}, {"outcomeloading", !s.OutcomeKnown},
	} {
		card = optionalPart(card, part.name, part.keep)
	}
	e := html.EscapeString
	return strings.NewReplacer(
		"@@CASEID@@", e(s.CaseID),
		"@@HREF@@", e(caseLink(s.CaseID, s.Ref)),
		"@@WHEN@@", e(s.When),
		"@@ACTIVITY@@", e(s.Activity),
		"@@COURT@@", e(s.Court),
		"@@PARTIES@@", e(s.Parties),
		"@@ATTENDING@@", e(s.Attending),
		"@@OUTCOME@@", e(s.Outcome),
	).Replace(card)
}

// optionalPart keeps the part's HTML (without its markers) or leaves it out.
func optionalPart(card, name string, keep bool) string {
	open, end := "<!--kesi:"+name+"-->", "<!--/kesi:"+name+"-->"
	for {
		i := strings.Index(card, open)
		j := strings.Index(card, end)
		if i < 0 || j < i {
			return card
		}
		if keep {
			card = card[:i] + card[i+len(open):j] + card[j+len(end):]
		} else {
			card = card[:i] + card[j+len(end):]
		}
	}
}

// caseLink is the web app's path of a case (frontend/src/lib/caseLinks.ts).
func caseLink(caseID, ref string) string {
	link := "/cases/" + encodeURIComponent(caseID)
	if ref != "" {
		link += "?ref=" + encodeURIComponent(ref)
	}
	return link
}

// encodeURIComponent escapes s as JavaScript's function of that name does.
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)>>4, 16)+strconv.FormatUint(uint64(c)&15, 16)))
	}
	return b.String()
}

// roleLabel is "Lawyer" for "lawyer" (frontend/src/app/session/user.ts).
func roleLabel(role string) string {
	if role == "" {
		return "User"
	}
	r, n := utf8.DecodeRuneInString(role)
	return string(unicode.ToUpper(r)) + role[n:]
}

// initials is "WK" for "Wanjiru Kamau" (frontend/src/app/session/user.ts).
func initials(name string) string {
	var b strings.Builder
	for i, word := range strings.Fields(name) {
		if i == 2 {
			break
		}
		r, _ := utf8.DecodeRuneInString(word)
		b.WriteString(strings.ToUpper(string(r)))
	}
	return b.String()
}

// longDate is "Sunday 6 December 2026" (frontend/src/lib/dates.ts, formatLongDate).
func longDate(day time.Time) string {
	return day.Format("Monday 2 January 2006")
}
