// Package cluster holds `make test-cluster`: three `kesi serve` processes
// on one Postgres and one real S3-compatible object store (versitygw), as
// an operator scales Kesi out: sessions, uploads and background jobs
// across servers. Its test runs only with -tags cluster.
package cluster
