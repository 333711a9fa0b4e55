"""`cardstock preview`: the output folder served on 127.0.0.1 behind a secret token, and
the open page following the edits — checked over HTTP and in a real headless Chromium
driven over the DevTools protocol (through a pipe: `--remote-debugging-pipe`).

One preview runs for the whole file (a project with one game, its faces and downloads
page), and one browser; the tests run in order: the page, the refusals, an edit the page
shows without being reloaded, a renamed card (the page reloads itself), a bad value shown
over the page, and last Ctrl-C. No time is asserted: each wait is a hang guard."""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import CHROMIUM, FLAGS, ROOT

GAME = "atmosfear"
HANG_GUARD = 120.0  # seconds a wait may take before the test calls it a hang
TABLE = f"catalog/{GAME}/realms.csv"
FACE = f"{GAME}/svg/red-fear.svg"


def _as_at_a_terminal() -> None:
    """Ctrl-C as at a terminal (a test run started in the background inherits SIGINT
    ignored; see tests/test_build_watch.py)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Preview:
    """`cardstock preview` on a copy of one game, its output in files of the test's."""

    def __init__(self, root: Path, first: str = "built ") -> None:
        """Started, and its first build ended (its stdout or stderr says `first`)."""
        self.root = root
        self.out_file = root.parent / "preview.out"
        self.err_file = root.parent / "preview.err"
        with self.out_file.open("w") as out, self.err_file.open("w") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardstock", "--root", str(root), "preview"]
                + ["--only", "svg", "--jobs", "1"],
                stdout=out,
                stderr=err,
                preexec_fn=_as_at_a_terminal,
            )
        self.url = ""
        found = wait_for(lambda: re.search(r"^preview: (\S+)$", self.out(), re.M))
        assert found, self.err()
        self.url = found.group(1)
        assert wait_for(lambda: first in self.out() + self.err()), self.err()
        parts = urlsplit(self.url)
        self.port = int(parts.port or 0)
        self.token = parts.path.strip("/")

    def out(self) -> str:
        return self.out_file.read_text(encoding="utf-8", errors="replace")

    def err(self) -> str:
        return self.err_file.read_text(encoding="utf-8", errors="replace")

    def get(
        self, path: str, host: str = "127.0.0.1", headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """The answer to GET `path`, sent as written (nothing normalised)."""
        connection = http.client.HTTPConnection(host, self.port, timeout=30)
        try:
            connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
            connection.putheader("Host", f"127.0.0.1:{self.port}")
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


@pytest.fixture(scope="module")
def preview(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Preview]:
    root = tmp_path_factory.mktemp("preview") / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    running = Preview(root)
    yield running
    running.close()


needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is installed by tests/run; never skipped in CI",
)


@pytest.fixture(scope="module")
def browser(preview: Preview, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    opened = Browser(tmp_path_factory.mktemp("profile"))
    opened.open(preview.url)
    yield opened
    opened.close()


def test_the_page_is_served_with_its_token_and_headers(preview: Preview) -> None:
    status, headers, body = preview.get(f"/{preview.token}/")
    assert status == 200
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Cache-Control"] == "no-store"
    assert headers["Content-Security-Policy"].startswith("default-src 'self';")
    assert b"<title>Print-and-play downloads</title>" in body
    assert f'<script src="/{preview.token}/.preview/live.js"'.encode() in body
    # the script is added as the page is served, never written into the output folder
    on_disk = (preview.root / "output" / "index.html").read_bytes()
    assert b"live.js" not in on_disk
    assert re.sub(rb"<script [^>]*></script>", b"", body, count=1) == on_disk
    face = f"/{preview.token}/{FACE}"
    status, headers, image = preview.get(face, headers={"Sec-Fetch-Dest": "image"})
    assert status == 200 and headers["Content-Type"] == "image/svg+xml"
    assert image == (preview.root / "output" / FACE).read_bytes()  # an image: as written
    _, _, page = preview.get(face, headers={"Sec-Fetch-Dest": "document"})  # opened alone
    assert re.sub(rb"<script [^>]*/>(?=</svg>)", b"", page) == image


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/index.html",
        "/not-the-token/",
        "/not-the-token/index.html",
        "/{wrong}/",
        "/{token}x/index.html",
        "http://127.0.0.1/{token}/",
    ],
)
def test_a_missing_or_wrong_token_gets_an_empty_403(preview: Preview, path: str) -> None:
    wrong = preview.token[:-1] + ("A" if preview.token[-1] != "A" else "B")
    status, _, body = preview.get(path.format(token=preview.token, wrong=wrong))
    assert (status, body) == (403, b"")


