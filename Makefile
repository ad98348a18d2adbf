# Kesi: `make run` serves the product on the embedded SQLite default;
# `make test` runs every test. Tools are installed into ./bin at pinned
# versions on first use, so a fresh machine needs nothing else.

SHELL := /bin/bash
BIN := $(CURDIR)/bin
export PATH := $(BIN):$(CURDIR)/node_modules/.bin:$(PATH)
export GOFLAGS ?= -buildvcs=false

BUF_VERSION := v1.75.0
PROTOC_GEN_GO_VERSION := v1.36.12
CONNECT_VERSION := v1.21.1
ENT_VERSION := v0.14.5
# The S3-compatible object store of `make test-cluster` (Apache-2.0, pure Go).
VERSITYGW_VERSION := v1.8.0

GO_TOOLS := $(BIN)/buf $(BIN)/protoc-gen-go $(BIN)/protoc-gen-connect-go $(BIN)/protoc-gen-connect-openapi

.PHONY: run build web test test-go test-web test-e2e generate migrations check-generated lint tools clean

run: build
	$(BIN)/kesi serve

# The packaged browser extension rides in the binary: /downloads/kesi-extension.zip, with the
# install steps on /connect-extension, until it is in the browser stores.
build: web extension
	mkdir -p backend/internal/web/dist/downloads
	cp dist/kesi-extension.zip backend/internal/web/dist/downloads/kesi-extension.zip
	go build -o $(BIN)/kesi ./backend/cmd/kesi

web: node_modules/.installed
	npm run build --workspace frontend
	touch backend/internal/web/dist/.keep

# test runs two lanes side by side: the Go tests (test-go) and, one after the other, all the
# rest (test-rest). The rest uses well under one of the two cores (a browser suite mostly waits
# on Chromium, the server and timers: about 50 s of processor in 3 minutes for the largest), so
# the Go tests run in its idle time rather than before it. Either lane failing fails the
# target, once both have finished. Both lanes' output is kept, and a failure ends with the lines
# naming what failed: a CI log is often read from its tail, where the Go packages' list would
# otherwise bury a browser test's failure printed minutes before.
test: system-deps
	@out=$$(mktemp -d /tmp/kesi-make-test-XXXXXX); \
	( set -o pipefail; $(MAKE) --no-print-directory test-go 2>&1 | tee $$out/go.log ) & go_tests=$$!; \
	( set -o pipefail; $(MAKE) --no-print-directory test-rest 2>&1 | tee $$out/rest.log ); rest=$$?; \
	wait $$go_tests; go=$$?; \
	if [ $$go != 0 ] || [ $$rest != 0 ]; then \
	  echo "make test failed: test-go exit $$go, test-rest exit $$rest; what failed (whole output in $$out):"; \
	  sed 's/\x1b\[[0-9;]*m//g' $$out/go.log $$out/rest.log | \
	    grep -E '^(--- FAIL|FAIL|panic:)|^ +(--- FAIL|[^ ]+_test\.go:[0-9]+:)|^ *(FAIL |×|❯ e2e/|❯ src/)|(Assertion|Timeout)?Error:' | awk '!seen[$$0]++' | head -60; \
	  exit 1; fi; \
	rm -rf $$out

# test-rest is every test but the Go unit tests: Vitest, the browser suites, the extension and
# the cluster test.
.PHONY: test-rest
test-rest: test-web test-e2e test-extension test-cluster

# test-cluster runs three `kesi serve` on one Postgres (KESI_TEST_DATABASE_URL, default the
# local server) and one versitygw over a temporary directory: sign-in, refresh and sign-out
# across servers, upload on one and download on the others, every job once per period across
# the three, a server killed mid-upload and
# one stopped with an upload in flight (backend/internal/cluster).
.PHONY: test-cluster
test-cluster: $(BIN)/versitygw
	VERSITYGW=$(BIN)/versitygw KESI_TEST_DATABASE_URL="$${KESI_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}" \
		go test -tags cluster -count=1 -timeout 10m ./backend/internal/cluster/

$(BIN)/versitygw:
	GOBIN=$(BIN) go install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)

