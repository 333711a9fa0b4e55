"""The preview's server holds at most `max_connections` connections, each with a thread of
its own, whatever clients open: past the bound, the connection that has waited longest for
its request is let go to make room, and when every connection is busy answering, one more
is refused at once — an empty 503 with `Retry-After`, written by the accepting thread,
with no thread started for it. When no thread can start, the bound becomes the
connections running. Checked against a server running in this process, with a small
bound, over raw sockets. No time is asserted: each wait is a hang guard."""

from __future__ import annotations

import select
import socket
import socketserver
import struct
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers_preview import HANG_GUARD, wait_for

from cardstock.cli.serve import (
    MAX_CONNECTIONS,
    MAX_STREAMS,
    Builds,
    PreviewServer,
)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[PreviewServer]:
    out = tmp_path / "output"
    out.mkdir()
    running = PreviewServer(out, Builds())
    running.serve()
    yield running
    running.stop()


def _connect(server: PreviewServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=HANG_GUARD)


def _send(server: PreviewServer, sock: socket.socket, path: str) -> None:
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Cookie: {server.cookie}={server.token}\r\n\r\n".encode()
    )


def _head(sock: socket.socket) -> tuple[int, dict[str, str]]:
    """The answer's status and headers."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        assert chunk, data
        data += chunk
    lines = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    return int(lines[0].split()[1]), dict(line.split(": ", 1) for line in lines[1:])


def _closed(sock: socket.socket) -> bool:
    """Has the server closed this connection (an end of file, or a reset)?"""
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, TimeoutError):
        return True


def _open(sock: socket.socket) -> bool:
    """Is the connection still open, nothing said on it?"""
    return not select.select([sock], [], [], 0)[0]


def _drop(sock: socket.socket) -> None:
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def _handlers() -> int:
    """The connection threads alive in this process (of every test's servers)."""
    return sum("process_request_thread" in t.name for t in threading.enumerate())


def _answered(server: PreviewServer) -> int:
    with _connect(server) as sock:
        _send(server, sock, "/")
        return _head(sock)[0]


def test_the_bound_leaves_room_for_browsers_and_pages() -> None:
    """A browser opens at most six connections to a host name: twelve for two names, a
    page's stream among them; two browsers stay under the bound, and the streams never
    take every place."""
    assert 24 <= MAX_CONNECTIONS <= 64
    assert 12 <= MAX_STREAMS <= MAX_CONNECTIONS // 2


def test_idle_connections_past_the_bound_make_room(server: PreviewServer) -> None:
    bound, extra = 4, 6
    server.max_connections = bound
    before = _handlers()
    idle = []
    for _ in range(bound + extra):
        idle.append(_connect(server))
        assert wait_for(lambda: server.connections == min(len(idle), bound))
        assert _handlers() - before <= bound
    # each one past the bound took the place of the one waiting longest: the first are
    # let go, the last `bound` still held
    assert all(_closed(sock) for sock in idle[:extra])
    assert all(_open(sock) for sock in idle[extra:])
    assert _answered(server) == 200  # the stand-in page: no downloads page yet
    assert server.connections <= bound and _handlers() - before <= bound
    for sock in idle:
        sock.close()


def test_one_more_than_busy_connections_is_refused_at_once(server: PreviewServer) -> None:
    """Streams of builds are busy (never waiting for a request): with every place held by
    one, a new connection gets the empty 503 and is closed, no thread started for it; once
    a stream ends, a request is answered."""
    bound = 3
    server.max_connections = server.max_streams = bound
    streams = [_connect(server) for _ in range(bound)]
    for stream in streams:
        _send(server, stream, "/.preview/events")
        assert _head(stream)[0] == 200
    assert wait_for(lambda: server.streams == bound)
    threads = _handlers()
    refused = _connect(server)
    status, fields = _head(refused)
    assert status == 503
    assert (fields["Retry-After"], fields["Content-Length"], fields["Connection"]) == (
        "1",
        "0",
        "close",
    )
    assert _closed(refused)
    assert _handlers() == threads and server.connections == bound
    _drop(streams.pop())
    server.builds.publish(True, (), "")  # the dropped stream's thread writes, finds it gone
    assert wait_for(lambda: server.connections < bound)
    assert _answered(server) == 200
    for stream in streams:
        _drop(stream)


def test_no_thread_to_start_makes_the_running_ones_the_bound(
    server: PreviewServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As when the system's memory for threads is spent: from the fourth connection on, no
    thread starts. The bound becomes three, and a new connection takes the place of one
    waiting."""
    start = socketserver.ThreadingMixIn.process_request

    def cramped(self: Any, request: Any, client_address: Any) -> None:
        if self is server and server.connections > 3:
            raise RuntimeError("can't start new thread")
        start(self, request, client_address)

    monkeypatch.setattr(socketserver.ThreadingMixIn, "process_request", cramped)
    held = [_connect(server) for _ in range(3)]
    assert wait_for(lambda: server.connections == 3)
    late = _connect(server)
    assert wait_for(lambda: server.max_connections == 3)
    assert _closed(held[0])  # let go for `late`, which holds its place
    assert wait_for(lambda: server.connections == 3) and _open(late)
    assert server.max_streams == 1
    assert _answered(server) == 200
    for sock in [*held, late]:
        sock.close()
