#!/usr/bin/env bash
# Installs a real VS Code (code-server, VS Code 1.100.3) plus Debian's chromium so the
# integration tests can run inside an extension host on machines that cannot reach
# Microsoft's download servers. Idempotent: a second run only checks and exits.
#
#   scripts/install-editor.sh            # install if missing
#   scripts/install-editor.sh --force    # reinstall code-server
#
# Env: EDITOR_CACHE_DIR (default <repo>/.cache/code-server), SKIP_APT=1 (packages managed elsewhere).
set -Eeuo pipefail

CODE_SERVER_VERSION=4.100.3
# @vscode/ripgrep inside code-server 4.100.3: its postinstall downloads rg from GitHub unless
# $TMPDIR/vscode-ripgrep-cache-<pkg version>/ripgrep-<rg version>-<target>.tar.gz already exists.
RIPGREP_PKG_VERSION=1.15.11
RIPGREP_ASSET_VERSION=v13.0.0-10
APT_PACKAGES=(libkrb5-dev ripgrep chromium fonts-noto-color-emoji)  # the font: 👍/👎 in screenshots

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${EDITOR_CACHE_DIR:-$REPO_ROOT/.cache/code-server}"
MARKER="$CACHE_DIR/.installed-$CODE_SERVER_VERSION"
CODE_SERVER_BIN="$CACHE_DIR/node_modules/.bin/code-server"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

log() { printf '[install-editor] %s\n' "$*"; }
die() { printf '[install-editor] ERROR: %s\n' "$*" >&2; exit 1; }
trap 'printf "[install-editor] ERROR: command failed (line %s): %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root (or sudo) to run: $*"; fi
}

# Probes read a command's whole output into a variable and match it there: under pipefail,
# `cmd | head -n1` or `cmd | grep -q` fails (and fires the ERR trap) whenever the reader exits
# before cmd has written everything, because cmd then dies of SIGPIPE.

# The first line of a command's output; fails when the command fails.
first_line() {
  local text
  text="$("$@")" || return
  printf '%s\n' "${text%%$'\n'*}"
}

is_installed_pkg() {
  local status
  status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" || return 1
  [[ "$status" == *'install ok installed'* ]]
}

has_candidate() {
  local policy candidate='Candidate: [^(]'
  policy="$(apt-cache policy "$1" 2>/dev/null)" || return 1
  [[ "$policy" =~ $candidate ]]
}

ensure_apt_packages() {
  if [[ "${SKIP_APT:-}" == 1 ]]; then log "SKIP_APT=1: not checking Debian packages"; return; fi
  command -v dpkg-query >/dev/null || die "dpkg-query not found: this script expects Debian/Ubuntu"
  local missing=() p
  for p in "${APT_PACKAGES[@]}"; do is_installed_pkg "$p" || missing+=("$p"); done
  if ((${#missing[@]} == 0)); then log "Debian packages present: ${APT_PACKAGES[*]}"; return; fi

  export DEBIAN_FRONTEND=noninteractive
  local need_update=0
  for p in "${missing[@]}"; do has_candidate "$p" || need_update=1; done
  if ((need_update)); then
    log "apt-get update (package lists lack: ${missing[*]})"
    as_root apt-get update -q || die "apt-get update failed: check the Debian mirror is reachable"
  fi
  log "apt-get install ${missing[*]}"
  if ! as_root apt-get install -y -q --no-install-recommends "${missing[@]}"; then
    # Stale package lists point at versions the mirror no longer has: refresh once and retry.
    log "install failed; refreshing package lists and retrying once"
    as_root apt-get update -q || die "apt-get update failed: check the Debian mirror is reachable"
    as_root apt-get install -y -q --no-install-recommends "${missing[@]}" \
      || die "apt-get install ${missing[*]} failed"
  fi
}

check_node() {
  command -v node >/dev/null || die "node not found on PATH"
  command -v npm >/dev/null || die "npm not found on PATH"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  # code-server 4.100.x ships a Node 20 server and its postinstall refuses other majors.
  [[ "$major" == 20 ]] || die "code-server $CODE_SERVER_VERSION needs Node 20, found $(node -v)"
}

ripgrep_target() {
  case "$(uname -m)" in
    x86_64) echo x86_64-unknown-linux-musl ;;
    aarch64 | arm64) echo aarch64-unknown-linux-musl ;;
    *) die "unsupported CPU $(uname -m) for the ripgrep asset name" ;;
  esac
}

