#!/usr/bin/env python3
"""The HTTP API against its description, read by tools other than Overset: docs/openapi.yaml validated with
openapi-spec-validator (PyPI), and every answer of a running `overset serve` parsed with Python's `json` and
validated against the document's schemas with openapi-schema-validator. Then bad input (a huge body, invalid JSON,
deep nesting, traversal paths, a slow client that sends half a request) with the server answering afterwards; HTTP
as RFC 9110 and 9112 describe it, on a raw socket (100-continue, 413 before the body, 408 for a stalled body, 503
beyond the work limit, HEAD, Allow, OPTIONS and CORS, Host, content types); the files a request may name; a kill
of `overset serve`; and schemathesis (PyPI) with every check against the document.

Usage: scripts/test-api.py OVERSET_BINARY   (prints "N passed, N failed"; exit 1 on a failure)
"""
import json, os, signal, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request

import yaml
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "OversetTests", "Fixtures", "catalogs")
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
passed, failed = 0, 0


def check(condition, what):
    global passed, failed
    passed, failed = (passed + 1, failed) if condition else (passed, failed + 1)
    print(("ok: " if condition else "FAILED: ") + what)


def serve(binary, arguments=()):
    process = subprocess.Popen([binary, "serve", "--port", "0", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    return process, int(line.rsplit(":", 1)[1].strip("/\n"))


def call(port, path, body=None, method=None, headers=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    kind = "application/x-ndjson" if path.endswith("/batch") else "application/json"
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method,
                                     headers=headers if headers is not None else ({"Content-Type": kind} if data is not None else {}))
    try:
        response = OPENER.open(request, timeout=60)
        return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()

def exchange(port, data, wait=2.0, until=None):
    """Sends raw bytes on a new connection and reads what comes back within `wait` seconds (or until `until` is in
    it): (the bytes read, the seconds the first byte took, the socket)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(data)
    sock.settimeout(wait)
    started, first, got = time.time(), None, b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            first = first if first is not None else time.time() - started
            got += chunk
            if until is None or until in got:
                break
    except socket.timeout:
        pass
    return got, first, sock


def head(answer):
    """The status code and the header fields (lower-cased names) of an HTTP/1.1 answer's first head."""
    lines = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), fields


def request_head(method, path, length=None, kind="application/json", extra=""):
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (f"Content-Type: {kind}\r\n" if kind else "")
            + (f"Content-Length: {length}\r\n" if length is not None else "") + extra + "\r\n").encode()


