#!/usr/bin/env python3
"""`overset serve` as its users meet it, whole process, release build:

1. `measure` batches: the same requests answered by `overset measure` (standard input) and by POST
   /v1/measure/batch (in batches of at most maximumBatchLines), best of 3; the server's time over the CLI's (target
   ≤ 1.5×), and the answers compared byte for byte.
2. A keystroke in the page: scripts/test-page.py in chromium, the page's own timing from request to picture, for a
   200-character string at one category and at all 12 (targets ≤ 15 ms and ≤ 50 ms).
3. A load test with wrk (Debian): POST /v1/preview at one category, 4 connections, for `--seconds`; requests per
   second, p50 and p99 latency, and the server's peak resident memory (VmHWM) before and after; then the bad-input
   cases of scripts/test-api.py with the server still answering.

Usage (from the repository root):
  swift build -c release --static-swift-stdlib --product overset --product overset-server
  python3 Benchmarks/server.py [--seconds 60] [--quick]
Needs: the corpus at Corpus/ui_strings.dev.jsonl, wrk, chromium and chromium-driver.
"""
import argparse, json, os, re, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OVERSET = os.path.join(ROOT, ".build", "release", "overset")
CORPUS = os.path.join(ROOT, "Corpus", "ui_strings.dev.jsonl")
LANGUAGES = ["en", "de", "ru", "ms", "th", "ar", "he", "hi", "ja", "zh-CN"]
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
BATCH_LINES = 20_000


def serve():
    process = subprocess.Popen([OVERSET, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    port = int(process.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
    return process, port


def peak_memory(pid):
    """The process's peak resident set (VmHWM), in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def requests_file(work, quick):
    rows = []
    with open(CORPUS, encoding="utf-8") as corpus:
        for line in corpus:
            row = json.loads(line)
            for language in LANGUAGES:
                if row.get(language):
                    rows.append((language, row[language]))
    rows = rows[:: max(1, len(rows) // (2000 if quick else 20000))]
    path = os.path.join(work, "requests.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        for index, (language, text) in enumerate(rows):
            out.write(json.dumps({"id": index, "text": text, "lang": language, "width": 200, "maxLines": 2},
                                 ensure_ascii=False) + "\n")
    return path, len(rows)


def best(runs, action):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=60, help="the load test's length (default 60)")
    parser.add_argument("--quick", action="store_true", help="fewer requests, a 10-second load test")
    arguments = parser.parse_args()
    if not os.path.exists(OVERSET) or not os.path.exists(OVERSET + "-server"):
        sys.exit("server.py: build first: swift build -c release --static-swift-stdlib --product overset "
                 "--product overset-server")
    seconds = 10 if arguments.quick else arguments.seconds
    work = tempfile.mkdtemp(prefix="overset-server-bench-")
    path, count = requests_file(work, arguments.quick)
    with open(path, "rb") as file:
        body = file.read()

    # 1. Batches: CLI against server.
    def cli():
        with open(path, "rb") as stdin:
            return subprocess.run([OVERSET, "measure"], stdin=stdin, capture_output=True).stdout
    cli_time, cli_out = best(3, cli)
    server, port = serve()
    try:
        lines = body.split(b"\n")
        chunks = [b"\n".join(lines[i:i + BATCH_LINES]) for i in range(0, len(lines), BATCH_LINES)]

        def batch():
            out = b""
            for chunk in chunks:
                request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/measure/batch", data=chunk,
                                                 headers={"Content-Type": "application/x-ndjson"})
                out += OPENER.open(request, timeout=600).read()
            return out
        server_time, server_out = best(3, batch)
        # Line numbers restart in each batch; the answers are otherwise the same.
        strip = lambda data: [re.sub(rb',"line":[0-9]+', b"", line) for line in data.splitlines()]
        same = strip(cli_out) == strip(server_out)
        print(f"| `measure`, {count:,} corpus requests (10 languages, 200 pt, 2 lines) | CLI {cli_time:.2f} s | "
              f"server {server_time:.2f} s ({len(chunks)} batch{'es' if len(chunks) > 1 else ''}) | "
              f"{server_time / cli_time:.2f}× (target ≤ 1.5×) | answers {'identical' if same else 'DIFFERENT'} |")

        # 3. Load: wrk on /v1/preview, memory before and after.
        script = os.path.join(work, "preview.lua")
        with open(script, "w") as out:
            out.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                      'wrk.body = \'{"text":"Zum Abschließen des Updates muss die App neu gestartet werden.",'
                      '"lang":"de","width":220,"maxLines":2}\'\n')
        before = peak_memory(server.pid)
        result = subprocess.run(["wrk", "-t2", "-c4", f"-d{seconds}s", "--latency", "-s", script,
                                 f"http://127.0.0.1:{port}/v1/preview"], capture_output=True, text=True).stdout
        after = peak_memory(server.pid)
        rate = re.search(r"Requests/sec:\s+([0-9.]+)", result)
        p50 = re.search(r"^\s+50%\s+(\S+)", result, re.M)
        p99 = re.search(r"^\s+99%\s+(\S+)", result, re.M)
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", result)
        print(f"| wrk, POST /v1/preview, 4 connections, {seconds} s | {rate.group(1) if rate else '?'} requests/s | "
              f"p50 {p50.group(1) if p50 else '?'}, p99 {p99.group(1) if p99 else '?'} | "
              f"peak memory {before:.0f} → {after:.0f} MiB | non-2xx {errors.group(1) if errors else 0} |")
    finally:
        server.terminate()

    # 2. The page's own keystroke timing (and 4. bad input with the server answering after: test-api.py).
    page = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "test-page.py"), OVERSET,
                           os.path.join(work, "shots")], capture_output=True, text=True).stdout
    print(next((line for line in page.splitlines() if line.startswith("timing")), "timing: (the page test failed)"))
    api = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "test-api.py"), OVERSET],
                         capture_output=True, text=True).stdout
    print("bad input (scripts/test-api.py): " + (api.strip().splitlines() or ["?"])[-1])


if __name__ == "__main__":
    main()
