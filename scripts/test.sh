#!/usr/bin/env bash
# Runs the test suite: installs the C dependencies if missing (apt), then `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
swift test "$@"
# Instruction budgets (Benchmarks/instruction-budgets.json): release `measure` and `check` counted under valgrind;
# more than 10 % over a budget fails (scripts/perf-guard.py --record sets them).
python3 scripts/perf-guard.py
# The app readers (Interface Builder, Android XML, Swift, Objective-C, Kotlin, Java) fuzzed for a bounded time from
# the test trees' files (a debug build with AddressSanitizer; scripts/fuzz.sh runs every target longer).
FUZZ_CONFIG=debug scripts/fuzz.sh 60 FuzzPlacements
# The server's API against docs/openapi.yaml, and its page in a real browser (chromium, headless), with the binaries
# `swift test` built.
bin=$(swift build --show-bin-path)
python3 scripts/test-api.py "$bin/overset"
python3 scripts/test-page.py "$bin/overset" .build/page-screenshots
# The DocC documentation, with warnings as errors: a broken symbol link fails the run.
scripts/docs.sh
