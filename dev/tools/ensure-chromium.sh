#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (never a downloaded browser). `npm test` runs this
# first (pretest), and so does CI through npm test: when Chromium is missing and this machine
# may install packages (root with apt-get), it installs it; otherwise it says the one command to run.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if [ "${HUB_SYNC_NO_INSTALL:-}" = "" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: Chromium is missing; installing Debian's chromium for the browser tests (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  if [ -x "$browser" ]; then exit 0; fi
  echo "pretest: apt-get installed chromium, but $browser is still missing: set CHROMIUM_PATH to it" >&2
  exit 1
fi
echo "pretest: the browser tests need Chromium at $browser. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
