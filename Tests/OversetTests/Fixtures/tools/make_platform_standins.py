#!/usr/bin/env python3
"""Builds stand-ins for Apple's fonts in Fixtures/fonts/platform/, to test `--platform-fonts` without Apple's files
(which cannot ship or be downloaded here): OFL and Bitstream Vera fonts, subset with fontTools and renamed to the
families iOS uses. Only the names say "Apple"; the glyphs are Noto's and DejaVu's.

    python3 Tests/OversetTests/Fixtures/tools/make_platform_standins.py

| stand-in file | family / style, weight class | made from |
|---|---|---|
| SFProText-Regular.ttf | SF Pro Text / Regular, 400 | Fonts/NotoSans-Regular.ttf, ASCII |
| SFProText-Semibold.ttf | SF Pro Text / Semibold, 600 | Fonts/NotoSans-Bold.ttf, ASCII |
| SFProDisplay-Regular.ttf | SF Pro Display / Regular, 400 | DejaVu Sans (Debian fonts-dejavu-core), ASCII |
| Thonburi.ttf | Thonburi / Regular, 400 | Fonts/NotoSansThai-Regular.ttf |

The expected widths in the tests come from `hb-shape` on these files (recorded in hb-shape/platform_standins.json
by this script).
"""
import json
import os
import shlex
import subprocess

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
OUT = os.path.join(ROOT, "Tests/OversetTests/Fixtures/fonts/platform")
RECORD = os.path.join(ROOT, "Tests/OversetTests/Fixtures/hb-shape/platform_standins.json")
ASCII = list(range(0x20, 0x7F)) + [0x2026]
STANDINS = [
    ("SFProText-Regular.ttf", "Fonts/NotoSans-Regular.ttf", "SF Pro Text", "Regular", 400, ASCII),
    ("SFProText-Semibold.ttf", "Fonts/NotoSans-Bold.ttf", "SF Pro Text", "Semibold", 600, ASCII),
    ("SFProDisplay-Regular.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "SF Pro Display", "Regular", 400,
     ASCII),
    ("Thonburi.ttf", "Fonts/NotoSansThai-Regular.ttf", "Thonburi", "Regular", 400, None),
]
SAMPLES = [("SFProText-Regular.ttf", "Check for updates"), ("SFProText-Semibold.ttf", "Check for updates"),
           ("SFProDisplay-Regular.ttf", "Check for updates"), ("Thonburi.ttf", "ตรวจสอบการอัปเดต")]


def rename(font, family, style, weight):
    name = font["name"]
    full = family + ("" if style == "Regular" else " " + style)
    postscript = family.replace(" ", "") + "-" + style
    for record in list(name.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17):
            name.removeNames(nameID=record.nameID)
    for name_id, value in ((1, family), (2, style), (3, postscript + "-standin"), (4, full), (6, postscript)):
        name.setName(value, name_id, 3, 1, 0x409)
        name.setName(value, name_id, 1, 0, 0)
    font["OS/2"].usWeightClass = weight
    bold = style == "Bold"
    font["OS/2"].fsSelection = (font["OS/2"].fsSelection & ~0b1100001) | (0b100000 if bold else 0b1000000)
    font["head"].macStyle = 1 if bold else 0


def main():
    os.makedirs(OUT, exist_ok=True)
    for target, source, family, style, weight, codepoints in STANDINS:
        font = TTFont(os.path.join(ROOT, source))
        if codepoints:
            options = subset.Options()
            options.layout_features = ["*"]
            options.name_IDs = ["*"]
            subsetter = subset.Subsetter(options)
            subsetter.populate(unicodes=codepoints)
            subsetter.subset(font)
        rename(font, family, style, weight)
        font.save(os.path.join(OUT, target))
    cases = []
    for target, text in SAMPLES:
        path = os.path.relpath(os.path.join(OUT, target), ROOT)
        command = ["hb-shape", "--output-format=json", "--no-glyph-names", "--font-file=" + path, text]
        glyphs = json.loads(subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout)
        upem = TTFont(os.path.join(OUT, target))["head"].unitsPerEm
        cases.append({"command": shlex.join(command), "file": target, "text": text, "unitsPerEm": upem,
                      "total": sum(glyph["ax"] for glyph in glyphs)})
    with open(RECORD, "w") as out:
        json.dump({"cases": cases}, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print("wrote", os.path.relpath(OUT, ROOT), "and", os.path.relpath(RECORD, ROOT))


if __name__ == "__main__":
    main()
