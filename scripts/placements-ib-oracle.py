#!/usr/bin/env python3
"""An independent reading of Interface Builder files, to check what `overset placements` reads from them.

Python's own XML parser (xml.etree) reads every storyboard and XIB of an app (iOS ones only), and for each label,
button and text field gives the key Interface Builder localizes it under (`ID.text`, `ID.normalTitle`,
`ID.placeholder`), its line limit (`numberOfLines`, absent = 1, UIKit's default; buttons and text fields one line),
its font (a text style, or a size and weight) and its truncation, written from Apple's XML and UIKit's documented
defaults, not from Overset's code. It then compares them with `overset-placements APP --format json`.

    python3 scripts/placements-ib-oracle.py APP placements.json
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

app, placements_path = sys.argv[1], sys.argv[2]
report = json.load(open(placements_path))
placed = {}
for p in report["placements"]:
    if p["file"].endswith((".xib", ".storyboard")):
        placed[(p["file"], p["key"])] = p

STYLES = {"Body": "body", "Callout": "callout", "Caption1": "caption1", "Caption2": "caption2", "Footnote": "footnote",
          "Headline": "headline", "Subhead": "subheadline", "Title1": "title1", "Title2": "title2", "Title3": "title3",
          "Title0": "largeTitle", "LargeTitle": "largeTitle"}
WEIGHTS = {"ultraLight": "regular", "thin": "regular", "light": "regular", "regular": "regular", "medium": "semibold",
           "semibold": "semibold", "bold": "bold", "heavy": "heavy", "black": "heavy"}
TRUNCATION = {"headTruncation": "head", "middleTruncation": "middle", "clip": "clip", "wordWrap": "clip",
              "characterWrap": "clip"}


def expected(element):
    """(keys, lines, font, truncation) of a label, button or text field, from the XML alone."""
    ident = element.get("id")
    keys = []
    if element.tag == "label":
        keys.append(f"{ident}.text")
        lines = int(element.get("numberOfLines", "1"))
    elif element.tag == "button":
        state = next((s for s in element.findall("state") if s.get("key") == "normal" and s.get("title") is not None), None)
        if state is not None:
            keys.append(f"{ident}.normalTitle")
        lines = 1
    else:
        if element.get("placeholder") is not None:
            keys.append(f"{ident}.placeholder")
        lines = 1
    font = None
    description = next((f for f in element.findall("fontDescription") if f.get("key") == "fontDescription"), None)
    if description is not None:
        style = description.get("style")
        if style:
            font = ("style", STYLES.get(style.replace("UICTFontTextStyle", ""), style))
        elif description.get("pointSize"):
            weight = "bold" if description.get("type") == "boldSystem" else WEIGHTS.get(description.get("weight", "regular"), "regular")
            if description.get("name"):
                face = description.get("name").split("-")[-1]
                weight = WEIGHTS.get(face[0].lower() + face[1:], "regular") if face else "regular"
            font = ("size", float(description.get("pointSize")), weight)
    elif element.tag == "label":
        font = ("size", 17.0, "regular")
    truncation = TRUNCATION.get(element.get("lineBreakMode"), "tail")
    return keys, lines, font, truncation


counts = {"elements": 0, "placed": 0, "lines": [0, 0], "fonts": [0, 0], "truncation": [0, 0]}
misses = []
for folder, names, files in os.walk(app):
    names[:] = [n for n in names if not n.startswith(".") and n not in {"build", ".build", "DerivedData", "Pods", "Carthage"}]
    for name in files:
        if not name.endswith((".xib", ".storyboard")):
            continue
        path = os.path.join(folder, name)
        relative = os.path.relpath(path, app)
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue
        if not root.get("targetRuntime", "iOS").startswith("iOS"):
            continue
        for element in root.iter():
            if element.tag not in ("label", "button", "textField") or not element.get("id"):
                continue
            keys, lines, font, truncation = expected(element)
            for key in keys:
                counts["elements"] += 1
                p = placed.get((relative, key))
                if p is None:
                    misses.append(f"not placed: {relative} {key}")
                    continue
                counts["placed"] += 1
                label = p["label"]
                counts["lines"][1] += 1
                counts["lines"][0] += label.get("maxLines") == lines
                if label.get("maxLines") != lines:
                    misses.append(f"lines: {relative} {key}: overset {label.get('maxLines')}, XML {lines}")
                if font is not None:
                    counts["fonts"][1] += 1
                    if font[0] == "style":
                        ok = label.get("style") == font[1]
                    else:
                        ok = label.get("size") == font[1] and label.get("weight", "regular") == font[2]
                    counts["fonts"][0] += ok
                    if not ok:
                        misses.append(f"font: {relative} {key}: overset {label.get('style') or (label.get('size'), label.get('weight'))}, XML {font}")
                counts["truncation"][1] += 1
                ok = label.get("truncation", "tail") == truncation
                counts["truncation"][0] += ok
                if not ok:
                    misses.append(f"truncation: {relative} {key}: overset {label.get('truncation', 'tail')}, XML {truncation}")
print(f"{os.path.basename(app.rstrip('/'))}: {counts['placed']}/{counts['elements']} IB texts placed; lines "
      f"{counts['lines'][0]}/{counts['lines'][1]}, fonts {counts['fonts'][0]}/{counts['fonts'][1]}, truncation "
      f"{counts['truncation'][0]}/{counts['truncation'][1]}")
for miss in misses[:20]:
    print("  - " + miss)
