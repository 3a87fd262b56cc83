#!/usr/bin/env bash
# README's run command: installs the dependencies and starts the whole system standalone (one process, embedded
# PostgreSQL, in-process bus, documents in a local folder, origin simulator; no store port). Needs only Node 20 and network access to the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_VERSION=10.34.8
if [ "$(pnpm --version 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || sudo npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi
pnpm install --frozen-lockfile
pnpm build
# Production mode only for the run: `pnpm install` under NODE_ENV=production would skip the build's dev dependencies.
NODE_ENV=production exec node deploy/dist/standalone/main.js
