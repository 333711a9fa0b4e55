"""The preview's web server (`cardstock preview`): the output folder over HTTP on
127.0.0.1, to this computer's browser only, and the builds told to the pages it serves.

Every address starts with a secret token (`/<token>/…`); anything else is refused with
an empty 403, as is a request naming another host (a page elsewhere that resolves its own
name to 127.0.0.1). Behind the token, only regular files inside the output folder are
served: no `..`, no hidden file, no link (not even one that points back inside), no
listing of a folder. Nothing is run: each answer is a file's bytes, or the few the preview
adds — the script below, the stream of builds, a page that stands in for the downloads
page until a build writes it.

Into each HTML page (and each SVG opened as a page) the server adds one `<script>` tag,
never into the files themselves: the script (`LIVE_SCRIPT`) listens to the builds
(Server-Sent Events), fetches again each image whose file a build changed, reloads the
page when the page itself changed, and shows a failed build's messages over the page.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote

# The preview's own addresses sit in a folder no output file can be in (hidden names are
# never served from the output folder): /<token>/.preview/live.js and …/events.
OWN = ".preview"
HISTORY = 64  # builds kept for a page that reconnects (an older page reloads instead)
KEEP_ALIVE_SECONDS = 10.0  # a comment line on an idle stream, so a closed page is noticed

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
    a new secret token; `serve` starts it on a thread of its own, `stop` ends it."""

    daemon_threads = True  # a page's open stream never keeps the process alive

    def __init__(self, out: Path, builds: Builds) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.out = Path(os.path.realpath(out))
        self.builds = builds
        self.token = secrets.token_urlsafe(24)
        self.port = int(self.server_address[1])
        self.hosts = {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}
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


class Handler(BaseHTTPRequestHandler):
    """One request: the token and the host checked, then a file of the output folder, the
    preview's script or its stream of builds. Every refusal is an empty answer."""

    server: PreviewServer
    protocol_version = "HTTP/1.1"

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

    def _answer(self, send_body: bool) -> None:
        path, _, query = self.path.partition("?")
        parts = path.split("/")
        server = self.server
        if (
            self.headers.get("Host", "") not in server.hosts
            or len(parts) < 2
            or parts[0] != ""
            or not secrets.compare_digest(parts[1].encode(), server.token.encode())
        ):
            return self._empty(403)
        rest = parts[2:]
        if not rest:  # /<token>: the folder's address ends in a slash
            return self._redirect(f"/{server.token}/")
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
        body, name = found
        kind = TYPES.get(os.path.splitext(name)[1].lower(), "application/octet-stream")
        self._send(body, kind, send_body, inject=kind.startswith(("text/html", "image/svg")))

    def _redirect(self, where: str) -> None:
        self.send_response(301)
        self._common_headers(secrets.token_urlsafe(8))
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, body: bytes, kind: str, send_body: bool, *, inject: bool) -> None:
        nonce = secrets.token_urlsafe(16)
        # the script goes into a page the browser shows (not an image, not a fetch)
        dest = self.headers.get("Sec-Fetch-Dest", "document")
        if inject and dest in ("document", "iframe", "frame", "embed", "object"):
            body = with_script(body, kind, self.server.token, nonce, self.server.builds)
        self.send_response(200)
        self._common_headers(nonce)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _own(self, rest: list[str], query: str, send_body: bool) -> None:
        if rest == ["live.js"]:
            return self._send(LIVE_SCRIPT.encode(), "text/javascript", send_body, inject=False)
        if rest == ["events"] and send_body:
            return self._stream(query)
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
        try:
            while not builds.closed:
                for build in pending:
                    self.wfile.write(build.event())
                    last = build.number
                if not pending:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
                pending = builds.after(last, KEEP_ALIVE_SECONDS)
        except (BrokenPipeError, ConnectionResetError):
            return


def _names(rest: list[str]) -> list[str] | None:
    """The address's path after the token, decoded into names of folders and a file (the
    last "" for a folder's own page); None for anything that could leave the folder or
    name a hidden file: `..`, `.`, a name starting with a dot, an empty name inside the
    path, a slash, backslash or NUL hidden in an escape."""
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


def locate(out: Path, names: list[str]) -> tuple[bytes, str] | str | None:
    """A file of the folder `out` named by `names` (a folder's own `index.html` for a
    last name ""): its bytes and name, "folder" for a folder asked without its slash, or
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
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        return f.read(), names[-1]


_HEAD_END = re.compile(rb"</head\s*>", re.I)
_SVG_END = re.compile(rb"</svg\s*>\s*\Z", re.I)


def with_script(body: bytes, kind: str, token: str, nonce: str, builds: Builds) -> bytes:
    """The page with the preview's script tag added: before `</head>` in HTML (at the
    start when it has none), before the closing `</svg>` of an SVG."""
    where = f"/{token}/{OWN}/live.js"
    number = builds.latest().number
    if kind.startswith("image/svg"):
        tag = (
            f'<script xmlns="http://www.w3.org/2000/svg" href="{where}" nonce="{nonce}" '
            f'data-build="{number}"/>'
        ).encode()
        end = _SVG_END.search(body)
        return body[: end.start()] + tag + body[end.start() :] if end else body
    tag = f'<script src="{where}" nonce="{nonce}" data-build="{number}"></script>'.encode()
    head = _HEAD_END.search(body)
    return body[: head.start()] + tag + body[head.start() :] if head else tag + body


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


PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardstock preview</title></head>
<body><main><h1>cardstock preview</h1>
<p>The downloads page is not in the output folder yet: it appears here as soon as a
build writes it.</p></main></body></html>
"""

