#!/usr/bin/env bash
# Installs the C libraries Overset builds on, with apt, if any is missing:
#   libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config
# and, for the picture tests, librsvg2-bin (rsvg-convert renders the SVG output independently).
# Works on Debian 12 and Ubuntu 22.04+ with Swift installed; uses sudo when not root.
set -euo pipefail

packages=(libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config librsvg2-bin)
missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "overset: C dependencies already installed (${packages[*]})"
  exit 0
fi
echo "overset: installing with apt-get: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
