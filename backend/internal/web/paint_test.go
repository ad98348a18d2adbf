package web

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// A painting shaped as frontend/scripts/prerender.mjs writes it: the page with its tokens, and the
// card with its optional parts and the three ways of drawing the last outcome between markers.
const (
	paintPage = `<!doctype html><div id="root" data-painted="/dashboard"><h1>Welcome back, @@NAME@@</h1>` +
		`<span title="@@NAME@@">@@INITIALS@@</span><span>@@ROLE@@</span><p>@@DATE@@</p><p><span data-testid="stat-today">@@COUNT@@</span> today</p>` +
		`<section>@@CARDS@@</section></div><script type="application/json" id="kesi-painted">@@DATA@@</script>`
	paintCard = `<article aria-label="@@CASEID@@"><p>@@WHEN@@</p><!--kesi:activity--><div class="badge">@@ACTIVITY@@</div><!--/kesi:activity-->` +
		`<!--kesi:court--><p class="court">@@COURT@@</p><!--/kesi:court--><a href="@@HREF@@">@@CASEID@@</a>` +
		`<!--kesi:parties--><p class="parties">@@PARTIES@@</p><!--/kesi:parties-->` +
		`<!--kesi:attending--><p class="attending">Attending: @@ATTENDING@@</p><!--/kesi:attending-->` +
		`<!--kesi:outcome--><p class="outcome">Last outcome: @@OUTCOME@@</p><!--/kesi:outcome-->` +
		`<!--kesi:nooutcome--><p class="nooutcome">No outcome recorded yet</p><!--/kesi:nooutcome-->` +
		`<!--kesi:outcomeloading--><div class="loading">Last outcome</div><!--/kesi:outcomeloading-->` +
		`<button aria-label="Record outcome for @@CASEID@@">Record outcome</button></article>`
	// The page of a day without matters: no card, the app's "none today" drawn in.
	paintEmpty = `<!doctype html><div id="root" data-painted="/dashboard"><h1>Welcome back, @@NAME@@</h1>` +
		`<span title="@@NAME@@">@@INITIALS@@</span><span>@@ROLE@@</span><p>@@DATE@@</p><p><span data-testid="stat-today">0</span> today</p>` +
		`<p>No cases scheduled for today</p></div><script type="application/json" id="kesi-painted">@@DATA@@</script>`
	plainDashboard = `<!doctype html><div id="root"></div>`
)

