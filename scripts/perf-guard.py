#!/usr/bin/env python3
"""The instruction budgets of `overset measure` and `overset check` (issue 56): a guard that fails on a slowdown.

Builds the release `overset` (unless --binary names one), then runs three small fixed workloads on it under valgrind
(`--tool=cachegrind --cache-sim=no`: the instructions a run executes, counted, not timed) and compares each total
with its budget in Benchmarks/instruction-budgets.json. A count more than 10 % over its budget fails, naming the
workload, the budget and the count. A count more than 10 % under it passes with a note to record the new figure.

    scripts/perf-guard.py                 # build, count, compare (scripts/test.sh runs this)
    scripts/perf-guard.py --record        # build, count, write the counts as the new budgets
    scripts/perf-guard.py --binary PATH   # count an `overset` built elsewhere (no build)

The workloads (inputs made here from the corpus, the same every run):
- measure-warm: 90 corpus strings × 12 widths (1,080 requests), each naming the same 25 font files;
- measure-cold: 900 distinct corpus strings (each prepared once), each naming the 25 files;
- check: the first 100 lines of the corpus as a JSON Lines catalog (about 900 strings × 12 categories), the
  whole-process spec, a JSON report written.
Both commands run with `--threads 1`, and Swift's hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING), so
two runs count the same instructions to within a few hundred. The counts belong to one toolchain, valgrind and
Debian's libraries: the budget file records them, and a different environment is named in the output (a budget set
elsewhere may need `--record`). The inputs are the benchmark's (Benchmarks/whole-process.py: `NAMED_FONTS`, the
requests, `CHECK_SPEC`), smaller.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGETS = os.path.join(ROOT, "Benchmarks", "instruction-budgets.json")
TOLERANCE = 0.10
RECORD_COMMAND = "scripts/perf-guard.py --record"


def whole_process():
    """Benchmarks/whole-process.py as a module: its fonts, requests and spec."""
    spec = importlib.util.spec_from_file_location("whole_process", os.path.join(ROOT, "Benchmarks", "whole-process.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_inputs(work):
    """Writes the three workloads' inputs into `work`; returns [(name, arguments, stdin path or None, what)]."""
    bench = whole_process()
    missing = [font for font in bench.NAMED_FONTS if not os.path.exists(os.path.join(ROOT, font))]
    if missing:
        sys.exit(f"perf-guard: named fonts missing (scripts/install-dependencies.sh installs them): {missing}")
    # The bundled fonts named relative to the repository (the commands run there), so that a clone's path does not
    # change the requests' length.
    bench.NAMED_FONTS[:] = [os.path.relpath(font, ROOT) if font.startswith(ROOT + os.sep) else font
                            for font in bench.NAMED_FONTS]
    distinct = bench.distinct_strings(bench.corpus_strings(), 9000)
    warm, cold = os.path.join(work, "warm.jsonl"), os.path.join(work, "cold.jsonl")
    bench.write_requests(warm, bench.warm_requests(distinct[::100]))
    bench.write_requests(cold, bench.cold_requests(distinct[::10]))
    spec, catalog = os.path.join(work, "spec.yml"), os.path.join(work, "catalog.jsonl")
    with open(spec, "w") as out:
        out.write(bench.CHECK_SPEC)
    with open(bench.CORPUS, encoding="utf-8") as corpus, open(catalog, "w", encoding="utf-8") as out:
        out.writelines(corpus.readlines()[:100])
    return [
        ("measure-warm", ["measure", "--threads", "1"], warm,
         "90 corpus strings x 12 widths, 25 named fonts, `measure --threads 1`"),
        ("measure-cold", ["measure", "--threads", "1"], cold,
         "900 distinct corpus strings, 25 named fonts, `measure --threads 1`"),
        ("check", ["check", catalog, "--spec", spec, "--format", "json", "--output", os.path.join(work, "report.json"),
                   "--quiet", "--threads", "1"], None,
         "the corpus's first 100 lines, whole-process spec, JSON report, `check --threads 1`"),
    ]


