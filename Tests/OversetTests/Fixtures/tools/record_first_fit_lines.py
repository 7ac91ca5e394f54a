#!/usr/bin/env python3
"""Records how many lines first-fit breaking at spaces gives a title at each Dynamic Type category and width, from
HarfBuzz's widths alone: the word widths of hb-shape/german.json (Noto Sans, `hb-shape` 6.0.0, its command inside)
and the body sizes of Apple's table (dynamic-type.json). UAX #14 LB18 puts a break after each space; a line's width
leaves out its trailing space. A case where a word is wider than the width (a cut inside a word) or a line ends
within half a point of it is null: the oracle does not decide it.

    python3 Tests/OversetTests/Fixtures/tools/record_first_fit_lines.py > Tests/OversetTests/Fixtures/reflow/german-first-fit.json
"""
import json, os

here = os.path.join(os.path.dirname(__file__), "..")
shaped = json.load(open(os.path.join(here, "hb-shape/german.json")))
table = json.load(open(os.path.join(here, "dynamic-type.json")))
text, upem = shaped["text"], shaped["unitsPerEm"]
words, space = [0.0], 0.0
for glyph in sorted(shaped["glyphs"], key=lambda g: g["cl"]):
    if text[glyph["cl"]] == " ":
        space = glyph["ax"]
        words.append(0.0)
    else:
        words[-1] += glyph["ax"]
categories = [c["hig"] for c in table["categories"]]
sizes = table["styles"]["body"]["size"]
widths = [104, 180, 184, 244, 260, 284, 320, 360, 524, 600]
cases = []
for category, size in zip(categories, sizes):
    scale = size / upem
    for width in widths:
        lines, line, near = 1, 0.0, False
        decided = all(word * scale < width for word in words)
        for word in words:
            candidate = word * scale if line == 0 else line + (space + word) * scale
            if candidate <= width:
                line = candidate
            else:
                lines, line = lines + 1, word * scale
            near = near or abs(candidate - width) < 0.5
        cases.append({"category": category, "size": size, "width": width,
                      "lines": lines if decided and not near else None})
print(json.dumps({"command": "python3 Tests/OversetTests/Fixtures/tools/record_first_fit_lines.py",
                  "text": text, "font": shaped["font"], "hbShapeCommand": shaped["command"],
                  "style": "body", "cases": cases}, indent=1, ensure_ascii=False))
