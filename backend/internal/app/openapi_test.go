package app_test

import (
	"net/http"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/kesihq/kesi/backend/internal/app"
	"github.com/kesihq/kesi/backend/internal/testkit"
)

// An integrator fetches /openapi.yaml from a running server and finds every
// procedure of every service in it, each answering a schema it defines.
func TestOpenAPIDescribesEveryProcedure(t *testing.T) {
	t.Parallel()
	srv := testkit.NewServer(t, testkit.SQLite, nil)
	r := srv.Anonymous().Do(t, http.MethodGet, "/openapi.yaml", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET /openapi.yaml = %d, want 200", r.Status)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/yaml" {
		t.Errorf("Content-Type = %q, want application/yaml", ct)
	}
	var doc struct {
		OpenAPI string `yaml:"openapi"`
		Paths   map[string]map[string]struct {
			OperationID string `yaml:"operationId"`
			RequestBody struct {
				Content map[string]struct {
					Schema struct {
						Ref string `yaml:"$ref"`
					} `yaml:"schema"`
				} `yaml:"content"`
			} `yaml:"requestBody"`
			Responses map[string]struct {
				Content map[string]struct {
					Schema struct {
						Ref string `yaml:"$ref"`
					} `yaml:"schema"`
				} `yaml:"content"`
			} `yaml:"responses"`
		} `yaml:"paths"`
		Components struct {
			Schemas         map[string]any `yaml:"schemas"`
			SecuritySchemes map[string]struct {
				Scheme string `yaml:"scheme"`
			} `yaml:"securitySchemes"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(r.Body, &doc); err != nil {
		t.Fatalf("/openapi.yaml is not YAML: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1") {
		t.Errorf("openapi = %q, want 3.1.x", doc.OpenAPI)
	}
	if doc.Components.SecuritySchemes["bearerAuth"].Scheme != "bearer" {
		t.Errorf("securitySchemes.bearerAuth = %+v, want the bearer scheme", doc.Components.SecuritySchemes)
	}
	procs := app.Procedures()
	if len(procs) < 50 {
		t.Fatalf("app.Procedures() lists %d procedures; expected every service's", len(procs))
	}
	schema := func(ref string) bool {
		name, ok := strings.CutPrefix(ref, "#/components/schemas/")
		return ok && doc.Components.Schemas[name] != nil
	}
	for _, proc := range procs {
		post, ok := doc.Paths[proc]["post"]
		if !ok {
			t.Errorf("%s: no POST operation in /openapi.yaml", proc)
			continue
		}
		if in := post.RequestBody.Content["application/json"].Schema.Ref; !schema(in) {
			t.Errorf("%s: request schema %q is not defined", proc, in)
		}
		if out := post.Responses["200"].Content["application/json"].Schema.Ref; !schema(out) {
			t.Errorf("%s: response schema %q is not defined", proc, out)
		}
		if err := post.Responses["default"].Content["application/json"].Schema.Ref; err != "#/components/schemas/connect.error" {
			t.Errorf("%s: error schema = %q, want the Connect error", proc, err)
		}
	}
	if len(doc.Paths) != len(procs) {
		t.Errorf("/openapi.yaml has %d paths, the server %d procedures", len(doc.Paths), len(procs))
	}
}
