#!/usr/bin/env bash
# bench/run.sh: Kesi's measured speed, unattended (`make bench`, which builds
# bin/kesi with the web app first).
#
#  1. a fresh Postgres database on 127.0.0.1:5432 (user postgres), dropped at the end;
#  2. the data set from the existing generator: `kesi demo seed`;
#  3. `kesi serve` on a free loopback port;
#  4. bench/loadtest: the mixed load at increasing concurrency, then each call
#     alone beside its floor (the same rows straight from Postgres);
#  5. bench/web.mjs: what each route of the web app loads, and Lighthouse, over HTTPS through
#     bench/tlsfront (HTTP/2, as every deployment serves the app: a service worker needs a secure
#     origin).
#
# The report (Markdown) goes to stdout and to bench/results/$MODE.md.
# BENCH_QUICK=1: a small data set and short stages, in under two minutes.
# BENCH_BIN=path: measure that build of kesi instead of bin/kesi (a before/after).
# BENCH_SKIP_WEB=1: the server's load only, without step 5 (while working on a read call).
set -euo pipefail
cd "$(dirname "$0")/.."

PGBASE=${BENCH_PG:-postgres://postgres@127.0.0.1:5432}
PASSWORD=kesi-bench-$RANDOM$RANDOM # the seeded lawyers' password, for this run only
if [[ -n "${BENCH_QUICK:-}" ]]; then
	MODE=quick LAWYERS=20 CASES=100 USERS=20
	LOAD=(-levels 10,50 -call-levels 10 -stage 3s -call-stage 1500ms -rates 100,200,300,400,500,600 -rate-stage 3s)
else
	MODE=full LAWYERS=1000 CASES=500 USERS=200
	LOAD=(-levels 10,50,100,200,400 -call-levels 10,50,200 -stage 10s -call-stage 4s -rates 100,200,300,400,500,600,800 -rate-stage 10s)
fi
KESI=${BENCH_BIN:-bin/kesi}
DB=kesi_bench_$$
WORK=$(mktemp -d)
SERVER=
FRONT=

psql_admin() { psql "$PGBASE/postgres?sslmode=disable" -v ON_ERROR_STOP=1 -qAt "$@"; }

cleanup() {
	if [[ -n "$FRONT" ]]; then
		kill "$FRONT" 2>/dev/null || true
		wait "$FRONT" 2>/dev/null || true
	fi
	if [[ -n "$SERVER" ]]; then
		kill "$SERVER" 2>/dev/null || true
		wait "$SERVER" 2>/dev/null || true
	fi
	psql_admin -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true
	rm -rf "$WORK"
}
trap cleanup EXIT

# Free loopback ports: the first from 18080 that nothing answers on, and the next for HTTPS.
port=18080
while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null; do port=$((port + 1)); done
tlsport=$((port + 1))
while (exec 3<>/dev/tcp/127.0.0.1/$tlsport) 2>/dev/null; do tlsport=$((tlsport + 1)); done

export KESI_DATABASE_URL="$PGBASE/$DB?sslmode=disable"
export KESI_DATA_DIR=$WORK/data
export KESI_ADDR=127.0.0.1:$port
export KESI_ENV=dev
# The browsers reach the server through bench/tlsfront; the load generator straight (bearer tokens).
export KESI_PUBLIC_URL=https://127.0.0.1:$tlsport
# The server's pool, the floors' too (-pool): sized for 200 concurrent users rather than the
# default (twice the cores), which would queue them in the pool instead of in Postgres.
export KESI_DB_MAX_CONNS=${KESI_DB_MAX_CONNS:-40}

echo "bench: $MODE run, database $DB, $LAWYERS lawyers x $CASES cases" >&2
psql_admin -c "CREATE DATABASE $DB" >/dev/null
"$KESI" demo seed --lawyers "$LAWYERS" --cases "$CASES" --password "$PASSWORD" >&2
psql "$KESI_DATABASE_URL" -qc "VACUUM ANALYZE" >&2

"$KESI" serve >"$WORK/serve.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do
	curl -fsS "http://$KESI_ADDR/readyz" >/dev/null 2>&1 && break
	kill -0 "$SERVER" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 1; }
	sleep 0.1
done
curl -fsS "http://$KESI_ADDR/readyz" >/dev/null || { echo "bench: the server never became ready" >&2; tail -20 "$WORK/serve.log" >&2; exit 1; }

# The HTTPS front for the browsers, started here rather than inside the report's pipeline: there
# it would hold the pipe open, tee would wait for it, and the run would hang after its report.
if [[ -z "${BENCH_SKIP_WEB:-}" ]]; then
	go build -o "$WORK/tlsfront" ./bench/tlsfront
	"$WORK/tlsfront" -listen "127.0.0.1:$tlsport" -backend "http://$KESI_ADDR" >/dev/null 2>>"$WORK/serve.log" &
	FRONT=$!
	for _ in $(seq 50); do curl -fsSk "https://127.0.0.1:$tlsport/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
fi

mkdir -p bench/results
OUT=bench/results/$MODE.md
{
	echo "## Measured $(date -u '+%Y-%m-%d'), $MODE run (\`$([[ $MODE == quick ]] && echo 'BENCH_QUICK=1 ')make bench\`)"
	echo
	go run ./bench/loadtest -url "http://$KESI_ADDR" -db "$KESI_DATABASE_URL" -password "$PASSWORD" -users "$USERS" -pool "$KESI_DB_MAX_CONNS" "${LOAD[@]}"
	if [[ -n "$FRONT" ]]; then
		echo
		node bench/web.mjs --url "https://127.0.0.1:$tlsport" --email lawyer-00000@seed.kesi.test --password "$PASSWORD"
	fi
} | tee "$OUT"
echo "bench: report written to $OUT" >&2
