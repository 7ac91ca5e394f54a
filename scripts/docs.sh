#!/usr/bin/env bash
# Builds the DocC documentation of the public modules with warnings as errors, so that a broken symbol link or an
# undocumented parameter fails CI: `swift package generate-documentation` (swiftlang/swift-docc-plugin). The
# archives land in .build/plugins/Swift-DocC/outputs/ (a combined one too, with links across the modules).
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation \
  --target OversetEngine --target OversetLabel --target OversetReports --target OversetFormats --target OversetCatalog \
  --target OversetMeasure --target OversetTesting \
  --enable-experimental-combined-documentation --warnings-as-errors "$@"
