#!/usr/bin/env bash
# The whole test suite: formatting, lint, types, then every vitest project.
# On Linux without a Secret Service, the keychain tests need one: start a private D-Bus
# session with an unlocked gnome-keyring and a throw-away HOME, so the real keychain is tested.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run -s format:check
npm run -s lint
npm run -s typecheck
npm run -s build:renderer >/dev/null

if [ "$(uname -s)" = Linux ] && [ -z "${COUNTERTOP_TEST_SESSION:-}" ] \
  && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  tmp_home=$(mktemp -d)
  trap 'rm -rf "$tmp_home"' EXIT
  HOME="$tmp_home" COUNTERTOP_TEST_SESSION=1 dbus-run-session -- sh -c \
    'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ./node_modules/.bin/vitest run "$@"' \
    vitest "$@"
else
  ./node_modules/.bin/vitest run "$@"
fi
