#!/usr/bin/env python3
"""Writes fonts/ExpandingTest.ttf: Noto Sans Hebrew with a GSUB multiple substitution (`ccmp`, the feature HarfBuzz
applies to every script) that turns alef (U+05D0) into 60 alefs, a hostile font that makes a text 60 times longer in
glyphs than in characters, to test that shaping refuses such growth instead of holding gigabytes.

Run from the repository root (fontTools from PyPI):
    python3 Tests/OversetTests/Fixtures/tools/make_expanding_font.py
The family is renamed "Overset Expanding Test" (OFL 1.1 allows modified versions under another name).
"""
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.ttLib import TTFont

font = TTFont("Fonts/NotoSansHebrew-Regular.ttf")
alef = font.getBestCmap()[0x05D0]
for table in ("GSUB", "GPOS", "GDEF"):
    if table in font:
        del font[table]
addOpenTypeFeaturesFromString(font, f"""
languagesystem DFLT dflt;
languagesystem hebr dflt;
feature ccmp {{ sub {alef} by {" ".join([alef] * 60)}; }} ccmp;
""")
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Overset Expanding Test"
    if record.nameID == 6:
        record.string = "OversetExpandingTest-Regular"
font.save("Tests/OversetTests/Fixtures/fonts/ExpandingTest.ttf")
print(alef, "-> 60 glyphs")
