"""A running `cardstock preview` and a headless Chromium driven over the DevTools protocol
(through a pipe: `--remote-debugging-pipe`), for the tests of the preview, of its limits and
of the pages under axe-core. No time is asserted: each wait is a hang guard."""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from conftest import CHROMIUM, FLAGS

GAME = "atmosfear"  # the game a preview serves
HANG_GUARD = 120.0  # seconds a wait may take before the test calls it a hang
TABLE = f"catalog/{GAME}/realms.csv"  # the table a test edits


def _as_at_a_terminal() -> None:
    """Ctrl-C as at a terminal (a test run started in the background inherits SIGINT
    ignored; see tests/cli/test_build_watch.py)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Preview:
    """`cardstock preview` on a copy of one game, its output in files of the test's."""

    def __init__(self, root: Path, first: str = "built ", parts: str | None = "svg") -> None:
        """Started, building `parts` (None: the preview's own choice), and its first
        build ended (its stdout or stderr says `first`)."""
        self.root = root
        self.out_file = root.parent / "preview.out"
        self.err_file = root.parent / "preview.err"
        with self.out_file.open("w") as out, self.err_file.open("w") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardstock", "--root", str(root), "preview"]
                + (["--only", parts] if parts else [])
                + ["--jobs", "1"],
                stdout=out,
                stderr=err,
                preexec_fn=_as_at_a_terminal,
            )
        self.url = ""
        found = wait_for(lambda: re.search(r"^preview: (\S+)$", self.out(), re.M))
        assert found, self.err()
        self.url = found.group(1)
        assert wait_for(lambda: first in self.out() + self.err()), self.err()
        address = urlsplit(self.url)
        self.port = int(address.port or 0)
        self.token = address.path.strip("/")
        self.cookie = ""
        status, headers, _ = self.get(address.path, keyed=False)
        assert (status, headers["Location"]) == (303, "/")
        self.cookie = headers["Set-Cookie"].split(";")[0]  # what a browser sends back

    def out(self) -> str:
        return self.out_file.read_text(encoding="utf-8", errors="replace")

    def err(self) -> str:
        return self.err_file.read_text(encoding="utf-8", errors="replace")

    def get(
        self,
        path: str,
        host: str = "127.0.0.1",
        headers: dict[str, str] | None = None,
        keyed: bool = True,
    ) -> tuple[int, dict[str, str], bytes]:
        """The answer to GET `path`, sent as written (nothing normalised), with the
        preview's cookie when `keyed`."""
        connection = http.client.HTTPConnection(host, self.port, timeout=30)
        try:
            connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
            connection.putheader("Host", f"127.0.0.1:{self.port}")
            if keyed and self.cookie:
                connection.putheader("Cookie", self.cookie)
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            connection.endheaders()
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()

    def edit(self, old: str, new: str, every: bool = False) -> None:
        """Replace the first `old` in the table, or `every` one (a designer rewording a
        text each Realm prints alike, as the game's rules want)."""
        table = self.root / TABLE
        text = table.read_text(encoding="utf-8")
        assert old in text
        count = -1 if every else 1
        table.write_text(text.replace(old, new, count), encoding="utf-8")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def wait_for(condition: Callable[[], Any], seconds: float = HANG_GUARD) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        found = condition()
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


class Browser:
    """Headless Chromium, driven over the DevTools protocol: JSON messages ending in NUL,
    written to its fd 3 and read from its fd 4."""

    def __init__(self, profile: Path) -> None:
        to_browser, self._writer = _pipe_above(10)
        self._reader, from_browser = _pipe_above(10)

        def descriptors() -> None:
            _as_at_a_terminal()
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        assert CHROMIUM is not None
        self.proc = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe"]
            + ["--window-size=1200,900", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=descriptors,
        )
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._id = 0
        self.session = ""

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """The result of one command (to the open page, once there is one)."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._writer, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + HANG_GUARD
        while time.monotonic() < deadline:
            while b"\0" not in self._buffer:
                ready, _, _ = select.select([self._reader], [], [], 1.0)
                if ready:
                    chunk = os.read(self._reader, 1 << 20)
                    assert chunk, "the browser closed its end"
                    self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(answer["error"])
                result: dict[str, Any] = answer["result"]
                return result
        raise AssertionError(f"no answer to {method}")

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (a promise awaited); None while
        the page is between two documents."""
        try:
            found = self.send(
                "Runtime.evaluate",
                {"expression": expression, "returnByValue": True, "awaitPromise": True},
            )
        except RuntimeError:  # the page navigated away while it ran
            return None
        return found.get("result", {}).get("value")

    def close(self) -> None:
        os.close(self._writer)
        os.close(self._reader)
        self.proc.kill()
        self.proc.wait()


def _pipe_above(lowest: int) -> tuple[int, int]:
    """A pipe whose two ends are numbered `lowest` or more (never the 3 or 4 the browser's
    ends are copied to), closed on exec."""
    ends = os.pipe()
    moved = tuple(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, lowest) for fd in ends)
    for fd in ends:
        os.close(fd)
    return moved[0], moved[1]
