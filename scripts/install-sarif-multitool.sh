#!/usr/bin/env bash
# Installs Microsoft's SARIF Multitool (the validator behind https://sarifweb.azurewebsites.net,
# whose "Ghas" rules are GitHub code scanning's ingestion rules) for the SARIF tests, on first
# use, into .cache/. Idempotent: a second run only checks and prints the binary's path.
#
#   scripts/install-sarif-multitool.sh            # install if missing; prints the binary's path last
#   scripts/install-sarif-multitool.sh --force    # reinstall
#
# The npm package @microsoft/sarif-multitool is a small launcher whose optional dependency
# @microsoft/sarif-multitool-<os> carries the self-contained .NET binary (Sarif.Multitool). The
# launcher asks for ^5.7.0 of it, so both are named here at 5.7.0 to pin the binary too. Package
# install scripts are not run (--ignore-scripts): the only one, the binary's `chmod u+x`, is done
# here. The binary is self-contained (.NET 8): it needs no .NET runtime, but it loads libicu
# (libicuuc.so.<N>) when started normally and fails where there is none. With
# DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1, which the check below and the tests set, it loads no
# ICU at all (validation compares no culture-specific text), so no Debian package is needed.
#
# Env: SARIF_MULTITOOL_CACHE_DIR (default <repo>/.cache/sarif-multitool).
set -Eeuo pipefail

VERSION=5.7.0
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE_DIR="${SARIF_MULTITOOL_CACHE_DIR:-$REPO_ROOT/.cache/sarif-multitool}"
MARKER="$CACHE_DIR/.installed-$VERSION"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

log() { printf '[install-sarif-multitool] %s\n' "$*" >&2; }
die() { printf '[install-sarif-multitool] ERROR: %s\n' "$*" >&2; exit 1; }
trap 'printf "[install-sarif-multitool] ERROR: command failed (line %s): %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

platform() {
  case "$(uname -s)" in
    Linux) echo linux ;;
    Darwin) echo darwin ;;
    *) die "unsupported OS $(uname -s): the Multitool's npm packages exist for linux, darwin and win32" ;;
  esac
}

binary_path() {
  echo "$CACHE_DIR/node_modules/@microsoft/sarif-multitool-$(platform)/Sarif.Multitool"
}

# The binary starts and reports its version (a missing libicu or a truncated download fails here).
check_binary() {
  local bin version
  bin="$(binary_path)"
  [[ -f "$bin" ]] || { log "$bin is missing"; return 1; }
  [[ -x "$bin" ]] || chmod u+x "$bin"
  if ! version="$(DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1 "$bin" --version 2>&1)"; then
    log "$bin --version failed: $version"
    return 1
  fi
  [[ "$version" == *"$VERSION"* ]] || { log "$bin reports \"$version\", expected $VERSION"; return 1; }
}

install_multitool() {
  local os
  os="$(platform)"
  command -v npm >/dev/null || die "npm not found on PATH"
  mkdir -p "$CACHE_DIR"
  rm -rf "$CACHE_DIR/node_modules" "$CACHE_DIR/package-lock.json" "$CACHE_DIR"/.installed-*
  # Its own package.json makes $CACHE_DIR the npm project root, so the repo's package.json and
  # lock file are never read or written; --no-save leaves this one as it is.
  cat >"$CACHE_DIR/package.json" <<JSON
{
  "name": "sarif-multitool-cache",
  "private": true,
  "description": "SARIF Multitool $VERSION for the SARIF tests (scripts/install-sarif-multitool.sh)"
}
JSON
  log "npm install @microsoft/sarif-multitool@$VERSION (+ -$os) into $CACHE_DIR (~100 MB)"
  local start=$SECONDS
  npm install --prefix "$CACHE_DIR" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
    "@microsoft/sarif-multitool@$VERSION" "@microsoft/sarif-multitool-$os@$VERSION" >&2 \
    || die "npm install @microsoft/sarif-multitool@$VERSION failed (see the npm output above; is the npm registry reachable?)"
  log "npm install took $((SECONDS - start)) s; $(du -sh "$CACHE_DIR/node_modules" | cut -f1) in node_modules"
  check_binary || die "the SARIF Multitool $VERSION does not run after its install (see above)"
  touch "$MARKER"
}

main() {
  mkdir -p "$(dirname "$CACHE_DIR")"
  # Serialise concurrent runs (two test runs starting at once on a fresh machine).
  exec 9>"$CACHE_DIR.lock"
  flock 9
  if ((FORCE == 0)) && [[ -f "$MARKER" ]] && check_binary; then
    log "SARIF Multitool $VERSION already installed in $CACHE_DIR"
  else
    install_multitool
  fi
  binary_path
}

main
