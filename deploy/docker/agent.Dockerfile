# syntax=docker/dockerfile:1
# The Printomat printer agent image. It follows docs/agent.md (and its unit,
# apps/agent/packaging/printomat-agent.service) step for step: the one-file bundle as
# /usr/local/bin/printomat-agent, Ghostscript for printers that do not take PDF, the user
# printomat, its state in /var/lib/printomat-agent. Build from the repository root:
#   docker build -f deploy/docker/agent.Dockerfile -t printomat-agent .
# Settings come from the environment (PRINTOMAT_SERVER_URL, PRINTOMAT_MINION_ID, PRINTER_URI, …)
# or a file given as PRINTOMAT_AGENT_CONFIG. `printomat-agent discover` (ippfind, DNS-SD) is not
# in the image: a container rarely sees the printer network's multicast; run it on the host.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY apps/agent/package.json apps/agent/package.json
COPY packages/shared/package.json packages/shared/package.json
RUN npm ci --no-audit --no-fund
COPY . .
# docs/agent.md "Build": one plain JavaScript file, everything bundled (no node_modules needed).
RUN npm run build -w @printomat/agent

FROM node:24-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ghostscript \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home-dir /var/lib/printomat-agent --shell /usr/sbin/nologin printomat \
 && install -d -m 0700 -o printomat -g printomat /var/lib/printomat-agent
COPY --from=build --chmod=755 /src/apps/agent/dist/printomat-agent.js /usr/local/bin/printomat-agent
# The journal of jobs, the agent's own secret, pinned printer certificates: keep it (a volume).
ENV AGENT_STATE_DIR=/var/lib/printomat-agent
VOLUME ["/var/lib/printomat-agent"]
USER printomat
# A job being printed is left to the printer and followed again after a restart.
STOPSIGNAL SIGTERM
CMD ["printomat-agent", "run"]
