#!/usr/bin/env python3
"""The HTTP API against its description, read by tools other than Overset: docs/openapi.yaml validated with
openapi-spec-validator (PyPI), and every answer of a running `overset serve` parsed with Python's `json` and
validated against the document's schemas with openapi-schema-validator. Then bad input (a huge body, invalid JSON,
deep nesting, traversal paths, a slow client that sends half a request) with the server answering afterwards.

Usage: scripts/test-api.py OVERSET_BINARY   (prints "N passed, N failed"; exit 1 on a failure)
"""
import json, os, socket, subprocess, sys, time, urllib.error, urllib.request

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


def call(port, path, body=None, method=None):
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    try:
        response = OPENER.open(request, timeout=60)
        return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()


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
    finally:
        server.terminate()

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
    finally:
        server.terminate()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
