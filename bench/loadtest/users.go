package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
)

// documentSize is the size of the document every user downloads.
const documentSize = 1 << 20

// api is the running server, reached over loopback with the documented REST calls.
type api struct {
	base   string
	client *http.Client
}

// do sends a request and decodes a JSON answer into out; any status but
// want is an error carrying the server's message.
func (a api) do(ctx context.Context, method, path, token, contentType string, body io.Reader, want int, out any) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, body)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := a.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: read answer: %w", method, path, err)
	}
	if res.StatusCode != want {
		return nil, fmt.Errorf("%s %s: %s: %s", method, path, res.Status, bytes.TrimSpace(b))
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return nil, fmt.Errorf("%s %s: decode answer: %w", method, path, err)
		}
	}
	return res, nil
}

// seedEmail is the address of the n-th lawyer of `kesi demo seed`
// (demo.SeedEmail, which an internal package keeps out of reach here).
func seedEmail(prefix string, n int) string {
	return fmt.Sprintf("%s-%05d@seed.kesi.test", prefix, n)
}

// signIn signs in the first n seeded lawyers of prefix through the real
// login (argon2id and all), a few at a time since the server bounds its
// hashing, and gives each a case to read and a 1 MiB document to fetch.
func signIn(ctx context.Context, a api, prefix, password string, n int) ([]*user, error) {
	users := make([]*user, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				users[i], errs[i] = prepareUser(ctx, a, seedEmail(prefix, i), password)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return users, nil
}

func prepareUser(ctx context.Context, a api, email, password string) (*user, error) {
	u := &user{email: email}
	if err := u.login(ctx, a, password); err != nil {
		return nil, err
	}
	var list []struct {
		ID     string `json:"id"`
		CaseID string `json:"case_id"`
	}
	if _, err := a.do(ctx, "GET", "/api/cases", u.token, "", nil, http.StatusOK, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", email, err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s has no cases: was the database seeded?", email)
	}
	pick := list[len(list)/2]
	u.caseID, u.caseRef = pick.CaseID, pick.ID

	content := make([]byte, documentSize)
	rand.Read(content)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("case_id", u.caseRef)
	mw.WriteField("document_title", "Bench bundle")
	mw.WriteField("note", "1 MiB of random bytes for the load test")
	fw, err := mw.CreateFormFile("files", "bench-bundle.pdf")
	if err != nil {
		return nil, err
	}
	fw.Write(content)
	mw.Close()
	var up struct {
		Files []struct {
			DocumentID string `json:"document_id"`
		} `json:"files"`
	}
	if _, err := a.do(ctx, "POST", "/api/files/upload", u.token, mw.FormDataContentType(), &body, http.StatusCreated, &up); err != nil {
		return nil, fmt.Errorf("%s: %w", email, err)
	}
	if len(up.Files) != 1 {
		return nil, fmt.Errorf("%s: upload answered %d files, want 1", email, len(up.Files))
	}
	u.document = up.Files[0].DocumentID
	return u, nil
}

// login signs u in and keeps the access token the login cookie carries.
func (u *user) login(ctx context.Context, a api, password string) error {
	in, _ := json.Marshal(map[string]string{"email": u.email, "password": password})
	var out struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	res, err := a.do(ctx, "POST", "/api/auth/login", "", "application/json", bytes.NewReader(in), http.StatusOK, &out)
	if err != nil {
		return fmt.Errorf("sign in %s: %w", u.email, err)
	}
	for _, c := range res.Cookies() {
		// __Host- prefixed when the server's public URL is https (bench/run.sh: the browsers
		// reach it through bench/tlsfront).
		if strings.TrimPrefix(c.Name, "__Host-") == "kesi_access" {
			u.token = c.Value
		}
	}
	if u.token == "" || out.User.ID == "" {
		return fmt.Errorf("sign in %s: no access cookie or user id in the answer", u.email)
	}
	u.id = out.User.ID
	return nil
}
