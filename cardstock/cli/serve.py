"""The preview's web server (`cardstock preview`): the output folder over HTTP on
127.0.0.1, to this computer's browser only, and the builds told to the pages it serves.

The printed address holds a secret token (`/<token>/`), which the first request trades
for a cookie; every other request must bring that cookie, and one without it is refused
with an empty 403, as is a request naming another host (a page elsewhere that resolves
its own name to 127.0.0.1). Then only regular files inside the output folder are served:
no `..`, no hidden file, no link (not even one that points back inside), no listing of a
folder. Nothing is run: each answer is a file's bytes, streamed from the disk, or the few
the preview adds — its script (`cli.live`), the stream of builds, a page that stands in
for the downloads page until a build writes it.

Into each HTML page (and each SVG opened as a page) the server adds one `<script>` tag,
never into the files themselves.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import secrets
import socket
import stat
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import parse_qs, quote, unquote

from .live import LIVE_SCRIPT, PLACEHOLDER

try:
    import resource
except ImportError:  # not on Windows: no limit on open files to read
    resource = None  # type: ignore[assignment]  # the name is tested before each use

# The preview's own addresses sit in a folder no output file can be in (hidden names are
# never served from the output folder): /<token>/.preview/live.js and …/events.
OWN = ".preview"
# what a redirect's address keeps as it is (letters, digits and `_.-~` are kept anyway):
# the characters of a path and a query, and `%` for the escapes already there
_KEPT = "/?#%!$&'()*+,;=:@"
HISTORY = 64  # builds kept for a page that reconnects (an older page reloads instead)
KEEP_ALIVE_SECONDS = 10.0  # a comment line on an idle stream, so a closed page is noticed
# Connections handled at once, each by a thread of its own (its stack, 8 MB of address
# space on Linux). A browser opens at most six to one host name (twelve with both
# 127.0.0.1 and localhost), its open pages' streams included, so two browsers never meet
# the bound; past it, a connection waiting for its request is let go to make room, or the
# newcomer is refused.
MAX_CONNECTIONS = 32
MAX_STREAMS = 16  # streams of builds open at once (one per open page): half the connections
IDLE_SECONDS = 10.0  # the longest wait for a request's head, or for a client to take data
LET_GO_SECONDS = 1.0  # the longest wait for the thread of a connection let go to end
# The answer to a connection over the bound, written by the accepting thread without
# waiting (a new connection's send buffer is empty), before it closes the connection.
REFUSAL = (
    b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\n"
    b"Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
)

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".pdf": "application/pdf",
    ".epub": "application/epub+zip",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".csv": "text/csv; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".woff2": "font/woff2",
    ".zip": "application/zip",
    ".dxf": "application/dxf",
}

# What a served page may load: its own origin's files (and inline data, as an SVG's
# embedded pictures), its inline styles; scripts only the preview's own, by its nonce.
POLICY = (
    "default-src 'self'; img-src 'self' data:; font-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; script-src 'nonce-{nonce}'; object-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
)


@dataclass(frozen=True)
class Build:
    """One finished build as the pages hear of it: its number (from 1), whether it
    succeeded, the output files it changed (relative, `/`-separated) and, when it failed,
    what the command line printed about it."""

    number: int
    ok: bool
    changed: tuple[str, ...]
    message: str

    def event(self) -> bytes:
        data = json.dumps(
            {
                "build": self.number,
                "ok": self.ok,
                "changed": list(self.changed),
                "message": self.message,
            },
            ensure_ascii=False,
        )
        return f"id: {self.number}\ndata: {data}\n\n".encode()


class Builds:
    """The builds so far, shared by the watcher (which publishes each) and the pages'
    streams (each waits for the next)."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._kept: deque[Build] = deque([Build(0, True, (), "")], maxlen=HISTORY)
        self.closed = False

    def latest(self) -> Build:
        with self._changed:
            return self._kept[-1]

    def publish(self, ok: bool, changed: tuple[str, ...], message: str) -> Build:
        with self._changed:
            build = Build(self._kept[-1].number + 1, ok, changed, message)
            self._kept.append(build)
            self._changed.notify_all()
            return build

    def close(self) -> None:
        """Wake every stream, to end."""
        with self._changed:
            self.closed = True
            self._changed.notify_all()

    def since(self, number: int) -> list[Build]:
        """The builds a page that has seen build `number` is told of on connecting: that
        one (its state, for the message shown over the page) and each after it; only the
        latest when those are no longer kept (the page then reloads)."""
        with self._changed:
            kept = [b for b in self._kept if b.number >= number]
            if not kept or kept[0].number > number:
                return [self._kept[-1]]
            return kept

    def after(self, number: int, timeout: float) -> list[Build]:
        """The builds after `number`, waiting up to `timeout` seconds for one."""
        with self._changed:
            self._changed.wait_for(
                lambda: self.closed or self._kept[-1].number > number, timeout=timeout
            )
            return [b for b in self._kept if b.number > number]


