#!/usr/bin/env bash
# Installs what the tests need and runs them all: lint, types, build, Vitest's unit
# project, its integration project on PGlite, the integration project again on
# PostgreSQL when it answers on 127.0.0.1:5432 (or TEST_DATABASE_URL), with Redis when
# it answers (the fault tests with two instances and dropped connections run only
# there), and the e2e project in Chromium. The build comes first; the integration and
# e2e projects find its stamp fresh and do not build again.
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

step "Lint (Biome)"
npm run --silent lint

step "Typecheck (tsc)"
npm run --silent typecheck

step "Build"
npm run --silent build

vitest() {
  local name=$1
  shift
  npx vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@"
}

step "Unit tests"
vitest unit --project unit

step "Integration tests (PGlite)"
vitest integration-pglite --project integration

TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}
TEST_REDIS_URL=${TEST_REDIS_URL:-redis://127.0.0.1:6379}
if node scripts/service-available.mjs redis "$TEST_REDIS_URL"; then
  export TEST_REDIS_URL
else
  unset TEST_REDIS_URL
fi
if node scripts/service-available.mjs postgres "$TEST_DATABASE_URL"; then
  step "Integration tests (PostgreSQL at ${TEST_DATABASE_URL%%\?*}${TEST_REDIS_URL:+, Redis at $TEST_REDIS_URL})"
  TEST_DATABASE_URL=$TEST_DATABASE_URL vitest integration-postgres --project integration
else
  step "PostgreSQL not reachable: skipping the PostgreSQL run"
fi

step "End-to-end tests (Chromium)"
vitest e2e --project e2e

step "Done"
node scripts/test-summary.mjs "$results"
