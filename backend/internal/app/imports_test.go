package app_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// No domain imports a door (issue 16): under backend/internal only the
// doors (the REST gateway and the app that wires them) and the test kit,
// which starts whole servers, may import gateway or app.
func TestNoDomainImportsADoor(t *testing.T) {
	t.Parallel()
	const module = "github.com/kesihq/kesi/backend/internal/"
	doors := map[string]bool{module + "gateway": true, module + "app": true}
	allowed := func(dir string) bool {
		return dir == "gateway" || strings.HasPrefix(dir, "gateway/") || dir == "app" || dir == "testkit"
	}
	root := ".."
	found := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		found++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if doors[p] && !allowed(rel) {
				t.Errorf("%s imports the door %s: a domain must not know its doors", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 50 {
		t.Fatalf("walked only %d files: is the test looking in backend/internal?", found)
	}
}
