"""A table that lives online is pulled, never read live: `cardstock pull` downloads it over
HTTPS, checks it as a build would, prints a cell-level comparison with the pinned copy, and
only then replaces that copy; whatever a server does wrong is said where the table is named
and changes nothing; a build reads the pinned copy without the network and says how old it
is. The server here is a real HTTPS server on 127.0.0.1 serving real files, its certificate
from a throwaway authority the client is told to trust (`SSL_CERT_FILE`)."""

from __future__ import annotations

import http.server
import io
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers_pull import CSV, Served, Sheet, _serve, online
from playtest_project import GAME, project

from cardstock.catalog.remote import url_problem
from cardstock.cli import main
from cardstock.cli.pull import diff_lines


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
    assert pull(root, "--yes") == 0
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
    assert pull(root, "--yes") == 0
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
    routes["/sheet.csv"] = (302, {"Location": "http://example.org/sheet.csv"}, b"")
    refused(root, capsys, "only https:// addresses")


def test_a_server_that_does_not_answer_in_time_is_given_up(pulled, capsys):
    root, base, routes, _ = pulled

    def slow(handler) -> None:
        time.sleep(4)

    routes["/sheet.csv"] = slow
    refused(root, capsys, "no complete answer within 2 s")


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


# ------------------------------------------------------- one deadline for the whole download


def dripping(head: bytes, body: bytes) -> object:
    """A server that sends `head` at once, then `body` one byte a second (for 8 s at the
    most, and no longer than the client listens)."""

    def answer(handler) -> None:
        try:
            handler.wfile.write(head)
            handler.wfile.flush()
            for byte in body[:8]:
                time.sleep(1)
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
        except OSError:  # the client gave up
            pass

    return answer


@pytest.mark.parametrize(
    "head, body",
    [
        (b"HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nContent-Length: 8\r\n\r\n", b"name\nab\n"),
        (b"HTTP/1.1 200 OK\r\n", b"X-Slow: a-very-long-header\r\n\r\n"),
        (b"HTTP/1.0 200 OK\r\nContent-Type: text/csv\r\n\r\n", b"name\nab\n"),
    ],
    ids=["body", "headers", "body-until-closed"],
)
def test_a_server_that_drips_its_answer_is_given_up_when_the_timeout_is_spent(
    pulled, capsys, head, body
):
    root, base, routes, _ = pulled
    routes["/sheet.csv"] = dripping(head, body)
    started = time.monotonic()
    refused(root, capsys, "no complete answer within 2 s")
    assert time.monotonic() - started < 6  # 2 s and the command around them; a drip lasts 8


# ------------------------------------------------------------ nothing pinned unless accepted


def test_a_pull_no_one_could_be_asked_about_pins_nothing_and_says_how_to_accept(pulled, capsys):
    root, base, routes, text = pulled
    routes["/sheet.csv"] = (200, CSV, edited(text, "Noon", 4, "6").encode())
    capsys.readouterr()
    assert pull(root) == 2
    said = capsys.readouterr()
    assert "~ noon: power: 5 → 6" in said.out
    assert "nothing was pinned" in said.err and "--accept " in said.err and "--yes" in said.err
    assert pinned(root).read_text() == text


