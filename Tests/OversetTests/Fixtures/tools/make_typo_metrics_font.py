#!/usr/bin/env python3
"""Writes fonts/TypoMetricsTest.ttf: Noto Sans Hebrew with USE_TYPO_METRICS (fsSelection bit 7) set and OS/2
sTypo* values that differ from hhea, so a test can tell which table the engine read.

Run from the repository root:
    python3 Tests/OversetTests/Fixtures/tools/make_typo_metrics_font.py
Values set: sTypoAscender 900, sTypoDescender -300, sTypoLineGap 100 (hhea stays 1069 / -293 / 0).
The family is renamed "Overset Typo Metrics Test" (OFL 1.1 allows modified versions under another name).
"""
from fontTools.ttLib import TTFont

font = TTFont("Fonts/NotoSansHebrew-Regular.ttf")
os2 = font["OS/2"]
os2.fsSelection |= 1 << 7
os2.sTypoAscender = 900
os2.sTypoDescender = -300
os2.sTypoLineGap = 100
if os2.version < 4:
    os2.version = 4
for record in font["name"].names:
    if record.nameID in (1, 4, 16):
        record.string = "Overset Typo Metrics Test"
    if record.nameID == 6:
        record.string = "OversetTypoMetricsTest-Regular"
font.save("Tests/OversetTests/Fixtures/fonts/TypoMetricsTest.ttf")
