package causelists

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/kesihq/kesi/backend/internal/errs"
	"github.com/kesihq/kesi/ent"
	"github.com/kesihq/kesi/ent/causelistfetch"
	"github.com/kesihq/kesi/ent/civil"
)

// Fetcher polls the configured pages of published cause lists and takes in
// the documents they link to that it has not seen. It is polite: one
// request at a time with a pause between them, conditional requests for
// the pages, a User-Agent that names Kesi, and only in the evening and
// early morning, when advocates check the lists.
type Fetcher struct {
	Service *Service
	Sources []string
	// Timeout bounds one request, redirects and body included.
	Timeout   time.Duration
	UserAgent string
	// Delay between two requests to a source.
	Delay time.Duration
	Log   *slog.Logger
	// Resolver and Dial reach the network; nil is the system's. Tests put
	// a name server that changes its answer in their place.
	Resolver interface {
		LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
	}
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)

	once   sync.Once
	client *http.Client
}

// The hours (Nairobi) the job polls: lists for tomorrow appear in the
// afternoon and evening; late changes in the early morning.
var pollHours = map[int]bool{5: true, 6: true, 7: true, 16: true, 17: true, 18: true, 19: true, 20: true, 21: true}

// Run is the fetch job: it reads again the rows of the lists stored for
// the days ahead, in case this version reads them otherwise, then polls the
// sources, only in the polling hours.
func (f *Fetcher) Run(ctx context.Context) error {
	now := f.Service.cal.Now().In(f.Service.cal.Location)
	n, err := f.Service.restamp(ctx, civil.DateOf(now))
	if err != nil {
		return err
	}
	if n > 0 {
		f.Log.InfoContext(ctx, "cause-list rows read again", "rows", n)
	}
	if !pollHours[now.Hour()] {
		return nil
	}
	return f.Poll(ctx)
}

// Poll asks every source once now.
func (f *Fetcher) Poll(ctx context.Context) error {
	var failed []error
	for _, src := range f.Sources {
		if err := f.poll(ctx, src); err != nil {
			f.Log.WarnContext(ctx, "cause-list source failed", "url", src, "err", err)
			failed = append(failed, fmt.Errorf("%s: %w", src, err))
		}
	}
	return errors.Join(failed...)
}

// documentLink matches the links a page of lists carries to list files.
var documentLink = regexp.MustCompile(`(?i)href\s*=\s*["']([^"'#]+\.(?:pdf|docx|txt))(?:\?[^"'#]*)?["']`)

func (f *Fetcher) poll(ctx context.Context, page string) error {
	body, etag, modified, changed, err := f.get(ctx, page, "page")
	if err != nil || !changed {
		return err
	}
	base, err := url.Parse(page)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	failed := false // a document to ask for again
	for _, m := range documentLink.FindAllStringSubmatch(string(body), -1) {
		ref, err := url.Parse(html.UnescapeString(m[1]))
		if err != nil {
			continue
		}
		doc := base.ResolveReference(ref)
		if (doc.Scheme != "http" && doc.Scheme != "https") || seen[doc.String()] {
			continue
		}
		seen[doc.String()] = true
		known, err := f.Service.db.CauseListFetch.Query().Where(causelistfetch.URL(doc.String())).Exist(ctx)
		if err != nil {
			return errs.Internal(err)
		}
		if known {
			continue // new documents only: a list once taken is not asked for again
		}
		data, _, _, _, err := f.get(ctx, doc.String(), "document")
		if err != nil {
			f.Log.WarnContext(ctx, "cause-list document failed", "url", doc.String(), "err", err)
			failed = failed || !errors.Is(err, errGone)
			continue
		}
		stored, created, err := f.Service.Ingest(ctx, data, Source{Kind: SourceFetch, URL: doc.String(), FileName: documentName(doc)})
		outcome := "stored"
		switch {
		case err != nil && errs.KindOf(err) == errs.KindInternal:
			return err
		case err != nil:
			outcome = "refused: " + err.Error()
		case !created:
			outcome = "known"
		}
		f.record(ctx, doc.String(), "document", "", "", outcome)
		f.Log.InfoContext(ctx, "cause list fetched", "url", doc.String(), "outcome", outcome, "rows", stored.Rows)
	}
	// Only now, with every link taken, is the page's version remembered: a
	// poll cut short, or a document that failed, asks for the whole page
	// again next time.
	if failed {
		return nil
	}
	f.record(ctx, page, "page", etag, modified, "read")
	return nil
}

// errGone is a document its source no longer has: it is not asked for again.
var errGone = errors.New("404 Not Found")

