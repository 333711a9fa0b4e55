"""Downloading a table that lives online, for `cardstock pull` only (a build never imports
this module, nor goes online).

httpx does the HTTP: a well-kept client with real timeouts, streamed bodies and the
system's certificate settings (`SSL_CERT_FILE`, proxies) honoured as other tools honour
them. What is added here is what a table needs: https:// only, every redirect held to the
same rule and followed at most `MAX_REDIRECTS` times, a body refused past the tables'
bound (`core.files.MAX_BYTES`) before more is read, and a web page (a sign-in page where a
published sheet was expected) told apart from a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

import httpx

from .. import __version__
from ..core.files import MAX_BYTES
from .remote import url_problem

MAX_REDIRECTS = 5
TIMEOUT = 30.0  # seconds without an answer before a pull gives up (`--timeout`)


class FetchError(Exception):
    """Why a table could not be downloaded, in words for the designer."""


@dataclass(frozen=True)
class Fetched:
    url: str  # where the bytes came from, after redirects
    data: bytes
    content_type: str


def fetch(url: str, timeout: float = TIMEOUT, limit: int = MAX_BYTES) -> Fetched:
    """The table at `url` (see the module's docstring); FetchError says what went wrong."""
    headers = {"User-Agent": f"cardstock/{__version__} (pull)"}
    seen = [url]
    current = url
    try:
        with httpx.Client(timeout=timeout, follow_redirects=False, headers=headers) as client:
            for _ in range(MAX_REDIRECTS + 1):
                with client.stream("GET", current) as response:
                    if response.is_redirect:
                        current = _next(current, response.headers.get("location", ""), seen)
                        continue
                    if response.status_code != 200:
                        raise FetchError(
                            f"the server answered {response.status_code} "
                            f"{response.reason_phrase or ''}".rstrip()
                            + (
                                ": is the sheet shared or published?"
                                if response.status_code in (401, 403, 404)
                                else ""
                            )
                        )
                    data = _body(response, limit)
                    return Fetched(current, data, response.headers.get("content-type", ""))
            raise FetchError(f"more than {MAX_REDIRECTS} redirects")
    except httpx.TimeoutException:
        raise FetchError(f"no answer within {timeout:g} s") from None
    except httpx.HTTPError as exc:
        raise FetchError(f"cannot be reached ({type(exc).__name__}: {exc})") from None


def _next(current: str, location: str, seen: list[str]) -> str:
    """The address a redirect leads to, held to the same rules as the first."""
    if not location:
        raise FetchError("a redirect without an address")
    target = urljoin(current, location)
    problem = url_problem(target)
    if problem is not None:
        raise FetchError(f"redirected to {target}: {problem}")
    if target in seen:
        raise FetchError(f"the redirects go round in a loop ({target} again)")
    seen.append(target)
    return target


def _body(response: httpx.Response, limit: int) -> bytes:
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise FetchError(f"{int(declared)} bytes is more than a table may be ({limit} bytes)")
    body = bytearray()
    for chunk in response.iter_bytes():
        body += chunk
        if len(body) > limit:
            raise FetchError(f"more than a table may be ({limit} bytes)")
    return bytes(body)


def web_page(fetched: Fetched) -> bool:
    """Whether what came back is a web page (a sign-in or error page), not a table."""
    kind = fetched.content_type.split(";")[0].strip().lower()
    head = fetched.data[:512].lstrip().lower()
    return kind in ("text/html", "application/xhtml+xml") or head.startswith(
        (b"<!doctype html", b"<html", b"<head", b"<body")
    )
