#!/usr/bin/env bash
# The whole test suite: formatting, lint, types, the renderer's build, then every vitest project.
# The three static checks need nothing built and share nothing with the tests, so they run in the
# background beside the build and the tests (each one's output is printed when the tests end);
# their caches in node_modules/.cache let a second run re-check only what changed. Any failure
# fails the run.
# On Linux without a Secret Service, the keychain tests need one: start a private D-Bus
# session with an unlocked gnome-keyring and a throw-away HOME, so the real keychain is tested.
set -euo pipefail
cd "$(dirname "$0")/.."

checks=$(mktemp -d)
tmp_home=
trap 'rm -rf "$checks" ${tmp_home:+"$tmp_home"}' EXIT
check() {
  local name=$1
  shift
  ("$@" >"$checks/$name.log" 2>&1 && echo 0 >"$checks/$name.status" || echo 1 >"$checks/$name.status") &
}
check format npm run -s format:check
check lint npm run -s lint
check types npm run -s typecheck

status=0
if ! npm run -s build:renderer >/dev/null; then
  echo "✗ the renderer's build failed"
  status=1
elif [ "$(uname -s)" = Linux ] && [ -z "${COUNTERTOP_TEST_SESSION:-}" ] \
  && command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
  tmp_home=$(mktemp -d)
  HOME="$tmp_home" COUNTERTOP_TEST_SESSION=1 dbus-run-session -- sh -c \
    'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec ./node_modules/.bin/vitest run "$@"' \
    vitest "$@" || status=$?
else
  ./node_modules/.bin/vitest run "$@" || status=$?
fi

wait
for name in format lint types; do
  if [ "$(cat "$checks/$name.status")" != 0 ]; then
    echo "✗ $name failed:"
    cat "$checks/$name.log"
    status=1
  else
    echo "✓ $name"
  fi
done
exit "$status"