class PreviewServer(ThreadingHTTPServer):
    """The output folder `out`, served on 127.0.0.1 at a port the system picks, behind
    a new secret token; `serve` starts it on a thread of its own, `stop` ends it.

    Each connection has a thread of its own, and there are at most `max_connections` of
    them. One more takes the place of the connection that has waited longest for a
    request's head, which is let go; when none waits, it is answered an empty 503
    (`Retry-After: 1`) and closed by the accepting thread, without a thread of its own.
    When no thread can start (the system's memory or threads spent), `max_connections`
    becomes the number running. A connection waits at most `idle_seconds` for each
    request's head, whole (a client that sends nothing, or a byte now and then, is let
    go), and as long for a client to take each part of an answer. At most `max_streams`
    of them are streams of builds (one per open page): another stream is refused with an
    empty 503."""

    daemon_threads = True  # a page's open stream never keeps the process alive
    block_on_close = False
    request_queue_size = 128  # a burst of connections waits to be accepted, never dropped

    def __init__(self, out: Path, builds: Builds) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.out = Path(os.path.realpath(out))
        self.builds = builds
        self.token = secrets.token_urlsafe(24)
        self.port = int(self.server_address[1])
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
        self.cookie = f"cardstock-preview-{self.port}"  # a browser keeps cookies by host alone
        self.max_connections = connection_cap()
        self.max_streams = min(MAX_STREAMS, self.max_connections // 2)
        self.idle_seconds = IDLE_SECONDS
        self._count = threading.Condition()
        self.connections = 0
        self.streams = 0
        # the connections waiting for a request's head, the longest waiting first
        self._waiting: dict[socket.socket, threading.Thread | None] = {}
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{self.token}/"

    def serve(self) -> None:
        self._thread = threading.Thread(
            target=self.serve_forever, kwargs={"poll_interval": 0.1}, name="preview", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """End the streams and the server (within its 0.1 s poll), and close its socket."""
        self.builds.close()
        if self._thread is not None:
            self.shutdown()
            self._thread.join(timeout=1.0)
        self.server_close()

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection, in a place below `max_connections` (made, when
        there is none, by letting go the connection waiting longest for its request);
        else the refusal. When no thread can start (the system's memory or threads are
        spent), the bound becomes the connections running, and a place is made so."""
        for _ in range(2):
            if not self._admit():
                break
            with self._count:  # waiting for its first request from now; its thread to come
                self._waiting[request] = None
            try:
                super().process_request(request, client_address)
                return
            except Exception:  # "can't start new thread", or no memory to
                self._lower_bound(request)
        self._refuse(request)

    def _lower_bound(self, request: socket.socket) -> None:
        """The connection counted in had no thread: the bound is those running."""
        with self._count:
            self._waiting.pop(request, None)
            self.connections -= 1
            self.max_connections = max(1, self.connections)
            self.max_streams = min(self.max_streams, self.max_connections // 2)

    def _admit(self) -> bool:
        """Count a connection in, when there is a place for it or one can be made."""
        for _ in range(2):
            with self._count:
                if self.connections < self.max_connections:
                    self.connections += 1
                    return True
            if not self._let_go_waiting():
                return False
        return False

    def _let_go_waiting(self) -> bool:
        """Close the connection that has waited longest for a request's head, and wait
        (`LET_GO_SECONDS` at most) for its thread to end: False when none waits."""
        with self._count:
            self._count.wait_for(  # threads just started name themselves
                lambda: not self._waiting or any(self._waiting.values()), LET_GO_SECONDS
            )
            known = [(c, t) for c, t in self._waiting.items() if t is not None]
            if not known:
                return False
            connection, thread = known[0]
            del self._waiting[connection]
        with contextlib.suppress(OSError):  # already closed by its own thread
            connection.shutdown(socket.SHUT_RDWR)  # its read returns: its thread ends
        thread.join(LET_GO_SECONDS)
        return not thread.is_alive()

    def _refuse(self, request: socket.socket) -> None:
        """The empty 503, written without waiting, and the connection closed (what the
        client sent read first, so the close is not a reset that could lose the 503)."""
        with contextlib.suppress(OSError):
            request.settimeout(0.0)
            request.send(REFUSAL)
        with contextlib.suppress(OSError):
            request.recv(65536)
        self.shutdown_request(request)

    def waiting(self, connection: socket.socket) -> None:
        """The connection waits for a request's head: it may be let go to make room (the
        first request's wait counts from the connection's start)."""
        with self._count:
            self._waiting.setdefault(connection, threading.current_thread())

    def answering(self, connection: socket.socket) -> bool:
        """The connection's request came whole: it is answered, unless it was let go."""
        with self._count:
            if connection not in self._waiting:
                return False
            del self._waiting[connection]
            return True

    def forget(self, connection: socket.socket) -> None:
        with self._count:
            self._waiting.pop(connection, None)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        with self._count:  # the connection's thread, for the one that may let it go
            if request in self._waiting:
                self._waiting[request] = threading.current_thread()
                self._count.notify_all()
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._ended()

    def _ended(self) -> None:
        with self._count:
            self.connections -= 1

    def open_stream(self) -> bool:
        """Count a stream of builds in, when fewer than `max_streams` are open."""
        with self._count:
            if self.streams >= self.max_streams:
                return False
            self.streams += 1
            return True

    def close_stream(self) -> None:
        with self._count:
            self.streams -= 1

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone (closed, reset, timed out) is no news; anything else is told in
        one line, without a traceback."""
        error = sys.exc_info()[1]
        if isinstance(error, OSError):
            return
        print(f"preview: a request failed: {type(error).__name__}: {error}", file=sys.stderr)


def connection_cap() -> int:
    """How many connections the preview keeps open at once: `MAX_CONNECTIONS`, or a
    quarter of the files the system lets this process open when that is fewer (each
    connection may hold a file besides its socket, and the builds need the rest)."""
    if resource is None:
        return MAX_CONNECTIONS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft // 4))


class _HeadReader(io.RawIOBase):
    """The connection's socket as the handler reads it, the reads of one request's head
    bounded together: none may wait past `deadline` (a client sending its head a byte at
    a time is let go then, as one sending nothing is)."""

    def __init__(self, connection: socket.socket, seconds: float) -> None:
        self.connection = connection
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request's head took too long")
        self.connection.settimeout(min(left, self.seconds))
        return self.connection.recv_into(buffer)


class Handler(BaseHTTPRequestHandler):
    """One connection's requests: the host and the key checked, then a file of the output
    folder, the preview's script or its stream of builds. Every refusal is an empty answer.

    The key is the token: the printed address holds it, and the first request to that
    address is answered with a cookie holding it (`HttpOnly`, `SameSite=Strict`) and sent
    to the same address without it. Every other request must bring the cookie. So no
    address a page is at, or links to, holds the token: a page asking the browser to send
    its full address elsewhere (a `Referer` it allows with `<meta name="referrer">`) gives
    away no key."""

    server: PreviewServer
    protocol_version = "HTTP/1.1"
    rbufsize = 0  # `setup` puts its own buffer over `_HeadReader`

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # the plain reader `setup` made, replaced by one with a deadline
        self.idle = self.server.idle_seconds
        self.connection.settimeout(self.idle)
        self.head = _HeadReader(self.connection, self.idle)
        self.rfile = io.BufferedReader(self.head, 16384)

    def handle_one_request(self) -> None:
        self.head.deadline = time.monotonic() + self.head.seconds
        self.server.waiting(self.connection)
        super().handle_one_request()

    def finish(self) -> None:
        self.server.forget(self.connection)  # before its socket is closed
        super().finish()

    def version_string(self) -> str:
        return "cardstock-preview"

    def do_GET(self) -> None:
        self._answer(send_body=True)

    def do_HEAD(self) -> None:
        self._answer(send_body=False)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal is the builds' (a refused request is told to the browser)."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Any error (a bad request, a method not served) as an empty answer."""
        self._empty(code)

    def _empty(self, code: int) -> None:
        self.send_response(code)
        self._common_headers(secrets.token_urlsafe(8))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _common_headers(self, nonce: str) -> None:
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", POLICY.format(nonce=nonce))

    def _has_key(self) -> bool:
        """Does the request bring the preview's cookie?"""
        token = self.server.token.encode()
        for header in self.headers.get_all("Cookie") or []:
            for pair in header.split(";"):
                name, _, value = pair.strip().partition("=")
                if name == self.server.cookie and secrets.compare_digest(value.encode(), token):
                    return True
        return False

    def _answer(self, send_body: bool) -> None:
        if not self.server.answering(self.connection):  # let go to make room: closed
            self.close_connection = True
            return
        self.connection.settimeout(self.idle)  # for the answer: the head's is spent
        path, mark, query = self.path.partition("?")
        parts = path.split("/")
        server = self.server
        if self.headers.get("Host", "") not in server.hosts or len(parts) < 2 or parts[0] != "":
            return self._empty(403)
        if secrets.compare_digest(parts[1].encode(), server.token.encode()):
            return self._exchange("/" + "/".join(parts[2:]) + mark + query)
        if not self._has_key():
            return self._empty(403)
        rest = parts[1:]
        if rest[0] == OWN:
            return self._own(rest[1:], query, send_body)
        names = _names(rest)
        if names is None:
            return self._empty(404)
        found = locate(server.out, names)
        if found is None:
            if names == [""]:  # no downloads page yet
                page = PLACEHOLDER.encode()
                return self._send(page, TYPES[".html"], send_body, inject=True)
            return self._empty(404)
        if isinstance(found, str):  # a folder, asked without its slash
            return self._redirect(path + "/")
        with found as file:
            name = names[-1] or "index.html"
            kind = TYPES.get(os.path.splitext(name)[1].lower(), "application/octet-stream")
            self._send_file(file, kind, send_body, inject=kind.startswith(_INJECTED))

    def _exchange(self, where: str) -> None:
        """The address with the token: its cookie given, and the browser sent to the same
        address without the token."""
        cookie = f"{self.server.cookie}={self.server.token}; Path=/; HttpOnly; SameSite=Strict"
        self._redirect(where, status=303, cookie=cookie)

    def _redirect(self, where: str, status: int = 301, cookie: str = "") -> None:
        self.send_response(status)
        self._common_headers(secrets.token_urlsafe(8))
        if cookie:
            self.send_header("Set-Cookie", cookie)
        self.send_header("Location", same_origin(where))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _as_page(self, inject: bool) -> bool:
        """Does the script go into this answer? Into a page the browser shows (not an
        image, not a fetch)."""
        dest = self.headers.get("Sec-Fetch-Dest", "document")
        return inject and dest in ("document", "iframe", "frame", "embed", "object")

    def _send(self, body: bytes, kind: str, send_body: bool, *, inject: bool) -> None:
        """An answer the preview makes itself (small): its script, its stand-in page."""
        nonce = secrets.token_urlsafe(16)
        if self._as_page(inject):
            at, tag = script_place(body[:SCAN], body[-SCAN:], len(body), kind, nonce, self.server)
            body = body[:at] + tag + body[at:]
        self.send_response(200)
        self._common_headers(nonce)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _send_file(self, file: BinaryIO, kind: str, send_body: bool, *, inject: bool) -> None:
        """A file of the output folder, streamed from the disk to the socket (no more of it
        held at once than the part read to place the script in a page)."""
        nonce = secrets.token_urlsafe(16)
        size = os.fstat(file.fileno()).st_size
        at, tag = size, b""
        if self._as_page(inject):
            first = file.read(SCAN)
            file.seek(max(0, size - SCAN))
            last = file.read(SCAN)
            at, tag = script_place(first, last, size, kind, nonce, self.server)
        self.send_response(200)
        self._common_headers(nonce)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(size + len(tag)))
        self.end_headers()
        if not send_body:
            return
        sent = self._copy(file, 0, at)
        if tag:
            self.wfile.write(tag)
        sent += self._copy(file, at, size - at)
        if sent != size:  # the file changed size while it was sent: the length was wrong
            self.close_connection = True

    def _copy(self, file: BinaryIO, offset: int, count: int) -> int:
        return self.connection.sendfile(file, offset, count) if count > 0 else 0

    def _own(self, rest: list[str], query: str, send_body: bool) -> None:
        if rest == ["live.js"]:
            return self._send(LIVE_SCRIPT.encode(), "text/javascript", send_body, inject=False)
        if rest == ["events"] and send_body:
            if not self.server.open_stream():
                return self._empty(503)
            try:
                return self._stream(query)
            finally:
                self.server.close_stream()
        return self._empty(404)

    def _stream(self, query: str) -> None:
        """The builds, as Server-Sent Events: those since the page's own (`?since=N`), then
        each as it ends, until the page or the preview closes."""
        try:
            since = int(parse_qs(query).get("since", ["0"])[0])
        except ValueError:
            since = 0
        builds = self.server.builds
        self.close_connection = True
        self.send_response(200)
        self._common_headers(secrets.token_urlsafe(8))
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        pending, last = builds.since(since), since
        while not builds.closed:
            for build in pending:
                self.wfile.write(build.event())
                last = build.number
            if not pending:
                self.wfile.write(b": still here\n\n")
            self.wfile.flush()
            pending = builds.after(last, KEEP_ALIVE_SECONDS)


