// Package ent holds Kesi's data model (schema/) and the code ent generates from it.
package ent

//go:generate go run -mod=mod entgo.io/ent/cmd/ent generate --feature sql/upsert,sql/execquery,sql/lock ./schema
