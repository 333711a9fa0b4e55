"""Downloading a table that lives online, for `cardstock pull` only (a build never imports
this module, nor goes online).

httpx does the HTTP: a well-kept client with real timeouts, streamed bodies and the
system's certificate settings (`SSL_CERT_FILE`, proxies) honoured as other tools honour
them. What is added here is what a table needs: https:// only (plain http:// from this
machine alone: `remote.url_problem`), every redirect held to the same rule and followed at
most `MAX_REDIRECTS` times, a body refused past the tables' bound (`core.files.MAX_BYTES`)
before more is read, one deadline for the whole download, and a web page (a sign-in page
where a published sheet was expected) told apart from a table.

A body sent compressed (`Content-Encoding`) is inflated here, not by httpx, which inflates
each piece that arrives whole, and each layer of a stacked encoding in turn: 3.5 KB sent
as `gzip, gzip` filled the memory before the bound was looked at. Only one layer of
`gzip` or `deflate` is read (`ENCODINGS`, the ones asked for), its raw bytes inflated at
most `INFLATE_STEP` bytes at a time, the bound checked after each step; any other encoding
is refused before the body is read.

httpx's timeouts bound each read, so a server sending a byte a second would hold a pull
for as long as it liked. `Deadline` bounds the whole download, redirects included: when
its time is up it shuts each connection the download opened (a copy of its socket, taken
as httpx reports the connection made), which ends the read waiting on it at once.
"""

from __future__ import annotations

import socket
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx

from .. import __version__
from ..core.files import MAX_BYTES
from .remote import loopback, url_problem

MAX_REDIRECTS = 5
TIMEOUT = 30.0  # seconds a whole download may take, redirects included (`--timeout`)
# the encodings of a body read (`Accept-Encoding`), one layer at most, and zlib's window
# bits for each: gzip's header, or zlib's (raw deflate when that fails, as servers send both)
ENCODINGS = {"gzip": zlib.MAX_WBITS | 16, "x-gzip": zlib.MAX_WBITS | 16, "deflate": zlib.MAX_WBITS}
INFLATE_STEP = 1024 * 1024  # the most one step of inflating a compressed body makes


class FetchError(Exception):
    """Why a table could not be downloaded, in words for the designer."""


class OverLimit(FetchError):
    """A body longer than the `limit` `fetch` was given: a caller that gives one table what
    is left of a bound several tables share tells this refusal from the others."""


@dataclass(frozen=True)
class Fetched:
    url: str  # where the bytes came from, after redirects
    data: bytes
    content_type: str


def fetch(url: str, timeout: float = TIMEOUT, limit: int = MAX_BYTES) -> Fetched:
    """The table at `url` (see the module's docstring), downloaded within `timeout` seconds
    in all; FetchError says what went wrong."""
    headers = {
        "User-Agent": f"cardstock/{__version__} (pull)",
        "Accept-Encoding": ", ".join(e for e in ENCODINGS if e != "x-gzip"),
    }
    late = f"no complete answer within {timeout:g} s (`--timeout`: the whole download)"
    seen = [url]
    current = url
    deadline = Deadline(timeout)
    try:
        with (
            deadline,
            httpx.Client(timeout=timeout, follow_redirects=False, headers=headers) as client,
        ):
            for _ in range(MAX_REDIRECTS + 1):
                with client.stream(
                    "GET", current, extensions={"trace": deadline.trace}
                ) as response:
                    if response.is_redirect:
                        current = _next(current, response.headers.get("location", ""), seen)
                        continue
                    if response.status_code != 200:
                        raise FetchError(_refused(response))
                    data = _body(response, limit, deadline)
                    if deadline.passed():  # a body that ends with its connection, cut short
                        raise FetchError(late)
                    return Fetched(current, data, response.headers.get("content-type", ""))
            raise FetchError(f"more than {MAX_REDIRECTS} redirects")
    except (httpx.HTTPError, OSError) as exc:  # OSError: a socket error httpx left as it was
        if deadline.passed() or isinstance(exc, httpx.TimeoutException):
            raise FetchError(late) from None
        raise FetchError(f"cannot be reached ({type(exc).__name__}: {exc})") from None


def _refused(response: httpx.Response) -> str:
    """What a status other than 200 (and a redirect) says, in words for the designer."""
    said = f"the server answered {response.status_code} {response.reason_phrase or ''}".rstrip()
    if response.status_code in (401, 403, 404):
        said += ": is the sheet shared or published?"
    return said


