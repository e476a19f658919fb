# syntax=docker/dockerfile:1
# The Printomat server image. It follows the plain Debian install of docs/deploy.md step for step
# (deploy/systemd/printomat-server@.service): Debian's packages from scripts/system-deps.sh, the
# built code in /opt/printomat, the user printomat, data in /var/lib/printomat, the settings in
# the environment. Build from the repository root:
#   docker build -f deploy/docker/server.Dockerfile -t printomat-server .
# Node: the current LTS (24); the code also runs on Node 20.19+ (package.json engines, checked by
# scripts/check-engines.mjs, which also checks that this file stays on Node 24).

FROM node:24-bookworm-slim AS build
WORKDIR /src
# The lock file and every workspace's package.json first: `npm ci` is cached until they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY apps/agent/package.json apps/agent/package.json
COPY packages/shared/package.json packages/shared/package.json
RUN npm ci --no-audit --no-fund
COPY . .
# docs/deploy.md "Build": the web app (apps/web/dist) and the server bundle (apps/server/dist).
RUN npm run build -w @printomat/web && npm run build -w @printomat/server

FROM node:24-bookworm-slim
# scripts/system-deps.sh RUNTIME_PACKAGES for the server: qpdf and poppler-utils for PDFs,
# LibreOffice (+ python3-uno, its bridge) for Office files, fonts, util-linux (prlimit, unshare)
# for the converters' sandbox. Not here: the demo kiosk's printer (cups-ipp-utils, dbus; the
# kiosk is refused in production) and Ghostscript (only the agent renders raster: its image).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      qpdf \
      poppler-utils \
      libreoffice-writer-nogui \
      libreoffice-calc-nogui \
      libreoffice-impress-nogui \
      python3-uno \
      fonts-dejavu-core \
      fonts-liberation \
      util-linux \
 && rm -rf /var/lib/apt/lists/*
# docs/deploy.md: useradd --system printomat; DATA_DIR=/var/lib/printomat (StateDirectory).
RUN useradd --system --home-dir /var/lib/printomat --shell /usr/sbin/nologin printomat \
 && install -d -m 0750 -o printomat -g printomat /var/lib/printomat

WORKDIR /opt/printomat
# Only the server's runtime packages (sharp, PGlite, pg, LibreOffice bridge's helpers, …): the
# bundle in apps/server/dist loads them from node_modules; @printomat/shared is bundled.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY apps/agent/package.json apps/agent/package.json
COPY packages/shared/package.json packages/shared/package.json
RUN npm ci --omit=dev --workspace @printomat/server --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist

# The same settings as printomat-server@.service; everything else comes from the environment
# (docs/deploy.md "Configuration": DATABASE_URL, PUBLIC_URL, SMTP_URL, STORAGE=database, …).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/printomat \
    HOME=/var/lib/printomat
VOLUME ["/var/lib/printomat"]
USER printomat
EXPOSE 3000
# /healthz: the process answers (alive). The balancer's readiness probe is /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop): the instance answers 503 to new requests, closes agent links and
# event streams, and ends; give it the 20 s systemd gives it (stop_grace_period in compose).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
