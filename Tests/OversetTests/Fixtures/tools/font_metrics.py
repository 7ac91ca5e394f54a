#!/usr/bin/env python3
"""Dump vertical font metrics of every font in Fonts/ as a JSON fixture.

Run from the repository root:

    python3 Tests/OversetTests/Fixtures/tools/font_metrics.py > Tests/OversetTests/Fixtures/metrics.json

Values are read with fontTools straight from the head, hhea, OS/2 and maxp
tables (font units, signs as stored: descenders are negative in hhea and
sTypoDescender, usWinDescent is a positive distance below the baseline).
They are the reference values for Overset's metric tests, not Overset output.
"""
import glob
import json
import os
import sys

import fontTools
from fontTools.ttLib import TTFont

COMMAND = "python3 Tests/OversetTests/Fixtures/tools/font_metrics.py > Tests/OversetTests/Fixtures/metrics.json"
USE_TYPO_METRICS = 1 << 7


def metrics(path):
    font = TTFont(path, lazy=True)
    head, hhea, os2, maxp = font["head"], font["hhea"], font["OS/2"], font["maxp"]
    m = {
        "file": os.path.basename(path),
        "unitsPerEm": head.unitsPerEm,
        "hhea": {
            "ascender": hhea.ascent,
            "descender": hhea.descent,
            "lineGap": hhea.lineGap,
        },
        "os2": {
            "version": os2.version,
            "sTypoAscender": os2.sTypoAscender,
            "sTypoDescender": os2.sTypoDescender,
            "sTypoLineGap": os2.sTypoLineGap,
            "usWinAscent": os2.usWinAscent,
            "usWinDescent": os2.usWinDescent,
            "fsSelection": os2.fsSelection,
            "fsSelectionHex": f"0x{os2.fsSelection:04X}",
            "useTypoMetrics": bool(os2.fsSelection & USE_TYPO_METRICS),
        },
        "numGlyphs": maxp.numGlyphs,
    }
    # sxHeight and sCapHeight exist from OS/2 version 2 on.
    if os2.version >= 2:
        m["os2"]["sxHeight"] = os2.sxHeight
        m["os2"]["sCapHeight"] = os2.sCapHeight
    return m


def main():
    if not os.path.isdir("Fonts"):
        sys.exit("run from the repository root")
    paths = sorted(glob.glob("Fonts/*.ttf") + glob.glob("Fonts/*.otf"))
    out = {
        "command": COMMAND,
        "fontToolsVersion": fontTools.version,
        "fonts": {os.path.basename(p): metrics(p) for p in paths},
    }
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
