#!/usr/bin/env bash
# Fresh machine to running product: installs what is missing, builds the web app, and starts the
# server with demo data on the embedded database (PGlite in ./data). Set DATABASE_URL to use PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh
bash scripts/npm-deps.sh
npm start
