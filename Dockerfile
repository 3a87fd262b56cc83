# One image for every regapi process in distributed mode (docs/decisions/0066). Each is a command of it:
#   node services/<gateway|origin-session|billing|reconciler|archive|console|origin-simulator>/dist/main.js
#   node libs/db/dist/migrate-cli.js        (the migration Job)
# The final stage is exactly the tree scripts/assemble-image-tree.sh writes; deploy/test/image.prod-tree.test.ts
# assembles the same tree on a machine with no container engine and starts every service from it.
# The base by tag and digest (decision 0133): every build starts from the same bytes, whatever the tag points to
# later. A new Node: change both together (.node-version too); .github/workflows/image.yml checks the digest exists.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6

FROM ${NODE_IMAGE} AS build
RUN npm install --global pnpm@10.34.8
WORKDIR /src
# Packages first (only the lockfile decides them), so a source change does not download them again.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline \
  && pnpm build \
  && scripts/assemble-image-tree.sh /out

FROM ${NODE_IMAGE}
# tini as PID 1: forwards SIGTERM/SIGINT to node and reaps zombies; node itself stops within 10 s of SIGTERM
# (libs/runtime/src/shutdown.ts). npm, npx, corepack and yarn are not needed to run anything: removed.
RUN apt-get update \
  && apt-get install --yes --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /opt/yarn-* \
  && rm -f /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg \
  && groupadd --system --gid 10001 regapi \
  && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin regapi
# Listening on every interface: in a pod the network policy, not the loopback, is the boundary. Nothing is written
# to the filesystem (logs go to stdout): the root filesystem can be read-only, with an emptyDir on /tmp. HOME is set
# whatever user the pod runs as: the AWS SDK asks for the home folder (to look for ~/.aws) and a process whose uid
# has no home stops there; none exists, so it finds no files and uses the S3_* variables.
ENV NODE_ENV=production \
  HOME=/nonexistent \
  HOST=0.0.0.0 \
  INTERNAL_HOST=0.0.0.0 \
  METRICS_HOST=0.0.0.0 \
  SIM_HOST=0.0.0.0
WORKDIR /app
# Owned by root, read-only to the user the processes run as.
COPY --from=build /out /app
USER 10001:10001
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "services/gateway/dist/main.js"]
