"""Hardening: how the command starts, what files it leaves, and how it behaves when it is
killed, run twice at once, piped or given hostile files."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import tomllib
import zlib
from pathlib import Path

import pytest
from conftest import ROOT, processes

# ---------------------------------------------------------------- starting the program


def test_python_dash_m_cardstock_runs_the_cli(mini):
    result = subprocess.run(
        [sys.executable, "-m", "cardstock", "--root", str(mini.root), "list"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("mini  Mini  (1-3 players)")


def test_the_console_script_is_the_cli_itself_and_there_is_no_server():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"cardstock": "cardstock.cli:run"}  # `main`, then exit
    assert not (ROOT / "cardstock" / "warm.py").exists()
    from cardstock.cli import parser

    usage = parser().format_help()
    commands = usage.split("{", 1)[1].split("}", 1)[0].split(",")
    assert "build" in commands and "check" in commands and "serve" not in commands


# ---------------------------------------------------------------- files as a person expects them


def _build(root, *args: str, umask: int = 0o022, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardstock", "--root", str(root), *args],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: os.umask(umask),
        **kw,
    )


def test_output_files_follow_the_umask(mini):
    for umask, mode in ((0o022, 0o644), (0o027, 0o640)):
        out = mini.root / f"out-{umask:o}"
        result = _build(
            mini.root,
            "--paper",
            "letter",
            "--only",
            "svg,pnp,page",
            "--jobs",
            "1",
            "--out",
            str(out),
            umask=umask,
        )
        assert result.returncode == 0, result.stderr
        files = [p for p in out.rglob("*") if p.is_file()]
        assert len(files) > 10
        assert {p.stat().st_mode & 0o777 for p in files} == {mode}


def test_a_toml_file_may_start_with_a_byte_order_mark(mini, cli):
    path = mini.path("game.toml")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = cli("--root", str(mini.root), "list")
    assert result.code == 0, result.err
    assert result.out.startswith("mini  Mini")


def test_piping_into_a_reader_that_stops_early_is_quiet(mini):
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardstock", "--root", str(mini.root), "catalog", "mini"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # the reader goes away before anything is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141
    assert err == ""


def test_the_page_lists_every_game_in_the_manifest_and_the_manifest_lists_the_page(mini, cli):
    duo = mini.root / "catalog" / "duo"
    shutil.copytree(mini.folder, duo)
    toml = duo / "game.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8")
        .replace('id = "mini"', 'id = "duo"')
        .replace('title = "Mini"', 'title = "Duo"'),
        encoding="utf-8",
    )
    assert cli("--root", str(mini.root), "--paper", "letter", "--jobs", "1").code == 0
    result = cli(
        "--root", str(mini.root), "mini", "--paper", "letter", "--only", "svg,page", "--jobs", "1"
    )
    assert result.code == 0, result.err
    out = mini.root / "output"
    html = (out / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<h2>([^<]*)</h2>", html)[:2] == ["Duo", "Mini"]
    assert 'href="duo/duo-pnp-letter.pdf"' in html and 'href="mini/mini-pnp-letter.pdf"' in html
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    games = {e["game"] for e in entries if e["game"]}
    assert games == {"duo", "mini"}
    page = [e for e in entries if e["path"] == "index.html"]
    assert page and page[0]["kind"] == "page"
    assert page[0]["sha256"] == hashlib.sha256((out / "index.html").read_bytes()).hexdigest()
    again = cli("--root", str(mini.root), "--paper", "letter", "--jobs", "1")
    assert again.code == 0 and (out / "index.html").read_text(encoding="utf-8") == html


# ------------------------------------------------------------- art and sizes that cannot be drawn


def _art(mini, name: str, data: bytes) -> None:
    (mini.folder / "art" / name).write_bytes(data)
    mini.replace("cards.csv", "art/blaze.svg", f"art/{name}")


@pytest.mark.parametrize(
    "svg, message",
    [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 nan inf"><circle cx="5" cy="5" '
            'r="4"/></svg>',
            "viewBox '0 0 nan inf': the size must be finite numbers (not nan or inf)",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="1'
            + "0" * 400
            + '" height="10"><circle cx="5" cy="5" r="4"/></svg>',
            "the size must be finite numbers",
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><g '
            'transform="scale(1e300)"><circle cx="5" cy="5" r="1e300"/></g></svg>',
            "a shape has coordinates that are not finite numbers",
        ),
    ],
)
def test_svg_art_with_a_size_or_shape_that_is_not_finite_is_refused_at_its_row(
    mini, cli, svg, message
):
    _art(mini, "odd.svg", svg.encode())
    result = cli("--root", str(mini.root), "--force", "--jobs", "1")
    assert result.code == 2
    assert (
        result.err.startswith("catalog/mini/cards.csv:3: art: catalog/mini/art/odd.svg: ")
        and message in result.err
    )
    assert not (mini.root / "output").exists()


def _png(width: int, height: int) -> bytes:
    """A real 1-bit greyscale PNG of the given size (all black), small however large."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    row = b"\0" * (1 + (width + 7) // 8)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def test_an_image_over_50_megapixels_is_refused_from_its_header(mini):
    _art(mini, "huge.png", _png(12000, 12000))  # 144 megapixels in about 20 KB
    result = _build(mini.root, "list")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "catalog/mini/cards.csv:3: art: catalog/mini/art/huge.png: the image is 12000 × 12000 "
        "pixels (144 megapixels); "
        "art may have at most 50 megapixels"
    )
    assert "DecompressionBomb" not in result.stderr and "Warning" not in result.stderr


