#!/usr/bin/env python3
"""Turns one run of the benchmark package into the ratio table of docs/performance.md.

    swift package --disable-sandbox benchmark --format influx --path out/
    python3 ratios.py out/*.csv

Every Overset figure is divided by the baseline measured in the same run: Pango for the cold, warm and catalog
workloads, raw HarfBuzz shaping (the floor) for cold. Times are medians (p50) of wall-clock time per iteration; each
iteration processes the batch named in the benchmark (×N), so per-string figures divide by N.
"""
import csv
import re
import sys
from collections import defaultdict


WALL, CPU, MALLOC, RSS = "Time(wallclock)", "Time(totalCPU)", "Malloc(total)", "Memory(residentpeak)"


def load(paths):
    """(test, metric) → {percentile: value}. The influx export's values are in base units whatever its unit
    column says: nanoseconds for times, bytes for memory, a count for mallocs."""
    values = defaultdict(dict)
    for path in paths:
        with open(path, newline="") as handle:
            lines = [line for line in handle if not line.startswith("#")]
        for row in csv.DictReader(lines):
            values[(row["test"], row["metric"])][float(row["percentile"])] = float(row["value"])
    return values


def batch(test):
    match = re.search(r"×(\d+)", test)
    return int(match.group(1)) if match else 1


def per_string(values, test, metric=WALL):
    """Median microseconds (or mallocs) per string."""
    if (test, metric) not in values:
        return None
    p50 = values[(test, metric)].get(50.0)
    return (p50 / 1000 if metric in (WALL, CPU) else p50) / batch(test)


def main(paths):
    values = load(paths)
    tests = sorted({test for test, _ in values})
    rows = []
    for test in tests:
        match = re.match(r"(cold|warm|catalog) (\S+) ×\d+ overset$", test)
        if not match:
            continue
        kind, language = match.groups()
        ours = per_string(values, test)
        for baseline in ("pango", "harfbuzz"):
            theirs = per_string(values, test.replace(" overset", " " + baseline))
            if ours is None or theirs is None:
                continue
            rows.append((kind, language, baseline, ours, theirs))
    order = {"cold": 0, "warm": 1, "catalog": 2}
    print("| workload | language | Overset µs/string | baseline | baseline µs/string | Overset speed-up |")
    print("|---|---|---|---|---|---|")
    for kind, language, baseline, ours, theirs in sorted(rows, key=lambda r: (order[r[0]], r[2], r[1])):
        print(f"| {kind} | {language} | {ours:.3f} | {baseline} | {theirs:.3f} | {theirs / ours:.2f}× |")
    print("\n| benchmark | p50 wall per iteration | per string | mallocs per string | peak RSS |")
    print("|---|---|---|---|---|")
    for test in tests:
        if "overset" not in test and not test.startswith("check"):
            continue
        if not test.startswith(("check", "willTruncate", "effectiveOrientation", "warm")):
            continue
        wall = values.get((test, WALL), {}).get(50.0, 0) / 1e6
        mallocs = per_string(values, test, MALLOC)
        rss = values.get((test, RSS), {}).get(50.0)
        print(f"| {test} | {wall:.2f} ms | {wall * 1000 / batch(test):.3f} µs | "
              f"{'-' if mallocs is None else f'{mallocs:.1f}'} | {'-' if rss is None else f'{rss / 2**20:.0f} MiB'} |")


if __name__ == "__main__":
    main(sys.argv[1:])