// get asks for url, conditionally for a page seen before. It answers the
// body, its version (ETag, Last-Modified) and whether it changed; a page
// that has not changed has no body.
func (f *Fetcher) get(ctx context.Context, u, kind string) (body []byte, etag, modified string, changed bool, err error) {
	if f.Delay > 0 {
		select {
		case <-time.After(f.Delay):
		case <-ctx.Done():
			return nil, "", "", false, ctx.Err()
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, "", "", false, err
	}
	req.Header.Set("User-Agent", f.UserAgent)
	prev, err := f.Service.db.CauseListFetch.Query().Where(causelistfetch.URL(u)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, "", "", false, errs.Internal(err)
	}
	if prev != nil && kind == "page" {
		if prev.Etag != "" {
			req.Header.Set("If-None-Match", prev.Etag)
		}
		if prev.LastModified != "" {
			req.Header.Set("If-Modified-Since", prev.LastModified)
		}
	}
	res, err := f.httpClient().Do(req)
	if err != nil {
		return nil, "", "", false, err
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode == http.StatusNotModified:
		return nil, "", "", false, nil
	case res.StatusCode != http.StatusOK:
		if kind == "document" && res.StatusCode == http.StatusNotFound {
			f.record(ctx, u, kind, "", "", res.Status) // gone: not asked for again
			return nil, "", "", false, fmt.Errorf("GET %s: %w", u, errGone)
		}
		return nil, "", "", false, fmt.Errorf("GET %s: %s", u, res.Status)
	}
	// A web page where a list was linked is the site's notice (maintenance,
	// a sign-in), not the list: asked for again, not refused for good.
	if ct, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); kind == "document" && ct == "text/html" {
		return nil, "", "", false, fmt.Errorf("GET %s: a web page, not a list", u)
	}
	body, err = io.ReadAll(io.LimitReader(res.Body, MaxFileBytes+1))
	if err != nil {
		return nil, "", "", false, err
	}
	return body, res.Header.Get("ETag"), res.Header.Get("Last-Modified"), true, nil
}

// httpClient is the fetcher's client: every connection it opens, to a
// page, a document or a redirect's target, goes through dial.
func (f *Fetcher) httpClient() *http.Client {
	f.once.Do(func() {
		t := http.DefaultTransport.(*http.Transport).Clone()
		// A proxy would look the names up itself, past the check on the
		// address: the fetcher asks the courts' sites directly.
		t.Proxy = nil
		t.DialContext = f.dial
		f.client = &http.Client{Transport: t, Timeout: f.Timeout}
	})
	return f.client
}

// dial connects to addr. A page of lists may link or redirect anywhere, and
// only the configured sources' own hosts and public addresses are asked,
// never this machine or its private network. The name is looked up once
// and the address checked is the address dialled: a name server that
// answers a public address to a check and a private one to the dial
// (DNS rebinding) does not get through.
func (f *Fetcher) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if f.isSource(host, port) {
		return f.connect(ctx, network, addr)
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		var r interface {
			LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
		} = net.DefaultResolver
		if f.Resolver != nil {
			r = f.Resolver
		}
		if ips, err = r.LookupNetIP(ctx, "ip", host); err != nil {
			return nil, err
		}
	}
	for _, ip := range ips {
		if !public(ip) {
			return nil, fmt.Errorf("%s: %s is not a public address", host, ip)
		}
	}
	var failed []error
	for _, ip := range ips {
		c, err := f.connect(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		failed = append(failed, err)
	}
	if len(failed) == 0 {
		return nil, fmt.Errorf("%s: no address", host)
	}
	return nil, errors.Join(failed...)
}

func (f *Fetcher) connect(ctx context.Context, network, addr string) (net.Conn, error) {
	if f.Dial != nil {
		return f.Dial(ctx, network, addr)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// isSource says whether host:port is a configured source's own.
func (f *Fetcher) isSource(host, port string) bool {
	for _, src := range f.Sources {
		s, err := url.Parse(src)
		if err != nil {
			continue
		}
		p := s.Port()
		if p == "" {
			p = map[string]string{"http": "80", "https": "443"}[s.Scheme]
		}
		if strings.EqualFold(s.Hostname(), host) && p == port {
			return true
		}
	}
	return false
}

// notPublic are ranges that pass for global unicast yet reach no public
// site.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("100.64.0.0/10"), // shared address space: carriers' and clouds' insides (metadata at 100.100.100.200)
	netip.MustParsePrefix("192.0.0.0/24"),  // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),   // reserved
	netip.MustParsePrefix("2001::/32"),     // Teredo: an IPv4 address hidden inside
}

// Ranges that carry an IPv4 address inside an IPv6 one, and where it sits.
var (
	nat64  = []netip.Prefix{netip.MustParsePrefix("64:ff9b::/96"), netip.MustParsePrefix("64:ff9b:1::/48")}
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

// public says whether ip is an address on the internet at large. A NAT64
// or 6to4 address is as public as the IPv4 address it carries: an
// IPv6-only server reaches the courts' IPv4 sites through the one, and
// could reach this machine's network through either.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsGlobalUnicast() || ip.IsPrivate() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(ip) {
			return false
		}
	}
	b := ip.As16()
	for _, p := range nat64 {
		if p.Contains(ip) {
			return public(netip.AddrFrom4([4]byte(b[12:16])))
		}
	}
	if sixTo4.Contains(ip) {
		return public(netip.AddrFrom4([4]byte(b[2:6])))
	}
	return true
}

func (f *Fetcher) record(ctx context.Context, u, kind, etag, modified, outcome string) {
	err := f.Service.db.CauseListFetch.Create().SetURL(u).SetKind(kind).
		SetEtag(clip(etag, 512)).SetLastModified(clip(modified, 64)).SetOutcome(clip(strings.ToValidUTF8(outcome, "?"), 500)).
		OnConflictColumns(causelistfetch.FieldURL).
		UpdateEtag().UpdateLastModified().UpdateOutcome().UpdateUpdatedAt().
		Exec(ctx)
	if err != nil {
		f.Log.WarnContext(ctx, "record cause-list fetch", "url", u, "err", err)
	}
}

// documentName is the name a fetched document is shown under: the last part
// of its address.
func documentName(doc *url.URL) string {
	name, _ := url.PathUnescape(path.Base(doc.Path))
	return name
}
