#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, each in its own build folder.
#   scripts/sanitizers.sh [address|thread ...]   (default: both)
# A leaked HarfBuzz, FreeType, ICU or cairo handle fails the run. Leaks inside Swift's corelibs and fontconfig's
# process-lifetime configuration are suppressed (scripts/lsan-foundation.supp). LeakSanitizer's own exit status is
# turned off so that the CLI tests still see the CLI's exit codes; instead the script fails on any leak report.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(address thread)
status=0
for kind in "${kinds[@]}"; do
  echo "sanitizer: $kind"
  log=$(mktemp)
  ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-foundation.supp:exitcode=0" \
    TSAN_OPTIONS=halt_on_error=1 \
    swift test --sanitize="$kind" --scratch-path ".build-$kind" 2>&1 | tee "$log" || status=1
  if grep -q "ERROR: LeakSanitizer\|WARNING: ThreadSanitizer\|ERROR: AddressSanitizer" "$log"; then
    echo "sanitizer: $kind reported a problem (see above)"
    status=1
  fi
done
exit $status
