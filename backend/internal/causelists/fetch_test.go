package causelists_test

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kesihq/kesi/backend/internal/causelists"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// source is a court's page of lists, serving fixture files.
type source struct {
	mu       sync.Mutex
	docs     map[string][]byte // path -> file
	etag     string
	requests []string // "GET /path If-None-Match=... UA=..."
}

func (s *source) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, fmt.Sprintf("%s inm=%s ua=%s", r.URL.Path, r.Header.Get("If-None-Match"), r.UserAgent()))
	if r.URL.Path == "/cause-lists" {
		if r.Header.Get("If-None-Match") == s.etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", s.etag)
		fmt.Fprint(w, "<html><body><h1>Cause lists</h1><ul>")
		for p := range s.docs {
			fmt.Fprintf(w, `<li><a href="%s">%s</a></li>`, p, p)
			fmt.Fprintf(w, `<li><a href='%s?download=1'>again</a></li>`, p)
		}
		fmt.Fprint(w, `<li><a href="/missing.pdf">gone</a></li><li><a href="mailto:registry@example.org">mail</a></li></ul></body></html>`)
		return
	}
	if b, ok := s.docs[r.URL.Path]; ok {
		w.Write(b)
		return
	}
	http.NotFound(w, r)
}

func (s *source) take() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.requests
	s.requests = nil
	return out
}

func TestFetchTakesNewDocumentsOnlyAndAsksPolitely(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		fixture, err := os.ReadFile(filepath.Join("testdata", "381d39b1959c3e06e5055b20e59e2875.txt"))
		if err != nil {
			t.Fatal(err)
		}
		src := &source{etag: `"v1"`, docs: map[string][]byte{
			"/lists/Butere_21_Nov.txt": fixture,
			"/lists/minutes.txt":       []byte("Minutes of the court users committee"),
		}}
		ts := httptest.NewServer(src)
		defer ts.Close()
		f := &causelists.Fetcher{
			Service: srv.App.CauseLists, Sources: []string{ts.URL + "/cause-lists"},
			UserAgent: "Kesi cause-list check (+https://kesi.example)", Log: slog.New(slog.DiscardHandler),
		}
		// 14:00 in Nairobi: not a polling hour, nothing is asked.
		srv.Clock.Set(time.Date(2025, 1, 17, 14, 0, 0, 0, testkit.Nairobi))
		if err := f.Run(ctx); err != nil {
			t.Fatal(err)
		}
		if got := src.take(); len(got) != 0 {
			t.Fatalf("asked outside the polling hours: %v", got)
		}
		// 18:00: the page, then each linked document once (not the repeated
		// link, not the mail link); the page's missing document is an error
		// logged, not a failed job.
		srv.Clock.Set(time.Date(2025, 1, 17, 18, 0, 0, 0, testkit.Nairobi))
		if err := f.Run(ctx); err != nil {
			t.Fatal(err)
		}
		got := src.take()
		if len(got) != 4 || !strings.HasPrefix(got[0], "/cause-lists inm= ") {
			t.Fatalf("first poll asked %v", got)
		}
		for _, r := range got {
			if !strings.HasSuffix(r, "ua=Kesi cause-list check (+https://kesi.example)") {
				t.Errorf("request without Kesi's User-Agent: %s", r)
			}
		}
		lists := srv.DB().CauseList.Query().AllX(ctx)
		if len(lists) != 1 || !lists[0].Published || lists[0].Source != "fetch" || lists[0].Rows != 19 ||
			lists[0].SourceURL != ts.URL+"/lists/Butere_21_Nov.txt" || lists[0].FileName != "Butere_21_Nov.txt" {
			t.Fatalf("stored %+v", lists)
		}
		// Again: the page has not changed (304), so nothing else is asked.
		if err := f.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got := src.take(); len(got) != 1 || got[0] != `/cause-lists inm="v1" ua=Kesi cause-list check (+https://kesi.example)` {
			t.Fatalf("second poll asked %v", got)
		}
		// A new list on the page: only it is fetched.
		src.mu.Lock()
		src.etag = `"v2"`
		src.docs["/lists/Butere_30_Nov.txt"], _ = os.ReadFile(filepath.Join("testdata", "8b2594a1c6514bdaa167254bc7461473.txt"))
		src.mu.Unlock()
		if err := f.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		got = src.take()
		var docs []string
		for _, r := range got[1:] {
			docs = append(docs, strings.Fields(r)[0])
		}
		// The missing document answered 404 once and is not asked for again.
		if strings.Join(docs, ",") != "/lists/Butere_30_Nov.txt" {
			t.Errorf("third poll fetched %v", got)
		}
		if n := srv.DB().CauseList.Query().CountX(ctx); n != 2 {
			t.Errorf("%d lists stored, want 2", n)
		}
	})
}

