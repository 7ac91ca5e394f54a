#!/usr/bin/env python3
"""Record HarfBuzz reference shaping output as JSON fixtures.

Run from the repository root:

    python3 Tests/OversetTests/Fixtures/tools/record_hb_shape.py

For every sample below this runs Debian's `hb-shape` (libharfbuzz-bin 6.0.0)
with --output-format=json --no-glyph-names and explicit --language,
--script, --direction and --font-file, and writes
Tests/OversetTests/Fixtures/hb-shape/<sample>.json.  Samples listed in
EXTENTS additionally get <sample>.extents.json recorded with --show-extents.

The expected values are HarfBuzz's, not Overset's.  The script refuses to
write anything if hb-shape is not version 6.0.0 or if any glyph is .notdef
(glyph id 0).

Clusters ("cl") are kept exactly as hb-shape printed them.  Without
--utf8-clusters, hb-shape 6.0.0 prints clusters as indices of Unicode
scalar values (code points) in the input text, not UTF-8 byte offsets, so
each file carries "clusterUnit": "codepoint".  RTL output is in visual
order (left to right), as hb-shape prints it.
"""
import json
import os
import re
import shlex
import subprocess
import sys

from fontTools.ttLib import TTFont

HB_SHAPE_VERSION = "6.0.0"
OUT_DIR = "Tests/OversetTests/Fixtures/hb-shape"

# name: (text, font file, BCP 47 language, ISO 15924 script, direction)
SAMPLES = {
    "english": ("Check for updates", "Fonts/NotoSans-Regular.ttf", "en", "Latn", "ltr"),
    "english_kerning": ("AVATAR Toyota WAVE", "Fonts/NotoSans-Regular.ttf", "en", "Latn", "ltr"),
    "german": ("Zum Abschließen des Updates Firefox neu starten", "Fonts/NotoSans-Regular.ttf", "de", "Latn", "ltr"),
    "thai": ("ตรวจสอบการอัปเดต", "Fonts/NotoSansThai-Regular.ttf", "th", "Thai", "ltr"),
    "thai_marks": ("ที่ ปั้น ฟ้ำ ฎุ ฏู", "Fonts/NotoSansThai-Regular.ttf", "th", "Thai", "ltr"),
    "arabic": ("تحقق مِن التحديثات", "Fonts/NotoSansArabic-Regular.ttf", "ar", "Arab", "rtl"),
    "devanagari": ("अपडेट के लिए जांच करें", "Fonts/NotoSansDevanagari-Regular.ttf", "hi", "Deva", "ltr"),
    "hebrew": ("בדיקה אחר עדכונים", "Fonts/NotoSansHebrew-Regular.ttf", "he", "Hebr", "rtl"),
    # The text mixes Katakana, Hiragana and Han.  "Kana" is what HarfBuzz
    # itself guesses (first strong script).  With this font, --script=Hani,
    # Hira and Jpan give byte-identical output.
    "japanese": ("ソフトウェアの更新を確認", "Fonts/DroidSansFallbackFull.ttf", "ja", "Kana", "ltr"),
    "chinese": ("检查更新", "Fonts/DroidSansFallbackFull.ttf", "zh-Hans", "Hani", "ltr"),
    # Clipping samples: harakat above and below, Vietnamese stacked accents, and ordinary text that must not clip.
    "arabic_harakat": ("بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ", "Fonts/NotoSansArabic-Regular.ttf", "ar", "Arab", "rtl"),
    "vietnamese": ("Tiếng Việt: Ễ Ẫ Ỗ Ể", "Fonts/NotoSans-Regular.ttf", "vi", "Latn", "ltr"),
    "latin_accents": ("Élan Ñandú Çà Øre Åkerlund Übung gjpqy", "Fonts/NotoSans-Regular.ttf", "en", "Latn", "ltr"),
    "cyrillic": ("Съешь же ещё этих мягких булок Йй Ёё", "Fonts/NotoSans-Regular.ttf", "ru", "Cyrl", "ltr"),
    "greek": ("Ελληνικά Ϋ ΐ ψ ζ ξ", "Fonts/NotoSans-Regular.ttf", "el", "Grek", "ltr"),
    "cjk": ("检查更新。ソフトウェアの更新を確認「再起動」", "Fonts/DroidSansFallbackFull.ttf", "ja", "Hani", "ltr"),
}

EXTENTS = ["thai_marks", "arabic", "devanagari", "arabic_harakat", "vietnamese", "latin_accents", "cyrillic",
           "greek", "cjk"]


def check_version():
    out = subprocess.run(["hb-shape", "--version"], check=True, capture_output=True, text=True).stdout
    m = re.search(r"hb-shape \(HarfBuzz\) (\S+)", out)
    if not m or m.group(1) != HB_SHAPE_VERSION:
        sys.exit(f"expected hb-shape {HB_SHAPE_VERSION}, got: {out.strip()!r}")


def dump(obj):
    """JSON with one glyph object per line (stable, diff-friendly)."""
    lines = ["{"]
    items = list(obj.items())
    for i, (k, v) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if k == "glyphs":
            lines.append(f'  "{k}": [')
            for j, g in enumerate(v):
                gc = "," if j < len(v) - 1 else ""
                lines.append("    " + json.dumps(g, ensure_ascii=False, separators=(", ", ": ")) + gc)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def record(name, extents):
    text, font, lang, script, direction = SAMPLES[name]
    argv = ["hb-shape", "--output-format=json", "--no-glyph-names"]
    if extents:
        argv.append("--show-extents")
    argv += [f"--language={lang}", f"--script={script}", f"--direction={direction}",
             f"--font-file={font}", text]
    proc = subprocess.run(argv, check=True, capture_output=True, text=True)
    if proc.stderr.strip():
        sys.exit(f"{name}: hb-shape wrote to stderr: {proc.stderr!r}")
    glyphs = json.loads(proc.stdout)
    notdef = [i for i, g in enumerate(glyphs) if g["g"] == 0]
    if notdef:
        sys.exit(f"{name}: .notdef (glyph 0) at output positions {notdef}")
    upem = TTFont(font, lazy=True)["head"].unitsPerEm
    fixture = {
        "command": shlex.join(argv),
        "hbShapeVersion": HB_SHAPE_VERSION,
        "font": font,
        "text": text,
        "language": lang,
        "script": script,
        "direction": direction,
        "unitsPerEm": upem,
        "clusterUnit": "codepoint",
        "glyphs": glyphs,
    }
    suffix = ".extents.json" if extents else ".json"
    path = os.path.join(OUT_DIR, name + suffix)
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump(fixture))
    print(f"wrote {path}: {len(glyphs)} glyphs, total advance {sum(g['ax'] for g in glyphs)}/{upem}")


def main():
    if not os.path.isdir("Fonts"):
        sys.exit("run from the repository root")
    check_version()
    os.makedirs(OUT_DIR, exist_ok=True)
    for name in SAMPLES:
        record(name, extents=False)
    for name in EXTENTS:
        record(name, extents=True)


if __name__ == "__main__":
    main()
