#!/usr/bin/env bash
# Every test: installs what is missing (npm packages, a browser), then format, lint, types,
# unit, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh --test
bash scripts/npm-deps.sh
npm test