def test_an_image_under_the_limit_is_drawn(mini, cli):
    _art(mini, "small.png", _png(300, 420))
    faces = mini.root / "layouts" / "mini" / "faces.toml"
    faces.parent.mkdir(parents=True)
    faces.write_text('[layouts.card.boxes.art]\nart = "{{ art }}"\n', encoding="utf-8")
    result = cli("--root", str(mini.root), "--paper", "letter", "--only", "svg", "--jobs", "1")
    assert result.code == 0, result.err
    assert "<image" in (mini.root / "output" / "mini" / "svg" / "blaze.svg").read_text(
        encoding="utf-8"
    )


def test_counts_and_sizes_are_bounded_at_validation(mini, cli):
    mini.replace("cards.csv", "spring,Spring,2,", "spring,Spring,1000000000000,")
    result = cli("--root", str(mini.root), "list")
    assert result.code == 2
    assert (
        "catalog/mini/cards.csv:5: count: expected a count of at most 10000 (cardstock's limit for "
        "one component), got '1000000000000'" in result.err
    )
    mini.replace("cards.csv", "spring,Spring,1000000000000,", "spring,Spring,2,")
    mini.replace("game.toml", 'group = "Tokens"', 'group = "Tokens"\nsize = "2000mm x 10mm"')
    result = cli("--root", str(mini.root), "list")
    assert result.code == 2
    assert (
        "catalog/mini/game.toml:49: sets[1].size: a component may be at most 1000 mm on a side, "
        "got '2000mm x 10mm'" in result.err
    )


# ---------------------------------------------------------------- kills and two builds at once


def _two_games(tmp_path: Path) -> Path:
    """Two shipped games with their layouts: a build of a few seconds on two workers."""
    for game in ("vortex", "alter-ego"):
        shutil.copytree(ROOT / "catalog" / game, tmp_path / "catalog" / game)
        shutil.copytree(ROOT / "layouts" / game, tmp_path / "layouts" / game)
    return tmp_path


@pytest.fixture(scope="module")
def two_games_built(tmp_path_factory) -> Path:
    """The two games built once for the module (tests copy the folder, output included),
    by the CLI's entry in this process."""
    from cardstock.cli import main

    root = _two_games(tmp_path_factory.mktemp("two-games-built"))
    assert main(["--root", str(root), "--jobs", "2"]) == 0
    return root