// flaky serves a page linking one list whose first answers are a failure:
// a server error, or a web page (a maintenance notice, a sign-in page) in
// place of the file.
type flaky struct {
	mu       sync.Mutex
	list     []byte
	failures []func(w http.ResponseWriter)
	asked    int
}

func (s *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.URL.Path == "/cause-lists" {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		fmt.Fprint(w, `<html><body><a href="/lists/Butere_21_Nov.txt">Butere</a></body></html>`)
		return
	}
	s.asked++
	if len(s.failures) > 0 {
		fail := s.failures[0]
		s.failures = s.failures[1:]
		fail(w)
		return
	}
	w.Write(s.list)
}

// A list that failed to come (the court's server busy, or a web page served
// in its place) is asked for again at the next poll, though the page of
// lists has not changed: the advocate would otherwise never see it.
func TestFetchAsksAgainForAListThatFailed(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "381d39b1959c3e06e5055b20e59e2875.txt"))
	if err != nil {
		t.Fatal(err)
	}
	failures := map[string]func(w http.ResponseWriter){
		"server busy": func(w http.ResponseWriter) { http.Error(w, "busy", http.StatusServiceUnavailable) },
		"a web page in its place": func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<html><body><h1>Down for maintenance</h1></body></html>")
		},
	}
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		for name, fail := range failures {
			t.Run(name, func(t *testing.T) {
				srv := testkit.NewServer(t, e, nil)
				src := &flaky{list: fixture, failures: []func(w http.ResponseWriter){fail}}
				ts := httptest.NewServer(src)
				defer ts.Close()
				f := &causelists.Fetcher{
					Service: srv.App.CauseLists, Sources: []string{ts.URL + "/cause-lists"},
					UserAgent: "Kesi", Log: slog.New(slog.DiscardHandler),
				}
				for range 2 {
					if err := f.Poll(ctx); err != nil {
						t.Fatal(err)
					}
				}
				if n := srv.DB().CauseList.Query().CountX(ctx); n != 1 || src.asked != 2 {
					t.Errorf("%d lists stored after the list was asked for %d times, want 1 after 2", n, src.asked)
				}
			})
		}
	})
}

// A page of lists may link to, or redirect to, any address: the fetcher
// asks only public addresses and the configured sources' own hosts, never
// the machine it runs on or its private network (cloud metadata, an admin
// port).
func TestFetchAsksNoPrivateAddress(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "381d39b1959c3e06e5055b20e59e2875.txt"))
	if err != nil {
		t.Fatal(err)
	}
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		var mu sync.Mutex
		var internal []string
		in := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			internal = append(internal, r.URL.Path)
			mu.Unlock()
			w.Write(fixture)
		}))
		defer in.Close()
		inPort := in.Listener.Addr().(*net.TCPAddr).Port
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/cause-lists":
				fmt.Fprintf(w, `<a href="http://localhost:%d/linked.txt">a</a> <a href="/lists/moved.txt">b</a>`, inPort)
			case "/lists/moved.txt":
				http.Redirect(w, r, in.URL+"/redirected.txt", http.StatusFound)
			default:
				http.NotFound(w, r)
			}
		}))
		defer ts.Close()
		f := &causelists.Fetcher{
			Service: srv.App.CauseLists, Sources: []string{ts.URL + "/cause-lists"},
			UserAgent: "Kesi", Log: slog.New(slog.DiscardHandler),
		}
		if err := f.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(internal) != 0 {
			t.Errorf("the fetcher asked a private address for %v", internal)
		}
		if n := srv.DB().CauseList.Query().CountX(ctx); n != 0 {
			t.Errorf("%d lists stored from a private address", n)
		}
	})
}

// rebinder is a name server for one name that answers a public address
// the first time it is asked and this machine's after that (DNS
// rebinding).
type rebinder struct {
	mu    sync.Mutex
	asked int
}

func (r *rebinder) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if host != "lists.rebind.test" {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	r.asked++
	if r.asked == 1 {
		return []netip.Addr{netip.MustParseAddr("203.0.113.7")}, nil
	}
	return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
}

