#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Printomat needs, only those missing.
#   scripts/system-deps.sh          what the product needs to run (and its demo kiosk)
#   scripts/system-deps.sh --test   also what the tests need (a browser)
# As root it installs with apt-get; with passwordless sudo it uses sudo; otherwise it prints
# the command to run and fails.
set -euo pipefail

# Runtime: qpdf and poppler-utils rewrite, count and render PDFs; LibreOffice (headless, with
# python3-uno to drive it) converts Office files; fonts so documents render as written;
# util-linux gives prlimit/unshare for running converters with limits and no network.
RUNTIME_PACKAGES=(
  qpdf
  poppler-utils
  libreoffice-writer-nogui
  libreoffice-calc-nogui
  libreoffice-impress-nogui
  python3-uno
  fonts-dejavu-core
  fonts-liberation
  util-linux
  cups-ipp-utils
  dbus
  ghostscript
)
# cups-ipp-utils + dbus: the demo kiosk's IPP printer (ippeveprinter needs a D-Bus daemon).
# ghostscript: the printer agent renders PDFs to PWG raster for printers that do not take PDF.
# Tests: a browser too, and nginx: the two-instance test (apps/server/test/cluster.test.ts) runs
# deploy/nginx/'s load balancer as a process of its own on a free port (the package's system
# service is not used). postgresql-client: pg_dump, pg_restore and createdb for the backup test
# (apps/server/test/backup-restore.test.ts).
TEST_PACKAGES=(chromium fonts-dejavu-core libxml2-utils nginx postgresql-client)
# Packages that count as present when their commands are on PATH, whichever package brought them
# (postgresql-client is a metapackage; postgresql-client-15 or PGDG's -17 give the same commands).
declare -A COMMANDS=([postgresql-client]="pg_dump pg_restore createdb")

has_commands() {
  local cmd
  for cmd in $1; do command -v "$cmd" >/dev/null 2>&1 || return 1; done
}

wanted=("${RUNTIME_PACKAGES[@]}")
if [[ "${1:-}" == "--test" ]]; then wanted+=("${TEST_PACKAGES[@]}"); fi

missing=()
for pkg in "${wanted[@]}"; do
  if [[ -n "${COMMANDS[$pkg]:-}" ]] && has_commands "${COMMANDS[$pkg]}"; then continue; fi
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then exit 0; fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Printomat needs these system packages: ${missing[*]} (install them with your package manager)." >&2
  exit 1
fi
if [[ $(id -u) -eq 0 ]]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo)
else
  echo "Printomat needs these system packages, please install them first:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Installing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
