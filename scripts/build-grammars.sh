#!/usr/bin/env bash
# Builds the tree-sitter grammars overset-placements reads Objective-C, Kotlin and Java with, as shared libraries:
# libtree-sitter-objc.so, libtree-sitter-kotlin.so, libtree-sitter-java.so in $OVERSET_GRAMMARS_DIR (default
# /usr/local/lib/overset/grammars; sudo when it is not writable). The grammars' C sources come from their PyPI source
# distributions, pinned by version and SHA-256 (the same releases the PyPI wheels are built from); they are compiled
# against Debian's libtree-sitter-dev (0.20.7, which reads these grammars' ABI 14). Skips a grammar already built
# from the same release (a stamp file beside it). Needs a C compiler and pip.
#
# Why not in the package: SwiftPM cannot compile C it does not hold, and the three parsers' generated C is 53 MB;
# overset-placements loads them at run time (dlopen) and names any it cannot find in its report, never guessing.
set -euo pipefail
out="${OVERSET_GRAMMARS_DIR:-/usr/local/lib/overset/grammars}"
grammars=(
  "objc tree-sitter-objc 3.0.2 ac55aefe8a4f3ea6f1da2a2e05372a4f37100001934e36a81e0f96c4c6252809"
  "kotlin tree-sitter-kotlin 1.1.0 322a35bdae75e25ae64dae6027be609c5422fab282084117816c4ebcda6168da"
  "java tree-sitter-java 0.23.5 f5cd57b8f1270a7f0438878750d02ccc79421d45cca65ff284f1527e9ef02e38"
)
sudo=""
if ! mkdir -p "$out" 2>/dev/null || [ ! -w "$out" ]; then
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo mkdir -p "$out"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
missing=()
for entry in "${grammars[@]}"; do
  read -r name package version hash <<<"$entry"
  if [ ! -f "$out/libtree-sitter-$name.so" ] || [ ! -f "$out/libtree-sitter-$name.so.$version" ]; then missing+=("$name"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
# Every release's sources are fetched (2.7 MB in all): a release without the generator's header takes the
# Objective-C release's (the same ABI).
for entry in "${grammars[@]}"; do
  read -r name package version hash <<<"$entry"
  echo "$package==$version --hash=sha256:$hash" > "$work/requirements-$name.txt"
  python3 -m pip download -q --no-deps --no-binary :all: --require-hashes -r "$work/requirements-$name.txt" -d "$work/$name"
  tar -xzf "$work/$name"/*.tar.gz -C "$work/$name"
done
mkdir -p "$work/headers/tree_sitter"
cp "$(find "$work/objc" -path '*/src/tree_sitter/parser.h' | head -1)" "$work/headers/tree_sitter/"
for entry in "${grammars[@]}"; do
  read -r name package version hash <<<"$entry"
  [[ " ${missing[*]} " == *" $name "* ]] || continue
  echo "overset: building the $name grammar ($package $version) into $out"
  source_dir=$(dirname "$(find "$work/$name" -path '*/src/parser.c' | head -1)")
  sources=("$source_dir/parser.c")
  [ -f "$source_dir/scanner.c" ] && sources+=("$source_dir/scanner.c")
  include="$source_dir"
  [ -f "$source_dir/tree_sitter/parser.h" ] || include="$work/headers"
  cc -O1 -fPIC -shared -I "$include" "${sources[@]}" -o "$work/libtree-sitter-$name.so"
  library="$out/libtree-sitter-$name.so"
  $sudo install -m 0644 "$work/libtree-sitter-$name.so" "$library"
  $sudo rm -f "$library".*
  $sudo touch "$library.$version"
done
