#!/usr/bin/env python3
"""Records hb-shape's total advance for every piece of an Arabic word cut at grapheme boundaries, shaped on its
own (no context), as a line that starts or ends mid-word would be drawn. Run from the repository root:
    python3 Tests/OversetTests/Fixtures/tools/record_arabic_pieces.py > Tests/OversetTests/Fixtures/hb-shape/arabic_pieces.json
Each piece is shaped with:
    hb-shape --output-format=json --no-glyph-names --language=ar --script=Arab --direction=rtl \
             --font-file=Fonts/NotoSansArabic-Regular.ttf PIECE
"""
import json
import subprocess

FONT = "Fonts/NotoSansArabic-Regular.ttf"
WORDS = ["التحديثات", "مِن"]


def advance(text):
    out = subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", "--language=ar", "--script=Arab",
                          "--direction=rtl", "--font-file=" + FONT, text], check=True, capture_output=True,
                         text=True).stdout
    return sum(g["ax"] for g in json.loads(out))


def clusters(word):
    # Every code point here starts a grapheme cluster except the combining kasra (U+0650).
    result = []
    for ch in word:
        if result and 0x064B <= ord(ch) <= 0x065F:
            result[-1] += ch
        else:
            result.append(ch)
    return result


pieces = {}
for word in WORDS:
    cs = clusters(word)
    for i in range(len(cs)):
        for j in range(i + 1, len(cs) + 1):
            piece = "".join(cs[i:j])
            pieces[piece] = advance(piece)
print(json.dumps({
    "command": "python3 Tests/OversetTests/Fixtures/tools/record_arabic_pieces.py",
    "hbShapeVersion": subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.split()[2],
    "font": FONT, "unitsPerEm": 1000,
    "advances": pieces,
}, ensure_ascii=False, indent=1, sort_keys=True))
