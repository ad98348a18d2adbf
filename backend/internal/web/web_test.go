package web

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func testHandler(t *testing.T) *Handler {
	t.Helper()
	h, err := load(fstest.MapFS{
		"dist/index.html":                   {Data: []byte("<!doctype html><div id=root></div>")},
		"dist/assets/app-1.js":              {Data: []byte(strings.Repeat("console.log('kesi');", 100))},
		"dist/favicon.svg":                  {Data: []byte("<svg/>")},
		"dist/sw.js":                        {Data: []byte("self.addEventListener('fetch', () => {});")},
		"dist/manifest.webmanifest":         {Data: []byte(`{"name":"Kesi"}`)},
		"dist/login.html":                   {Data: []byte("<!doctype html><div id=root><h1>Sign in</h1></div>")},
		"dist/root.html":                    {Data: []byte("<!doctype html><div id=root><h1>Kesi</h1></div>")},
		"dist/downloads/kesi-extension.zip": {Data: []byte("PK\x03\x04 the extension")},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(h http.Handler, path, encoding string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	if encoding != "" {
		r.Header.Set("Accept-Encoding", encoding)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestClientRouteAnswersIndex(t *testing.T) {
	h := testHandler(t)
	for _, p := range []string{"/", "/dashboard", "/cases/MCCC%2FE3574%2F2022", "/verify-reset-code"} {
		w := get(h, p, "")
		if w.Code != 200 || !strings.Contains(w.Body.String(), "id=root") {
			t.Errorf("GET %s = %d %q, want the app's index.html", p, w.Code, w.Body.String())
		}
		if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s Cache-Control = %q, want no-cache so new releases load", p, cc)
		}
	}
}

func TestAssetsAreImmutableAndGzipped(t *testing.T) {
	h := testHandler(t)
	w := get(h, "/assets/app-1.js", "gzip, br")
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET asset = %d, encoding %q; want 200 gzip", w.Code, w.Header().Get("Content-Encoding"))
	}
	if !strings.Contains(w.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("hashed asset Cache-Control = %q, want immutable", w.Header().Get("Cache-Control"))
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(body), "console.log") {
		t.Errorf("gunzipped body = %.20q", body)
	}
	if w := get(h, "/assets/app-1.js", ""); w.Header().Get("Content-Encoding") != "" {
		t.Errorf("client without gzip got Content-Encoding %q", w.Header().Get("Content-Encoding"))
	}
}

func TestMissingAssetIs404(t *testing.T) {
	if w := get(testHandler(t), "/assets/gone-2.js", ""); w.Code != http.StatusNotFound {
		t.Errorf("GET a missing asset = %d, want 404 rather than index.html", w.Code)
	}
}

func TestPrerenderedPagesAnswerTheirHTML(t *testing.T) {
	h := testHandler(t)
	for p, want := range map[string]string{"/login": "Sign in", "/": "<h1>Kesi</h1>", "/dashboard": "id=root></div>"} {
		w := get(h, p, "")
		if w.Code != 200 || !strings.Contains(w.Body.String(), want) {
			t.Errorf("GET %s = %d %q, want %q", p, w.Code, w.Body.String(), want)
		}
		if w.Header().Get("X-Frame-Options") != "DENY" || w.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s headers = %v, want DENY framing and no-cache", p, w.Header())
		}
	}
}

func TestServiceWorkerAndManifestAreNeverPinned(t *testing.T) {
	h := testHandler(t)
	for p, ct := range map[string]string{"/sw.js": "javascript", "/manifest.webmanifest": "application/manifest+json"} {
		w := get(h, p, "")
		if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Type"), ct) {
			t.Errorf("GET %s = %d %q, want 200 %s", p, w.Code, w.Header().Get("Content-Type"), ct)
		}
		if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s Cache-Control = %q, want no-cache so a new release's worker is found", p, cc)
		}
	}
}

func TestExtensionDownloadIsAnAttachment(t *testing.T) {
	w := get(testHandler(t), "/downloads/kesi-extension.zip", "gzip")
	if w.Code != 200 || !strings.HasPrefix(w.Body.String(), "PK") {
		t.Fatalf("GET the extension = %d %.20q, want the zip", w.Code, w.Body.String())
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/zip" {
		t.Errorf("Content-Type = %q, want application/zip", ct)
	}
	if cd := w.Header().Get("Content-Disposition"); cd != `attachment; filename="kesi-extension.zip"` {
		t.Errorf("Content-Disposition = %q, want an attachment named kesi-extension.zip", cd)
	}
	if w.Header().Get("Content-Encoding") != "" {
		t.Errorf("a zip was gzipped again")
	}
}

func TestMissingDownloadIs404(t *testing.T) {
	if w := get(testHandler(t), "/downloads/other.zip", ""); w.Code != http.StatusNotFound {
		t.Errorf("GET a missing download = %d, want 404 rather than index.html saved as a zip", w.Code)
	}
}

// Every inline script of the pages, and nothing else, is allowed by its hash: a script with src
// is the app's own file, and a page's script that changes must change its hash.
func TestInlineScriptsAreThePagesInlineScripts(t *testing.T) {
	paint := "\n  (function () { document.getElementById('root').dataset.x = '<b>'; })();\n"
	h, err := load(fstest.MapFS{
		"dist/index.html":      {Data: []byte(`<!doctype html><script type="module" crossorigin src="/assets/app-1.js"></script><div id=root></div><script>` + paint + `</script>`)},
		"dist/dashboard.html":  {Data: []byte(`<!doctype html><div id=root></div><script>` + paint + `</script><SCRIPT type="text/javascript">1</SCRIPT>`)},
		"dist/sw.js":           {Data: []byte(`importScripts("<script>2</script>")`)},
		"dist/assets/app-1.js": {Data: []byte("console.log('kesi')")},
	})
	if err != nil {
		t.Fatal(err)
	}
	sum := func(s string) string {
		b := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(b[:]) + "'"
	}
	got := h.InlineScripts()
	slices.Sort(got)
	want := []string{sum(paint), sum("1")}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("InlineScripts() = %q, want %q", got, want)
	}
}
