#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (with LeakSanitizer) and ThreadSanitizer, each in its own build folder.
#   scripts/sanitizers.sh [address|thread ...]   (default: both)
# A leaked HarfBuzz, FreeType, ICU or cairo handle fails the run. Leaks inside Swift's corelibs and fontconfig's
# process-lifetime configuration are suppressed (scripts/lsan-foundation.supp). LeakSanitizer's own exit status is
# turned off so that the CLI tests still see the CLI's exit codes; instead the script fails on any leak report.
# Shared state uses pthread mutexes (OversetText's Lock), which ThreadSanitizer models: a report is a real race, and
# the thread run first checks that a deliberate race is reported.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --tests
kinds=("$@")
[ ${#kinds[@]} -eq 0 ] && kinds=(address thread)
status=0
for kind in "${kinds[@]}"; do
  echo "sanitizer: $kind"
  if [ "$kind" = thread ]; then
    # The signal is only worth having if a real race is caught: a program with one must make TSan report it.
    probe=$(mktemp -d)
    cat > "$probe/race.swift" <<'SWIFT'
import Foundation
final class Box: @unchecked Sendable { var value = 0 }
let box = Box()
let threads = (0..<2).map { _ in Thread { for _ in 0..<100_000 { box.value += 1 } } }
threads.forEach { $0.start() }
while threads.contains(where: { !$0.isFinished }) { usleep(1000) }
print(box.value)
SWIFT
    swiftc -sanitize=thread -g "$probe/race.swift" -o "$probe/race" 2>/dev/null
    if "$probe/race" 2>&1 | grep -q "WARNING: ThreadSanitizer"; then
      echo "sanitizer: thread: a deliberate race is reported (the signal works)"
    else
      echo "sanitizer: thread: a deliberate race was NOT reported; this run proves nothing"
      status=1
    fi
    rm -rf "$probe"
  fi
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