def _start(root: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "cardstock", "--root", str(root), "--jobs", "2", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _children(pid: int) -> set[int]:
    return {child for child, stat in processes() if int(stat[1]) == pid}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has stopped; only its exit status is left


def _wait_for(condition, seconds: float = 300.0) -> bool:
    """Whether `condition` came true within `seconds`: it returns as soon as it does, so the
    bound only decides how slow a machine (a loaded CI host) may be before a test fails."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


linux_only = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads processes from /proc"
)


@linux_only
def test_killing_a_build_kills_its_workers(tmp_path):
    proc = _start(_two_games(tmp_path))
    workers: set[int] = set()

    def pool_started() -> bool:
        workers.update(_children(proc.pid))
        return len(workers) >= 2 or proc.poll() is not None

    assert _wait_for(pool_started) and proc.poll() is None and len(workers) >= 2
    time.sleep(0.3)  # let them get to work
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert _wait_for(lambda: not any(_alive(w) for w in workers), 10), [
        w for w in workers if _alive(w)
    ]


@linux_only
@pytest.mark.parametrize("delay", [0.0, 0.6])
def test_a_build_killed_while_rewriting_leaves_a_manifest_that_matches_every_file(
    two_games_built, tmp_path, delay
):
    root = tmp_path / "project"
    shutil.copytree(
        two_games_built, root
    )  # the games and their output, as the last build left them
    out = root / "output"
    before = {
        p: p.stat().st_mtime_ns
        for p in out.rglob("*")
        if p.is_file() and p.suffix in (".pdf", ".svg")
    }
    for game in ("vortex", "alter-ego"):
        toml = root / "catalog" / game / "game.toml"
        text = toml.read_text(encoding="utf-8")
        toml.write_text(text.replace('version = "0.1.0"', 'version = "0.2.0"', 1), encoding="utf-8")
    proc = _start(root)

    def rewriting() -> bool:
        return (
            any(p.exists() and p.stat().st_mtime_ns != t for p, t in before.items())
            or proc.poll() is not None
        )

    assert _wait_for(rewriting) and proc.poll() is None, "the rebuild ended before it was killed"
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    time.sleep(0.3)
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    wrong = [
        e["path"]
        for e in entries
        if hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() != e["sha256"]
    ]
    assert entries and wrong == []
    from cardstock.cli import main

    assert main(["--root", str(root), "--jobs", "2"]) == 0  # the next build, in this process
    assert [
        p for p in out.rglob("*.tmp")
    ] == []  # what the killed build left half-written is swept away
    entries = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["artifacts"]
    assert all(
        hashlib.sha256((out / e["path"]).read_bytes()).hexdigest() == e["sha256"] for e in entries
    )


@linux_only
def test_two_builds_into_one_folder_take_turns(tmp_path):
    root = _two_games(tmp_path)
    first = _start(root)
    # the output folder is made when the first build takes hold of it, once its checks passed
    assert _wait_for(lambda: (root / "output").exists() or first.poll() is not None)
    assert first.poll() is None, "the first build ended before the second started"
    second = _start(root)
    out2, err2 = second.communicate(timeout=300)
    out1, err1 = first.communicate(timeout=300)
    assert first.returncode == 0 and second.returncode == 0, err1 + err2
    assert re.search(r"^built 13 of 13 parts", out1, re.M)
    assert re.search(
        r"^built 0 of 13 parts .* \(13 unchanged\)", out2, re.M
    )  # it ran after the first had finished
    assert (
        f"{root / 'output'}: another cardstock build is writing into this folder; waiting for it "
        "to finish" in err2
    )
    entries = json.loads((root / "output" / "manifest.json").read_text(encoding="utf-8"))[
        "artifacts"
    ]
    assert all(
        hashlib.sha256((root / "output" / e["path"]).read_bytes()).hexdigest() == e["sha256"]
        for e in entries
    )


# -------------------------------------------------- text: NFC, coverage, scripts that print


def test_catalog_text_is_normalised_to_nfc(mini, cli):
    decomposed = "Cafe\u0301"  # e + combining acute, as some editors save it
    mini.replace("cards.csv", "ember,Ember,", f"ember,{decomposed},")
    mini.replace("game.toml", 'title = "Mini"', f'title = "Mini {decomposed}"')
    result = cli("--root", str(mini.root), "catalog", "mini", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["title"] == "Mini Caf\u00e9"
    assert next(c for c in data["components"] if c["id"] == "ember")["name"] == "Caf\u00e9"


def test_an_emoji_no_font_draws_is_a_located_warning_not_a_refusal(mini, cli):
    mini.replace("cards.csv", "Heal 2.", "Heal 2 \U0001f600.")
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    assert (
        "catalog/mini/cards.csv:5: text: warning: component 'spring': the font 'sans' has no "
        "glyph for '\U0001f600' (U+1F600)" in result.err
    )


@pytest.mark.parametrize(
    "old, new, line, field, ch",
    [
        ("ember,Ember,", "ember,\u706b\u306e\u7389,", 2, "name", "\u706b"),
        ("flood,Flood,", "flood,\u0645\u0631\u062d\u0628\u0627,", 6, "name", "\u0645"),
    ],
)
def test_scripts_the_fonts_lack_are_read_and_each_missing_glyph_is_located(
    mini, cli, old, new, line, field, ch
):
    """CJK and right-to-left text is read (a project font may draw it); what no font of
    the box draws is a warning at its line, naming the field and the character."""
    mini.replace("cards.csv", old, new)
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    assert f"catalog/mini/cards.csv:{line}: {field}: warning: component " in result.err
    assert f"has no glyph for {ch!r} (U+{ord(ch):04X})" in result.err


def test_hebrew_prints_in_the_shipped_fonts_right_to_left(mini, cli):
    mini.replace("cards.csv", "spring,Spring,", "spring,\u05e9\u05dc\u05d5\u05dd,")
    result = cli("--root", str(mini.root), "--jobs", "1", "--only", "svg")
    assert result.code == 0, result.err
    assert "glyph" not in result.err  # Liberation Sans and Serif have the Hebrew letters
    svg = (mini.root / "output" / "mini" / "svg" / "spring.svg").read_text(encoding="utf-8")
    assert 'direction="rtl"' in svg and "\u05e9\u05dc\u05d5\u05dd</text>" in svg


def test_a_game_title_in_another_script_is_read(mini, cli):
    mini.replace("game.toml", 'title = "Mini"', 'title = "\u30df\u30cb"')
    result = cli("--root", str(mini.root), "list")
    assert result.code == 0, result.err


def test_symbols_the_font_draws_still_pass(mini, cli):
    mini.replace(
        "cards.csv", "Heal 2.", "Heal 2 \u2660 \u2192 \u2014 \u00d7 \u03a9 \u0416."
    )  # spade, arrow, dash, times, Greek, Cyrillic
    result = cli("--root", str(mini.root), "--paper", "letter", "--only", "svg", "--jobs", "1")
    assert result.code == 0, result.err
    assert "glyph" not in result.err


def test_a_character_the_font_lacks_is_warned_once_naming_component_field_and_character(mini, cli):
    thai = "\u0e01"
    mini.replace("cards.csv", "Heal 2.", f"Heal 2 {thai}.")
    mini.replace("cards.csv", "Deal 1 damage.", f"Deal 1 {thai} damage.")
    result = cli("--root", str(mini.root), "check", "mini", "--verbose")
    warnings = [line.strip() for line in result.out.splitlines() if "has no glyph" in line]
    assert warnings == [
        "catalog/mini/cards.csv:2: text: warning: component 'ember': the font 'sans' has no glyph "
        f"for '{thai}' (U+0E01); "
        "it will print as a blank box; name a font that has it in the box's `fallback` (on 2 "
        "components)"
    ]
    build = cli("--root", str(mini.root), "--paper", "letter", "--only", "svg", "--jobs", "1")
    assert build.code == 0
    assert [line for line in build.err.splitlines() if "has no glyph" in line] == [warnings[0]]
