#!/usr/bin/env python3
"""Builds Fixtures/fonts/VariableAxesTest.ttf: a small TrueType variable font with a weight axis (wght 100-900,
default 400) and an optical-size axis (opsz 10-32, default 17), made with fontTools' FontBuilder.

Glyphs A, B, C and space are rectangles whose advances move with the axes through gvar phantom points (no HVAR, so
HarfBuzz computes the advances from the glyph variations): at wght 900 every letter is 200 units wider, at opsz 32
every letter is 100 units narrower and space 60 narrower. The expected advances in `hb-shape/variable_axes.json`
come from HarfBuzz's own `hb-shape --variations`, recorded by `record_variable_font.py`.

    python3 Tests/OversetTests/Fixtures/tools/make_variable_font.py
"""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.tables.TupleVariation import TupleVariation

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fonts", "VariableAxesTest.ttf")

ADVANCES = {".notdef": 500, "space": 250, "A": 600, "B": 550, "C": 500}
WGHT_DELTA = {".notdef": 0, "space": 0, "A": 200, "B": 200, "C": 200}   # at wght 900
OPSZ_DELTA = {".notdef": 0, "space": -60, "A": -100, "B": -100, "C": -100}  # at opsz 32


def rectangle(width):
    pen = TTGlyphPen(None)
    if width:
        pen.moveTo((50, 0))
        pen.lineTo((50, 700))
        pen.lineTo((width - 50, 700))
        pen.lineTo((width - 50, 0))
        pen.closePath()
    return pen.glyph()


def main():
    order = list(ADVANCES)
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({0x20: "space", 0x41: "A", 0x42: "B", 0x43: "C"})
    glyphs = {name: rectangle(0 if name == "space" else ADVANCES[name]) for name in order}
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (ADVANCES[name], 50 if name != "space" else 0) for name in order})
    fb.setupHorizontalHeader(ascent=900, descent=-250)
    fb.setupNameTable({"familyName": "Overset Variable Axes Test", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=900, sTypoDescender=-250, usWinAscent=900, usWinDescent=250)
    fb.setupPost()
    fb.setupFvar(axes=[("wght", 100, 400, 900, "Weight"), ("opsz", 10, 17, 32, "Optical size")], instances=[])
    variations = {}
    for name in order:
        points = 4 if name != "space" and name != ".notdef" else (4 if name == ".notdef" else 0)
        deltas = []
        if WGHT_DELTA[name]:
            # The outline's right side and the advance (phantom point 2) move by the delta; phantom points last.
            d = WGHT_DELTA[name]
            body = [(0, 0), (0, 0), (d, 0), (d, 0)][:points]
            deltas.append(TupleVariation({"wght": (0, 1.0, 1.0)}, body + [(0, 0), (d, 0), (0, 0), (0, 0)]))
        if OPSZ_DELTA[name]:
            d = OPSZ_DELTA[name]
            body = [(0, 0), (0, 0), (d, 0), (d, 0)][:points]
            deltas.append(TupleVariation({"opsz": (0, 1.0, 1.0)}, body + [(0, 0), (d, 0), (0, 0), (0, 0)]))
        variations[name] = deltas
    fb.setupGvar(variations)
    fb.save(OUT)
    print("wrote", os.path.relpath(OUT))


if __name__ == "__main__":
    main()
