#!/usr/bin/env python3
"""Records HarfBuzz's advances for the pieces of styled texts into hb-shape/styled_runs.json: each run shaped on its
own in the face its style picks (Inter at wght 700 for bold, Inter Italic, Noto Sans Mono for code, Noto Sans Thai
Bold), as CoreText and Overset shape a run, so a styled text's width is the sum of its runs'.

    python3 Tests/OversetTests/Fixtures/tools/record_styled_runs.py

Debian's `hb-shape` 6.0.0; units per em and `hhea` metrics from the fonts' tables with fontTools.
"""
import json
import shlex
import subprocess

from fontTools.ttLib import TTFont

OUT = "Tests/OversetTests/Fixtures/hb-shape/styled_runs.json"
CASES = [
    ("plain-tap", "Fonts/Inter-roman.var.ttf", "wght=400", "Tap ", "en", "Latn"),
    ("bold-allow", "Fonts/Inter-roman.var.ttf", "wght=700", "Allow", "en", "Latn"),
    ("heavy-allow", "Fonts/Inter-roman.var.ttf", "wght=800", "Allow", "en", "Latn"),
    ("plain-rest", "Fonts/Inter-roman.var.ttf", "wght=400", " to continue", "en", "Latn"),
    ("plain-whole", "Fonts/Inter-roman.var.ttf", "wght=400", "Tap Allow to continue", "en", "Latn"),
    ("bold-sample", "Fonts/Inter-roman.var.ttf", "wght=700", "Alexandra Montgomery-Fitzgerald", "en", "Latn"),
    ("plain-sample-whole", "Fonts/Inter-roman.var.ttf", "wght=400",
     "Tap Alexandra Montgomery-Fitzgerald to continue", "en", "Latn"),
    ("bold-ellipsis", "Fonts/Inter-roman.var.ttf", "wght=700", "\u2026", "en", "Latn"),
    ("plain-use", "Fonts/Inter-roman.var.ttf", "wght=400", "Use ", "en", "Latn"),
    ("italic-word", "Fonts/Inter-italic.var.ttf", "wght=400", "italic", "en", "Latn"),
    ("mono-code", "Fonts/NotoSansMono-Regular.ttf", "", "code", "en", "Latn"),
    ("plain-big", "Fonts/Inter-roman.var.ttf", "wght=400", "Big", "en", "Latn"),
    ("thai-plain", "Fonts/NotoSansThai-Regular.ttf", "", "กด", "th", "Thai"),
    ("plain-space", "Fonts/Inter-roman.var.ttf", "wght=400", " ", "th", "Zyyy"),
    ("thai-bold", "Fonts/NotoSansThai-Bold.ttf", "", "อนุญาต", "th", "Thai"),
    ("thai-regular", "Fonts/NotoSansThai-Regular.ttf", "", "อนุญาต", "th", "Thai"),
]


def main():
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.split()[2]
    cases = {}
    for name, font, variations, text, language, script in CASES:
        command = ["hb-shape", "--output-format=json", "--no-glyph-names", "--font-file=" + font,
                   "--language=" + language, "--script=" + script, "--direction=ltr", text]
        if variations:
            command.insert(4, "--variations=" + variations)
        glyphs = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        advances = [glyph["ax"] for glyph in glyphs]
        cases[name] = {"command": shlex.join(command), "text": text, "advances": advances, "total": sum(advances),
                       "unitsPerEm": TTFont(font)["head"].unitsPerEm}
    metrics = {}
    for font in ["Fonts/Inter-roman.var.ttf", "Fonts/NotoSansMono-Regular.ttf"]:
        tables = TTFont(font)
        metrics[font] = {"unitsPerEm": tables["head"].unitsPerEm, "hheaAscender": tables["hhea"].ascent,
                         "hheaDescender": tables["hhea"].descent, "hheaLineGap": tables["hhea"].lineGap}
    with open(OUT, "w") as out:
        json.dump({"hbShapeVersion": version, "cases": cases, "metrics": metrics}, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
