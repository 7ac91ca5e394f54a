#!/usr/bin/env python3
"""A bounded load test of `overset serve` on loopback: what a backend sees when more work arrives than the server
takes (docs/server.md, "Under load").

It starts the server on a free port of 127.0.0.1, warms it with one request of each kind, and reads its resident
memory (VmRSS, /proc); then sends LARGE heavy requests at once (batches of 5,000 lines and previews of a
10,000-character text at all 12 categories, in turn), and while they run, a one-line `measure` every 50 ms. The
heavy clients run in processes of their own at a lower priority (nice 10) and drop what they read, as clients on
other machines would take nothing from the server's cores; the one-line client runs alone in this process. It
prints how the heavy ones were answered (200 or 503 `busy`), each small one's time, the peak memory, and the memory
2 s after the last answer. It checks that some heavy requests got 503 (the work limit holds), that every small one
got 200, 95 % of them in under 100 ms (the machine may be shared: the worst is printed, not checked), and that
memory came back to within 64 MiB of its level before the load.

Usage: scripts/load-test.py OVERSET_BINARY [LARGE]   (LARGE: heavy requests at once, default 40, at most 200)
Prints "N passed, N failed"; exit 1 on a failure. Sends traffic only to 127.0.0.1, and stops by itself (every
request has a 60 s timeout).
"""
import http.client, json, multiprocessing, os, statistics, subprocess, sys, threading, time

HEADERS_JSON = {"Content-Type": "application/json"}
HEADERS_LINES = {"Content-Type": "application/x-ndjson"}
passed, failed = 0, 0


def check(condition, what):
    global passed, failed
    passed, failed = (passed + 1, failed) if condition else (passed, failed + 1)
    print(("ok: " if condition else "FAILED: ") + what)


def serve(binary):
    process = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               text=True)
    line = process.stdout.readline()
    return process, int(line.rsplit(":", 1)[1].strip("/\n"))


def resident_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def post(port, path, body, headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    started = time.perf_counter()
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        return response.status, time.perf_counter() - started, len(answer)
    except OSError as error:
        return f"error: {error}", time.perf_counter() - started, 0
    finally:
        connection.close()


def heavy_client(port, indices, bodies, results):
    """One process of heavy clients: a thread a request, at nice 10, the answers read and dropped."""
    os.nice(10)
    batch, preview = bodies
    def send(index):
        path, body, headers = (("/v1/measure/batch", batch, HEADERS_LINES) if index % 2 == 0
                               else ("/v1/preview", preview, HEADERS_JSON))
        results.put(post(port, path, body, headers)[0])
    threads = [threading.Thread(target=send, args=(index,)) for index in indices]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def main():
    binary = sys.argv[1]
    large = min(200, int(sys.argv[2])) if len(sys.argv) > 2 else 40
    batch = "".join(json.dumps({"id": i, "text": f"Nach Updates suchen {i}", "lang": "de", "width": 120 + i % 90,
                                "maxLines": 2}) + "\n" for i in range(5000)).encode()
    preview = json.dumps({"text": ("Zum Abschließen des Updates muss die App neu gestartet werden. " * 200)[:10000],
                          "lang": "de", "width": 320, "categories": "all"}).encode()
    small = json.dumps({"text": "Nach Updates suchen", "lang": "de", "width": 100, "maxLines": 1}).encode()
    server, port = serve(binary)
    try:
        # Warm: fonts loaded, one request of each kind answered.
        for body, path, headers in [(small, "/v1/measure", HEADERS_JSON), (batch, "/v1/measure/batch", HEADERS_LINES),
                                    (preview, "/v1/preview", HEADERS_JSON)]:
            post(port, path, body, headers)
        time.sleep(2)
        idle = resident_mib(server.pid)
        smalls, peak = [], [idle]
        done = threading.Event()

        def send_small():
            while not done.is_set():
                smalls.append(post(port, "/v1/measure", small, HEADERS_JSON))
                peak.append(resident_mib(server.pid))
                time.sleep(0.05)

        results = multiprocessing.Queue()
        clients = [multiprocessing.Process(target=heavy_client, args=(port, range(start, large, 4), (batch, preview), results))
                   for start in range(4)]
        watcher = threading.Thread(target=send_small)
        started = time.perf_counter()
        for client in clients:
            client.start()
        time.sleep(0.2)
        watcher.start()
        heavy = [(results.get(timeout=120), 0, 0) for _ in range(large)]
        for client in clients:
            client.join()
        done.set()
        watcher.join()
        elapsed = time.perf_counter() - started
        time.sleep(2)
        after = resident_mib(server.pid)
        statuses = {}
        for status, _, _ in heavy:
            statuses[status] = statuses.get(status, 0) + 1
        times = [seconds * 1000 for status, seconds, _ in smalls if status == 200]
        print(f"{large} heavy requests at once in {elapsed:.1f} s: {statuses}")
        print(f"{len(smalls)} small measures meanwhile: {len(times)} answered 200, median {statistics.median(times):.1f} ms, "
              f"worst {max(times):.1f} ms" if times else "no small measure answered")
        print(f"memory (VmRSS): {idle:.0f} MiB before, peak {max(peak):.0f} MiB, {after:.0f} MiB 2 s after")
        check(statuses.get(503, 0) > 0, "heavy requests beyond the work limit get 503 busy")
        check(statuses.get(200, 0) > 0, "heavy requests within the limit get 200")
        check(not [status for status, _, _ in heavy if status not in (200, 503)], "no heavy request got another answer")
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))] if ordered else float("inf")
        print(f"small measures: 95th percentile {p95:.1f} ms")
        check(times and len(times) == len(smalls) and p95 < 100,
              "every small measure meanwhile got 200, 95 % of them in under 100 ms (the worst is printed above)")
        check(after - idle < 64, f"memory back to its level before the load (within 64 MiB): {after - idle:+.0f} MiB")
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
