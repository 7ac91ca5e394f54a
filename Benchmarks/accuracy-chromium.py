#!/usr/bin/env python3
"""Line breaks and truncation verdicts of Overset against headless Chromium with the same fonts.

Each string is laid out by Chromium (Debian's `chromium`, headless, in one page) and by `overset measure`, at the
same width and size, with the same fonts (Inter and the bundled Noto faces from Fonts/, loaded with @font-face; the
CJK faces from fontconfig, as Overset finds them), and Overset's settings expressed in CSS:

  greedy wrapping (Overset --strategy greedy; Chromium has no push-out), `overflow-wrap: anywhere` (a word wider
  than the line breaks between grapheme clusters), `line-break: strict` for Japanese (Overset's ICU rules for ja),
  `word-break: keep-all` for Korean (Hangul word priority), `white-space: normal`, no letter spacing.

A line is the text between two line starts (Chromium: the grapheme clusters whose boxes share a top; Overset: the
`lines` of its answer), compared without the white space that hangs at a line's end. "Identical" means every line
is; the truncation verdict is whether the text needs more than 2 lines. Every difference is written to a JSON file
with both sides' lines, so each can be looked at.

Usage (from the package root; builds nothing: run `swift build -c release` first, or pass --overset):
  Benchmarks/accuracy-chromium.py                       # the corpus's held-out strings + Korean, docs/fonts.md accuracy table
  Benchmarks/accuracy-chromium.py --languages ko,th --widths 120,200 --differences /tmp/diff.json
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "..", "shared", "corpus", "ui_strings.dev.jsonl")
KOREAN = os.path.join(ROOT, "Tests", "OversetTests", "Fixtures", "korean", "mastodon-ko.json")

# The faces Overset's bundled stack uses for each language's script, after Inter (the primary font). CJK faces come
# from fontconfig in both engines.
SCRIPT_FONTS = {
    "th": ["NotoSansThai-Regular.ttf"], "ar": ["NotoSansArabic-Regular.ttf"], "he": ["NotoSansHebrew-Regular.ttf"],
    "hi": ["NotoSansDevanagari-Regular.ttf"], "ja": ["local:Noto Sans CJK JP"], "zh-CN": ["local:Noto Sans CJK SC"],
    "ko": ["local:Noto Sans CJK KR"],
}
CSS_FOR = {"ja": "line-break: strict;", "ko": "word-break: keep-all;"}


def strings(languages, limit, held_out_every):
    """(language, key, text) of the corpus's held-out part (every `held_out_every`-th line) and the Korean file."""
    out = []
    with open(CORPUS, encoding="utf-8") as corpus:
        for number, line in enumerate(corpus):
            if number % held_out_every != 0:
                continue
            row = json.loads(line)
            for language in languages:
                text = row.get(language)
                if text and language != "ko":
                    out.append((language, row["key"], text))
    if "ko" in languages and os.path.exists(KOREAN):
        for row in json.load(open(KOREAN, encoding="utf-8"))["strings"]:
            out.append(("ko", row["key"], row["ko"]))
    per_language = {}
    kept = []
    for item in out:
        if per_language.get(item[0], 0) < limit:
            per_language[item[0]] = per_language.get(item[0], 0) + 1
            kept.append(item)
    return kept


def page(cases, size):
    """One HTML page that lays out every case and writes their lines as JSON into <pre id=out>."""
    faces = []
    for name in sorted(os.listdir(os.path.join(ROOT, "Fonts"))):
        if name.endswith(".ttf") and "Display" not in name and "Bold" not in name:
            url = "file://" + os.path.join(ROOT, "Fonts", name)
            faces.append(f"@font-face {{ font-family: 'F-{name}'; src: url('{url}'); }}")
    blocks = []
    for index, case in enumerate(cases):
        families = ["'F-Inter-roman.var.ttf'"]
        for font in SCRIPT_FONTS.get(case["lang"], []):
            families.append(f"'{font[6:]}'" if font.startswith("local:") else f"'F-{font}'")
        families.append("'F-NotoSans-Regular.ttf'")
        style = (f"width: {case['width']}px; font-size: {size}px; font-family: {', '.join(families)}; "
                 f"overflow-wrap: anywhere; white-space: normal; letter-spacing: 0; {CSS_FOR.get(case['lang'], '')}")
        blocks.append(f"<div id='c{index}' lang='{case['lang']}' style=\"{style}\">{html.escape(case['text'])}</div>")
    script = """
    document.fonts.ready.then(() => {
      const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
      const out = [];
      for (const div of document.querySelectorAll('div[id^=c]')) {
        const node = div.firstChild, text = node.data, range = document.createRange();
        const lines = []; let current = '', top = null;
        for (const {segment, index} of segmenter.segment(text)) {
          range.setStart(node, index); range.setEnd(node, index + segment.length);
          const rects = range.getClientRects();
          const y = rects.length ? rects[0].top : top;
          if (top !== null && y !== null && y > top + 2) { lines.push(current); current = ''; }
          if (y !== null) top = y;
          current += segment;
        }
        lines.push(current);
        out.push(lines);
      }
      document.getElementById('out').textContent = JSON.stringify(out);
    });
    """
    return ("<!doctype html><html><head><meta charset='utf-8'><style>" + "\n".join(faces)
            + " div { line-height: normal; margin-bottom: 8px; }</style></head><body>" + "".join(blocks)
            + "<pre id='out'></pre><script>" + script + "</script></body></html>")


