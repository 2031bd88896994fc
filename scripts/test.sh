#!/usr/bin/env bash
# Installs what the tests need and runs them all: lint, types, build, Vitest's unit
# project, its integration project on PGlite, the integration project again on
# PostgreSQL when it answers on 127.0.0.1:5432 (or TEST_DATABASE_URL), with Redis when
# it answers (the fault tests with two instances and dropped connections run only
# there), and the e2e project in Chromium. The build comes first; the integration and
# e2e projects find its stamp fresh and do not build again.
#
# Steps that do not depend on each other run side by side (docs/decisions/009-tests.md): lint, types and
# the build; then the unit project followed by the PGlite pass, beside the e2e pass and the
# PostgreSQL pass. Each run has its own database (a PGlite in memory per file, a fresh
# PostgreSQL database per file, the e2e server's own data directory) and its own ports, and
# most of their time is spent waiting on sockets, servers and Chromium, not computing. The
# output of each step is kept in tmp/test-results/<step>.log and printed whole when the step
# ends, so runs never interleave. TEST_SERIAL=1 runs every step one after another, as before.
#
# The three test runs side by side are opt-in (TEST_PARALLEL=1) for now: on a 2-core machine they
# made the heaviest tests (the member import through the command line, sign-up floods) pass their
# two-minute limit. By default they run one after another; lint, types and the build still run
# side by side.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m (at %ss)\n' "$*" "$SECONDS"; }
results=tmp/test-results
rm -rf "$results" && mkdir -p "$results"

CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM_PATH" ]; then
  step "Installing Chromium (Debian package)"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
export CHROMIUM_PATH

step "Installing dependencies"
npm install --no-audit --no-fund --loglevel=error

vitest() {
  local name=$1
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@"
}

# Steps started with `begin NAME LABEL COMMAND…` run in the background, their output in
# $results/NAME.log; `finish` waits for every step begun and prints each one's output as it ends.
declare -A running=() labels=()
failed=()
begin() {
  local name=$1 label=$2
  shift 2
  labels[$name]=$label
  if [ "${TEST_SERIAL:-}" = 1 ] || { [ "$phase" = tests ] && [ "${TEST_PARALLEL:-}" != 1 ]; }; then
    step "$label"
    "$@" 2>&1 | tee "$results/$name.log" || failed+=("$label")
    return
  fi
  step "$label: started"
  ("$@") >"$results/$name.log" 2>&1 &
  running[$name]=$!
}
finish() {
  while [ ${#running[@]} -gt 0 ]; do
    local done_pid="" status=0 name
    wait -n -p done_pid "${running[@]}" || status=$?
    for name in "${!running[@]}"; do
      [ "${running[$name]}" = "$done_pid" ] || continue
      unset "running[$name]"
      step "${labels[$name]}: $([ $status = 0 ] && echo passed || echo "FAILED (exit $status)")"
      cat "$results/$name.log"
      [ $status = 0 ] || failed+=("${labels[$name]}")
    done
  done
}
stop_if_failed() {
  if [ ${#failed[@]} -gt 0 ]; then
    step "Failed: ${failed[*]}"
    exit 1
  fi
}

phase=checks
begin lint "Lint (Biome)" npm run --silent lint
begin typecheck "Typecheck (tsc)" npm run --silent typecheck
begin build "Build" npm run --silent build
finish
stop_if_failed

postgres_url=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
redis_url=${TEST_REDIS_URL:-redis://127.0.0.1:6379}
node scripts/service-available.mjs redis "$redis_url" || redis_url=""
postgres=false
node scripts/service-available.mjs postgres "$postgres_url" && postgres=true

unit_and_pglite() {
  local status=0
  vitest unit --project unit || status=1
  vitest integration-pglite --project integration || status=1
  return $status
}
postgres_pass() {
  export TEST_DATABASE_URL=$postgres_url
  if [ -n "$redis_url" ]; then export TEST_REDIS_URL=$redis_url; else unset TEST_REDIS_URL; fi
  vitest integration-postgres --project integration
}

phase=tests
# The longest first: the e2e pass (its server seeds the demo data while the others start).
begin e2e "End-to-end tests (Chromium)" vitest e2e --project e2e
begin pglite "Unit tests, then integration tests (PGlite)" unit_and_pglite
if $postgres; then
  begin postgres "Integration tests (PostgreSQL at ${postgres_url%%\?*}${redis_url:+, Redis at $redis_url})" \
    postgres_pass
else
  step "PostgreSQL not reachable: skipping the PostgreSQL run"
fi
finish

step "Done"
status=0
node scripts/test-summary.mjs "$results" || status=1
stop_if_failed
exit $status
