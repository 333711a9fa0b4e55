"""Downloading a table that lives online, for `cardstock pull` only (a build never imports
this module, nor goes online).

httpx does the HTTP: a well-kept client with real timeouts, streamed bodies and the
system's certificate settings (`SSL_CERT_FILE`, proxies) honoured as other tools honour
them. What is added here is what a table needs: https:// only (plain http:// from this
machine alone: `remote.url_problem`), every redirect held to the same rule and followed at
most `MAX_REDIRECTS` times, a body refused past the tables' bound (`core.files.MAX_BYTES`)
before more is read, one deadline for the whole download, and a web page (a sign-in page
where a published sheet was expected) told apart from a table.

httpx's timeouts bound each read, so a server sending a byte a second would hold a pull
for as long as it liked. `Deadline` bounds the whole download, redirects included: when
its time is up it shuts each connection the download opened (a copy of its socket, taken
as httpx reports the connection made), which ends the read waiting on it at once.
"""

from __future__ import annotations

import socket
import threading
import time
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


class FetchError(Exception):
    """Why a table could not be downloaded, in words for the designer."""


@dataclass(frozen=True)
class Fetched:
    url: str  # where the bytes came from, after redirects
    data: bytes
    content_type: str


def fetch(url: str, timeout: float = TIMEOUT, limit: int = MAX_BYTES) -> Fetched:
    """The table at `url` (see the module's docstring), downloaded within `timeout` seconds
    in all; FetchError says what went wrong."""
    headers = {"User-Agent": f"cardstock/{__version__} (pull)"}
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
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise FetchError(f"{int(declared)} bytes is more than a table may be ({limit} bytes)")
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > limit:
            raise FetchError(f"more than a table may be ({limit} bytes)")
        if deadline.passed():
            break  # said by the caller, which checks the deadline after the body
    return bytes(body)


def web_page(fetched: Fetched) -> bool:
    """Whether what came back is a web page (a sign-in or error page), not a table."""
    kind = fetched.content_type.split(";")[0].strip().lower()
    head = fetched.data[:512].lstrip().lower()
    return kind in ("text/html", "application/xhtml+xml") or head.startswith(
        (b"<!doctype html", b"<html", b"<head", b"<body")
    )
