#!/usr/bin/env bash
# Runs the test suite: installs the C dependencies if missing (apt), then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift test "$@"
# The DocC documentation, with warnings as errors: a broken symbol link fails the run.
scripts/docs.sh