// A name that resolves to a public address when checked and to a private
// one when dialled reaches nothing private: the address checked is the one
// dialled, for a link and for a redirect's target alike.
func TestFetchDialsTheAddressItChecked(t *testing.T) {
	fixture, err := os.ReadFile(filepath.Join("testdata", "381d39b1959c3e06e5055b20e59e2875.txt"))
	if err != nil {
		t.Fatal(err)
	}
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		var mu sync.Mutex
		var internal []string
		in := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			internal = append(internal, r.URL.Path)
			mu.Unlock()
			w.Write(fixture)
		}))
		defer in.Close()
		inPort := in.Listener.Addr().(*net.TCPAddr).Port
		for name, page := range map[string]string{
			"a link":     fmt.Sprintf(`<a href="http://lists.rebind.test:%d/linked.txt">a</a>`, inPort),
			"a redirect": `<a href="/lists/moved.txt">b</a>`,
		} {
			t.Run(name, func(t *testing.T) {
				srv := testkit.NewServer(t, e, nil)
				ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					switch r.URL.Path {
					case "/cause-lists":
						fmt.Fprint(w, page)
					case "/lists/moved.txt":
						http.Redirect(w, r, fmt.Sprintf("http://lists.rebind.test:%d/redirected.txt", inPort), http.StatusFound)
					default:
						http.NotFound(w, r)
					}
				}))
				defer ts.Close()
				var dialled []string
				var d net.Dialer
				f := &causelists.Fetcher{
					Service: srv.App.CauseLists, Sources: []string{ts.URL + "/cause-lists"},
					UserAgent: "Kesi", Log: slog.New(slog.DiscardHandler), Resolver: &rebinder{},
					// This machine stands for the internet: a public address
					// is not reached, and the test never leaves it.
					Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
						mu.Lock()
						dialled = append(dialled, addr)
						mu.Unlock()
						if host, _, _ := net.SplitHostPort(addr); host != "127.0.0.1" {
							return nil, fmt.Errorf("dial %s: network unreachable", addr)
						}
						return d.DialContext(ctx, network, addr)
					},
				}
				if err := f.Poll(ctx); err != nil {
					t.Fatal(err)
				}
				mu.Lock()
				defer mu.Unlock()
				if len(internal) != 0 {
					t.Errorf("the fetcher asked a private address for %v (dialled %v)", internal, dialled)
				}
				if n := srv.DB().CauseList.Query().CountX(ctx); n != 0 {
					t.Errorf("%d lists stored from a private address", n)
				}
				internal = nil
			})
		}
	})
}

// fixedResolver answers one address for every name.
type fixedResolver netip.Addr

func (r fixedResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return []netip.Addr{netip.Addr(r)}, nil
}

// Addresses that are not private in the narrow sense yet reach no public
// site are not dialled either: the shared address space a cloud's metadata
// may answer on (100.100.100.200), and NAT64 or 6to4 addresses that carry
// a private IPv4 address inside.
func TestFetchDialsNoInternalAddressOfAnyForm(t *testing.T) {
	testkit.Each(t, func(t *testing.T, e testkit.Engine) {
		srv := testkit.NewServer(t, e, nil)
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprint(w, `<a href="http://lists.example.org/list.txt">a</a>`)
		}))
		defer ts.Close()
		// A public site, and the same through NAT64, are asked.
		public := map[string]bool{"93.184.216.34": true, "64:ff9b::5db8:d822": true}
		for _, addr := range []string{"100.100.100.200", "64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1", "2002:a00:1::1", "198.18.0.1", "192.0.0.170", "93.184.216.34", "64:ff9b::5db8:d822"} {
			var dialled []string
			f := &causelists.Fetcher{
				Service: srv.App.CauseLists, Sources: []string{ts.URL + "/cause-lists"},
				UserAgent: "Kesi", Log: slog.New(slog.DiscardHandler),
				Resolver: fixedResolver(netip.MustParseAddr(addr)),
				Dial: func(ctx context.Context, network, a string) (net.Conn, error) {
					if host, _, _ := net.SplitHostPort(a); host != "127.0.0.1" {
						dialled = append(dialled, a)
						return nil, fmt.Errorf("dial %s: network unreachable", a)
					}
					var d net.Dialer
					return d.DialContext(ctx, network, a)
				},
			}
			if err := f.Poll(ctx); err != nil {
				t.Fatal(err)
			}
			if (len(dialled) > 0) != public[addr] {
				t.Errorf("lists.example.org at %s: dialled %v", addr, dialled)
			}
		}
	})
}
