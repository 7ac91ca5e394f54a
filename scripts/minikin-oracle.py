#!/usr/bin/env python3
"""An oracle for Android's high-quality line breaking (minikin's OptimalLineBreaker, hyphenation off), built apart
from Overset's engine: word widths come from `hb-shape` with Roboto, and every way of breaking the paragraph at its
spaces is enumerated (no dynamic programming), each scored as minikin scores it (OptimalLineBreaker.cpp,
RESEARCH.md "Minikin line breaking"):
  - a line wider than the width: 1e12 (SCORE_OVERFULL);
  - every line but the last: (width - line width)^2, in the same unit as the width;
  - every line: linePenalty = 2 * hyphenPenalty = 2 * 0.5 * textSize * width;
  - word breaks cost nothing (hyphenation NONE, a TextView's default since API 29).
Trailing spaces do not count in a line's width. Prints the greedy lines and the lines of the best score.
Usage: minikin-oracle.py FONT SIZE WIDTH TEXT
"""
import itertools, json, subprocess, sys

font, size, width, text = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
def advance(s):
    out = subprocess.run(['hb-shape', font, s, '--output-format=json', '--no-glyph-names'], capture_output=True,
                         text=True, check=True).stdout
    upem = 2048  # hb-shape's default scale is the font's units per em (Roboto: 2048)
    return sum(g['ax'] for g in json.loads(out)) / upem * size
words = text.split(' ')
ws = [advance(w) for w in words]
space = advance(' ')
def line_width(i, j):  # words i..j-1 on one line
    return sum(ws[i:j]) + space * (j - i - 1)
penalty = 2 * 0.5 * size * width
best = None
n = len(words)
for k in range(n):
    for cuts in itertools.combinations(range(1, n), k):
        bounds = [0, *cuts, n]
        score = 0.0
        for a, (i, j) in enumerate(zip(bounds, bounds[1:])):
            w = line_width(i, j)
            last = a == len(bounds) - 2
            score += 1e12 if w > width else (0 if last else (width - w) ** 2)
            score += penalty
        if best is None or score < best[0]:
            best = (score, bounds)
greedy, i = [], 0
while i < n:
    j = i + 1
    while j < n and line_width(i, j + 1) <= width: j += 1
    greedy.append(' '.join(words[i:j])); i = j
print(json.dumps({'greedy': greedy, 'optimal': [' '.join(words[i:j]) for i, j in zip(best[1], best[1][1:])]},
                 ensure_ascii=False))