def same_origin(where: str) -> str:
    """`where` (a path and query taken from a request) made an address on this server
    alone, whatever the request held: every character outside the few an address keeps
    as they are (a backslash, a space, a control or non-ASCII character) escaped, and the
    leading slashes made one — so no browser reads it as another host (`//evil.example`,
    `/\\evil.example`, which browsers take for `//`)."""
    kept = quote(where.encode("latin-1", "replace"), safe=_KEPT)
    return "/" + kept.lstrip("/")


def _names(rest: list[str]) -> list[str] | None:
    """The address's path, decoded into names of folders and a file (the last "" for a
    folder's own page); None for anything that could leave the folder or name a hidden
    file: `..`, `.`, a name starting with a dot, an empty name inside the path, a slash,
    backslash or NUL hidden in an escape."""
    names = []
    for i, raw in enumerate(rest):
        try:
            name = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            return None
        if name == "" and i == len(rest) - 1:
            names.append(name)
            continue
        if not name or name.startswith(".") or any(c in name for c in "/\\\0"):
            return None
        names.append(name)
    return names


def locate(out: Path, names: list[str]) -> BinaryIO | str | None:
    """A file of the folder `out` named by `names` (a folder's own `index.html` for a
    last name ""), opened for reading; "folder" for a folder asked without its slash, or
    None. No step may be a link (`lstat`), the file is opened without following one
    (O_NOFOLLOW) and must be a regular file, and its real path must lie inside `out`."""
    if names[-1] == "":
        names = [*names[:-1], "index.html"]
    here = out
    for i, name in enumerate(names):
        here = here / name
        try:
            mode = os.lstat(here).st_mode
        except (OSError, ValueError):
            return None
        if stat.S_ISLNK(mode):
            return None
        if stat.S_ISDIR(mode):
            if i == len(names) - 1:
                return "folder"
            continue
        if i != len(names) - 1 or not stat.S_ISREG(mode):
            return None
    if not os.path.realpath(here).startswith(str(out) + os.sep):
        return None
    try:
        fd = os.open(here, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    file = os.fdopen(fd, "rb")
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        file.close()
        return None
    return file


_INJECTED = ("text/html", "image/svg")  # the kinds of file shown as pages, with the script
SCAN = 65536  # bytes of a page's start (or an SVG's end) searched for the script's place
_HEAD_END = re.compile(rb"</head\s*>", re.I)
_SVG_END = re.compile(rb"</svg\s*>\s*\Z", re.I)


def script_place(
    first: bytes, last: bytes, size: int, kind: str, nonce: str, server: PreviewServer
) -> tuple[int, bytes]:
    """Where the preview's script tag goes into a page of `size` bytes whose first and
    last `SCAN` bytes are `first` and `last`, and the tag: before `</head>` in HTML (at the
    start when its start has none), before the closing `</svg>` of an SVG (nowhere when
    it does not end with one)."""
    where = f"/{OWN}/live.js"
    number = server.builds.latest().number
    if kind.startswith("image/svg"):
        tag = (
            f'<script xmlns="http://www.w3.org/2000/svg" href="{where}" nonce="{nonce}" '
            f'data-build="{number}"/>'
        ).encode()
        end = _SVG_END.search(last)
        return (size - len(last) + end.start(), tag) if end else (size, b"")
    tag = f'<script src="{where}" nonce="{nonce}" data-build="{number}"></script>'.encode()
    head = _HEAD_END.search(first)
    return (head.start(), tag) if head else (0, tag)


def output_files(out: Path) -> dict[str, tuple[int, int, int]]:
    """Each regular file under `out` (not through a link, not hidden): its relative
    `/`-separated name → (modification time in ns, size, inode). A build writes a file
    anew only when its bytes change, so two of these tell what a build changed."""
    found: dict[str, tuple[int, int, int]] = {}
    for path, st in _walk(out, ""):
        found[path] = (st.st_mtime_ns, st.st_size, st.st_ino)
    return found


def _walk(folder: Path, prefix: str) -> Iterator[tuple[str, os.stat_result]]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith(".") or entry.is_symlink():
            continue
        name = prefix + entry.name
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from _walk(Path(entry.path), name + "/")
            elif entry.is_file(follow_symlinks=False):
                yield name, entry.stat(follow_symlinks=False)
        except OSError:
            continue


def changed_files(
    before: dict[str, tuple[int, int, int]], after: dict[str, tuple[int, int, int]]
) -> tuple[str, ...]:
    """The files written, added or removed between two `output_files`."""
    return tuple(sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k)))
