"""A table that lives online is pulled, never read live: `cardstock pull` downloads it over
HTTPS, checks it as a build would, prints a cell-level comparison with the pinned copy, and
only then replaces that copy; whatever a server does wrong is said where the table is named
and changes nothing; a build reads the pinned copy without the network and says how old it
is. The server here is a real HTTPS server on 127.0.0.1 serving real files, its certificate
from a throwaway authority the client is told to trust (`SSL_CERT_FILE`)."""

from __future__ import annotations

import http.server
import re
import shutil
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trustme
from playtest_project import GAME, project

from cardstock.cli import main
from cardstock.cli.pull import diff_lines

Served = tuple[str, dict[str, object], http.server.ThreadingHTTPServer]


class Sheet(http.server.BaseHTTPRequestHandler):
    """Answers each path as `routes` says: (status, headers, body), or a callable that
    answers itself (a slow server)."""

    routes: dict[str, Any] = {}

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        answer = self.routes.get(self.path)
        if callable(answer):
            answer(self)
            return
        status, headers, body = answer or (404, {}, b"no such sheet")
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        if "Content-Length" not in headers:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args: object) -> None:
        pass


def _serve(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """A real HTTPS server on 127.0.0.1 answering as its `routes` say, its certificate from
    a throwaway authority the client is told to trust (`SSL_CERT_FILE`)."""
    ca = trustme.CA()
    pem = folder / "ca.pem"
    ca.cert_pem.write_to_path(str(pem))
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    routes: dict[str, object] = {}
    handler = type("Handler", (Sheet,), {"routes": routes})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    base = f"https://127.0.0.1:{httpd.server_address[1]}"
    yield base, routes, httpd
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A server of the test's own (one that test may stop)."""
    yield from _serve(tmp_path, monkeypatch)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """The server the tests of a pulled project talk to, for the whole module: each such
    test sets its routes afresh (`pulled`)."""
    with pytest.MonkeyPatch.context() as patch:
        yield from _serve(tmp_path_factory.mktemp("server"), patch)


CSV = {"Content-Type": "text/csv; charset=utf-8"}


def online(root: Path, url: str) -> Path:
    """The starter whose cards table is `url`, as its game file's worked example says (the
    commented `table = "https://…"` line, in place of `table = "cards.csv"`); its cards.csv
    is what the sheet serves."""
    game = root / "catalog" / GAME / "game.toml"
    text = game.read_text()
    example = re.search(r'^#\s+(table = "https://[^"]*")$', text, re.M)
    assert example and 'table = "cards.csv"' in text, "the starter shows an online table"
    said = example.group(1)
    text = text.replace(example.group(0), "#").replace('table = "cards.csv"', said)
    game.write_text(text.replace(said, f'table = "{url}"'))
    return root / "catalog" / GAME / "cards.csv"


def pull(root, *args):
    return main(["--root", str(root), "pull", *args])


def pinned(root) -> Path:
    return root / "catalog" / GAME / "pinned" / "deck.csv"  # the starter's set is `deck`


def edited(csv_text: str, name: str, column: int, value: str) -> str:
    lines = csv_text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.startswith(name + ","):
            cells = line.rstrip("\n").split(",")
            cells[column] = value
            lines[i] = ",".join(cells) + "\n"
    return "".join(lines)


def first_pull(root: Path, served: Served) -> tuple[Path, str]:
    """The starter at `root` made to read its cards from `served`, which serves them, then
    pulled: the project and the sheet's text."""
    base, routes, _ = served
    root = project(root)
    sheet = online(root, f"{base}/sheet.csv")
    routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
    assert pull(root) == 0
    return root, sheet.read_text()


@pytest.fixture(scope="module")
def pulled_once(tmp_path_factory, module_server) -> tuple[Path, str]:
    """A first pull from the module's server, made once: each test of a pulled project
    starts from a copy of it (`pulled`)."""
    return first_pull(tmp_path_factory.mktemp("pulled") / "p", module_server)


@pytest.fixture
def pulled(tmp_path, module_server, pulled_once):
    """A copy of the pulled project, its server serving the pinned sheet again."""
    base, routes, _ = module_server
    template, text = pulled_once
    root = tmp_path / "p"
    shutil.copytree(template, root, symlinks=True)
    routes.clear()
    routes["/sheet.csv"] = (200, CSV, text.encode())
    return root, base, routes, text


def test_a_first_pull_pins_the_sheet_and_a_build_reads_it_without_the_network(
    tmp_path, server, capsys
):
    base, _, _ = server
    root, text = first_pull(tmp_path / "p", server)
    assert pinned(root).read_text() == text
    pins = (root / "catalog" / GAME / "pinned.toml").read_text()
    assert f'url = "{base}/sheet.csv"' in pins and "sha256 = " in pins
    _, _, httpd = server
    httpd.shutdown()  # no network from here on
    capsys.readouterr()
    assert main(["--root", str(root), "build", "--only", "svg", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"read from the copy of {base}/sheet.csv pulled today" in out
    assert (root / "output" / GAME / "svg" / "dawn.svg").is_file()


def test_a_changed_sheet_is_shown_cell_by_cell_and_then_pinned(pulled, capsys):
    root, base, routes, text = pulled
    changed = edited(text, "Dawn", 4, "4")
    changed = edited(changed, "Dusk", 5, "Play on any Moon card at night.")
    routes["/sheet.csv"] = (200, CSV, changed.encode())
    capsys.readouterr()
    assert pull(root) == 0
    out = capsys.readouterr().out.splitlines()
    assert "~ dawn: power: 2 → 4" in out
    assert "~ dusk: text: Play on any Moon card. → Play on any Moon card at night." in out
    assert pinned(root).read_text() == changed


def test_the_comparison_names_cards_added_and_removed_by_id():
    before = {"dawn": {"name": "Dawn", "power": 2}, "tide": {"name": "Tide", "power": 6}}
    after = {"dawn": {"name": "Dawn", "power": 2}, "dusk-two": {"name": "Dusk Two", "power": 4}}
    assert diff_lines(before, after) == ["+ dusk-two (Dusk Two)", "- tide (Tide)"]
    assert diff_lines(before, before) == ["no card changed"]
    assert diff_lines(None, {"dawn": {"name": "Dawn"}}) == ["+ dawn (Dawn)"]


def test_a_dry_run_shows_the_changes_and_keeps_the_pinned_copy(pulled, capsys):
    root, base, routes, text = pulled
    routes["/sheet.csv"] = (200, CSV, edited(text, "Noon", 4, "6").encode())
    capsys.readouterr()
    assert pull(root, "--dry-run") == 0
    out = capsys.readouterr().out
    assert "~ noon: power: 5 → 6" in out and "dry run: nothing was changed" in out
    assert pinned(root).read_text() == text


def test_a_sheet_that_breaks_a_rule_changes_nothing_and_says_which(pulled, capsys):
    root, base, routes, text = pulled
    routes["/sheet.csv"] = (200, CSV, edited(text, "Dawn", 4, "12").encode())
    capsys.readouterr()
    assert pull(root) in (1, 2)
    said = capsys.readouterr()
    assert "12" in said.out + said.err and "nothing was changed" in said.out
    assert pinned(root).read_text() == text


def refused(root, capsys, *expected: str) -> None:
    before = pinned(root).read_bytes()
    capsys.readouterr()
    assert pull(root, "--timeout", "2") == 2
    err = capsys.readouterr().err
    line = next(x for x in err.splitlines() if "sets[0].table" in x)
    assert line.startswith(f"catalog/{GAME}/game.toml:")
    for words in expected:
        assert words in line, line
    assert pinned(root).read_bytes() == before


def test_a_sign_in_page_is_not_taken_for_a_table(pulled, capsys):
    root, base, routes, _ = pulled
    page = b"<!DOCTYPE html><html><head><title>Sign in</title></head><body>Sign in</body></html>"
    routes["/sheet.csv"] = (200, {"Content-Type": "text/html; charset=utf-8"}, page)
    refused(root, capsys, "gave a web page, not a table")


def test_a_redirect_loop_and_a_redirect_to_plain_http_are_refused(pulled, capsys):
    root, base, routes, _ = pulled
    routes["/sheet.csv"] = (302, {"Location": "/again"}, b"")
    routes["/again"] = (302, {"Location": "/sheet.csv"}, b"")
    refused(root, capsys, "loop")
    routes["/sheet.csv"] = (302, {"Location": "http://127.0.0.1:1/sheet.csv"}, b"")
    refused(root, capsys, "only https:// addresses")


def test_a_server_that_does_not_answer_in_time_is_given_up(pulled, capsys):
    root, base, routes, _ = pulled

    def slow(handler) -> None:
        time.sleep(4)

    routes["/sheet.csv"] = slow
    refused(root, capsys, "no answer within 2 s")


def test_a_response_over_the_tables_bound_is_refused_before_it_is_read(pulled, capsys):
    root, base, routes, _ = pulled
    routes["/sheet.csv"] = (200, {**CSV, "Content-Length": str(200 * 1024 * 1024)}, b"name\n")
    refused(root, capsys, "more than a table may be")


def test_a_sheet_whose_headers_changed_is_reported_at_the_pinned_copys_line(pulled, capsys):
    root, base, routes, text = pulled
    routes["/sheet.csv"] = (200, CSV, text.replace("power", "strength", 1).encode())
    before = pinned(root).read_bytes()
    capsys.readouterr()
    assert pull(root) == 2
    said = capsys.readouterr()
    assert f"catalog/{GAME}/pinned/deck.csv:1" in said.out + said.err
    assert "strength" in said.out + said.err
    assert pinned(root).read_bytes() == before


def test_an_address_that_is_not_https_is_refused_where_it_is_written(tmp_path, capsys):
    root = project(tmp_path / "p")
    online(root, "http://example.org/sheet.csv")
    assert pull(root) == 2
    assert "only https:// addresses are read" in capsys.readouterr().err
    assert main(["--root", str(root), "build", "--only", "svg"]) == 2
    err = capsys.readouterr().err
    assert f"catalog/{GAME}/game.toml:" in err and "sets[0].table" in err


def test_a_build_reads_no_http_client(pulled):
    root, *_ = pulled
    code = (
        "import sys; from cardstock.cli import main; "
        f"rc = main(['--root', {str(root)!r}, 'build', '--only', 'svg', '--jobs', '1']); "
        "print(rc, 'httpx' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split()[-2:] == ["0", "False"], done.stderr[-2000:]


def test_a_pinned_folder_linked_elsewhere_is_never_written_through(tmp_path, server, capsys):
    base, routes, _ = server
    root = project(tmp_path / "p")
    sheet = online(root, f"{base}/sheet.csv")
    routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (root / "catalog" / GAME / "pinned").symlink_to(elsewhere, target_is_directory=True)
    capsys.readouterr()
    assert pull(root) == 2
    assert f"catalog/{GAME}/pinned: is a link" in capsys.readouterr().err
    assert list(elsewhere.iterdir()) == []