class Deadline:
    """One bound on a whole download (the module's docstring): a timer that, once
    `seconds` have passed, shuts every connection `trace` was told of. Used as a context:
    the timer runs inside it, and the sockets' copies are closed on leaving it."""

    def __init__(self, seconds: float) -> None:
        self.ends = time.monotonic() + seconds
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._cut = False
        self._timer = threading.Timer(max(seconds, 0.0), self._shut)
        self._timer.daemon = True

    def __enter__(self) -> Deadline:
        self._timer.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._timer.cancel()
        with self._lock:
            for sock in self._sockets:
                sock.close()
            self._sockets.clear()

    def passed(self) -> bool:
        return self._cut or time.monotonic() >= self.ends

    def trace(self, event: str, info: dict[str, Any]) -> None:
        """httpx's (httpcore's) trace callback: a connection made is kept to be shut."""
        if event != "connection.connect_tcp.complete":
            return
        stream = info.get("return_value")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if not isinstance(sock, socket.socket):
            return
        with self._lock:
            own = sock.dup()  # the same connection; closing it leaves httpx's socket alone
            self._sockets.append(own)
            if self._cut:
                _shut_down(own)

    def _shut(self) -> None:
        with self._lock:
            self._cut = True
            for sock in self._sockets:
                _shut_down(sock)


def _shut_down(sock: socket.socket) -> None:
    """Both directions of `sock`'s connection shut: a read waiting on it ends at once."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:  # already closed by the other side
        pass


def _next(current: str, location: str, seen: list[str]) -> str:
    """The address a redirect leads to, held to the same rules as the first; plain
    http:// only from an address on this machine too (never from a server elsewhere)."""
    if not location:
        raise FetchError("a redirect without an address")
    target = urljoin(current, location)
    problem = url_problem(target)
    if problem is None and urlsplit(target).scheme.lower() == "http" and not loopback(current):
        problem = (
            "only https:// addresses are read, and plain http:// never from a server elsewhere"
        )
    if problem is not None:
        raise FetchError(f"redirected to {target}: {problem}")
    if target in seen:
        raise FetchError(f"the redirects go round in a loop ({target} again)")
    seen.append(target)
    return target


def _body(response: httpx.Response, limit: int, deadline: Deadline) -> bytes:
    """The body of `response`, inflated when it was sent compressed (the module's
    docstring); OverLimit past `limit` bytes, sent or inflated, before more is read."""
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise OverLimit(f"{int(declared)} bytes is more than a table may be ({limit} bytes)")
    layers = [
        e.strip().lower()
        for e in response.headers.get_list("content-encoding", split_commas=True)
        if e.strip().lower() not in ("", "identity")
    ]
    if len(layers) > 1 or (layers and layers[0] not in ENCODINGS):
        said = ", ".join(layers)
        raise FetchError(
            f"the server sent the table encoded as {said[:80]!r} (Content-Encoding): "
            "cardstock reads a table sent as it is, or in one layer of gzip or deflate"
        )
    inflate = _Inflater(layers[0]) if layers else None
    body = bytearray()
    sent = 0
    for chunk in response.iter_raw():
        sent += len(chunk)
        for piece in inflate.pieces(chunk) if inflate is not None else (chunk,):
            body += piece
            if len(body) > limit:
                raise OverLimit(f"more than a table may be ({limit} bytes)")
        if sent > limit:  # sent compressed, and more than it inflates to
            raise OverLimit(f"more than a table may be ({limit} bytes)")
        if deadline.passed():
            return bytes(body)  # said by the caller, which checks the deadline after the body
    if inflate is not None and not inflate.ended():
        raise FetchError("the compressed table ends before its end (cut short on the way?)")
    return bytes(body)


class _Inflater:
    """One layer of gzip or deflate, inflated `INFLATE_STEP` bytes at a time (zlib's
    `max_length`), so no step makes more than that from what was sent."""

    def __init__(self, encoding: str) -> None:
        self._bits = ENCODINGS[encoding]
        self._z = zlib.decompressobj(self._bits)
        self._started = False

    def pieces(self, chunk: bytes) -> Iterator[bytes]:
        """What `chunk` (the next raw bytes sent) inflates to, a step at a time; what zlib
        holds back when a step is full is drained by the next step."""
        pending = chunk
        while not self._z.eof:
            try:
                piece = self._z.decompress(pending, INFLATE_STEP)
            except zlib.error as exc:
                if self._started or self._bits != zlib.MAX_WBITS:
                    raise FetchError(f"the compressed table cannot be inflated ({exc})") from None
                self._bits = -zlib.MAX_WBITS  # deflate sent without zlib's header
                self._z = zlib.decompressobj(self._bits)
                continue
            self._started = True
            if piece:
                yield piece
            pending = self._z.unconsumed_tail
            if not pending and len(piece) < INFLATE_STEP:
                return

    def ended(self) -> bool:
        return self._z.eof


def web_page(fetched: Fetched) -> bool:
    """Whether what came back is a web page (a sign-in or error page), not a table."""
    kind = fetched.content_type.split(";")[0].strip().lower()
    head = fetched.data[:512].lstrip().lower()
    return kind in ("text/html", "application/xhtml+xml") or head.startswith(
        (b"<!doctype html", b"<html", b"<head", b"<body")
    )