def http_as_specified(port):
    """RFC 9110 and 9112 on a raw socket: the answers a client library relies on."""
    body = json.dumps({"text": "Nach Updates suchen", "width": 100}).encode()
    # RFC 9110 § 10.1.1: a client that sends Expect: 100-continue waits for the interim answer before the body.
    got, first, sock = exchange(port, request_head("POST", "/v1/measure", len(body), extra="Expect: 100-continue\r\n"))
    check(got.startswith(b"HTTP/1.1 100 Continue") and first is not None and first < 0.5,
          f"Expect: 100-continue is answered at once ({first and round(first * 1000)} ms): {got[:30]!r}")
    sock.sendall(body)
    sock.settimeout(10)
    rest = sock.recv(65536)
    check(b"HTTP/1.1 200" in got + rest, "then the body is read and answered 200")
    sock.close()
    got, first, sock = exchange(port, request_head("POST", "/v1/measure", 3 << 20, extra="Expect: 100-continue\r\n"))
    status, _ = head(got)
    check(status == 413 and b"100 Continue" not in got and first < 0.5 and b"maximumBodyBytes" in got,
          f"an over-limit body is refused with 413 at once, before any body ({first and round(first * 1000)} ms)")
    sock.close()
    got, first, sock = exchange(port, request_head("POST", "/v1/measure", 3 << 20) + b"x" * 1000)
    check(head(got)[0] == 413 and first < 0.5, "413 from Content-Length alone, without Expect, before the body is read")
    sock.close()
    # RFC 9110 § 15.5.9: 408 when a body stalls (bodyTimeout, 10 s).
    got, first, sock = exchange(port, request_head("POST", "/v1/measure", 100) + b'{"te', wait=14)
    check(head(got)[0] == 408 and b"bodyTimeout" in got and 9 < first < 13,
          f"a body that stalls is answered 408 after bodyTimeout ({first and round(first, 1)} s)")
    sock.close()
    # HEAD (§ 9.3.2): the GET's head, no body; 405 with Allow (§ 15.5.6); OPTIONS with Allow (§ 9.3.7).
    got, _, sock = exchange(port, request_head("HEAD", "/health", kind=None), wait=2)
    status, fields = head(got)
    _, _, full = call(port, "/health")
    check(status == 200 and fields.get("content-length") == str(len(full)) and got.endswith(b"\r\n\r\n"),
          "HEAD /health: 200, the GET's Content-Length, no body")
    sock.close()
    got, _, sock = exchange(port, request_head("POST", "/health", 0))
    status, fields = head(got)
    check(status == 405 and fields.get("allow") == "GET, HEAD, OPTIONS", f"405 names the methods in Allow: {fields.get('allow')}")
    sock.close()
    got, _, sock = exchange(port, request_head("OPTIONS", "/v1/measure", kind=None))
    status, fields = head(got)
    check(status == 204 and fields.get("allow") == "POST, OPTIONS" and "access-control-allow-origin" not in fields,
          "OPTIONS answers with Allow and, with no --allow-origin, no CORS header")
    sock.close()
    got, _, sock = exchange(port, request_head("OPTIONS", "/v1/measure", kind=None,
                                               extra="Origin: https://cms.example\r\nAccess-Control-Request-Method: POST\r\n"))
    check(head(got)[0] == 403 and b"--allow-origin https://cms.example" in got,
          "a CORS preflight from another origin is refused, saying how to allow it")
    sock.close()
    # Host (RFC 9112 § 3.2) and content types (RFC 9110 § 15.5.16).
    got, _, sock = exchange(port, b"POST /v1/measure HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\n"
                            + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    check(head(got)[0] == 421 and b"--allow-host" in got, "a Host the server does not answer to: 421")
    sock.close()
    got, _, sock = exchange(port, b"GET /health HTTP/1.0\r\n\r\n")
    check(head(got)[0] == 400, "a request with no Host: 400")
    sock.close()
    status, _, answer = call(port, "/v1/measure", body, headers={"Content-Type": "text/plain"})
    check(status == 415 and b"application/json" in answer, "a POST that is not JSON by its Content-Type: 415")
    status, _, answer = call(port, "/v1/measure", body, headers={})
    check(status == 415, f"a POST with no Content-Type (a form, to urllib): {status}")


def work_limit(port):
    """Places at work are taken before a body is read: stalled large bodies fill the large lane, the next large
    request gets 503 busy at once, and a small one is still answered."""
    held = []
    for _ in range(12):  # maximumConcurrentWork - reservedSmallWork
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(request_head("POST", "/v1/measure", 100_000) + b"{")
        held.append(sock)
    time.sleep(0.3)
    got, first, sock = exchange(port, request_head("POST", "/v1/measure", 100_000) + b"{")
    status, fields = head(got)
    check(status == 503 and fields.get("retry-after") == "1" and b"maximumConcurrentWork" in got and first < 0.5,
          f"beyond the work limit, 503 busy at once with Retry-After ({first and round(first * 1000)} ms)")
    sock.close()
    started = time.time()
    status, _, _ = call(port, "/v1/measure", {"text": "a", "width": 50})
    check(status == 200 and time.time() - started < 0.5, "a small request is answered meanwhile (a place kept for it)")
    for sock in held:
        sock.close()


def batch_and_preview(port):
    status, _, answer = call(port, "/v1/measure/batch", b'{"id":1,"text":"a","width":50}\n\n{"id":3,"text":"b","width":50}\n')
    lines = [json.loads(line) for line in answer.decode().splitlines()]
    check(status == 200 and len(lines) == 3 and lines[1].get("line") == 2 and "error" in lines[1] and lines[2]["id"] == 3,
          "a blank batch line is answered in its place with an error")
    status, _, answer = call(port, "/v1/measure/batch", b"")
    check(status == 400 and b"empty" in answer, "an empty batch: 400")
    status, _, answer = call(port, "/v1/preview", {"text": "a", "width": 50, "categories": ["AX1"] * 13})
    check(status == 400 and b"maximumPreviewSizes" in answer, "13 categories: refused, naming maximumPreviewSizes")
    status, _, answer = call(port, "/v1/preview", {"text": "a", "width": 50, "picture": False,
                                                   "categories": ["AX1", "Large", "AX1", "Large"]})
    check(status == 200 and [r["category"] for r in json.loads(answer)["results"]] == ["Large", "AX1"],
          "categories given twice are judged once")
    status, _, answer = call(port, "/v1/measure", {"text": "a", "width": 50, "maxLines": None})
    check(status == 400 and b"maxLines: null" in answer, "a null member is refused by name")


def files_a_request_names(port, binary):
    """No request reaches a file it names: fonts by the served names (or in --fonts-dir), and the same words
    whether a file exists or not."""
    messages = []
    for path in ["/etc/passwd", "/no/such/file.ttf", "../../../etc/passwd"]:
        status, _, answer = call(port, "/v1/measure", {"text": "a", "width": 50, "fonts": [path]})
        messages.append(json.loads(answer)["error"]["message"].replace(path, "NAME") if status == 400 else f"{status}")
    check(len(set(messages)) == 1 and "serves" in messages[0], f"fonts: one refusal for a file that exists and one that does not: {messages[0][:90]}")
    status, _, answer = call(port, "/v1/measure", {"text": "a", "width": 50, "platformFonts": "/usr/share/fonts"})
    check(status == 400 and b"--fonts-dir" in answer, "platformFonts: a folder is refused without --fonts-dir")
    status, _, _ = call(port, "/v1/measure", {"text": "ไทย", "width": 50, "fonts": ["NotoSansThai-Regular.ttf"]})
    check(status == 200, "a bundled font by its file name is measured with")
    folder = tempfile.mkdtemp()
    fonts = os.path.join(os.path.dirname(binary), "..", "..", "..", "Fonts")
    source = next((os.path.join(root, name) for root, _, names in os.walk(os.path.join(ROOT, "Fonts"))
                   for name in names if name == "NotoSans-Regular.ttf"), None)
    os.symlink("/etc", os.path.join(folder, "out"))
    if source:
        with open(source, "rb") as file, open(os.path.join(folder, "Mine.ttf"), "wb") as out:
            out.write(file.read())
    server, other = serve(binary, ["--fonts-dir", folder])
    try:
        status, _, _ = call(other, "/v1/measure", {"text": "a", "width": 50, "fonts": ["Mine.ttf"]})
        check(status == 200, "with --fonts-dir, a file in it is measured with")
        status, _, answer = call(other, "/v1/measure", {"text": "a", "width": 50, "fonts": ["out/passwd"]})
        check(status == 400 and b"not a font this server serves" in answer, "a link out of --fonts-dir is refused")
    finally:
        server.terminate()


def killed(binary):
    """`overset serve` becomes overset-server (exec, one process): SIGTERM ends it within shutdownTimeout, even
    with a client holding a request open, and nothing is left running."""
    server, port = serve(binary)
    exe = os.path.basename(os.readlink(f"/proc/{server.pid}/exe"))
    check(exe == "overset-server", f"overset serve runs as one process, overset-server ({exe})")
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(request_head("POST", "/v1/measure", 100) + b"{")
    time.sleep(0.3)
    started = time.time()
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=8)
    except subprocess.TimeoutExpired:
        server.kill()
    gone = time.time() - started
    check(gone < 5, f"SIGTERM stops the server within shutdownTimeout with a request held open ({gone:.1f} s)")
    left = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.strip()
    check(not left, "no child is left running")
    sock.close()