func paintHandler(t *testing.T, paint Painter) *Handler {
	t.Helper()
	h, err := load(fstest.MapFS{
		"dist/index.html":             {Data: []byte("<!doctype html><div id=root></div>")},
		"dist/dashboard.html":         {Data: []byte(plainDashboard)},
		"dist/.dashboard-paint.html":  {Data: []byte(paintPage)},
		"dist/.dashboard-card.html":   {Data: []byte(paintCard)},
		"dist/.dashboard-empty.html":  {Data: []byte(paintEmpty)},
		"dist/assets/app-1.js":        {Data: []byte("console.log('kesi')")},
		"dist/manifest.webmanifest":   {Data: []byte(`{"name":"Kesi"}`)},
		"dist/downloads/.placeholder": {Data: nil},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.PaintDashboard(paint)
	return h
}

// navigate is a browser's navigation to path: what the painting answers.
func navigate(h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, nil)
	r.Header.Set("Sec-Fetch-Dest", "document")
	for k, v := range header {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func achiengsDay() Painted {
	return Painted{
		Name: "Achieng Ötieno",
		Role: "lawyer",
		Day:  time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC),
		User: "u-1",
		Sittings: []Sitting{
			{CaseID: "HCCC/E12/2024", When: "09:30", Activity: "Hearing", Court: "Milimani Law Courts", Parties: `Wanjiru <b>Holdings</b> & Sons v "Otieno"`,
				Outcome: "Part heard; defence witness to attend.", OutcomeKnown: true},
			{CaseID: "MCCC/E7/2025", Ref: "c-7", When: "Time not set", Attending: "Otieno Odhiambo (assigned by Achieng Ötieno)", OutcomeKnown: true},
			{CaseID: "ELC 1 of 2025", When: "Concluded", Parties: "Republic v Kamau"},
		},
		Answer:     []byte(`{"cases":[{"caseId":"HCCC/E12/2024","parties":"</script><script>alert(1)</script><!--"}]}`),
		Activities: map[string]json.RawMessage{"HCCC/E12/2024": json.RawMessage(`{"activities":[{"outcome":"Part heard"}]}`)},
	}
}

func TestDashboardIsPaintedWithTheAdvocatesDay(t *testing.T) {
	var asked *http.Request
	h := paintHandler(t, func(r *http.Request) (Painted, bool) {
		asked = r
		return achiengsDay(), true
	})
	w := navigate(h, http.MethodGet, "/dashboard", map[string]string{"Cookie": "kesi_access=a"})
	if asked == nil || asked.Header.Get("Cookie") != "kesi_access=a" {
		t.Fatal("the painter was not asked with the browser's request")
	}
	body := w.Body.String()
	if w.Code != 200 || !strings.Contains(body, `data-painted="/dashboard"`) {
		t.Fatalf("GET /dashboard = %d %q, want the painted page", w.Code, body)
	}
	for _, want := range []string{
		"<h1>Welcome back, Achieng Ötieno</h1>",
		`<span title="Achieng Ötieno">AÖ</span><span>Lawyer</span><p>Wednesday 15 January 2025</p>`,
		`<span data-testid="stat-today">3</span> today`,
		// Each card as the app draws it, the advocate's text escaped.
		`<article aria-label="HCCC/E12/2024"><p>09:30</p><div class="badge">Hearing</div><p class="court">Milimani Law Courts</p>` +
			`<a href="/cases/HCCC%2FE12%2F2024">HCCC/E12/2024</a><p class="parties">Wanjiru &lt;b&gt;Holdings&lt;/b&gt; &amp; Sons v &#34;Otieno&#34;</p>` +
			`<p class="outcome">Last outcome: Part heard; defence witness to attend.</p><button aria-label="Record outcome for HCCC/E12/2024">`,
		// A colleague's shared case links by its id; no outcome yet is said so.
		`<article aria-label="MCCC/E7/2025"><p>Time not set</p><a href="/cases/MCCC%2FE7%2F2025?ref=c-7">MCCC/E7/2025</a>` +
			`<p class="attending">Attending: Otieno Odhiambo (assigned by Achieng Ötieno)</p><p class="nooutcome">No outcome recorded yet</p><button`,
		// An outcome the server could not read is drawn loading, as the app draws it.
		`<article aria-label="ELC 1 of 2025"><p>Concluded</p><a href="/cases/ELC%201%20of%202025">ELC 1 of 2025</a>` +
			`<p class="parties">Republic v Kamau</p><div class="loading">Last outcome</div><button`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the painted page lacks\n%s\nin\n%s", want, body)
		}
	}
	if strings.Contains(body, "<!--kesi:") || strings.Contains(body, "@@") || strings.Contains(body, "<b>") {
		t.Errorf("markers, tokens or unescaped text are left in %s", body)
	}
	// The answers for the app's cache stay inside their script element, whatever they hold.
	if strings.Count(body, "<script") != 1 || strings.Count(body, "</script>") != 1 || strings.Contains(body, "<!--\"") {
		t.Errorf("the painted data breaks out of its script element: %s", body)
	}
	for _, want := range []string{`"user":"u-1"`, `"day":"2025-01-15"`, `\u003c/script\u003e\u003cscript\u003ealert(1)`, `"activities":{"HCCC/E12/2024":{"activities":[{"outcome":"Part heard"}]}}`} {
		if !strings.Contains(body, want) {
			t.Errorf("the painted data lacks %s: %s", want, body)
		}
	}
	hdr := w.Header()
	if hdr.Get("Cache-Control") != "private, no-store" || !strings.Contains(hdr.Get("Vary"), "Cookie") || hdr.Get("ETag") != "" {
		t.Errorf("the painted page may be kept: Cache-Control %q, Vary %q, ETag %q", hdr.Get("Cache-Control"), hdr.Get("Vary"), hdr.Get("ETag"))
	}
	if hdr.Get("Content-Type") != "text/html; charset=utf-8" || hdr.Get("X-Frame-Options") != "DENY" {
		t.Errorf("headers %v", hdr)
	}

	// Gzipped for a browser that takes it, the same page.
	z := navigate(h, http.MethodGet, "/dashboard", map[string]string{"Accept-Encoding": "gzip, br"})
	zr, err := gzip.NewReader(z.Body)
	if err != nil || z.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: %v, Content-Encoding %q", err, z.Header().Get("Content-Encoding"))
	}
	if unzipped, _ := io.ReadAll(zr); string(unzipped) != body {
		t.Error("the gzipped page is not the page")
	}
}

func TestDashboardIsNotPaintedOutsideANavigationOfIt(t *testing.T) {
	day := achiengsDay()
	for _, tc := range []struct {
		name   string
		method string
		path   string
		header map[string]string
		paint  Painter
	}{
		{"the service worker's copy", "GET", "/dashboard.html", nil, nil},
		{"a fetch, not a navigation", "GET", "/dashboard", map[string]string{"Sec-Fetch-Dest": "empty"}, nil},
		{"a browser that does not say", "GET", "/dashboard", map[string]string{"Sec-Fetch-Dest": ""}, nil},
		{"HEAD", "HEAD", "/dashboard", nil, nil},
		{"an address with a query", "GET", "/dashboard?tab=week", nil, nil},
		{"another screen", "GET", "/cases", nil, nil},
		{"the sidebar closed (painted open)", "GET", "/dashboard", map[string]string{"Cookie": "sidebar_state=false"}, nil},
		{"nobody signed in", "GET", "/dashboard", nil, func(*http.Request) (Painted, bool) { return Painted{}, false }},
		{"a blank name", "GET", "/dashboard", nil, func(*http.Request) (Painted, bool) {
			p := day
			p.Name = "  "
			return p, true
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			paint := tc.paint
			if paint == nil {
				paint = func(*http.Request) (Painted, bool) { return day, true }
			}
			w := navigate(paintHandler(t, paint), tc.method, tc.path, tc.header)
			if w.Code != 200 || strings.Contains(w.Body.String(), "data-painted") || w.Header().Get("Cache-Control") != "no-cache" {
				t.Errorf("%s %s = %d %q (Cache-Control %q), want the page unpainted", tc.method, tc.path, w.Code, w.Body.String(), w.Header().Get("Cache-Control"))
			}
		})
	}
}

