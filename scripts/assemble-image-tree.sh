#!/usr/bin/env bash
# Writes the container image's file tree into OUT: every service and the libraries they use (package.json, the
# compiled JavaScript, runtime assets) with their production dependencies from the lockfile, laid out as the workspace
# is, so each service runs as `node services/<name>/dist/main.js` and the migration as
# `node libs/db/dist/migrate-cli.js`. The Dockerfile's final stage copies exactly this folder, and
# deploy/test/image.prod-tree.test.ts starts every service from it: one recipe, so the two cannot drift
# (docs/decisions/0066).
#
# Usage: scripts/assemble-image-tree.sh OUT    (in a workspace after `pnpm install --frozen-lockfile` and `pnpm build`)
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:?usage: scripts/assemble-image-tree.sh OUT}
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
  echo "assemble-image-tree: $out is not empty" >&2
  exit 1
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The services and what they depend on at run time (--filter-prod: devDependencies do not pull a package in), never
# deploy/ (the developer launchers) or libs/testkit.
selector='{./services/**}...'
mapfile -t packages < <(pnpm --filter-prod "$selector" list --depth -1 --parseable | sed "s|^$PWD/||" | sort)
if [ "${#packages[@]}" -eq 0 ]; then
  echo "assemble-image-tree: no packages selected by $selector" >&2
  exit 1
fi

for package in "${packages[@]}"; do
  if [ ! -d "$package/dist" ]; then
    echo "assemble-image-tree: $package/dist is missing: run pnpm build first" >&2
    exit 1
  fi
  mkdir -p "$out/$package"
  cp "$package/package.json" "$out/$package/"
  # Compiled JavaScript only: no sources, declarations, source maps (their sources are not shipped) or build info.
  (cd "$package" && find dist -type f -name '*.js' -print0 | xargs -0 cp --parents -t "$out/$package")
  # Files a package reads at run time next to its code (the simulator's signing certificate).
  if [ -d "$package/assets" ]; then cp -R "$package/assets" "$out/$package/"; fi
done

# Production dependencies exactly as locked; --no-optional leaves out the standalone's embedded PostgreSQL (an
# optional dependency of libs/db, decision 0066) and platform extras. --offline: the packages come from the store
# the workspace install filled, never from the network.
cp package.json pnpm-workspace.yaml pnpm-lock.yaml "$out/"
(cd "$out" && pnpm install --prod --frozen-lockfile --offline --no-optional --filter-prod "$selector" --reporter=silent)
# Native bindings: a package that loads a prebuilt binary finds it in a per-platform optional dependency, which
# --no-optional left out. For each one listed, the platform packages the workspace's own install chose for this
# machine (the image's platform when the Dockerfile runs this) are copied from the workspace and linked as pnpm links
# them. The console's password hashing needs @node-rs/argon2's (decision 0080).
native_bindings=(@node-rs/argon2)
for binding in "${native_bindings[@]}"; do
  found=0
  for owner in "$out"/node_modules/.pnpm/"${binding/\//+}"@*; do
    [ -d "$owner" ] || continue
    entry=$(basename "$owner")
    for link in node_modules/.pnpm/"$entry"/node_modules/"$binding"-*; do
      [ -L "$link" ] || continue
      target=$(readlink "$link")
      # ../../../<store entry>/node_modules/<name>: the store entry is the fourth path segment.
      store_entry=$(echo "$target" | cut -d/ -f4)
      cp -R "node_modules/.pnpm/$store_entry" "$out/node_modules/.pnpm/"
      ln -s "$target" "$out/node_modules/.pnpm/$entry/node_modules/$binding-${link##*/"${binding#*/}"-}"
      found=1
    done
  done
  if [ "$found" -eq 0 ]; then
    echo "assemble-image-tree: no platform package of $binding in the workspace install" >&2
    exit 1
  fi
done

# Inputs of the install, not of the running services.
rm "$out/pnpm-workspace.yaml" "$out/pnpm-lock.yaml"
