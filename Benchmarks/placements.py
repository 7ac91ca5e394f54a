#!/usr/bin/env python3
"""Whole-process benchmark of `overset placements` (the `overset-placements` executable) on app folders.

For each folder: the release `overset-placements APP --format json` under /usr/bin/time (best of three: wall time
and peak resident memory), beside the Swift compiler's own parser on the same Swift files (`swiftc -frontend -parse
-filelist`, best of three), the baseline of the same run: reading every file into a syntax tree is the floor of
what placements do. Issue 43's target: an app of about 1,300 Swift files and 200 XIBs in under 10 s on 2 cores.

    swift build -c release --static-swift-stdlib --product overset-placements
    python3 Benchmarks/placements.py /path/to/app1 /path/to/app2 ...

The apps are not in the repository: fetch them (docs/placements.md names the commits measured).
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, ".build", "release", "overset-placements")
SKIPPED = {".build", "build", "DerivedData", "Pods", "Carthage", "node_modules", "vendor"}


def timed(command):
    """Best of three runs: (seconds, peak MiB)."""
    best = None
    for _ in range(3):
        with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as timing:
            subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing.name] + command,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            seconds, kilobytes = timing.read().split()[-2:]
            run = (float(seconds), int(kilobytes) / 1024)
            best = run if best is None or run[0] < best[0] else best
    return best


def sources(app):
    swift, ib = [], 0
    for folder, names, files in os.walk(app):
        names[:] = [n for n in names if n not in SKIPPED and not n.startswith(".")]
        for name in files:
            if name.endswith(".swift"):
                swift.append(os.path.join(folder, name))
            elif name.endswith((".xib", ".storyboard")):
                ib += 1
    return swift, ib


print("| app | Swift files | IB files | placements | peak memory | swiftc -parse | ratio |")
print("|---|---|---|---|---|---|---|")
for app in sys.argv[1:]:
    swift, ib = sources(app)
    seconds, memory = timed([TOOL, app, "--format", "json"])
    with tempfile.NamedTemporaryFile(mode="w", suffix=".filelist") as filelist:
        filelist.write("\n".join(swift) + "\n")
        filelist.flush()
        parse, _ = timed(["swiftc", "-frontend", "-parse", "-filelist", filelist.name])
    ratio = seconds / parse if parse > 0 else float("nan")
    print(f"| {os.path.basename(app.rstrip('/'))} | {len(swift):,} | {ib} | {seconds:.2f} s | {memory:.0f} MiB | {parse:.2f} s | {ratio:.1f}× |")