def schemathesis(binary):
    """Schemathesis (PyPI) generates requests from docs/openapi.yaml, the NDJSON batch too (its hooks), and runs
    every check on the answers of a catalog-mode server: a fixed seed, so that a run repeats."""
    server, port = serve(binary, [os.path.join(FIXTURES, "Localizable.xcstrings"), os.path.join(FIXTURES, "de.lproj"),
                                  "--spec", os.path.join(FIXTURES, "layout.yml")])
    try:
        run = subprocess.run(["st", "--config-file", os.path.join(ROOT, "scripts", "schemathesis", "schemathesis.toml"), "run",
                              os.path.join(ROOT, "docs", "openapi.yaml"), "--url", f"http://127.0.0.1:{port}", "--checks", "all",
                              "--max-examples", "30", "--seed", "1", "--workers", "1"],
                             capture_output=True, text=True, cwd=ROOT, timeout=900)
        summary = [line for line in run.stdout.splitlines() if "generated" in line or "failure" in line.lower()][-2:]
        check(run.returncode == 0, "schemathesis --checks all finds no fault: " + " / ".join(s.strip() for s in summary))
        if run.returncode != 0:
            print(run.stdout[-6000:])
    finally:
        server.terminate()


def main():
    binary = sys.argv[1]
    with open(os.path.join(ROOT, "docs", "openapi.yaml"), encoding="utf-8") as file:
        spec = yaml.safe_load(file)
    try:
        validate(spec)
        check(True, "docs/openapi.yaml is a valid OpenAPI 3.1 document (openapi-spec-validator)")
    except Exception as error:  # noqa: BLE001 - the validator's own errors
        check(False, f"docs/openapi.yaml: {error}")

    def schema(name):
        return {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}

    def conforms(body, name, what):
        try:
            instance = json.loads(body)
        except ValueError as error:
            check(False, f"{what}: not JSON ({error})")
            return None
        errors = [error.message for error in OAS31Validator(schema(name)).iter_errors(instance)]
        check(not errors, f"{what} conforms to {name}" + (f": {errors[:3]}" if errors else ""))
        return instance

    server, port = serve(binary)
    try:
        status, _, body = call(port, "/health")
        conforms(body, "Health", "GET /health")
        status, _, body = call(port, "/v1/settings")
        conforms(body, "Settings", "GET /v1/settings")
        status, _, body = call(port, "/v1/measure", {"id": 1, "text": "Nach Updates suchen", "lang": "de", "width": 100,
                                                    "maxLines": 1})
        answer = conforms(body, "Answer", "POST /v1/measure")
        check(status == 200 and answer and answer["truncated"] is True, "a truncated German button is said truncated")
        status, _, body = call(port, "/v1/preview", {"text": "नमस्ते दुनिया", "lang": "hi", "width": 80, "categories": "all"})
        preview = conforms(body, "Preview", "POST /v1/preview (all categories)")
        check(preview is not None and len(preview["results"]) == 12, "12 results, one a category")
        status, _, body = call(port, "/v1/preview", {"text": "Nach Aktualisierungen suchen", "lang": "de", "platform": "android",
                                                    "textAppearance": "bodyLarge", "width": 200, "maxLines": 1,
                                                    "categories": "all", "picture": False})
        android = conforms(body, "Preview", "POST /v1/preview (an Android label, all font scales)")
        check(android is not None and [r["category"] for r in android["results"]] == ["0.85×", "1×", "1.15×", "1.3×", "1.5×", "1.8×", "2×"]
              and android["results"][3]["answer"]["pointSize"] == 20.2,
              "an Android label at the 7 font scales, 16 sp at 1.3× is 20.2 dp (Android 14's curve)")
        status, _, body = call(port, "/v1/preview", {"text": "a", "platform": "android", "width": 200, "imageWidth": 64})
        check(status == 400 and b"iOS's" in body, "a reflowing header for an Android label is refused by name")
        status, _, body = call(port, "/v1/preview", {"text": "Software Update Available", "style": "headline", "width": 300,
                                                    "maxLines": 2, "imageWidth": 64, "categories": "all", "picture": False})
        header = conforms(body, "Preview", "POST /v1/preview (a reflowing header)")
        check(header is not None and header["results"][-1]["layout"] == "vertical", "the header goes vertical at AX5")
        status, kind, body = call(port, "/v1/measure/batch", b'{"id":1,"text":"a","width":50}\n{"id":2,"text":"b","width":50}\n')
        lines = [json.loads(line) for line in body.decode().splitlines()]
        check(status == 200 and kind.startswith("application/x-ndjson") and [l["id"] for l in lines] == [1, 2],
              "a batch answers JSON Lines in order")
        for line in lines:
            conforms(json.dumps(line), "Answer", "a batch's answer")
        refusals = [
            ("invalid JSON", "/v1/measure", b'{"text": "a",', None, 400),
            ("deep nesting", "/v1/measure", b"[" * 200_000, None, 400),
            ("a huge body", "/v1/measure", b"x" * (3 << 20), None, 413),
            ("a huge batch", "/v1/measure/batch", b"x" * (20 << 20), None, 413),
            ("an unknown setting", "/v1/measure", {"text": "a", "width": 5, "maxLine": 2}, None, 400),
            ("a width out of range", "/v1/measure", {"text": "a", "width": 1e300}, None, 400),
            ("the wrong method", "/v1/measure", None, "GET", 405),
            ("catalog mode without catalogs", "/v1/catalog", None, None, 409),
        ]
        for what, path, body, method, expected in refusals:
            status, _, answer = call(port, path, body, method)
            error = conforms(answer, "Error", what)
            check(status == expected, f"{what}: {status} (expected {expected}): {error and error['error']['message'][:90]}")
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/fonts/../../../etc/passwd",
                     "/fonts/%2e%2e%2fPackage.swift", "/fonts/NotoSans-Regular.ttf/..", "/v1/../Package.swift"]:
            status, _, answer = call(port, path)
            check(status in (400, 404) and b"root:" not in answer, f"{path}: {status}, no file")
        status, kind, answer = call(port, "/fonts/NotoSansThai-Regular.ttf")
        check(status == 200 and kind == "font/ttf" and answer[:4] in (b"\x00\x01\x00\x00", b"true"), "a listed font is served")
        # A slow client: half a request, then nothing. The server answers others meanwhile.
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"text\":")
        status, _, _ = call(port, "/health")
        check(status == 200, "the server answers while a slow client holds a connection")
        slow.close()
        status, _, _ = call(port, "/health")
        check(status == 200 and server.poll() is None, "the server is still up after every bad input")
        http_as_specified(port)
        work_limit(port)
        batch_and_preview(port)
        files_a_request_names(port, binary)
    finally:
        server.terminate()

    server, port = serve(binary, ["--allow-origin", "https://cms.example"])
    try:
        got, _, sock = exchange(port, request_head("OPTIONS", "/v1/preview", kind=None,
                                                   extra="Origin: https://cms.example\r\nAccess-Control-Request-Method: POST\r\n"))
        status, fields = head(got)
        check(status == 204 and fields.get("access-control-allow-origin") == "https://cms.example"
              and "Content-Type" in fields.get("access-control-allow-headers", ""),
              "with --allow-origin, its preflight is answered (Fetch's CORS protocol)")
        sock.close()
        status, _, _ = call(port, "/v1/measure", {"text": "a", "width": 50},
                            headers={"Content-Type": "application/json", "Origin": "https://cms.example"})
        check(status == 200, "and its POST is answered")
        status, _, _ = call(port, "/v1/measure", {"text": "a", "width": 50},
                            headers={"Content-Type": "application/json", "Origin": "https://other.example"})
        check(status == 403, "another origin's POST is refused (403)")
    finally:
        server.terminate()
    killed(binary)

    server, port = serve(binary, [os.path.join(FIXTURES, "Localizable.xcstrings"), os.path.join(FIXTURES, "de.lproj"),
                                  "--spec", os.path.join(FIXTURES, "layout.yml")])
    try:
        status, _, body = call(port, "/v1/catalog")
        grid = conforms(body, "Grid", "GET /v1/catalog")
        key = grid["keys"][0]["key"]
        status, _, body = call(port, "/v1/catalog/check", {"key": key, "language": "de", "text": "OK"})
        conforms(body, "KeyCheck", "POST /v1/catalog/check")
        status, _, body = call(port, "/v1/catalog/check", {"key": "../../etc/passwd", "language": "de"})
        conforms(body, "Error", "a key no catalog has")
        check(status == 404, f"a key no catalog has: {status}")
        status, _, body = call(port, "/v1/catalog/xliff", {"edits": []})
        check(status == 400 and b"no edits" in body, "no edits: no XLIFF document (1.2 needs a file), said so")
        status, _, body = call(port, "/v1/catalog/check", {"key": key, "language": "de", "samples": {"%@": "Al"}})
        conforms(body, "KeyCheck", "POST /v1/catalog/check with samples")
    finally:
        server.terminate()
    schemathesis(binary)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
