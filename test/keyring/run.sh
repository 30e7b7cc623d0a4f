#!/bin/sh
# Runs the keyring tests (test/keyring/) against a real Secret Service: GNOME Keyring in a D-Bus
# session of their own, its keyring unlocked and kept in a temporary folder (never the user's).
# Needs Debian's gnome-keyring, dbus and libsecret-tools (.ci/run installs them), and a build.
set -eu
cd "$(dirname "$0")/../.."
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
export XDG_DATA_HOME="$data/share" XDG_RUNTIME_DIR="$data/run" WFD_TEST_KEYRING_PASSWORD=wfd-test
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- sh -c '
  printf %s "$WFD_TEST_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  WFD_KEYRING_SESSION=1 npx --no-install vitest run test/keyring --reporter=default "$@"
' sh "$@"
