"""A table sent compressed is inflated by `catalog.fetch` a bounded step at a time
(`INFLATE_STEP`), the body's bound checked after each step: a few hundred KB of gzip that
inflate to hundreds of MB never hold more than the bound and a step in memory, where
inflating each piece that arrives whole made up to a thousand times that piece first. The
server is a plain http:// one on this machine (`remote.url_problem` allows it there)."""

from __future__ import annotations

import http.server
import threading
import tracemalloc
import zlib

import pytest

from cardstock.catalog.fetch import FetchError, fetch


def bomb(megabytes: int) -> bytes:
    """A gzip of a table's first line and `megabytes` MB of zeros (about 1,000 to 1)."""
    z = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    out = [z.compress(b"name\n")]
    zeros = bytes(1024 * 1024)
    out += [z.compress(zeros) for _ in range(megabytes)]
    return b"".join([*out, z.flush()])


class Bomb(http.server.BaseHTTPRequestHandler):
    body = b""

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        try:
            self.wfile.write(self.body)
        except OSError:  # the client gave up
            pass

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def bomb_url():
    handler = type("Handler", (Bomb,), {"body": bomb(128)})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/cards.csv"
    httpd.shutdown()
    httpd.server_close()


def test_a_gzip_bomb_is_refused_holding_no_more_than_the_bound_and_a_step(bomb_url):
    limit = 1024 * 1024
    tracemalloc.start()
    try:
        with pytest.raises(FetchError, match=r"more than a table may be \(1048576 bytes\)"):
            fetch(bomb_url, timeout=60, limit=limit)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, f"{peak / 2**20:.0f} MB held to refuse it"
