#!/usr/bin/env python3
"""Records HarfBuzz's own advances for variable-font instances into hb-shape/variable_axes.json.

    python3 Tests/OversetTests/Fixtures/tools/record_variable_font.py

Each case runs Debian's `hb-shape` 6.0.0 with --variations (HarfBuzz applies the gvar/HVAR deltas itself) and
keeps the command, the glyph advances in font units and their sum. The fonts are the fixture
VariableAxesTest.ttf (make_variable_font.py) and the bundled Inter and Inter Display variable fonts.
"""
import json
import shlex
import subprocess

OUT = "Tests/OversetTests/Fixtures/hb-shape/variable_axes.json"
TEST_FONT = "Tests/OversetTests/Fixtures/fonts/VariableAxesTest.ttf"
CASES = [
    (TEST_FONT, "AB C", ""),
    (TEST_FONT, "AB C", "wght=600"),
    (TEST_FONT, "AB C", "wght=700"),
    (TEST_FONT, "AB C", "wght=600,opsz=17"),
    (TEST_FONT, "AB C", "wght=700,opsz=28"),
    (TEST_FONT, "AB C", "wght=400,opsz=40"),
    ("Fonts/Inter-roman.var.ttf", "Software Update Available", "wght=400"),
    ("Fonts/Inter-roman.var.ttf", "Software Update Available", "wght=600"),
    ("Fonts/Inter-roman.var.ttf", "Software Update Available", "wght=700"),
    ("Fonts/Inter-roman.var.ttf", "Check for updates", "wght=400"),
    ("Fonts/InterDisplay-roman.var.ttf", "Check for updates", "wght=400"),
]


def main():
    version = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.split()[2]
    cases = []
    for font, text, variations in CASES:
        command = ["hb-shape", "--output-format=json", "--no-glyph-names", "--font-file=" + font,
                   "--variations=" + variations, "--language=en", "--script=Latn", "--direction=ltr", text]
        output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        glyphs = json.loads(output)
        advances = [glyph["ax"] for glyph in glyphs]
        cases.append({"command": shlex.join(command), "font": font, "text": text, "variations": variations,
                      "advances": advances, "total": sum(advances)})
    with open(OUT, "w") as out:
        json.dump({"hbShapeVersion": version, "cases": cases}, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