# Packs Debian's rg under the exact name @vscode/ripgrep's postinstall looks for.
seed_ripgrep_cache() {
  local tmp="$1" rg asset dir version
  rg="$(command -v rg)" || die "rg not found: install the Debian 'ripgrep' package"
  version="$(first_line "$rg" --version)" || die "$rg --version failed: is the Debian 'ripgrep' package intact?"
  dir="$tmp/vscode-ripgrep-cache-$RIPGREP_PKG_VERSION"
  asset="ripgrep-$RIPGREP_ASSET_VERSION-$(ripgrep_target).tar.gz"
  mkdir -p "$dir" "$tmp/rg-stage"
  cp "$rg" "$tmp/rg-stage/rg"
  tar -czf "$dir/$asset" -C "$tmp/rg-stage" rg
  log "seeded $dir/$asset from $rg ($version)"
}

is_code_server_installed() {
  [[ -f "$MARKER" && -x "$CODE_SERVER_BIN" ]]
}

install_code_server() {
  mkdir -p "$CACHE_DIR"
  # Its own package.json makes $CACHE_DIR the npm project root, so the repo's
  # package.json and lock file are never read or written.
  # allowScripts: npm 11 warns about (and may block) dependency install scripts not approved
  # there; code-server's postinstall is what builds VS Code's native modules.
  cat >"$CACHE_DIR/package.json" <<JSON
{
  "name": "editor-cache",
  "private": true,
  "description": "code-server for integration tests (scripts/install-editor.sh)",
  "allowScripts": { "code-server@$CODE_SERVER_VERSION": true, "argon2": true }
}
JSON
  rm -rf "$CACHE_DIR/node_modules" "$CACHE_DIR/package-lock.json" "$CACHE_DIR"/.installed-*

  local tmp
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/install-editor.XXXXXX")"
  # shellcheck disable=SC2064 # expand $tmp now
  trap "rm -rf '$tmp'" EXIT
  seed_ripgrep_cache "$tmp"

  log "npm install code-server@$CODE_SERVER_VERSION into $CACHE_DIR (about 40 s, ~300 MB)"
  local start=$SECONDS
  (
    cd "$CACHE_DIR"
    export TMPDIR="$tmp"
    export npm_config_unsafe_perm=true # its postinstall refuses to run as root otherwise
    export npm_config_yes=true         # node-pty runs `npx node-gyp`, cancelled by yes=false
    npm install --prefix "$CACHE_DIR" --no-audit --no-fund --save-exact \
      "code-server@$CODE_SERVER_VERSION"
  ) || die "npm install code-server@$CODE_SERVER_VERSION failed (see the npm output above)"
  log "npm install took $((SECONDS - start)) s"

  verify_code_server
  touch "$MARKER"
}

# Files that only exist when the install scripts really ran (npm can skip them silently).
verify_code_server() {
  [[ -x "$CODE_SERVER_BIN" ]] || die "missing $CODE_SERVER_BIN after install"
  local vs="$CACHE_DIR/node_modules/code-server/lib/vscode" f
  for f in node_modules/@vscode/ripgrep/bin/rg node_modules/node-pty/build/Release/pty.node \
    node_modules/kerberos/build/Release/kerberos.node node_modules/@vscode/spdlog/build/Release/spdlog.node; do
    [[ -f "$vs/$f" ]] || die "missing lib/vscode/$f: an install script was skipped or failed (npm allowScripts? ripgrep cache?)"
  done
  local tmp version
  tmp="$(mktemp -d)"
  # Own XDG dirs: otherwise code-server writes ~/.config/code-server/config.yaml.
  version="$(XDG_CONFIG_HOME="$tmp" XDG_DATA_HOME="$tmp" "$CODE_SERVER_BIN" --version 2>/dev/null | tail -n1)" \
    || { rm -rf "$tmp"; die "code-server --version failed"; }
  rm -rf "$tmp"
  log "code-server ready: $version"
}

main() {
  mkdir -p "$(dirname "$CACHE_DIR")"
  # Serialise concurrent runs, Debian packages included (npm test installs in the background
  # while a unit test runs this script too; two test runs may start at once on a fresh machine).
  exec 9>"$CACHE_DIR.lock"
  flock 9

  ensure_apt_packages
  [[ -x /usr/bin/chromium ]] || [[ "${SKIP_APT:-}" == 1 ]] || die "/usr/bin/chromium missing after install"
  check_node

  if ((FORCE == 0)) && is_code_server_installed; then
    log "code-server $CODE_SERVER_VERSION already installed in $CACHE_DIR"
    return
  fi
  install_code_server
  log "done: $CODE_SERVER_BIN"
}

# Sourced (test/unit/scripts/installEditor.test.ts), it only defines the functions.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then main; fi