def build():
    """The release `overset`, built as the benchmarks build it."""
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "overset"]
    print("perf-guard: " + " ".join(command), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)
    path = subprocess.run(command[:4] + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()
    return os.path.join(path, "overset")


def instructions(binary, arguments, stdin_path):
    """The instructions one run executes (valgrind's count; its exit status is the command's own, not looked at:
    `check` exits 1 when strings fail)."""
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    with open(stdin_path or os.devnull, "rb") as stdin:
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              binary] + arguments, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=environment, text=True, cwd=ROOT)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if not found:
        sys.exit(f"perf-guard: valgrind gave no count for overset {' '.join(arguments)}:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def environment():
    """What the counts depend on besides the code: the toolchain, valgrind, HarfBuzz."""
    def first_line(command):
        try:
            return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "unknown"
    return {"swift": first_line(["swift", "--version"]), "valgrind": first_line(["valgrind", "--version"]),
            "harfbuzz": first_line(["pkg-config", "--modversion", "harfbuzz"])}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="write the counts as the new budgets")
    parser.add_argument("--binary", help="an `overset` to count (default: build the release one)")
    arguments = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("perf-guard: valgrind is missing (scripts/install-dependencies.sh --tests installs it)")
    binary = arguments.binary or build()
    work = tempfile.mkdtemp(prefix="overset-perf-guard-")
    try:
        # valgrind cannot read the release build's debug information: a stripped copy runs the same code.
        stripped = os.path.join(work, "overset")
        subprocess.run(["strip", "-o", stripped, binary], check=True)
        counts = {}
        for name, command, stdin_path, what in make_inputs(work):
            counts[name] = (instructions(stripped, command, stdin_path), what)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    here = environment()
    if arguments.record:
        budgets = {"command": RECORD_COMMAND, "tolerance": TOLERANCE, "environment": here,
                   "workloads": {name: {"instructions": count, "what": what} for name, (count, what) in counts.items()}}
        with open(BUDGETS, "w") as out:
            json.dump(budgets, out, indent=2)
            out.write("\n")
        for name, (count, _) in counts.items():
            print(f"perf-guard: {name}: {count:,} instructions recorded")
        print(f"perf-guard: budgets written to {os.path.relpath(BUDGETS, ROOT)}")
        return
    with open(BUDGETS) as budgets_file:
        budgets = json.load(budgets_file)
    if budgets.get("environment") != here:
        print(f"perf-guard: note: the budgets were recorded with {budgets.get('environment')}, this run has {here}")
    failures = []
    for name, (count, what) in counts.items():
        budget = budgets["workloads"][name]["instructions"]
        change = count / budget - 1
        line = (f"{name}: {count:,} instructions, {change:+.1%} against its budget of {budget:,} ({what})")
        if change > TOLERANCE:
            failures.append(line)
            print(f"perf-guard: FAIL {line}: more than +{TOLERANCE:.0%}")
        elif change < -TOLERANCE:
            print(f"perf-guard: ok {line}: faster by more than {TOLERANCE:.0%}; record it with `{RECORD_COMMAND}`")
        else:
            print(f"perf-guard: ok {line}")
    # The line .ci/run counts, as the API and page scripts end.
    print(f"{len(counts) - len(failures)} passed, {len(failures)} failed")
    if failures:
        print(f"perf-guard: {len(failures)} of {len(counts)} workloads over budget "
              f"({os.path.relpath(BUDGETS, ROOT)}; a slowdown that is meant is recorded with `{RECORD_COMMAND}`, "
              f"and its reason written in RESEARCH.md)")
        sys.exit(1)
    print(f"perf-guard: {len(counts)} workloads within +{TOLERANCE:.0%} of their budgets")


if __name__ == "__main__":
    main()