func TestADayWithoutMattersIsPaintedAsTheAppDrawsIt(t *testing.T) {
	day := achiengsDay()
	day.Name = `Wanjiru <Kamau>`
	day.Sittings, day.Activities = nil, map[string]json.RawMessage{}
	day.Answer = []byte(`{}`)
	h := paintHandler(t, func(*http.Request) (Painted, bool) { return day, true })
	w := navigate(h, http.MethodGet, "/dashboard", nil)
	body := w.Body.String()
	want := `<!doctype html><div id="root" data-painted="/dashboard"><h1>Welcome back, Wanjiru &lt;Kamau&gt;</h1>` +
		`<span title="Wanjiru &lt;Kamau&gt;">W&lt;</span><span>Lawyer</span><p>Wednesday 15 January 2025</p>` +
		`<p><span data-testid="stat-today">0</span> today</p><p>No cases scheduled for today</p></div>` +
		`<script type="application/json" id="kesi-painted">{"user":"u-1","day":"2025-01-15","answer":{},"activities":{}}</script>`
	if w.Code != 200 || body != want || w.Header().Get("Cache-Control") != "private, no-store" {
		t.Errorf("GET /dashboard = %d (Cache-Control %q)\n%s\nwant\n%s", w.Code, w.Header().Get("Cache-Control"), body, want)
	}

	// A build without the day's page leaves such a day to the app, as before it had one.
	h, err := load(fstest.MapFS{
		"dist/index.html":            {Data: []byte("<!doctype html><div id=root></div>")},
		"dist/dashboard.html":        {Data: []byte(plainDashboard)},
		"dist/.dashboard-paint.html": {Data: []byte(paintPage)},
		"dist/.dashboard-card.html":  {Data: []byte(paintCard)},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.PaintDashboard(func(*http.Request) (Painted, bool) { return day, true })
	if w := navigate(h, "GET", "/dashboard", nil); w.Body.String() != plainDashboard {
		t.Errorf("GET /dashboard = %q, want dashboard.html", w.Body.String())
	}
	// And a day with matters is painted there still.
	h.PaintDashboard(func(*http.Request) (Painted, bool) { return achiengsDay(), true })
	if w := navigate(h, "GET", "/dashboard", nil); !strings.Contains(w.Body.String(), `<span data-testid="stat-today">3</span>`) {
		t.Errorf("GET /dashboard = %q, want the painted day", w.Body.String())
	}
}

func TestABuildWithoutThePaintingServesThePlainDashboard(t *testing.T) {
	h, err := load(fstest.MapFS{
		"dist/index.html":     {Data: []byte("<!doctype html><div id=root></div>")},
		"dist/dashboard.html": {Data: []byte(plainDashboard)},
	})
	if err != nil {
		t.Fatal(err)
	}
	h.PaintDashboard(func(*http.Request) (Painted, bool) { return achiengsDay(), true })
	if w := navigate(h, "GET", "/dashboard", nil); w.Body.String() != plainDashboard {
		t.Errorf("GET /dashboard = %q, want dashboard.html", w.Body.String())
	}
}

func TestPaintedTextIsTheAppsText(t *testing.T) {
	// As JavaScript's encodeURIComponent answers.
	for in, want := range map[string]string{
		"MCCC/E3574/2022":         "MCCC%2FE3574%2F2022",
		"Ötieno (a minor)!*'~._-": "%C3%96tieno%20(a%20minor)!*'~._-",
		"a?b#c&d=e+f%":            "a%3Fb%23c%26d%3De%2Bf%25",
	} {
		if got := encodeURIComponent(in); got != want {
			t.Errorf("encodeURIComponent(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"Wanjiru Kamau": "WK", "  wanjiru   kamau otieno ": "WK", "ödön": "Ö", "": ""} {
		if got := initials(in); got != want {
			t.Errorf("initials(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{"lawyer": "Lawyer", "demo": "Demo", "": "User"} {
		if got := roleLabel(in); got != want {
			t.Errorf("roleLabel(%q) = %q, want %q", in, got, want)
		}
	}
	if got := longDate(time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC)); got != "Sunday 6 December 2026" {
		t.Errorf("longDate = %q", got)
	}
}
