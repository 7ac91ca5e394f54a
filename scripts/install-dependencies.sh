#!/usr/bin/env bash
# Installs the C libraries Overset builds on, with apt, if any is missing:
#   libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config
# and, for the tests that read Overset's output with other tools: librsvg2-bin (rsvg-convert renders the SVGs),
# chromium (loads the HTML report headless), python3-pip and junitparser from PyPI (reads the JUnit XML).
# Works on Debian 12 and Ubuntu 22.04+ with Swift installed; uses sudo when not root.
set -euo pipefail

packages=(libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config librsvg2-bin
          chromium python3-pip)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "overset: apt packages already installed (${packages[*]})"
else
  echo "overset: installing with apt-get: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if ! python3 -c "import junitparser" 2>/dev/null; then
  echo "overset: installing junitparser with pip (the tests read the JUnit report with it)"
  python3 -m pip install -q junitparser 2>/dev/null || python3 -m pip install -q --break-system-packages junitparser
fi