def test_another_host_name_or_address_or_port_gets_nothing(preview: Preview) -> None:
    assert preview.get(f"/{preview.token}/")[0] == 200  # the right host, for contrast
    connection = http.client.HTTPConnection("127.0.0.1", preview.port, timeout=30)
    connection.request("GET", f"/{preview.token}/", headers={"Host": "attacker.example"})
    answer = connection.getresponse()
    assert (answer.status, answer.read()) == (403, b"")
    connection.close()
    # bound to 127.0.0.1 alone: another loopback address, and another port, are closed
    with pytest.raises(OSError):  # refused (on Linux, where all of 127/8 is this computer)
        socket.create_connection(("127.0.0.2", preview.port), timeout=10).close()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        other = probe.getsockname()[1]
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", other), timeout=10).close()


def test_nothing_outside_the_output_folder_is_served(preview: Preview, tmp_path: Path) -> None:
    out = preview.root / "output"
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the browser", encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "index.html").write_text("<p>elsewhere</p>", encoding="utf-8")
    links = {
        out / GAME / "leak.txt": secret,
        out / GAME / "away": tmp_path / "elsewhere",
        out / GAME / "inside.svg": out / FACE,  # a link even back inside is not followed
    }
    for link, target in links.items():
        link.symlink_to(target)
    (out / ".hidden.txt").write_text("hidden", encoding="utf-8")
    t = preview.token
    try:
        for path in [
            f"/{t}/../preview.err",
            f"/{t}/{GAME}/../../catalog/{GAME}/game.toml",
            f"/{t}/%2e%2e/catalog/{GAME}/game.toml",
            f"/{t}/%2E%2E%2Fcatalog%2F{GAME}%2Fgame.toml",
            f"/{t}/{GAME}%2f..%2f..%2fcatalog/{GAME}/game.toml",
            f"/{t}/..%5c..%5ccatalog/{GAME}/game.toml",
            f"/{t}/{GAME}/leak.txt",
            f"/{t}/{GAME}/away/",
            f"/{t}/{GAME}/away/index.html",
            f"/{t}/{GAME}/inside.svg",
            f"/{t}/.hidden.txt",
            f"/{t}/%2ehidden.txt",
            f"/{t}/.preview/../index.html",
            f"/{t}/{GAME}/svg/",  # a folder without a page: no listing
            f"/{t}/{GAME}//svg/red-fear.svg",
            f"/{t}/{GAME}/svg/red-fear.svg%00.txt",
            f"/{t}/%ff%fe",
        ]:
            status, _, body = preview.get(path)
            assert (status, body) == (404, b""), path
    finally:
        for link in links:
            link.unlink()
        (out / ".hidden.txt").unlink()


@needs_chromium
def test_the_page_loads_in_chromium_and_follows_the_builds(
    preview: Preview, browser: Browser
) -> None:
    assert wait_for(lambda: browser.evaluate("window.cardstockPreview?.build >= 1"))
    assert browser.evaluate("document.title") == "Print-and-play downloads"
    assert browser.evaluate("document.getElementById('cardstock-preview-error')") is None


@needs_chromium
def test_an_edit_to_a_cell_appears_without_a_reload(preview: Preview, browser: Browser) -> None:
    browser.evaluate("window.notReloaded = true")
    face = f"img[src*='{FACE}']"
    before = browser.evaluate("cardstockPreview.build")
    # the Fear's text, on its face and not on the page; every Realm's Fear prints the same
    # text (the game's rules hold it), so the designer rewords all six
    preview.edit("the weakest card", "the feeblest card", every=True)
    assert wait_for(lambda: browser.evaluate(f"cardstockPreview.build > {before}"))
    assert browser.evaluate("window.notReloaded") is True
    # the Fears' faces in the game's own language and in each language the game ships
    game = tomllib.loads((preview.root / "catalog" / GAME / "game.toml").read_text("utf-8"))
    editions = [GAME] + [f"{GAME}-{lang}" for lang in game.get("languages", [])]
    table = (preview.root / TABLE).read_text(encoding="utf-8")
    fears = re.findall(r"^([a-z]+-fear),", table, re.M)
    assert len(fears) == 6 and FACE == f"{GAME}/svg/{fears[0]}.svg"
    faces = [f"/{preview.token}/{e}/svg/{fear}.svg" for e in editions for fear in fears]
    assert sorted(browser.evaluate("cardstockPreview.refreshed")) == sorted(faces)
    source = browser.evaluate(f"document.querySelector({json.dumps(face)}).src")
    assert source.endswith(f"{FACE}?build={before + 1}")
    svg = browser.evaluate(f"fetch({json.dumps(source)}).then(r => r.text())")
    assert "feeblest" in svg


