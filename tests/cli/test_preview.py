"""`cardstock preview`: the output folder served on 127.0.0.1 behind a secret token, and
the open page following the edits — checked over HTTP and in a real headless Chromium
driven over the DevTools protocol (through a pipe: `--remote-debugging-pipe`).

One preview runs for the whole file (a project with one game, its faces and downloads
page), and one browser; the tests run in order: the page, the refusals, an edit the page
shows without being reloaded, a renamed card (the page reloads itself), a bad value shown
over the page, and last Ctrl-C. No time is asserted: each wait is a hang guard."""

from __future__ import annotations

import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CHROMIUM, ROOT
from helpers_preview import GAME, HANG_GUARD, TABLE, Browser, Preview, wait_for

FACE = f"{GAME}/svg/red-fear.svg"
LONG_FEAR = (
    "Yet if this Realm's crowned Harbinger falls in the same trick, the Fear beats it, led or "
    "trumped."
)


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


def test_the_page_is_served_behind_its_cookie_with_its_headers(preview: Preview) -> None:
    status, headers, body = preview.get("/")
    assert status == 200
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Cache-Control"] == "no-store"
    assert headers["Content-Security-Policy"].startswith("default-src 'self';")
    assert b"<title>Print-and-play downloads</title>" in body
    assert b'<script src="/.preview/live.js"' in body
    # the script is added as the page is served, never written into the output folder
    on_disk = (preview.root / "output" / "index.html").read_bytes()
    assert b"live.js" not in on_disk
    assert re.sub(rb"<script [^>]*></script>", b"", body, count=1) == on_disk
    face = f"/{FACE}"
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
    status, _, body = preview.get(path.format(token=preview.token, wrong=wrong), keyed=False)
    assert (status, body) == (403, b"")


def test_the_token_is_traded_for_a_cookie_no_address_holds(preview: Preview) -> None:
    """The printed address answers with the key as a cookie scripts cannot read and other
    sites' requests do not carry, and sends the browser on to the same address without
    the token; only the cookie opens the folder, and a wrong one does not."""
    status, headers, body = preview.get(f"/{preview.token}/{FACE}?x=1", keyed=False)
    assert (status, headers["Location"], body) == (303, f"/{FACE}?x=1", b"")
    flags = [f.strip() for f in headers["Set-Cookie"].split(";")]
    assert flags[0] == f"cardstock-preview-{preview.port}={preview.token}"
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} <= set(flags[1:])
    assert preview.get(f"/{FACE}")[0] == 200
    wrong = preview.cookie[:-1] + ("A" if preview.cookie[-1] != "A" else "B")
    for cookie in (wrong, f"cardstock-preview-1={preview.token}", preview.token):
        status, _, body = preview.get(f"/{FACE}", headers={"Cookie": cookie}, keyed=False)
        assert (status, body) == (403, b""), cookie


