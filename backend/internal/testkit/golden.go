package testkit

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// update is the -update flag of every test binary that pins golden files:
// go test ./backend/internal/PKG -run Golden -update rewrites them.
var update = func() *bool {
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok {
				return &b
			}
		}
	}
	return flag.Bool("update", false, "rewrite the golden files under testdata/")
}()

// Golden compares got with the golden file testdata/name of the package
// under test, failing the test with both when they differ. With -update it
// writes got there instead: review the diff before committing it.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if f := flag.Lookup("update"); (f != nil && f.Value.String() == "true") || *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s changed:\n--- got\n%s\n--- want (%s)\n%s", name, got, path, want)
	}
}

var (
	uuidRE    = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	instantRE = regexp.MustCompile(`"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"`)
)

// StableJSON makes a JSON answer comparable across runs: indented, each id
// (a UUID) replaced by <id-1>, <id-2>... in order of first appearance, and
// each instant (an RFC 3339 UTC time, a row's created_at) by "<instant>".
// A body that is not JSON is answered as it is.
func StableJSON(body []byte) []byte {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return body
	}
	pretty, _ := json.MarshalIndent(v, "", "  ")
	seen := map[string]string{}
	out := uuidRE.ReplaceAllFunc(pretty, func(id []byte) []byte {
		k := string(id)
		if _, ok := seen[k]; !ok {
			seen[k] = "<id-" + strconv.Itoa(len(seen)+1) + ">"
		}
		return []byte(seen[k])
	})
	return append(instantRE.ReplaceAll(out, []byte(`"<instant>"`)), '\n')
}