@needs_chromium
def test_a_renamed_card_reloads_the_page_and_its_failed_check_shows(
    preview: Preview, browser: Browser
) -> None:
    """The downloads page names each card, so a new name changes the page itself: it
    reloads. The rulebook's hierarchy table still says Red Fear: the rules check fails,
    and says so over the page, until the old name is back."""
    browser.evaluate("window.notReloaded = true")
    preview.edit("red-fear,Red Fear,", "red-fear,Red Dread,")
    alt = f"document.querySelector(\"img[src*='{FACE}']\")?.alt"
    assert wait_for(lambda: browser.evaluate(alt) == "Red Dread"), browser.evaluate(alt)
    assert browser.evaluate("window.notReloaded") is None
    shown = "document.getElementById('cardstock-preview-error')?.textContent"
    assert wait_for(
        lambda: "table hierarchy has no row for Red Dread" in (browser.evaluate(shown) or "")
    )
    preview.edit("red-fear,Red Dread,", "red-fear,Red Fear,")
    assert wait_for(lambda: browser.evaluate(alt) == "Red Fear"), browser.evaluate(alt)
    assert wait_for(lambda: browser.evaluate(shown) is None)


@needs_chromium
def test_bad_input_shows_its_located_message_over_the_page(
    preview: Preview, browser: Browser
) -> None:
    message = f"{TABLE}:2: count: expected a whole number, got 'many'"
    preview.edit("red-fear,Red Fear,1,", "red-fear,Red Fear,many,")
    shown = "document.getElementById('cardstock-preview-error')?.textContent"
    assert wait_for(lambda: message in (browser.evaluate(shown) or "")), browser.evaluate(shown)
    assert message in preview.err()  # the same text the terminal shows
    assert browser.evaluate("document.title") == "Print-and-play downloads"  # the last good
    preview.edit("red-fear,Red Fear,many,", "red-fear,Red Fear,1,")
    assert wait_for(lambda: browser.evaluate(shown) is None), preview.err()


@needs_chromium
def test_a_face_opened_alone_follows_the_builds_too(preview: Preview, browser: Browser) -> None:
    browser.send("Page.navigate", {"url": f"{preview.url}{GAME}/svg/red-duel.svg"})
    opened = "location.pathname.endsWith('/red-duel.svg') && cardstockPreview.build >= 1"
    assert wait_for(lambda: browser.evaluate(opened))
    preview.edit("the holder of the best card", "the holder of the highest card", every=True)
    drawn = "document.documentElement.outerHTML.includes('highest')"
    assert wait_for(lambda: browser.evaluate(drawn))


@needs_chromium
def test_a_project_bad_from_the_start_shows_its_message_then_its_page(
    browser: Browser, tmp_path: Path
) -> None:
    """No output yet and the first build fails: a page standing in for the downloads page
    shows the message; once the input is fixed, the downloads page replaces it."""
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    table = root / TABLE
    table.write_text(
        table.read_text(encoding="utf-8").replace("red-fear,Red Fear,1,", "red-fear,Red Fear,x,"),
        encoding="utf-8",
    )
    bad = Preview(root, first="build failed")
    try:
        browser.open(bad.url)
        shown = "document.getElementById('cardstock-preview-error')?.textContent"
        message = f"{TABLE}:2: count: expected a whole number, got 'x'"
        assert wait_for(lambda: message in (browser.evaluate(shown) or ""))
        assert browser.evaluate("document.title") == "cardstock preview"
        bad.edit("red-fear,Red Fear,x,", "red-fear,Red Fear,1,")
        title = "document.title"
        assert wait_for(lambda: browser.evaluate(title) == "Print-and-play downloads")
        assert wait_for(lambda: browser.evaluate(shown) is None)
    finally:
        bad.close()


def test_ctrl_c_stops_the_watcher_and_the_server(preview: Preview) -> None:
    preview.proc.send_signal(signal.SIGINT)
    assert preview.proc.wait(timeout=HANG_GUARD) == 0, preview.err()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", preview.port), timeout=10).close()
