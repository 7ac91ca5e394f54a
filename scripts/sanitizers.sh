#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, each in its own build folder.
#   scripts/sanitizers.sh [address|thread ...]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(address thread)
for kind in "${kinds[@]}"; do
  echo "sanitizer: $kind"
  # LeakSanitizer runs with ASan on Linux: a leaked C handle fails the run.
  ASAN_OPTIONS=detect_leaks=1 TSAN_OPTIONS=halt_on_error=1 \
    swift test --sanitize="$kind" --scratch-path ".build-$kind"
done
