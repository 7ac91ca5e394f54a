#!/usr/bin/env python3
"""Writes fonts/HugeAdvanceTest.ttf: Noto Sans Hebrew with the advance of alef (U+05D0) set to 40,000 units in
`hmtx`, above the 32,767 a signed 16-bit reading allows (hmtx advances are uint16, OpenType spec), to test that an
impossible metric is refused or clamped instead of coming out as a negative width.

Run from the repository root:
    python3 Tests/OversetTests/Fixtures/tools/make_huge_advance_font.py
The family is renamed "Overset Huge Advance Test" (OFL 1.1 allows modified versions under another name).
"""
from fontTools.ttLib import TTFont

font = TTFont("Fonts/NotoSansHebrew-Regular.ttf")
glyph = font.getBestCmap()[0x05D0]
advance, lsb = font["hmtx"].metrics[glyph]
font["hmtx"].metrics[glyph] = (40000, lsb)
font["hhea"].advanceWidthMax = 40000
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Overset Huge Advance Test"
    if record.nameID == 6:
        record.string = "OversetHugeAdvanceTest-Regular"
font.save("Tests/OversetTests/Fixtures/fonts/HugeAdvanceTest.ttf")
print(glyph, advance, "->", 40000)
