#!/usr/bin/env python3
"""Write a deterministic subset of the Unicode BidiCharacterTest.txt.

Run from the repository root (needs Debian's `unicode-data` package):

    python3 Tests/OversetTests/Fixtures/tools/subset_bidi.py \
        /usr/share/unicode/BidiCharacterTest.txt \
        > Tests/OversetTests/Fixtures/unicode/BidiCharacterTest-subset.txt

The full file (Unicode 15.0.0: 6.9 MB, 91,707 test lines) is too big to
check in.  Selection rule, applied line by line to the input file:

  * every comment line (starting with '#') and every blank line is kept,
    so all headers, field documentation and section titles survive;
  * every test line before the "# Permutations of sequences containing
    paired brackets" section (the hand-written UAX #9 examples and the
    targeted regression cases) is kept;
  * in that section and after it, test lines are numbered 0, 1, 2, ...
    in file order and a line is kept when its number % N == 0 (N = 7).

The kept test lines are byte-for-byte identical to the originals; only
lines are dropped.  A header describing the subset is prepended.
"""
import hashlib
import sys

N = 7
SECTION = "# Permutations of sequences containing paired brackets"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    src = sys.argv[1]
    with open(src, "rb") as f:
        data = f.read()
    lines = data.decode("utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()

    out = []
    in_sampled = False
    sampled_index = 0
    total_tests = kept_full = kept_sampled = 0
    for line in lines:
        if line.startswith(SECTION):
            in_sampled = True
        if line == "" or line.startswith("#"):
            out.append(line)
            continue
        total_tests += 1
        if not in_sampled:
            out.append(line)
            kept_full += 1
        else:
            if sampled_index % N == 0:
                out.append(line)
                kept_sampled += 1
            sampled_index += 1
    if not in_sampled:
        sys.exit(f"section marker {SECTION!r} not found; selection rule needs updating")

    header = [
        "# ==========================================================================",
        "# SUBSET of the Unicode Consortium's BidiCharacterTest.txt (see original",
        "# header below), written by Tests/OversetTests/Fixtures/tools/subset_bidi.py.",
        f"# Source file: {src} (Debian package unicode-data),",
        f"#   {len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()}",
        "# Lines kept:",
        "#   - all comment lines and blank lines;",
        f"#   - all {kept_full} test lines before the section",
        f"#     \"{SECTION[2:]}\";",
        f"#   - from that section on, every {N}th test line (test lines numbered from 0",
        f"#     in file order within that part, kept when number % {N} == 0):",
        f"#     {kept_sampled} of {total_tests - kept_full}.",
        f"# Total: {kept_full + kept_sampled} of {total_tests} test lines. Kept lines are unmodified.",
        "# ==========================================================================",
    ]
    sys.stdout.write("\n".join(header + out) + "\n")


if __name__ == "__main__":
    main()