# system-deps installs what the browser suites, the extension package and PDF
# cause lists need from Debian when it can (root with apt-get), and otherwise
# stops at once naming the packages, rather than failing deep inside a suite.
SYSTEM_DEPS := chromium:chromium zip:zip pdftotext:poppler-utils
.PHONY: system-deps
system-deps:
	@missing=""; for d in $(SYSTEM_DEPS); do command -v $${d%%:*} >/dev/null 2>&1 || missing="$$missing $${d##*:}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing$$missing"; DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "make test needs these Debian packages:$$missing (sudo apt-get install$$missing)"; exit 1; fi; \
	fi

# test-go allows auth's package 25 minutes: its real argon2 hashes under -race took about 5
# alone, and over the default 10 beside the browser suites in make test's other lane.
test-go:
	go test -race -count=1 -timeout 25m ./...

test-web: node_modules/.installed
	npm test --workspace frontend

# test-e2e drives Debian's Chromium against the freshly built bin/kesi on a fresh data directory.
test-e2e: system-deps build
	npm run test:e2e --workspace frontend

generate: tools node_modules/.installed
	rm -rf gen
	buf generate
	rm -rf gen/go/google # google.type.Date comes from genproto in Go
	go run entgo.io/ent/cmd/ent@$(ENT_VERSION) generate --feature sql/upsert,sql/execquery,sql/lock ./ent/schema
	$(MAKE) migrations

# migrations writes a new versioned migration per engine when ent/schema has
# changed since the last one (nothing otherwise). It needs a Postgres server
# to replay the migrations on a scratch database: KESI_MIGRATE_DEV_URL, by
# default the local one. MIGRATION_NAME says what the change is.
MIGRATIONS := backend/internal/platform/migrations
MIGRATION_NAME ?= schema
migrations:
	go run ./$(MIGRATIONS)/gen -dir $(MIGRATIONS) -name $(MIGRATION_NAME)

# check-generated fails when the committed generated code is stale.
check-generated: generate
	@git diff --exit-code --stat -- gen ent $(MIGRATIONS) || { echo "generated code is stale: run make generate and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- gen ent $(MIGRATIONS))" || { git status --porcelain -- gen ent $(MIGRATIONS); echo "generated code is stale: run make generate and commit"; exit 1; }

lint: tools node_modules/.installed
	buf lint
	buf breaking --against '.git#branch=main'
	@test -z "$$(gofmt -l backend ent/schema ent/civil)" || { gofmt -l backend ent/schema ent/civil; echo "gofmt needed"; exit 1; }
	go vet ./...
	npm run typecheck --workspace frontend
	npm run lint --workspace frontend
	npm run typecheck --workspace extension
	npm run lint --workspace extension

tools: $(GO_TOOLS)

$(BIN)/buf:
	GOBIN=$(BIN) go install github.com/bufbuild/buf/cmd/buf@$(BUF_VERSION)
$(BIN)/protoc-gen-go:
	GOBIN=$(BIN) go install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
$(BIN)/protoc-gen-connect-go:
	GOBIN=$(BIN) go install connectrpc.com/connect/cmd/protoc-gen-connect-go@$(CONNECT_VERSION)
# The OpenAPI generator is the repository's own (the module proxy does not
# serve sudorandom/protoc-gen-connect-openapi); rebuilt whenever it changes.
$(BIN)/protoc-gen-connect-openapi: $(wildcard backend/cmd/protoc-gen-connect-openapi/*.go) go.mod
	go build -o $@ ./backend/cmd/protoc-gen-connect-openapi

node_modules/.installed: package.json package-lock.json frontend/package.json extension/package.json
	npm ci --no-audit --no-fund
	touch $@

clean:
	rm -rf $(BIN) node_modules backend/internal/web/dist/assets backend/internal/web/dist/*.html

# bench measures speed on a fresh Postgres database (127.0.0.1:5432, user
# postgres): load, floors, bundle sizes and Lighthouse. BENCH_QUICK=1 for a
# small data set. Not part of `make test`: it measures, it does not check.
.PHONY: bench
bench: build
	bash bench/run.sh

# The browser extension: dist/kesi-extension.zip, ready to load unpacked or to publish.
.PHONY: extension test-extension
extension: node_modules/.installed
	npm run build --workspace extension
	mkdir -p dist && rm -f dist/kesi-extension.zip
	cd extension/dist && zip -qrX ../../dist/kesi-extension.zip .

# The portal reader's unit tests, then the extension end to end in Chromium against bin/kesi.
test-extension: system-deps build extension
	npm test --workspace extension
	npm run test:e2e --workspace extension
