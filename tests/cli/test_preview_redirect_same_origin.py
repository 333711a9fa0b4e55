"""Every address the preview's server sends a browser to (`Location`) is a path on the
server itself: one leading slash, no backslash (which browsers read as a slash), no scheme
or host, nothing unescaped a browser would drop or rewrite — whatever followed the token,
or a folder's name, in the request. Checked against a server running in this process,
over a socket, the request line written by hand."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from helpers_preview import HANG_GUARD

from cardstock.cli.serve import Builds, PreviewServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[PreviewServer]:
    out = tmp_path / "output"
    (out / "game").mkdir(parents=True)
    (out / "game" / "index.html").write_text("<p>game</p>", encoding="utf-8")
    running = PreviewServer(out, Builds())
    running.serve()
    yield running
    running.stop()


def location(server: PreviewServer, target: bytes, keyed: bool = False) -> tuple[int, str]:
    """The status and `Location` of the answer to GET `target` (bytes, sent as they are)."""
    cookie = f"Cookie: {server.cookie}={server.token}\r\n".encode() if keyed else b""
    request = (
        b"GET " + target + b" HTTP/1.1\r\n"
        b"Host: 127.0.0.1:" + str(server.port).encode() + b"\r\n" + cookie + b"\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            assert chunk, data
            data += chunk
    lines = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    fields = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), fields.get("Location", "")


def assert_same_origin(where: str) -> None:
    assert where.startswith("/") and not where.startswith("//"), where
    assert "\\" not in where, where
    assert all(0x21 <= ord(c) < 0x7F for c in where), where  # nothing a browser drops
    parts = urlsplit(where)
    assert (parts.scheme, parts.netloc) == ("", ""), where


@pytest.mark.parametrize(
    "rest, expected",
    [
        (b"//evil.example/x", "/evil.example/x"),
        (b"/\\evil.example", "/%5Cevil.example"),
        (b"///\\/evil.example", "/%5C/evil.example"),
        (b"/\\\\evil.example/", "/%5C%5Cevil.example/"),
        (b"/%5C%5Cevil.example", "/%5C%5Cevil.example"),
        (b"/https://evil.example", "/https://evil.example"),
        (b"/a\\b?to=\\\\evil.example", "/a%5Cb?to=%5C%5Cevil.example"),
        (b"/\x01/evil.example\x7f", "/%01/evil.example%7F"),
        (b"/\xc3\xa9t\xc3\xa9", "/%C3%A9t%C3%A9"),
        (b"/game/index.html?x=1", "/game/index.html?x=1"),  # an ordinary one, as it was
        (b"", "/"),
    ],
)
def test_the_token_sends_the_browser_to_a_path_on_this_server(server, rest, expected):
    status, where = location(server, b"/" + server.token.encode() + rest)
    assert (status, where) == (303, expected)
    assert_same_origin(where)


def test_a_folder_asked_without_its_slash_is_sent_to_its_own_page(server):
    status, where = location(server, b"/game", keyed=True)
    assert (status, where) == (301, "/game/")
    assert_same_origin(where)
