// Package web serves the single-page app built into the binary. A public page
// prerendered at build time (/login answers login.html) is served as such; any
// other path that is not a file answers index.html so that client-side routes
// load directly. /downloads/ holds files to save (the packaged browser extension,
// which `make build` puts there). Text assets are gzipped once at start, not on every request.
//
// Only /assets/ (content-hashed names) may be cached for long: everything else,
// the service worker sw.js above all, is "no-cache", so that a browser always
// asks whether a new release is out and a stale worker never pins an old app.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/kesihq/kesi/gen/openapi"
)

//go:embed all:dist
var dist embed.FS

type asset struct {
	body, gzipped []byte
	contentType   string
	etag          string
	immutable     bool
}

// Handler serves the embedded app.
type Handler struct {
	assets map[string]*asset
	index  *asset
	// scripts are the CSP hashes of the pages' inline scripts.
	scripts []string
	// painting is the dashboard's page to paint, when the build has one; paint finds what goes
	// into it (paint.go).
	painting *painting
	paint    Painter
}

// New loads the embedded build. Without a build (a plain `go build` before
// the web app was built) every page says how to build it.
func New() (*Handler, error) {
	h, err := load(dist)
	if err != nil {
		return nil, err
	}
	h.addOpenAPI()
	return h, nil
}

// OpenAPIPath is where the OpenAPI description of the Connect API is served
// (gen/openapi, generated from proto/ by `make generate`).
const OpenAPIPath = "/openapi.yaml"

// addOpenAPI serves gen/openapi's file as application/yaml (RFC 9512).
func (h *Handler) addOpenAPI() {
	sum := sha256.Sum256(openapi.YAML)
	h.assets[OpenAPIPath] = &asset{body: openapi.YAML, gzipped: gzipBytes(openapi.YAML, gzip.BestCompression),
		contentType: "application/yaml", etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}

func load(fsys fs.FS) (*Handler, error) {
	h := &Handler{assets: map[string]*asset{}}
	err := fs.WalkDir(fsys, "dist", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(p, "dist")
		a := &asset{body: body, contentType: contentType(name), immutable: strings.HasPrefix(name, "/assets/")}
		sum := sha256.Sum256(body)
		a.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
		if compressible(a.contentType) && len(body) > 512 {
			a.gzipped = gzipBytes(body, gzip.BestCompression)
		}
		h.assets[name] = a
		if path.Ext(name) == ".html" {
			for _, src := range inlineScripts(body) {
				if sum := "'sha256-" + base64.StdEncoding.EncodeToString(src[:]) + "'"; !slices.Contains(h.scripts, sum) {
					h.scripts = append(h.scripts, sum)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	h.painting = loadPainting(fsys)
	h.index = h.assets["/index.html"]
	if h.index == nil {
		body := []byte("<!doctype html><title>Kesi</title><p>The web app is not built into this binary. Run <code>make build</code>.</p>")
		h.index = &asset{body: body, contentType: "text/html; charset=utf-8", etag: `"unbuilt"`}
	}
	return h, nil
}

// InlineScripts answers the Content-Security-Policy sources ('sha256-...') that allow the
// inline scripts of the app's pages, and no other inline script: index.html paints the diary
// kept on the phone before the app's own scripts load (frontend/src/app/offline/snapshot.ts).
func (h *Handler) InlineScripts() []string {
	return slices.Clone(h.scripts)
}

// inlineScript is a <script> element and its text; its attributes decide whether it is inline.
var inlineScript = regexp.MustCompile(`(?is)<script(\s[^>]*)?>(.*?)</script>`)

// inlineScripts answers the SHA-256 of the text of each script in page that has no src: the
// browser hashes that text as it stands between the tags.
func inlineScripts(page []byte) [][sha256.Size]byte {
	var sums [][sha256.Size]byte
	for _, m := range inlineScript.FindAllSubmatch(page, -1) {
		if bytes.Contains(bytes.ToLower(m[1]), []byte("src=")) {
			continue
		}
		sums = append(sums, sha256.Sum256(m[2]))
	}
	return sums
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if h.wantsPainted(r) && h.servePainted(w, r) {
		return
	}
	p := path.Clean(r.URL.Path)
	a, ok := h.assets[p]
	if !ok && p != "/" {
		a, ok = h.assets[p+".html"]
	}
	if p == "/" {
		a, ok = h.assets["/root.html"]
	}
	if !ok || p == "/index.html" {
		// A missing file is a 404, never the app: a download that is not in this build must not
		// save index.html as kesi-extension.zip.
		if strings.HasPrefix(r.URL.Path, "/assets/") || strings.HasPrefix(r.URL.Path, "/downloads/") {
			http.NotFound(w, r)
			return
		}
		a = h.index
	}
	hdr := w.Header()
	hdr.Set("Content-Type", a.contentType)
	hdr.Set("ETag", a.etag)
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Vary", "Accept-Encoding")
	if a.immutable {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}
	if strings.HasSuffix(a.contentType, "html; charset=utf-8") || a == h.index {
		pageHeaders(hdr)
	}
	if strings.HasPrefix(p, "/downloads/") {
		hdr.Set("Content-Disposition", `attachment; filename="`+path.Base(p)+`"`)
	}
	body := a.body
	if a.gzipped != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		hdr.Set("Content-Encoding", "gzip")
		body = a.gzipped
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

func contentType(name string) string {
	if path.Ext(name) == ".webmanifest" {
		return "application/manifest+json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func compressible(ct string) bool {
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "javascript") ||
		strings.Contains(ct, "json") || strings.Contains(ct, "svg") || strings.Contains(ct, "xml")
}

// pageHeaders are a page's own headers: never framed, and the address sent on only as an origin
// to other sites.
func pageHeaders(hdr http.Header) {
	hdr.Set("X-Frame-Options", "DENY")
	hdr.Set("Referrer-Policy", "strict-origin-when-cross-origin")
}

// gzipBytes compresses b at level: the best for files compressed once at start, the default for
// a page made for one request.
func gzipBytes(b []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	zw.Write(b)
	zw.Close()
	return buf.Bytes()
}
