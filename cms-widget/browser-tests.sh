#!/usr/bin/env bash
# The one place that knows what the widget's browser tests need and how to get it: Debian's Chromium (never a
# browser download), Node.js and npm.
#
#   browser-tests.sh install   install what is missing (Debian packages; as root or with passwordless sudo)
#   browser-tests.sh run       install what is missing where it can, then `npm ci` and `npm test`; where it cannot
#                              (not root, no apt-get), skip with one line saying why and how — but with CI=true fail
#
# A skip leaves its reason in target/browser-tests-skipped, which the server's browser test reads to skip too.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# Nothing here reads standard input: never the terminal's keystrokes, nor whatever Maven's closed fd 0 became.
exec </dev/null
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
marker=target/browser-tests-skipped

missing() { # the Debian packages still needed
  local need=()
  [ -x "$chromium" ] || need+=(chromium)
  command -v node >/dev/null 2>&1 || need+=(nodejs)
  command -v npm >/dev/null 2>&1 || need+=(npm)
  echo "${need[@]:-}"
}

install() { # installs $@ with apt-get when this user can; returns 1 when it cannot
  [ $# -gt 0 ] || return 0
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null || return 1
    sudo=(sudo -n)
  fi
  command -v apt-get >/dev/null 2>&1 || return 1
  echo "linker: installing Debian packages for the browser tests: $*" >&2
  "${sudo[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "$@" >/dev/null
}

need=$(missing)
# shellcheck disable=SC2086
if [ -n "$need" ] && ! install $need; then
  :
fi
need=$(missing)

case "${1:-run}" in
  install)
    if [ -n "$need" ]; then
      echo "linker: cannot install $need (needs root or passwordless sudo, and apt-get)" >&2
      exit 1
    fi
    ;;
  run)
    mkdir -p target
    rm -f "$marker"
    if [ -n "$need" ]; then
      why="the widget's browser tests need $need (not installed, and this user cannot install Debian packages)"
      if [ "${CI:-}" = true ]; then
        echo "linker: $why; CI=true, so this fails instead of skipping" >&2
        exit 1
      fi
      echo "[WARNING] linker: browser tests skipped: $why. Run them with 'sudo apt-get install $need' then 'bin/mvn21 -B verify' again (or cd cms-widget && npm ci && npm test)." >&2
      echo "$why" > "$marker"
      exit 0
    fi
    npm ci --no-audit --no-fund --prefer-offline
    npm test
    ;;
  *)
    echo "usage: $0 install|run" >&2
    exit 2
    ;;
esac