def test_another_host_name_or_address_or_port_gets_nothing(preview: Preview) -> None:
    assert preview.get("/")[0] == 200  # the right host, for contrast
    connection = http.client.HTTPConnection("127.0.0.1", preview.port, timeout=30)
    connection.request("GET", "/", headers={"Host": "attacker.example", "Cookie": preview.cookie})
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
    try:
        for path in [
            "/../preview.err",
            f"/{GAME}/../../catalog/{GAME}/game.toml",
            f"/%2e%2e/catalog/{GAME}/game.toml",
            f"/%2E%2E%2Fcatalog%2F{GAME}%2Fgame.toml",
            f"/{GAME}%2f..%2f..%2fcatalog/{GAME}/game.toml",
            f"/..%5c..%5ccatalog/{GAME}/game.toml",
            f"/{GAME}/leak.txt",
            f"/{GAME}/away/",
            f"/{GAME}/away/index.html",
            f"/{GAME}/inside.svg",
            "/.hidden.txt",
            "/%2ehidden.txt",
            "/.preview/../index.html",
            f"/{GAME}/svg/",  # a folder without a page: no listing
            f"/{GAME}//svg/red-fear.svg",
            f"/{GAME}/svg/red-fear.svg%00.txt",
            "/%ff%fe",
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


def _first_request(listeners: list[socket.socket]) -> bytes:
    """The head of the first request any listener receives, answered `204`. A browser
    may open a connection it never sends on: to `localhost` it races its two addresses
    and drops the connection that lost, and it may open one ahead of need. Such a
    connection, closed or silent, is let go; the wait ends at the first whole head."""
    heads: dict[socket.socket, bytes] = {}
    deadline = time.monotonic() + HANG_GUARD
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([*listeners, *heads], [], [], 1.0)
            for each in ready:
                if each in listeners:
                    connection, _ = each.accept()
                    heads[connection] = b""
                    continue
                chunk = each.recv(4096)
                if not chunk:  # a spare connection, closed unused
                    del heads[each]
                    each.close()
                    continue
                heads[each] += chunk
                if b"\r\n\r\n" in heads[each]:
                    each.sendall(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
                    return heads[each]
        raise AssertionError("the click reached no listener with a request")
    finally:
        for connection in heads:
            connection.close()


@needs_chromium
def test_a_page_asking_for_full_referrers_gives_away_no_token(
    preview: Preview, browser: Browser
) -> None:
    """A page in the output folder overrides the server's `no-referrer` with its own
    `<meta name="referrer" content="unsafe-url">` and links to a site elsewhere (here
    `localhost`, another site than 127.0.0.1 to a browser): the `Referer` the browser
    sends there is the page's full address, without the token, and no cookie goes with
    it."""
    # `localhost` may be reached over IPv4 or IPv6: the other site listens on both loopbacks
    with socket.socket() as listener, socket.socket(socket.AF_INET6) as listener6:
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        both = [listener]
        try:
            listener6.bind(("::1", port))
            both.append(listener6)
        except OSError:  # no IPv6 loopback here: IPv4 alone
            pass
        for each in both:
            each.listen(8)
        elsewhere = f"http://localhost:{port}/caught"
        page = preview.root / "output" / GAME / "leaky.html"
        page.write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="referrer" content="unsafe-url"><title>leaky</title></head>'
            f'<body><a id="away" href="{elsewhere}">away</a></body></html>',
            encoding="utf-8",
        )
        try:  # opened as the printed address is, in the page's own tab
            browser.send("Page.navigate", {"url": f"{preview.url}{GAME}/leaky.html"})
            opened = "document.readyState === 'complete' && document.title === 'leaky'"
            assert wait_for(lambda: browser.evaluate(opened))
            assert preview.token not in browser.evaluate("location.href")
            click = "document.getElementById('away').click()"  # as a reader's click
            browser.send("Runtime.evaluate", {"expression": click, "userGesture": True})
            head = _first_request(both)
        finally:
            page.unlink()
            browser.send("Page.navigate", {"url": preview.url})  # back, for the next tests
            assert wait_for(lambda: browser.evaluate("window.cardstockPreview?.build >= 1"))
    referer = re.search(rb"^Referer: (\S+)\r$", head, re.M | re.I)
    assert referer, head  # the page's policy held: it sent its full address …
    assert referer.group(1).decode().endswith(f"/{GAME}/leaky.html")
    assert preview.token.encode() not in head  # … and no token with it
    assert not re.search(rb"^Cookie:", head, re.M | re.I)


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
    faces = [f"/{e}/svg/{fear}.svg" for e in editions for fear in fears]
    assert sorted(browser.evaluate("cardstockPreview.refreshed")) == sorted(faces)
    source = browser.evaluate(f"document.querySelector({json.dumps(face)}).src")
    assert source.endswith(f"{FACE}?build={before + 1}")
    svg = browser.evaluate(f"fetch({json.dumps(source)}).then(r => r.text())")
    assert "feeblest" in svg


@needs_chromium
def test_a_renamed_card_redraws_the_page_in_place_and_its_failed_check_shows(
    preview: Preview, browser: Browser
) -> None:
    """The downloads page names each card, so a new name changes the page itself: it is
    fetched and drawn in place, not reloaded. The rulebook's hierarchy table still says
    Red Fear: the rules check fails, and says so over the page, until the old name is
    back."""
    browser.evaluate("window.notReloaded = true")
    preview.edit("red-fear,Red Fear,", "red-fear,Red Dread,")
    alt = f"document.querySelector(\"img[src*='{FACE}']\")?.alt"
    assert wait_for(lambda: browser.evaluate(alt) == "Red Dread"), browser.evaluate(alt)
    assert browser.evaluate("window.notReloaded") is True
    assert browser.evaluate("cardstockPreview.redrawn") >= 1
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
    # said in the build's English over a page of any language, and marked so
    marked = "document.getElementById('cardstock-preview-error')?.lang"
    assert browser.evaluate(marked) == "en"
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


@needs_chromium
def test_a_card_text_edit_that_changes_the_page_too_swaps_the_picture_in_place(
    browser: Browser, tmp_path: Path
) -> None:
    """With the sheets built (the preview's default parts), a card's new words change the
    sheets' sizes the downloads page lists, so the page itself changes too: it is drawn
    in place, and the card's picture swaps to the new face, without a reload."""
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "catalog" / GAME, root / "catalog" / GAME)
    shutil.copytree(ROOT / "layouts" / GAME, root / "layouts" / GAME)
    sheets = Preview(root, parts=None)
    try:
        browser.open(sheets.url)
        assert wait_for(lambda: browser.evaluate("window.cardstockPreview?.build >= 1"))
        browser.evaluate("window.notReloaded = true")
        page = (root / "output" / "index.html").read_bytes()
        # the Fears' rule said shorter: fewer words on six faces, smaller sheets
        sheets.edit(LONG_FEAR, "It beats a crowned Harbinger falling in the trick.", every=True)
        assert wait_for(lambda: browser.evaluate("cardstockPreview.build >= 2"))
        assert (root / "output" / "index.html").read_bytes() != page  # the page changed
        assert browser.evaluate("window.notReloaded") is True
        assert browser.evaluate("cardstockPreview.redrawn") == 1
        face = f"img[src*='{FACE}']"
        source = browser.evaluate(f"document.querySelector({json.dumps(face)}).src")
        assert source.endswith(f"{FACE}?build=2")
        drawn = f"document.querySelector({json.dumps(face)}).complete"
        assert wait_for(lambda: browser.evaluate(drawn))
        svg = browser.evaluate(f"fetch({json.dumps(source)}).then(r => r.text())")
        assert "falling" in svg and "trumped" not in svg  # the new words, not the old
        # the page as shown is the page as built: its list of files with their new sizes
        words = ".querySelector('main').textContent.replace(/\\s+/g, ' ')"
        shown = browser.evaluate(f"document{words}")
        built = "new DOMParser().parseFromString(t, 'text/html')"
        assert shown == browser.evaluate(
            f"fetch(location.href).then(r => r.text()).then(t => {built}{words})"
        )
        # the sheets' sizes are in the page, each said in its edition's words (KB, MB, Ko, Mo)
        assert len(re.findall(r"\d (?:KB|MB|Ko|Mo)\b", shown)) >= 4
    finally:
        sheets.close()


def test_ctrl_c_stops_the_watcher_and_the_server(preview: Preview) -> None:
    preview.proc.send_signal(signal.SIGINT)
    assert preview.proc.wait(timeout=HANG_GUARD) == 0, preview.err()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", preview.port), timeout=10).close()