def chromium_lines(cases, size, chromium):
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as file:
        file.write(page(cases, size))
        path = file.name
    try:
        result = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                                 "--virtual-time-budget=30000", "--dump-dom", "file://" + path],
                                capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    match = re.search(r"<pre id=\"out\">(.*?)</pre>", result.stdout, re.S)
    if not match or not match.group(1):
        sys.exit("Chromium wrote no lines: " + result.stderr[-2000:])
    return json.loads(html.unescape(match.group(1)))


def overset_lines(cases, size, overset):
    # Greedy, as Chromium wraps; Korean with Hangul word priority (a UILabel's default, which greedy leaves off).
    requests = "\n".join(json.dumps({"id": str(i), "text": c["text"], "lang": c["lang"], "width": c["width"],
                                     "size": size, "strategy": "greedy",
                                     **({"hangulWordPriority": True} if c["lang"] == "ko" else {})}, ensure_ascii=False)
                         for i, c in enumerate(cases))
    result = subprocess.run([overset, "measure"], input=requests, capture_output=True, text=True, timeout=600)
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    if len(answers) != len(cases):
        sys.exit(f"overset measure answered {len(answers)} of {len(cases)}: {result.stderr[-2000:]}")
    return [[line["text"] for line in answer["lines"]] for answer in answers]


def normal(lines):
    return [line.rstrip(" \u00a0\u3000") for line in lines]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", default="en,de,ru,ms,th,ar,he,hi,ja,zh-CN,ko")
    parser.add_argument("--widths", default="120,200,320")
    parser.add_argument("--size", type=float, default=17)
    parser.add_argument("--per-language", type=int, default=150, help="strings per language (default 150)")
    parser.add_argument("--held-out-every", type=int, default=10, help="the corpus's held-out part: every Nth line")
    parser.add_argument("--overset", default=os.path.join(ROOT, ".build", "release", "overset"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--differences", help="write every differing layout here (JSON)")
    parser.add_argument("--markdown", action="store_true", help="print the docs/fonts.md accuracy table")
    parser.add_argument("--record", help="write Chromium's lines of every case here (a test fixture), with the command")
    arguments = parser.parse_args()
    languages = arguments.languages.split(",")
    widths = [float(w) for w in arguments.widths.split(",")]
    cases = [{"lang": lang, "key": key, "text": text, "width": width}
             for lang, key, text in strings(languages, arguments.per_language, arguments.held_out_every)
             for width in widths]
    chromium = chromium_lines(cases, arguments.size, arguments.chromium)
    if arguments.record:
        version = subprocess.run([arguments.chromium, "--version"], capture_output=True, text=True).stdout.strip()
        json.dump({"command": "Benchmarks/accuracy-chromium.py " + " ".join(sys.argv[1:]), "chromium": version,
                   "size": arguments.size, "css": "greedy; overflow-wrap: anywhere; " + " ".join(
                       f"{lang}: {css}" for lang, css in CSS_FOR.items()),
                   "cases": [{**case, "lines": normal(lines)} for case, lines in zip(cases, chromium)]},
                  open(arguments.record, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    overset = overset_lines(cases, arguments.size, arguments.overset)
    table = {}
    differences = []
    for case, theirs, ours in zip(cases, chromium, overset):
        row = table.setdefault(case["lang"], {"layouts": 0, "lines": 0, "verdicts": 0, "counts": 0})
        row["layouts"] += 1
        same = normal(theirs) == normal(ours)
        row["lines"] += same
        row["counts"] += len(theirs) == len(ours)
        row["verdicts"] += (len(theirs) > 2) == (len(ours) > 2)
        if not same:
            differences.append({**case, "chromium": theirs, "overset": ours})
    if arguments.differences:
        json.dump(differences, open(arguments.differences, "w", encoding="utf-8"), ensure_ascii=False, indent=1)
    header = ("| language | layouts | identical line breaks | same line count | same truncation verdict (2 lines) |\n"
              "|---|---|---|---|---|")
    rows = [header] if arguments.markdown else []
    total = {"layouts": 0, "lines": 0, "verdicts": 0, "counts": 0}
    for language in languages:
        row = table.get(language)
        if not row:
            continue
        for key in total:
            total[key] += row[key]
        cells = [language, str(row["layouts"])] + [f"{100 * row[k] / row['layouts']:.1f} %" for k in ("lines", "counts", "verdicts")]
        rows.append("| " + " | ".join(cells) + " |" if arguments.markdown else "  ".join(cells))
    cells = ["all", str(total["layouts"])] + [f"{100 * total[k] / max(1, total['layouts']):.1f} %" for k in ("lines", "counts", "verdicts")]
    rows.append("| " + " | ".join(cells) + " |" if arguments.markdown else "  ".join(cells))
    print("\n".join(rows))


if __name__ == "__main__":
    main()
