// Package migrations holds Kesi's versioned schema migrations, one
// directory per engine, generated from ent/schema by `make migrations`
// (package gen) and never edited by hand. platform.DB applies them.
package migrations

import "embed"

// FS holds sqlite/*.sql and postgres/*.sql with their atlas.sum.
//
//go:embed sqlite postgres
var FS embed.FS
