#!/usr/bin/env bash
# Runs the test suite: installs the C dependencies if missing (apt), then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift test "$@"
# The server's API against docs/openapi.yaml, and its page in a real browser (chromium, headless), with the binaries
# `swift test` built.
bin=$(swift build --show-bin-path)
python3 scripts/test-api.py "$bin/overset"
python3 scripts/test-page.py "$bin/overset" .build/page-screenshots
# The DocC documentation, with warnings as errors: a broken symbol link fails the run.
scripts/docs.sh