# The script added to each page (see the module's docstring). `window.cardstockPreview`
# says what it did, for a reader of the page's state (the tests).
LIVE_SCRIPT = r"""(() => {
  "use strict";
  const me = document.currentScript;
  const script = new URL(me.getAttribute("src") || me.getAttribute("href"), location.href);
  const root = new URL("../", script);
  let seen = Number(me.dataset.build);
  const state = (window.cardstockPreview = {build: seen, refreshed: [], failed: false});
  const html = document.documentElement instanceof HTMLElement;
  let overlay = null;

  const address = (name) => new URL(name.split("/").map(encodeURIComponent).join("/"), root);

  // A long report (a failed rules check lists every check) leads with what failed: its
  // FAIL lines, its located messages (path:line: …) and its verdicts; the whole below.
  const failing = /^\s*(FAIL\b|[^\s:]+:\d+: )|\bfailed\b/;

  function block(text, colour) {
    const pre = document.createElement("pre");
    pre.style.cssText = "margin:.5rem 0 0;white-space:pre-wrap;font:14px/1.4 ui-monospace,"
      + "monospace;color:" + colour;
    pre.textContent = text;
    return pre;
  }

  function show(message) {
    state.failed = true;
    if (!html) { console.error(message); return; }
    if (!overlay) {
      overlay = document.createElement("section");
      overlay.id = "cardstock-preview-error";
      overlay.setAttribute("role", "alert");
      overlay.style.cssText = "position:fixed;left:1rem;right:1rem;bottom:1rem;z-index:2147483647;"
        + "max-height:60vh;overflow:auto;background:#fff;color:#1f2328;border:2px solid #cf222e;"
        + "border-radius:6px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:.75rem 1rem;"
        + "font:15px/1.45 system-ui,sans-serif";
      document.body.append(overlay);
    }
    const title = document.createElement("strong");
    title.textContent = "The last build failed:";
    const lines = message.split("\n");
    const key = lines.filter((line) => failing.test(line)).map((line) => line.trim());
    if (lines.length > 12 && key.length) {
      const all = document.createElement("details");
      const label = document.createElement("summary");
      label.textContent = "All the build printed";
      all.append(label, block(message, "#1f2328"));
      overlay.replaceChildren(title, block(key.join("\n"), "#cf222e"), all);
    } else {
      overlay.replaceChildren(title, block(message, "#cf222e"));
    }
  }

  function hide() {
    state.failed = false;
    if (overlay) { overlay.remove(); overlay = null; }
  }

  // A page reloaded by the preview opens where it was (the browser's own restoring of the
  // scroll position does not always outlast the images' loading).
  const place = "cardstock-preview-place";
  function reload() {
    state.reloading = true;
    try {
      sessionStorage.setItem(place, JSON.stringify([location.href, scrollX, scrollY]));
    } catch (e) { /* storage refused: the page opens at the top */ }
    location.reload();
  }
  try {
    const [where, x, y] = JSON.parse(sessionStorage.getItem(place) || "[]");
    sessionStorage.removeItem(place);
    if (where === location.href) addEventListener("load", () => scrollTo(x, y));
  } catch (e) { /* nothing kept */ }

  function refresh(build) {
    const changed = new Set(build.changed.map((name) => address(name).pathname));
    let here = location.pathname;
    if (here.endsWith("/")) here += "index.html";
    if (changed.has(here)) { reload(); return; }
    const links = [["img", "src"], ["image", "href"], ["object", "data"], ["embed", "src"],
                   ["iframe", "src"], ["link", "href"], ["source", "src"]];
    for (const [tag, attr] of links) {
      for (const element of Array.from(document.getElementsByTagName(tag))) {
        const value = element.getAttribute(attr);
        if (!value) continue;
        const url = new URL(value, location.href);
        if (url.origin !== location.origin || !changed.has(url.pathname)) continue;
        url.searchParams.set("build", String(build.build));
        element.setAttribute(attr, url.href);
        state.refreshed.push(url.pathname);
      }
    }
  }

  const events = new EventSource(new URL("events?since=" + seen, script));
  events.onmessage = (event) => {
    const build = JSON.parse(event.data);
    if (build.build > seen + 1) { reload(); return; }
    if (build.build === seen + 1) {
      seen = state.build = build.build;
      state.at = Date.now();  // when the page heard of it, for a measure of the delay
      refresh(build);
    }
    if (build.ok) hide(); else show(build.message);
  };
})();
"""
