"""The preview's server under load and against clients that misbehave: files streamed
from the disk (no whole file held per request), threads and streams capped (the bound on
connections: tests/cli/test_preview_connection_bound.py), a client that sends its request
slowly or not at all let go, and a client gone without a word a quiet event.

The first tests run the server in this process, with small limits, and measure what
Python allocates while it answers (`tracemalloc`). The last runs `cardstock preview`
itself against many clients at once on 127.0.0.1 and reads its memory from
`/proc/<pid>/status`: a small load by default, the full one with CARDSTOCK_FULL=1 (8
clients of a 100 MB file, 200 slow connections, 60 streams that never read). No time is
asserted, except the full load test's one second for a new client, the figure the
preview promises (docs/preview.md); each other wait is a hang guard."""

from __future__ import annotations

import os
import re
import select
import shutil
import socket
import struct
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import FULL, ROOT
from helpers_preview import GAME, HANG_GUARD, Preview, wait_for

from cardstock.cli.serve import MAX_CONNECTIONS, Builds, PreviewServer

BLOCK = 1 << 20


def _fill(path: Path, megabytes: int) -> None:
    """A file of `megabytes` MB, each a copy of one random megabyte."""
    block = os.urandom(BLOCK)
    with path.open("wb") as f:
        for _ in range(megabytes):
            f.write(block)


class Client:
    """A raw connection to a preview server, the request written by hand."""

    def __init__(self, port: int, cookie: str) -> None:
        self.port, self.cookie = port, cookie
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=HANG_GUARD)

    def request(self, path: str, extra: str = "") -> bytes:
        return (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Cookie: {self.cookie}\r\n{extra}\r\n"
        ).encode()

    def send(self, path: str, extra: str = "") -> None:
        self.sock.sendall(self.request(path, extra))

    def head(self) -> tuple[int, dict[str, str], bytes]:
        """The answer's status and headers, and what came after them so far."""
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.sock.recv(4096)
            assert chunk, data
            data += chunk
        head, rest = data.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        fields = dict(line.split(": ", 1) for line in lines[1:])
        return int(lines[0].split()[1]), fields, rest

    def body_digest(self, length: int, already: bytes) -> tuple[int, bytes]:
        """Read `length` bytes of body into one buffer (nothing allocated per chunk):
        how many came, and the first and last 256 of them."""
        buffer = bytearray(BLOCK)
        got, first, last = len(already), already[:256], already[-256:]
        view = memoryview(buffer)
        while got < length:
            n = self.sock.recv_into(view)
            if not n:
                break
            if len(first) < 256:
                first += bytes(view[: min(n, 256 - len(first))])
            last = (last + bytes(view[max(0, n - 256) : n]))[-256:]
            got += n
        return got, first + last

    def closed_by_server(self) -> bool:
        """Has the server closed this connection (an end of file, or a reset)?"""
        try:
            return self.sock.recv(1) == b""
        except (ConnectionResetError, TimeoutError):
            return True

    def drop(self) -> None:
        """Gone without a word: a reset, not a closing handshake."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[PreviewServer]:
    out = tmp_path / "output"
    out.mkdir()
    running = PreviewServer(out, Builds())
    running.serve()
    yield running
    running.stop()


def _client(server: PreviewServer) -> Client:
    return Client(server.port, f"{server.cookie}={server.token}")


def _peak_while(action: Callable[[], Any]) -> tuple[Any, int]:
    """What `action` returns, and the most Python held at once while it ran (every
    thread's allocations, the server's included)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        done = action()
        return done, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_large_file_is_streamed_not_held(server: PreviewServer) -> None:
    _fill(server.out / "big.bin", 32)
    expected = (server.out / "big.bin").read_bytes()
    client = _client(server)

    def download() -> tuple[int, bytes]:
        client.send("/big.bin")
        status, fields, rest = client.head()
        assert status == 200 and fields["Content-Length"] == str(len(expected))
        return client.body_digest(len(expected), rest)

    (got, ends), peak = _peak_while(download)
    assert (got, ends) == (len(expected), expected[:256] + expected[-256:])
    assert peak < 4 * BLOCK, peak  # a whole-file read alone would be 32 MB


@pytest.mark.parametrize("name", ["page.html", "face.svg"])
def test_a_large_page_gets_its_script_and_is_streamed(server: PreviewServer, name: str) -> None:
    """An HTML page gets the script before its `</head>`, an SVG opened as a page before
    its closing `</svg>`; the rest of the file streams as it is."""
    filler = b"<!-- " + b"x" * (16 * BLOCK) + b" -->"
    page = (
        b"<!doctype html><html><head><title>t</title></head><body>" + filler + b"</body></html>"
        if name.endswith(".html")
        else b'<svg xmlns="http://www.w3.org/2000/svg">' + filler + b"<g/></svg>\n"
    )
    (server.out / name).write_bytes(page)
    client = _client(server)

    def download() -> tuple[int, bytes]:
        client.send(f"/{name}", "Sec-Fetch-Dest: document\r\n")
        status, fields, rest = client.head()
        assert status == 200
        length = int(fields["Content-Length"])
        assert length > len(page)
        got, ends = client.body_digest(length, rest)
        assert got == length
        return length, ends

    (length, seen), peak = _peak_while(download)
    assert peak < 4 * BLOCK, peak
    tag = re.search(rb"<script [^>]*live\.js[^>]*>(</script>)?", seen)
    assert tag, seen
    if name.endswith(".html"):
        assert seen.startswith(b"<!doctype html><html><head><title>t</title>" + tag.group(0))
        assert length == len(page) + len(tag.group(0))
    else:
        assert seen.endswith(b"<g/>" + tag.group(0) + b"</svg>\n")


