package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// tableOwners names, for each table (by its ent client, db.User...), the one
// package that writes it (issue 16: one owner per table). Other domains and
// the doors ask the owner.
var tableOwners = map[string]string{
	"AccountDeletion":     "account",
	"Activity":            "cases",
	"AuditEvent":          "auth",
	"CaseMark":            "cases",
	"CauseList":           "causelists",
	"CauseListDismissal":  "causelists",
	"CauseListEntry":      "causelists",
	"CauseListFetch":      "causelists",
	"CauseListUpload":     "causelists",
	"Commission":          "affiliates",
	"CourtCase":           "cases",
	"Document":            "documents",
	"ExtensionToken":      "auth",
	"FakeCheckout":        "billing",
	"Firm":                "firm",
	"FirmInvitation":      "firm",
	"FirmMember":          "firm",
	"Installation":        "documents",
	"JobRun":              "jobs", // claimed in raw SQL (jobs.claimSQL), so never seen below
	"LawClient":           "clients",
	"PasswordReset":       "auth",
	"Payment":             "billing",
	"PendingUpload":       "documents",
	"PhoneVerification":   "reminders",
	"Plan":                "billing",
	"Referral":            "affiliates",
	"RefreshToken":        "auth",
	"Refund":              "billing",
	"RecordedRequest":     "cases",
	"ReminderConsent":     "reminders",
	"ReminderMessage":     "reminders",
	"ReminderSetting":     "reminders",
	"RetainedPayment":     "billing",
	"TwoStep":             "auth",
	"TwoStepRecoveryCode": "auth",
	"User":                "auth",
}

// tableSharers are the explicit exceptions: another package that writes some
// columns of a table it does not own, and why. The user row holds what
// several domains keep of a person; auth creates, signs in and deletes it.
var tableSharers = map[string]map[string]string{
	"User": {
		"account": "the profile and notification preferences (account.Profiles)",
		"billing": "paid_until, the subscription it sells and refunds",
		"firm":    "the role a firm's hand-over moves between lawyer and moderator",
		"demo":    "the load-test seed's thousands of lawyers (demo/seed.go), bypassing registration's password hashing",
	},
}

// mutations are the ent client's writing methods.
var mutations = map[string]bool{
	"Create": true, "CreateBulk": true, "MapCreateBulk": true,
	"Update": true, "UpdateOne": true, "UpdateOneID": true,
	"Delete": true, "DeleteOne": true, "DeleteOneID": true,
}

// Each table is written by its owner alone, save the exceptions above
// (issue 16). It reads the source: a call db.User.Create() (or Update,
// Delete... on any client or transaction) outside the owner fails. The test
// kit, which makes fixtures, and tests are not domains. An update through a
// loaded row (row.Update()) carries no table name in the source and is not
// seen here.
func TestEachTableHasOneWriter(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..") // backend/
	writers := map[string]map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := domainOf(filepath.ToSlash(rel))
		if pkg == "testkit" {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			method, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !mutations[method.Sel.Name] {
				return true
			}
			client, ok := method.X.(*ast.SelectorExpr)
			if !ok || !isEntity(client.Sel.Name) {
				return true
			}
			table := client.Sel.Name
			if writers[table] == nil {
				writers[table] = map[string][]string{}
			}
			writers[table][pkg] = append(writers[table][pkg], path)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(writers["User"]) == 0 || len(writers["Referral"]) == 0 {
		t.Fatalf("found no writer of user or referral (%v): is the test reading backend/?", writers)
	}
	tables := make([]string, 0, len(writers))
	for table := range writers {
		tables = append(tables, table)
	}
	sort.Strings(tables)
	for _, table := range tables {
		owner, ok := tableOwners[table]
		if !ok {
			t.Errorf("table %s has no owner declared: add it to tableOwners", table)
			continue
		}
		for pkg, files := range writers[table] {
			if pkg == owner {
				continue
			}
			if _, ok := tableSharers[table][pkg]; ok {
				continue
			}
			t.Errorf("%s writes the table %s, which %s owns: ask %s (%s)", pkg, table, owner, owner, strings.Join(files, ", "))
		}
	}
}

// domainOf is the domain of a directory under backend/: internal/cases/x
// is cases, cmd/kesi is cmd/kesi.
func domainOf(rel string) string {
	if rest, ok := strings.CutPrefix(rel, "internal/"); ok {
		d, _, _ := strings.Cut(rest, "/")
		return d
	}
	return rel
}

// isEntity reports whether name looks like an ent client's field (User,
// CourtCase...): exported and not one of the mutation builders themselves.
func isEntity(name string) bool {
	return name != "" && name[0] >= 'A' && name[0] <= 'Z' && !mutations[name]
}
