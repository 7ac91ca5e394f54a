#!/usr/bin/env bash
# Runs Overset's libFuzzer targets (Fuzz/) with AddressSanitizer for a set time each, from seed corpora.
#   scripts/fuzz.sh [seconds per target, default 60] [target ...]
#   FUZZ_CONFIG=debug scripts/fuzz.sh 60 FuzzPlacements   (what scripts/test.sh runs: a debug build, minutes faster)
# Targets: FuzzLayout (text, widths, sizes, modes through prepare/layout/truncation, checking invariants),
# FuzzFonts (mutated font bytes), FuzzCatalogs (every catalog reader and the spec parser on mutated files),
# FuzzSettings (JSON requests through the label decoder, as `overset measure` reads them), FuzzPlacements (the app
# readers: storyboards, XIBs, Android layouts, menus and preference screens, Swift, Objective-C, Kotlin, Java).
# Crashes are written to Fuzz/findings/<target>/; turn each into a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --placements
seconds=${1:-60}
config=${FUZZ_CONFIG:-release}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(FuzzLayout FuzzFonts FuzzCatalogs FuzzSettings FuzzPlacements)

# Seed corpora: real strings, the bundled fonts, the catalog fixtures (the first byte picks the reader).
seeds=Fuzz/.seeds
rm -rf "$seeds"; mkdir -p "$seeds"/{FuzzLayout,FuzzFonts,FuzzCatalogs,FuzzSettings,FuzzPlacements}
python3 - "$seeds" <<'PY'
import json, os, sys
seeds = sys.argv[1]
rows = [json.loads(l) for l in open("Corpus/ui_strings.dev.jsonl")][:400]
n = 0
for row in rows:
    for lang in ["en", "de", "th", "ar", "ja", "hi", "he", "ru", "zh-CN", "ms"]:
        if row.get(lang) and n < 600:
            # FuzzLayout's header: flags, line limit/language, modes, line height kind, then four numbers at
            # offsets 5, 13, 21, 29 (width, size, tracking, line height); an even first byte reads them as small
            # ordinary values from their first byte.
            header = bytearray(37)
            header[0:5] = bytes([(n * 2) % 256, 17 + n % 20, (n * 7) % 256, (n * 13) % 256, n % 3])
            header[5], header[13], header[21], header[29] = 40 + n % 120, 11 + n % 40, 0, 20 + n % 30
            header = bytes(header)
            open(f"{seeds}/FuzzLayout/{n}", "wb").write(header + row[lang].encode())
            n += 1
formats = {"xcstrings": 0, "strings": 1, "stringsdict": 2, "xliff": 3, "xml": 4, "json": 5, "jsonl": 6}
for root, _, files in os.walk("Tests/OversetTests/Fixtures/catalogs"):
    for name in files:
        ext = name.rsplit(".", 1)[-1]
        if ext in formats:
            data = open(os.path.join(root, name), "rb").read()
            open(f"{seeds}/FuzzCatalogs/{ext}-{name}-{len(data)}", "wb").write(bytes([formats[ext]]) + data)
requests = [{"text": "x", "width": 100, "style": "body", "category": "AX3", "maxLines": 2},
            {"text": "x", "width": 0, "size": 17, "relativeTo": "none", "lineHeight": "natural", "tracking": -1},
            {"width": 1e308, "size": 1e-308, "maxLines": 1e300, "lineHeightMultiple": 0.5, "strategy": "balanced"},
            {"width": 320, "style": "headline", "emphasized": True, "lineHeight": 22, "truncation": "middle"}]
for index, request in enumerate(requests):
    open(f"{seeds}/FuzzSettings/{index}", "w").write(json.dumps(request))
# What issue 22 taught: specs with nested aliases and repeated keys, String Catalogs whose substitutions name
# each other, shard reports for merge (counts near the limits), and truncated fonts.
specs = ["a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\ndefault: {style: body, width: 320}\n",
         "default: {style: body, width: 1000, width: 5}\n",
         "default: &d {style: body, width: 320}\nrules:\n  - <<: *d\n    glob: \"*.title\"\n    maxLines: 2\n"]
for index, spec in enumerate(specs):
    open(f"{seeds}/FuzzCatalogs/spec-{index}", "wb").write(bytes([0]) + spec.encode())
