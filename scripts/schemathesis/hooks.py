"""Schemathesis hooks for Overset's API (scripts/test.sh loads them with SCHEMATHESIS_HOOKS).

JSON Lines (`application/x-ndjson`, the batch route) has no serializer in schemathesis: the document describes the
batch as an array of requests, and this writes one JSON value a line, as a client of the batch would. A value that
is not an array (negative cases) is written as one line.
"""
import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def json_lines(ctx, value):
    values = value if isinstance(value, list) else [value]
    return "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in values).encode()
