#!/usr/bin/env bash
# Runs the test suite: installs the C dependencies if missing (apt), then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift test "$@"