unit = lambda value: {"stringUnit": {"state": "translated", "value": value}}
plural = lambda one, other: {"argNum": 1, "formatSpecifier": "lld",
                             "variations": {"plural": {"one": unit(one), "other": unit(other)}}}
nested = {"sourceLanguage": "en", "version": "1.0", "strings": {
    "nested": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Go %#@a@"},
               "substitutions": {"a": plural("one %#@b@", "many %#@b@"), "b": plural("%arg file", "%arg files")}}}},
    "cycle": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "%#@a@ %#@b@"},
              "substitutions": {"a": plural("%#@b@", "%#@b@"), "b": plural("%#@a@", "%#@a@")}}}}}}
open(f"{seeds}/FuzzCatalogs/xcstrings-nested", "wb").write(bytes([0]) + json.dumps(nested).encode())
report = {"results": [], "catalogs": ["a.xcstrings"], "languages": ["de"], "categories": ["Large"],
          "counts": {"strings": 2, "checks": 2, "passed": 1, "failed": 1, "warnings": 0, "unknown": 0},
          "diagnostics": [], "skipped": [{"reason": "in another shard", "count": 3}], "shard": "1/2",
          "fingerprint": "f"}
open(f"{seeds}/FuzzCatalogs/report-0", "wb").write(bytes([5]) + json.dumps(report).encode())
report["counts"]["failed"] = 9223372036854775807
open(f"{seeds}/FuzzCatalogs/report-1", "wb").write(bytes([5]) + json.dumps(report).encode())
# What issue 45 taught: block YAML nested deep, CRLF and CR catalogs (annotated too), a translator's noncharacters
# (U+FDD0–U+FDEF, raw, escaped and as references) beside styled tags, styled tags nested deep, and words whose
# every cut HarfBuzz flags unsafe.
deep_specs = ["x:\n" + "- " * 300 + "a\n", "x:\n" + "".join(" " * i + "- \n" for i in range(200)),
              "default: {style: body, width: 320}\nrules:\n  - key: a\n    samples: {placeholders: {\"1\": \"12\"}}\n    headroom: \"5%\"\n"]
for index, spec in enumerate(deep_specs):
    open(f"{seeds}/FuzzCatalogs/spec-deep-{index}", "wb").write(bytes([0]) + spec.encode())
open(f"{seeds}/FuzzCatalogs/strings-crlf", "wb").write(bytes([1]) + '"k1" = "v1"; /* c */\r\n"k2" = "v2";\r\n'.encode())
open(f"{seeds}/FuzzCatalogs/strings-cr", "wb").write(bytes([1]) + '"k1" = "v1";\r// x\r"k2" = "v2";\r'.encode())
open(f"{seeds}/FuzzCatalogs/xml-crlf", "wb").write(bytes([4]) + '<resources>\r\n<string name="a">A</string>\r\n</resources>\r\n'.encode())
open(f"{seeds}/FuzzCatalogs/xml-oneline", "wb").write(bytes([4]) + '<resources><string name="a">A</string><string name="b">B</string></resources>'.encode())
nonchar = '<resources><string name="n">\ufdd3<b>x\ufdef</b>\\uFDD0 &#xFDE0;</string>' \
          '<string name="c"><![CDATA[<big><b>&#xFDD5;</b></big>]]></string></resources>'
open(f"{seeds}/FuzzCatalogs/xml-nonchar", "wb").write(bytes([4]) + nonchar.encode())
open(f"{seeds}/FuzzCatalogs/xml-nested", "wb").write(bytes([4]) + ('<resources><string name="d">' + "<b><i>" * 40 + "x" + "</i></b>" * 40 + "</string></resources>").encode())
for index, word in enumerate(["a)" * 2000, "[[a](b)" * 500, "ـ" * 1500]):
    header = bytearray(37)
    header[0:5] = bytes([2 * index, 17, 0, 0, 0])
    header[5], header[13], header[21], header[29] = 60, 17, 0, 20
    open(f"{seeds}/FuzzLayout/hostile-{index}", "wb").write(bytes(header) + word.encode())
