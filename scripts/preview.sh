#!/usr/bin/env bash
# The main job: installs the C dependencies if missing (apt), builds Overset in release mode, and previews where a
# real Thai string breaks at 180 pt in 17 pt Noto Sans Thai with two lines. Any arguments replace the example, e.g.
#   scripts/preview.sh "Zum Abschließen des Updates Firefox neu starten" --width 220 --max-lines 2
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
# --static-swift-stdlib: the Swift runtime and Foundation linked in, not loaded from 20 shared libraries at every
# start (the dynamic loader was a third of a preview's instructions; RESEARCH.md, "Fonts when needed").
echo "overset: building (swift build -c release --static-swift-stdlib)…"
swift build -c release --static-swift-stdlib --product overset >/dev/null
if [ $# -eq 0 ]; then
  set -- "เริ่มการทำงานใหม่เพื่ออัปเดต Firefox ให้เป็นรุ่นล่าสุด" --lang th --width 180 --size 17 --max-lines 2
  # Quoted as a shell takes it, so that the line can be pasted.
  echo "overset preview \"$1\" ${*:2}"
fi
# The preview's exit status is its verdict's (README, "Exit status"): 1 when the string is truncated or cannot be
# measured. The preview was shown all the same, so this script succeeds then and says so; 2 and 3 are real errors.
status=0
.build/release/overset preview "$@" || status=$?
if [ "$status" -eq 1 ]; then
  echo "overset: exit status 1 — the verdict above fails (as \`overset check\` would); the preview itself worked"
  exit 0
fi
exit "$status"