def test_a_client_silent_or_dribbling_its_request_is_let_go(server: PreviewServer) -> None:
    server.idle_seconds = 0.5
    silent = _client(server)
    assert silent.closed_by_server()
    dribbler = _client(server)
    request = dribbler.request("/")
    sent = 0
    while sent < len(request):  # a byte every fifth of a second: each in time, not the whole
        ready, _, _ = select.select([dribbler.sock], [], [], 0.2)
        if ready:
            break
        dribbler.sock.send(request[sent : sent + 1])
        sent += 1
    assert sent < len(request) and dribbler.closed_by_server()
    assert wait_for(lambda: server.connections == 0)
    answered = _client(server)  # the server itself goes on
    answered.send("/")
    assert answered.head()[0] == 200  # the stand-in page: no downloads page yet


def test_the_connection_cap_leaves_most_open_files_to_the_builds(tmp_path: Path) -> None:
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(64, hard), hard))
    try:
        small = PreviewServer(tmp_path, Builds())
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    small.server_close()
    assert small.max_connections == 16  # a quarter of 64
    assert small.max_streams == 8  # half the connections: the rest for files
    roomy = PreviewServer(tmp_path, Builds())
    roomy.server_close()
    unbounded = soft == resource.RLIM_INFINITY or soft >= 4 * MAX_CONNECTIONS
    assert roomy.max_connections == (MAX_CONNECTIONS if unbounded else soft // 4)


def test_streams_of_builds_past_their_cap_get_an_empty_503(server: PreviewServer) -> None:
    server.max_streams = 2
    streams = [_client(server) for _ in range(2)]
    for stream in streams:
        stream.send("/.preview/events")
        assert stream.head()[0] == 200
    refused = _client(server)
    refused.send("/.preview/events")
    status, fields, _ = refused.head()
    assert (status, fields["Content-Length"]) == (503, "0")
    streams.pop().drop()
    server.builds.publish(True, (), "")  # the dropped stream's thread writes, finds it gone
    assert wait_for(lambda: server.streams == 1)
    again = _client(server)
    again.send("/.preview/events")
    assert again.head()[0] == 200


def test_clients_gone_without_a_word_print_nothing(
    server: PreviewServer, capfd: pytest.CaptureFixture[str]
) -> None:
    _fill(server.out / "big.bin", 16)
    downloads, streams = [_client(server) for _ in range(3)], [_client(server) for _ in range(3)]
    for client in downloads:
        client.send("/big.bin")
        client.head()
    for client in streams:
        client.send("/.preview/events")
        client.head()
    for client in downloads + streams:
        client.drop()
    for _ in range(3):  # each stream writes to its dropped client, and finds it gone
        server.builds.publish(True, ("big.bin",), "")
    assert wait_for(lambda: server.connections == 0)
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


# ---------------------------------------------------------------- `cardstock preview` under load

# (megabytes of the file, clients downloading it, slow connections, streams never read)
LOAD = (100, 8, 200, 60) if FULL else (16, 2, 20, 6)
MEMORY_CAP = 200 * BLOCK  # the preview's resident memory, at its peak, stays under this


def _memory(pid: int, field: str) -> int:
    """A memory figure of a process (`VmRSS`, now; `VmHWM`, its peak), in bytes."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    found = re.search(rf"^{field}:\s+(\d+) kB$", status, re.M)
    assert found, status
    return int(found.group(1)) * 1024


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Preview]:
    root = tmp_path_factory.mktemp("load") / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    running = Preview(root)
    yield running
    running.close()


def test_the_preview_under_load_stays_small_and_answers(loaded: Preview) -> None:
    megabytes, downloaders, slow, never_read = LOAD
    _fill(loaded.root / "output" / "big.bin", megabytes)
    size = megabytes * BLOCK
    pid = loaded.proc.pid
    before = _memory(pid, "VmRSS")

    def client() -> Client:
        return Client(loaded.port, loaded.cookie)

    # slow connections: each sends its request a byte a second, never finishing in time
    dribblers = [client() for _ in range(slow)]
    request = dribblers[0].request("/big.bin")
    # streams of builds that are never read
    streams = [client() for _ in range(never_read)]
    for stream in streams:
        stream.send("/.preview/events")
    received: list[int] = []

    def download() -> None:
        c = client()
        c.send("/big.bin")
        status, _, rest = c.head()
        assert status == 200
        received.append(c.body_digest(size, rest)[0])
        c.sock.close()

    threads = [threading.Thread(target=download) for _ in range(downloaders)]
    for thread in threads:
        thread.start()
    answers: list[float] = []
    rss: list[int] = []
    for i in range(len(request)):
        if all(not t.is_alive() for t in threads) and i >= 3:
            break
        for d in dribblers:
            try:
                d.sock.send(request[i : i + 1])
            except OSError:  # let go by the server
                pass
        started = time.monotonic()
        newcomer = client()
        newcomer.send("/")
        assert newcomer.head()[0] == 200
        answers.append(time.monotonic() - started)
        newcomer.sock.close()
        rss.append(_memory(pid, "VmRSS"))
        time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
    for thread in threads:
        thread.join(HANG_GUARD)
    assert received == [size] * downloaders
    for c in dribblers + streams:
        c.drop()
    peak = _memory(pid, "VmHWM")
    print(
        f"load {LOAD}: resident {before / BLOCK:.0f} MB before, at most "
        f"{max(rss) / BLOCK:.0f} MB under load, peak {peak / BLOCK:.0f} MB; "
        f"a new client answered in at most {max(answers):.3f} s"
    )
    assert peak < MEMORY_CAP
    assert max(rss) - before < size  # not one copy of the file held
    if FULL:
        assert max(answers) < 1.0
    assert "Traceback" not in loaded.err() and "Traceback" not in loaded.out()
