#!/usr/bin/env python3
"""Dump the glyph ID each bundled font's cmap gives U+0000-U+00FF, as a JSON fixture.

Run from the repository root:

    python3 Tests/OversetTests/Fixtures/tools/latin1_cmap.py > Tests/OversetTests/Fixtures/latin1-cmap.json

Read with fontTools from the best Unicode cmap subtable (TTFont.getBestCmap); null where the font has no glyph.
They are the reference values for the glyph lookups Overset keeps per face for these characters, not Overset output.
"""
import glob
import json
import os
import sys

import fontTools
from fontTools.ttLib import TTFont

COMMAND = "python3 Tests/OversetTests/Fixtures/tools/latin1_cmap.py > Tests/OversetTests/Fixtures/latin1-cmap.json"


def latin1(path):
    font = TTFont(path, lazy=True)
    cmap = font.getBestCmap() or {}
    return [font.getGlyphID(cmap[c]) if c in cmap else None for c in range(256)]


def main():
    if not os.path.isdir("Fonts"):
        sys.exit("run from the repository root")
    paths = sorted(glob.glob("Fonts/*.ttf") + glob.glob("Fonts/*.otf"))
    sys.stdout.write('{\n"command": %s,\n"fontToolsVersion": %s,\n"fonts": {\n'
                     % (json.dumps(COMMAND), json.dumps(fontTools.version)))
    rows = [f"{json.dumps(os.path.basename(p))}: {json.dumps(latin1(p))}" for p in paths]
    sys.stdout.write(",\n".join(rows) + "\n}\n}\n")


if __name__ == "__main__":
    main()
