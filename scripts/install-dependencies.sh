#!/usr/bin/env bash
# Installs what Overset needs, with apt, when missing. Works on Debian 12 and Ubuntu 22.04+ with Swift installed;
# uses sudo when not root.
#   always:    libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config, and the two
#              font packages too large to ship in Fonts/: fonts-noto-cjk (Chinese, Japanese and Korean with each
#              language's glyph forms; 57 MB download, 91 MB installed) and fonts-noto-color-emoji (10 MB, 11 MB);
#              fonts-roboto-unhinted (Roboto, the font Android labels are measured with; 4 MB);
#              libtree-sitter-dev (the parser library overset-placements reads Objective-C, Kotlin and Java with).
#   --placements: also the tree-sitter grammars overset-placements loads (scripts/build-grammars.sh: built from
#              their PyPI source releases with cc, into /usr/local/lib/overset/grammars).
#              Without them Overset still runs: Han and kana fall back to Droid Sans Fallback, and Hangul and emoji
#              are reported as characters no font has.
#   --tests:   the grammars too, and librsvg2-bin (rsvg-convert renders the SVGs), chromium (loads the HTML report headless),
#              python3-jsonschema (validates the SARIF report against the published schema), time (/usr/bin/time
#              reads a command's peak memory), valgrind (counts a command's instructions: the tests that double
#              a hostile input and expect twice the work, not four times), python3-pip and
#              junitparser from PyPI (reads the JUnit XML), chromium-driver (drives `overset serve`'s page in
#              chromium over WebDriver), and pyyaml, openapi-spec-validator and openapi-schema-validator from PyPI
#              (validate docs/openapi.yaml and the server's answers), and schemathesis 4.32.5 from PyPI (generates
#              requests from docs/openapi.yaml and runs every check on the answers): the tests read Overset's
#              output with tools that are not Overset.
set -euo pipefail

packages=(libharfbuzz-dev libfreetype-dev libfontconfig1-dev libicu-dev libcairo2-dev pkg-config
          fonts-noto-cjk fonts-noto-color-emoji fonts-roboto-unhinted libtree-sitter-dev)
tests=false
grammars=false
if [ "${1:-}" = "--placements" ]; then
  grammars=true
  packages+=(python3-pip)
fi
if [ "${1:-}" = "--tests" ]; then
  tests=true
  grammars=true
  packages+=(librsvg2-bin chromium chromium-driver python3-pip python3-jsonschema time valgrind)
fi
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
if $tests; then
  for module in junitparser:junitparser yaml:pyyaml openapi_spec_validator:openapi-spec-validator \
                openapi_schema_validator:openapi-schema-validator schemathesis:schemathesis==4.32.5; do
    # A pinned version (name==version) is installed unless that version is there.
    name=${module#*:}
    if [[ "$name" == *==* ]]; then
      if python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('${name%%==*}') != '${name#*==}')" 2>/dev/null; then
        continue
      fi
    elif python3 -c "import ${module%%:*}" 2>/dev/null; then
      continue
    fi
    echo "overset: installing $name with pip"
    python3 -m pip install -q "$name" 2>/dev/null || python3 -m pip install -q --break-system-packages "$name"
  done
fi
if $grammars; then
  "$(dirname "$0")/build-grammars.sh"
fi
