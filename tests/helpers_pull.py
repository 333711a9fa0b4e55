"""The real HTTPS server the pull tests talk to, on 127.0.0.1, its certificate from a
throwaway authority the client is told to trust (`SSL_CERT_FILE`), and the starter made
to read its cards from it."""

from __future__ import annotations

import http.server
import re
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trustme
from playtest_project import GAME

Served = tuple[str, dict[str, object], http.server.ThreadingHTTPServer]


class Sheet(http.server.BaseHTTPRequestHandler):
    """Answers each path as `routes` says: (status, headers, body), or a callable that
    answers itself (a slow server)."""

    routes: dict[str, Any] = {}

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        answer = self.routes.get(self.path)
        if callable(answer):
            answer(self)
            return
        status, headers, body = answer or (404, {}, b"no such sheet")
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


def _serve(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """A real HTTPS server on 127.0.0.1 answering as its `routes` say, its certificate from
    a throwaway authority the client is told to trust (`SSL_CERT_FILE`)."""
    ca = trustme.CA()
    pem = folder / "ca.pem"
    ca.cert_pem.write_to_path(str(pem))
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    routes: dict[str, object] = {}
    handler = type("Handler", (Sheet,), {"routes": routes})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    base = f"https://127.0.0.1:{httpd.server_address[1]}"
    yield base, routes, httpd
    httpd.shutdown()
    httpd.server_close()


CSV = {"Content-Type": "text/csv; charset=utf-8"}


def online(root: Path, url: str) -> Path:
    """The starter whose cards table is `url`, as its game file's worked example says (the
    commented `table = "https://…"` line, in place of `table = "cards.csv"`); its cards.csv
    is what the sheet serves."""
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text()
    example = re.search(r'^#\s+(table = "https://[^"]*")$', text, re.M)
    assert example and 'table = "cards.csv"' in text, "the starter shows an online table"
    said = example.group(1)
    text = text.replace(example.group(0), "#").replace('table = "cards.csv"', said)
    game.write_text(text.replace(said, f'table = "{url}"'))
    return root / "catalog" / GAME / "cards.csv"
