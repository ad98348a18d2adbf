//go:build cluster

package cluster_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"connectrpc.com/connect"
	_ "github.com/lib/pq"
	"google.golang.org/genproto/googleapis/type/date"
	"google.golang.org/protobuf/proto"

	"github.com/kesihq/kesi/backend/internal/blob"
	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
	"github.com/kesihq/kesi/gen/go/kesi/v1/kesiv1connect"
)

const publicURL = "http://kesi.cluster.test" // the load balancer's address, the same for every server

// server is one `kesi serve` process.
type server struct {
	name    string
	url     string
	metrics string // its /metrics
	cmd     *exec.Cmd
	done    chan error
	logs    *bytes.Buffer
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// origin sends Kesi's Origin on every request, as its own page does.
type origin struct{ next http.RoundTripper }

func (o origin) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Origin", publicURL)
	return o.next.RoundTrip(r)
}

func TestThreeServersOnePostgresOneObjectStore(t *testing.T) {
	base := os.Getenv("KESI_TEST_DATABASE_URL")
	if base == "" {
		t.Fatal("KESI_TEST_DATABASE_URL names the Postgres server the cluster shares")
	}
	vgw := os.Getenv("VERSITYGW")
	if vgw == "" {
		t.Fatal("VERSITYGW is the versitygw binary (make test-cluster installs it)")
	}
	ctx := context.Background()
	tmp := t.TempDir()

	// The binary under test.
	kesi := filepath.Join(tmp, "kesi")
	if out, err := exec.Command("go", "build", "-o", kesi, "github.com/kesihq/kesi/backend/cmd/kesi").CombinedOutput(); err != nil {
		t.Fatalf("build kesi: %v\n%s", err, out)
	}

	// One fresh database.
	admin, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	dbName := "kesi_cluster_" + randomHex(4)
	if _, err := admin.Exec("CREATE DATABASE " + dbName); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec("DROP DATABASE IF EXISTS " + dbName + " WITH (FORCE)")
	u, _ := url.Parse(base)
	u.Path = "/" + dbName
	dbURL := u.String()
	db, err := sql.Open("postgres", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	// One object store: versitygw over a directory.
	s3Addr := freeAddr(t)
	root, sidecar := filepath.Join(tmp, "objects"), filepath.Join(tmp, "metadata") // versitygw refuses a sidecar whose path starts with the root's
	os.MkdirAll(filepath.Join(root, "kesi-docs"), 0o755)
	os.MkdirAll(sidecar, 0o755)
	store := exec.Command(vgw, "--access", "kesiaccess", "--secret", "kesi-secret-key-0123", "--port", s3Addr, "posix", "--sidecar", sidecar, root)
	var storeLogs bytes.Buffer
	store.Stdout, store.Stderr = &storeLogs, &storeLogs
	if err := store.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { store.Process.Kill(); store.Wait() }()
	blobURL := "s3://kesiaccess:kesi-secret-key-0123@kesi-docs?endpoint=" + s3Addr + "&region=us-east-1&insecure=true"
	waitFor(t, 20*time.Second, "versitygw", func() bool {
		c, err := net.Dial("tcp", s3Addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})

	key := make([]byte, 32)
	rand.Read(key)
	env := func(name, addr string) []string {
		return append(os.Environ(), "KESI_JOBS_EVERY="+jobsEvery.String(),
			"KESI_ENV=dev", "KESI_ADDR="+addr, "KESI_PUBLIC_URL="+publicURL,
			"KESI_DATA_DIR="+filepath.Join(tmp, name), "KESI_DATABASE_URL="+dbURL, "KESI_BLOB_URL="+blobURL,
			"KESI_MASTER_KEY="+base64.StdEncoding.EncodeToString(key), "KESI_DB_MAX_CONNS=4", "KESI_SHUTDOWN_GRACE=1s",
			"KESI_LOG_LEVEL=warn")
	}
	start := func(name string) *server {
		addr := freeAddr(t)
		metricsAddr := freeAddr(t)
		s := &server{name: name, url: "http://" + addr, metrics: "http://" + metricsAddr + "/metrics", done: make(chan error, 1), logs: &bytes.Buffer{}}
		s.cmd = exec.Command(kesi, "serve")
		s.cmd.Env = append(env(name, addr), "KESI_METRICS_ADDR="+metricsAddr)
		s.cmd.Stdout, s.cmd.Stderr = s.logs, s.logs
		if err := s.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { s.done <- s.cmd.Wait() }()
		t.Cleanup(func() {
			s.cmd.Process.Kill()
			if t.Failed() {
				t.Logf("logs of %s:\n%s", name, s.logs)
			}
		})
		return s
	}
	ready := func(s *server) {
		waitFor(t, 90*time.Second, s.name+" /readyz", func() bool {
			res, err := http.Get(s.url + "/readyz")
			if err != nil {
				return false
			}
			res.Body.Close()
			return res.StatusCode == http.StatusOK
		})
	}
	a := start("a")
	ready(a) // the first start makes the bucket's installation id
	b, c := start("b"), start("c")
	ready(b)
	ready(c)
	// Every job exactly once: count each job's runs on the three servers
	// from here to just before b is killed, some periods later.
	servers := []*server{a, b, c}
	jobsFrom, runsFrom := jobRuns(t, servers)

	// A browser, behind the load balancer: its requests land on any server.
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 60 * time.Second, Transport: origin{http.DefaultTransport}}
	post := func(s *server, path string, body any) *http.Response {
		t.Helper()
		j, _ := json.Marshal(body)
		res, err := browser.Post(s.url+path, "application/json", bytes.NewReader(j))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	expect := func(res *http.Response, status int, what string) []byte {
		t.Helper()
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != status {
			t.Fatalf("%s answered %d %s, want %d", what, res.StatusCode, body, status)
		}
		return body
	}
	email := "wanjiru-" + randomHex(3) + "@example.co.ke"
	expect(post(a, "/api/auth/register", map[string]any{"fullname": "Wanjiru Kamau", "email": email, "password": "mahakama-2025", "phone_number": "+254 712 345 678"}), http.StatusCreated, "register on a")
	if _, err := db.Exec("UPDATE users SET paid_until = now() + interval '30 days' WHERE email = $1", email); err != nil {
		t.Fatal(err)
	}
	expect(post(b, "/api/auth/login", map[string]any{"email": email, "password": "mahakama-2025"}), http.StatusOK, "sign in on b")
	// Her morning digest is due now, in Nairobi, and the case sits today:
	// the reminders job, run every period by one server or another, mails
	// it once.
	nairobi, err := time.LoadLocation("Africa/Nairobi")
	if err != nil {
		t.Fatal(err)
	}
	today := time.Now().In(nairobi)
	if _, err := kesiv1connect.NewReminderServiceClient(browser, a.url).UpdateReminderSettings(ctx, connect.NewRequest(&kesiv1.UpdateReminderSettingsRequest{
		Settings: &kesiv1.ReminderSettings{Email: true, MorningDigest: true, MorningTime: today.Format("15:04"), EveningTime: "18:30"},
	})); err != nil {
		t.Fatalf("reminder settings on a: %v", err)
	}
	if _, err := kesiv1connect.NewCaseServiceClient(browser, c.url).CreateCase(ctx, connect.NewRequest(&kesiv1.CreateCaseRequest{
		CaseId: "MCCC/E12/2025", Parties: "Kamau v. Otieno", LawCourt: "Milimani Commercial Court",
		Activity: proto.String("Mention"), ActivityDate: &date.Date{Year: int32(today.Year()), Month: int32(today.Month()), Day: int32(today.Day())}, Time: "09:00",
	})); err != nil {
		t.Fatalf("create a case on c: %v", err)
	}

	// Upload on a, download from b and c.
	doc := make([]byte, 300<<10)
	rand.Read(doc)
	res := upload(t, browser, a, "MCCC/E12/2025", bytes.NewReader(doc))
	var files struct {
		Files []struct {
			DocumentID string `json:"document_id"`
		} `json:"files"`
	}
	json.Unmarshal(expect(res, http.StatusCreated, "upload on a"), &files)
	if len(files.Files) != 1 {
		t.Fatalf("upload answered %v", files)
	}
	for _, s := range []*server{b, c} {
		res, err := browser.Get(s.url + "/api/files/download/" + files.Files[0].DocumentID)
		if err != nil {
			t.Fatal(err)
		}
		if got := expect(res, http.StatusOK, "download on "+s.name); !bytes.Equal(got, doc) {
			t.Fatalf("the document downloaded from %s differs", s.name)
		}
	}

	// Refresh on c; sign out on a: the access token is refused on b and c.
	expect(post(c, "/api/auth/refresh", map[string]any{}), http.StatusOK, "refresh on c")
	aURL, _ := url.Parse(a.url)
	var cookies []string
	for _, ck := range jar.Cookies(aURL) {
		cookies = append(cookies, ck.Name+"="+ck.Value)
	}
	copied := strings.Join(cookies, "; ")
	status := func(s *server) int {
		req, _ := http.NewRequest(http.MethodGet, s.url+"/api/cases", nil)
		req.Header.Set("Cookie", copied)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if st := status(b); st != http.StatusOK {
		t.Fatalf("the session on b before sign-out: %d", st)
	}
	res = post(a, "/api/auth/logout", map[string]any{})
	res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("sign out on a: %d", res.StatusCode)
	}
	for _, s := range []*server{b, c} {
		waitFor(t, 5*time.Second, "sign-out reaching "+s.name, func() bool { return status(s) == http.StatusUnauthorized })
	}

	// A server killed mid-upload: nothing committed; its pending blob is
	// swept; the others serve on.
	expect(post(c, "/api/auth/login", map[string]any{"email": email, "password": "mahakama-2025"}), http.StatusOK, "sign in again on c")
	stalled := func(s *server) {
		pr, pw := io.Pipe()
		go func() {
			pw.Write(bytes.Repeat([]byte("x"), 200<<10)) // then nothing
		}()
		go func() {
			if res := upload(t, browser, s, "MCCC/E12/2025", pr); res != nil {
				res.Body.Close()
			}
		}()
		waitFor(t, 20*time.Second, "the upload on "+s.name+" to start", func() bool { return count(t, db, "pending_uploads") == 1 })
	}
	everyJobOnce(t, jobNames(t, kesi, env("jobs", freeAddr(t))), servers, jobsFrom, runsFrom)
	digests := func() int {
		n := 0
		for _, s := range servers {
			mails, _ := filepath.Glob(filepath.Join(tmp, s.name, "mail", "*.eml"))
			for _, m := range mails {
				text, _ := os.ReadFile(m)
				if bytes.Contains(text, []byte("Subject: Kesi - Today")) && bytes.Contains(text, []byte(email)) {
					n++
				}
			}
		}
		return n
	}
	waitFor(t, 5*jobsEvery, "the morning digest", func() bool { return digests() > 0 })
	if n := digests(); n != 1 {
		t.Errorf("the morning digest was mailed %d times, want once", n)
	}

	stalled(b)
	b.cmd.Process.Signal(syscall.SIGKILL)
	<-b.done
	if n := count(t, db, "documents"); n != 1 {
		t.Fatalf("%d documents after a server died mid-upload, want 1", n)
	}
	if _, err := db.Exec("UPDATE pending_uploads SET created_at = created_at - interval '2 hours'"); err != nil {
		t.Fatal(err)
	}
	sweep := exec.Command(kesi, "jobs", "run", "documents-sweep")
	sweep.Env = env("sweep", freeAddr(t))
	if out, err := sweep.CombinedOutput(); err != nil {
		t.Fatalf("kesi jobs run documents-sweep: %v\n%s", err, out)
	}
	if n := count(t, db, "pending_uploads"); n != 0 {
		t.Fatalf("%d pending uploads after the sweep", n)
	}
	if keys := docObjects(t, blobURL); len(keys) != 1 || keys[0] != "doc/"+files.Files[0].DocumentID {
		t.Fatalf("objects after the sweep: %v, want only the committed document", keys)
	}
	res, err = browser.Get(c.url + "/api/files/download/" + files.Files[0].DocumentID)
	if err != nil {
		t.Fatal(err)
	}
	expect(res, http.StatusOK, "download on c after b died")

	// SIGTERM with an upload in flight past the grace: it is cut, undone,
	// and nothing stays behind.
	stalled(a)
	a.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.done:
	case <-time.After(30 * time.Second):
		t.Fatal("a did not stop within 30s of SIGTERM")
	}
	if n, keys := count(t, db, "pending_uploads"), docObjects(t, blobURL); n != 0 || len(keys) != 1 {
		t.Fatalf("an upload cut by shutdown left %d pending records and objects %v", n, keys)
	}
	// A drained shutdown exits 0.
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("a drained shutdown of c: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("c did not stop within 30s of SIGTERM")
	}
}

// jobsEvery is every job's period in the cluster (KESI_JOBS_EVERY): long
// enough for the servers, sharing two cores with the test, to run all ten
// jobs in one.
const jobsEvery = 2 * time.Second

// everyJobOnce asserts that the servers together ran each job once per
// period since the count at period from: not once per server, not never.
// The counts are read in the middle of a period, when its runs are done; a
// run late enough to straddle a count may move one run across it.
func everyJobOnce(t *testing.T, names []string, servers []*server, from int64, runsFrom map[string]int) {
	t.Helper()
	for period(time.Now()) < from+5 {
		time.Sleep(time.Until(time.UnixMilli((from + 5) * jobsEvery.Milliseconds())))
	}
	to, runsTo := jobRuns(t, servers)
	periods := int(to - from)
	for _, name := range names {
		t.Logf("job %s: %d runs in %d periods", name, runsTo[name]-runsFrom[name], periods)
		if n := runsTo[name] - runsFrom[name]; n < periods-1 || n > periods+1 {
			t.Errorf("job %s ran %d times on the %d servers in %d periods of %s, want once per period", name, n, len(servers), periods, jobsEvery)
		}
	}
}

// period numbers the period t is in, counted from the Unix epoch, as the
// servers do.
func period(t time.Time) int64 { return t.UnixMilli() / jobsEvery.Milliseconds() }

// jobRuns waits for the middle of a period and answers it with the runs of
// each job on the servers together (kesi_job_runs_total from each /metrics).
func jobRuns(t *testing.T, servers []*server) (int64, map[string]int) {
	t.Helper()
	now := time.Now()
	p := period(now)
	mid := time.UnixMilli(p*jobsEvery.Milliseconds() + jobsEvery.Milliseconds()/2)
	if now.After(mid) {
		p++
		mid = mid.Add(jobsEvery)
	}
	time.Sleep(time.Until(mid))
	runs := map[string]int{}
	for _, s := range servers {
		res, err := http.Get(s.metrics)
		if err != nil {
			t.Fatalf("metrics of %s: %v", s.name, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		for _, line := range strings.Split(string(body), "\n") {
			// kesi_job_runs_total{job="reminders"} 3
			rest, ok := strings.CutPrefix(line, `kesi_job_runs_total{job="`)
			if !ok {
				continue
			}
			name, value, _ := strings.Cut(rest, `"} `)
			n, err := strconv.Atoi(value)
			if err != nil {
				t.Fatalf("metrics of %s: %q", s.name, line)
			}
			runs[name] += n
		}
	}
	if d := time.Since(mid); d > jobsEvery/2 { // into the next period
		t.Fatalf("reading the servers' metrics took %s, too long to tell the periods apart", d)
	}
	return p, runs
}

// jobNames lists the jobs `kesi serve` runs, from `kesi jobs list`.
func jobNames(t *testing.T, kesi string, env []string) []string {
	t.Helper()
	cmd := exec.Command(kesi, "jobs", "list")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("kesi jobs list: %v", err)
	}
	var names []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		names = append(names, strings.Fields(line)[0])
	}
	if len(names) < 9 {
		t.Fatalf("kesi jobs list: %q", out)
	}
	return names
}

func upload(t *testing.T, client *http.Client, s *server, caseID string, file io.Reader) *http.Response {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		err := func() error {
			for k, v := range map[string]string{"case_id": caseID, "document_title": "Plaint", "note": ""} {
				if err := mw.WriteField(k, v); err != nil {
					return err
				}
			}
			part, err := mw.CreateFormFile("files", "plaint.pdf")
			if err != nil {
				return err
			}
			if _, err := io.Copy(part, file); err != nil {
				return err
			}
			return mw.Close()
		}()
		pw.CloseWithError(err)
	}()
	req, _ := http.NewRequest(http.MethodPost, s.url+"/api/files/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	res, err := client.Do(req)
	if err != nil {
		return nil
	}
	return res
}

func count(t *testing.T, db *sql.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func docObjects(t *testing.T, blobURL string) []string {
	t.Helper()
	store, err := blob.Open(blobURL)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	if err := store.List(context.Background(), "doc/", func(o blob.Object) error {
		keys = append(keys, o.Key)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return keys
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %s for %s", d, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