# FuzzPlacements: the test trees' sources, the first byte naming the file they become (FuzzPlacements.swift's
# `files`), and what issue 58 taught: nesting deep enough to reach each reader's limits, CRLF, NaN, includes.
kinds = [(".storyboard", 0), (".xib", 1), (".swift", 2), (".m", 3), ("/layout/", 4), ("/menu/", 5), ("/xml/", 6),
         (".kt", 7), (".java", 8)]
n = 0
for root, _, names in os.walk("Tests/OversetPlacementsTests/Trees"):
    for name in sorted(names):
        path = os.path.join(root, name)
        for marker, index in kinds:
            if marker in path and not (marker.startswith("/") and not path.endswith(".xml")):
                data = open(path, "rb").read()
                if len(data) < 60000:
                    open(f"{seeds}/FuzzPlacements/{index}-{n}-{name}", "wb").write(bytes([index]) + data)
                    n += 1
                break
hostile = {
    2: ["let x: " + "A<" * 300 + "B" + ">" * 300 + " = y\n", "#if A\n" * 40 + "let x = 1\n" + "#endif\n" * 40,
        "let x = " + "[" * 14 + "1" + "]" * 14 + "\nimport SwiftUI\nstruct W: View { var body: some View { Text(\"title\") } }\n"],
    4: ['<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android" android:layout_width="nandp">\r\n'
        '<TextView android:layout_width="match_parent" android:textSize="nansp" android:text="@string/title" />\r\n'
        '<include layout="@layout/main" /><include layout="@layout/main" />\r\n</LinearLayout>\r\n'],
    7: ['class A { fun f() { val s = "' + "x" * 3000 + '"; binding.title.setText(R.string.title) /* R.string.ok */ } }\n'],
}
for index, texts in hostile.items():
    for number, text in enumerate(texts):
        open(f"{seeds}/FuzzPlacements/hostile-{index}-{number}", "wb").write(bytes([index]) + text.encode())
for name in ["NotoSansThai-Regular.ttf", "NotoSansHebrew-Regular.ttf"]:
    data = open(f"Fonts/{name}", "rb").read()
    for size in [2000, 10000, len(data) * 9 // 10]:
        open(f"{seeds}/FuzzFonts/cut-{size}-{name}", "wb").write(data[:size])
PY
cp Fonts/NotoSansHebrew-Regular.ttf Fonts/NotoSansThai-Regular.ttf Tests/OversetTests/Fixtures/fonts/TypoMetricsTest.ttf \
  Tests/OversetTests/Fixtures/fonts/VariableAxesTest.ttf "$seeds/FuzzFonts/"

# Fuzz/ builds the main package's sources as a path dependency and does not notice files added to them (a split
# target went missing symbols): start from a clean build folder.
rm -rf Fuzz/.build/"$config" Fuzz/.build/x86_64-unknown-linux-gnu Fuzz/.build/build.db Fuzz/.build/"$config".yaml
for target in "${targets[@]}"; do
  (cd Fuzz && swift build -c "$config" --product "$target" -Xswiftc -sanitize=fuzzer,address -Xswiftc -g)
done
bin=$(cd Fuzz && swift build -c "$config" --show-bin-path)
status=0
for target in "${targets[@]}"; do
  mkdir -p "Fuzz/findings/$target" "Fuzz/corpus/$target"
  echo "fuzz: $target for ${seconds}s"
  # The Swift backtracer is slow under ASan; libFuzzer prints what it needs.
  # Foundation leaks its CFError on some malformed XML and property lists (XMLParser, CFPropertyList): not ours.
  if ! SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan-foundation.supp" "$bin/$target" "Fuzz/corpus/$target" "$seeds/$target" -max_total_time="$seconds" \
      -max_len=65536 -timeout=20 -artifact_prefix="Fuzz/findings/$target/" -print_final_stats=1 \
      > "Fuzz/findings/$target/last-run.log" 2>&1; then
    status=1
    echo "fuzz: $target FOUND A PROBLEM, see Fuzz/findings/$target/"
  fi
  grep -E "^stat::(number_of_executed_units|new_units_added|peak_rss_mb)|SUMMARY|Fatal|precondition" \
    "Fuzz/findings/$target/last-run.log" | head -n 8
done
exit $status