class Terminal(io.StringIO):
    """A designer at a terminal, typing `answer`."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("answer, pins", [("n\n", False), ("", False), ("y\n", True)])
def test_at_a_terminal_pull_asks_before_it_pins(pulled, capsys, monkeypatch, answer, pins):
    root, base, routes, text = pulled
    changed = edited(text, "Noon", 4, "6")
    routes["/sheet.csv"] = (200, CSV, changed.encode())
    monkeypatch.setattr(sys, "stdin", Terminal(answer))
    capsys.readouterr()
    assert pull(root) == 0
    out = capsys.readouterr().out
    assert "~ noon: power: 5 → 6" in out and "pin the tables compared above? [y/N]" in out
    assert pinned(root).read_text() == (changed if pins else text)


def review_hash(out: str) -> str:
    found = re.search(r"review hash ([0-9a-f]+): `cardstock pull --accept \1`", out)
    assert found, out
    return found.group(1)


def test_the_hash_a_dry_run_prints_pins_exactly_what_it_showed(pulled, capsys):
    root, base, routes, text = pulled
    changed = edited(text, "Noon", 4, "6")
    routes["/sheet.csv"] = (200, CSV, changed.encode())
    capsys.readouterr()
    assert pull(root, "--dry-run") == 0
    digest = review_hash(capsys.readouterr().out)
    assert pinned(root).read_text() == text
    assert pull(root, "--accept", digest) == 0
    assert "pinned pinned/deck.csv" in capsys.readouterr().out
    assert pinned(root).read_text() == changed


def test_an_accepted_hash_pins_nothing_when_the_sheet_changed_since_the_dry_run(pulled, capsys):
    root, base, routes, text = pulled
    routes["/sheet.csv"] = (200, CSV, edited(text, "Noon", 4, "6").encode())
    capsys.readouterr()
    assert pull(root, "--dry-run") == 0
    digest = review_hash(capsys.readouterr().out)
    routes["/sheet.csv"] = (200, CSV, edited(text, "Noon", 4, "7").encode())
    assert pull(root, "--accept", digest) == 2
    err = capsys.readouterr().err
    assert err.startswith("command line: --accept: the tables changed since they were reviewed")
    assert "nothing was pinned" in err
    assert pinned(root).read_text() == text


# --------------------------------------------------- a pinned copy is the one that was pulled


def test_a_pinned_copy_edited_by_hand_is_a_warning_and_not_called_the_pulled_one(pulled, capsys):
    root, base, routes, text = pulled
    pinned(root).write_text(edited(text, "Dawn", 4, "3"))
    capsys.readouterr()
    assert main(["--root", str(root), "build", "--only", "svg", "--jobs", "1"]) == 0
    said = capsys.readouterr()
    warning = next(x for x in said.err.splitlines() if "differs from the copy" in x)
    assert warning.startswith(f"catalog/{GAME}/pinned/deck.csv: warning: differs from the copy")
    assert f"{base}/sheet.csv" in warning and f"cardstock pull {GAME}" in warning
    assert "read from the copy of" not in said.out
    assert f"deck read from catalog/{GAME}/pinned/deck.csv, changed since" in said.out


# ------------------------------------------------------------ no credential written to disk


def test_no_file_cardstock_writes_holds_the_password_of_a_tables_address(
    tmp_path, monkeypatch, capsys
):
    cache = tmp_path / "cache"
    monkeypatch.setenv("CARDSTOCK_CACHE", str(cache))
    root = project(tmp_path / "p")
    online(root, "https://designer:hunter2-secret@example.org/sheet.csv")
    for command in (["build", "--only", "svg", "--jobs", "1"], ["check"], ["pull", "--yes"]):
        assert main(["--root", str(root), *command]) == 2
        assert "holds a user name or password" in capsys.readouterr().err
    game = root / "catalog" / GAME / "game.toml"
    written = [p for p in [*cache.rglob("*"), *root.rglob("*")] if p.is_file() and p != game]
    assert any(p.parent == cache for p in written), "the cache was used"
    assert [p for p in written if b"hunter2-secret" in p.read_bytes()] == []


# ------------------------------------------------------ plain http:// from this machine only


@pytest.mark.parametrize(
    "url, read",
    [
        ("http://localhost:8000/sheet.csv", True),
        ("http://127.0.0.1:8000/sheet.csv", True),
        ("http://[::1]:8000/sheet.csv", True),
        ("http://example.org/sheet.csv", False),
        ("http://127.0.0.2/sheet.csv", False),
        ("http://localhost.example.org/sheet.csv", False),
        ("ftp://localhost/sheet.csv", False),
    ],
)
def test_plain_http_is_read_from_this_machine_only(url, read):
    assert (url_problem(url) is None) == read


def test_a_sheet_served_over_plain_http_on_this_machine_is_pulled(tmp_path, capsys):
    root = project(tmp_path / "p")
    routes: dict[str, object] = {}
    handler = type("Handler", (Sheet,), {"routes": routes})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        sheet = online(root, f"http://127.0.0.1:{httpd.server_address[1]}/sheet.csv")
        routes["/sheet.csv"] = (200, CSV, sheet.read_bytes())
        assert pull(root, "--yes") == 0
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert pinned(root).read_bytes() == sheet.read_bytes()
