"""The whole build as a user runs it: manifest, downloads page, no-op and one-card
rebuilds, determinism (within one process, and from one run of the command to the next).
Runs on two copies of the small fixture game."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT


@pytest.fixture
def project(tmp_path) -> Path:
    """A project with the fixture game twice (mini and mini2) and the shipped layouts."""
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini")
    shutil.copytree(FIXTURES / "catalog" / "mini", tmp_path / "catalog" / "mini2")
    toml = tmp_path / "catalog" / "mini2" / "game.toml"
    toml.write_text(toml.read_text().replace('id = "mini"', 'id = "mini2"'))
    shutil.copytree(ROOT / "layouts", tmp_path / "layouts")
    return tmp_path


def files(out: Path) -> dict[str, tuple[float, str]]:
    """Every output file (cache excluded) → (mtime, sha256)."""
    return {
        p.relative_to(out).as_posix(): (
            p.stat().st_mtime_ns,
            hashlib.sha256(p.read_bytes()).hexdigest(),
        )
        for p in sorted(out.rglob("*"))
        if p.is_file() and ".cache" not in p.parts
    }


def build(cli, project: Path, *extra: str):
    result = cli("--root", str(project), "build", "--jobs", "1", *extra)
    assert result.code == 0, result.err
    return result


def test_the_manifest_lists_every_artifact_with_its_hash(cli, project):
    build(cli, project)
    out = project / "output"
    data = json.loads((out / "manifest.json").read_text())
    listed = {e["path"]: e for e in data["artifacts"]}
    on_disk = {p for p in files(out) if p not in ("manifest.json",)}
    assert on_disk - set(listed) <= {"index.html"} | {p for p in on_disk if "/svg/fonts/" in p}
    for path, e in listed.items():
        blob = (out / path).read_bytes()
        assert e["bytes"] == len(blob)
        assert e["sha256"] == hashlib.sha256(blob).hexdigest()
        assert set(e) == {"path", "game", "kind", "paper", "pages", "bytes", "sha256"}
    pnp = listed["mini/mini-pnp-letter.pdf"]
    assert (pnp["game"], pnp["kind"], pnp["paper"]) == ("mini", "pnp", "letter")
    assert pnp["pages"] >= 2
    assert listed["mini2/svg/ember.svg"]["kind"] == "svg"


def test_a_rebuild_with_nothing_changed_writes_nothing(cli, project):
    build(cli, project)
    before = files(project / "output")
    result = build(cli, project)
    assert files(project / "output") == before
    assert "built 0 of" in result.out and "(0 unchanged)" not in result.out


def test_changing_one_card_rebuilds_only_what_contains_it(cli, project):
    build(cli, project)
    before = files(project / "output")
    csv = project / "catalog" / "mini" / "cards.csv"
    csv.write_text(csv.read_text().replace("Deal 1 damage.", "Deal 2 damage."))
    build(cli, project)
    after = files(project / "output")
    changed = {p for p in after if after[p] != before.get(p)}
    assert "mini/svg/ember.svg" in changed
    assert {"mini/mini-pnp-letter.pdf", "mini/mini-pnp-a4.pdf"} <= changed
    assert not any(p.startswith("mini2/") for p in changed), changed  # the other game is untouched
    assert "mini/svg/blaze.svg" not in changed and "mini/svg/back-deck.svg" not in changed


def test_identical_input_gives_byte_identical_output(cli, project):
    build(cli, project, "--out", str(project / "one"))
    build(cli, project, "--out", str(project / "two"))
    one = {p: h for p, (_, h) in files(project / "one").items()}
    two = {p: h for p, (_, h) in files(project / "two").items()}
    assert one == two and "index.html" in one and "mini/mini-pnp-a4.pdf" in one


def test_pdf_output_is_byte_identical_run_to_run(project, tmp_path_factory):
    """Two runs of the command, each its own process with its own empty cache (and its own
    string hashing), write every PDF with the same bytes."""
    pdfs = []
    for run, hash_seed in (("one", "1"), ("two", "2")):
        cache = tmp_path_factory.mktemp(f"cache-{run}")
        assert not any(cache.iterdir())
        env = dict(os.environ, CARDSTOCK_CACHE=str(cache), PYTHONHASHSEED=hash_seed)
        out = project / f"run-{run}"
        done = subprocess.run(
            [
                sys.executable,
                str(ROOT / "build.py"),
                "--root",
                str(project),
                "build",
                "--jobs",
                "1",
                "--out",
                str(out),
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert any(cache.iterdir())  # the run used the cache it was given
        pdfs.append(
            {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pdf"))}
        )
    one, two = pdfs
    assert sorted(one) == sorted(two)
    assert {
        "mini/mini-pnp-letter.pdf",
        "mini/mini-pnp-a4.pdf",
        "mini2/mini2-pnp-letter.pdf",
    } <= set(one)
    different = [name for name in one if one[name] != two[name]]
    assert not different, f"not the same bytes in the two runs: {different}"


def test_bad_options_are_bad_input(cli, project):
    result = cli("--root", str(project), "build", "--back-offset", "1mm")
    assert result.code == 2
    assert (
        "command line: --back-offset: expected an offset 'X,Y' such as '1.2mm,-0.5mm', got '1mm'"
        in result.err
    )
    result = cli("--root", str(project), "build", "--only", "pnp,posters")
    assert result.code == 2
    assert "--only: unknown part(s) posters" in result.err
    assert not (project / "output").exists()


def test_a_part_asked_for_without_the_option_it_cannot_run_without_is_bad_input(cli, project):
    """`--only cut` names no machine, `--only reprint` no version to compare with: each such
    part, every one the stages declare, is a located message, exit 2, nothing written."""
    from cardstock.stages import STAGES

    needing = [s for s in STAGES if s.requires]
    assert {"cut", "reprint", "changed", "changelog"} <= {s.name for s in needing}
    for stage in needing:
        result = cli("--root", str(project), "build", "--only", f"pnp,{stage.name}")
        assert result.code == 2, (stage.name, result.err)
        assert f"command line: --only: {stage.name} needs {stage.requires}" in result.err
        assert "internal error" not in result.err + result.out
        assert not (project / "output").exists()
    flag = next(s.requires.split()[0] for s in needing if s.name == "cut")
    assert flag == "--cut"


def test_a_broken_sheet_file_is_bad_input_with_its_line(cli, project):
    sheet = project / "layouts" / "sheets" / "cards.toml"
    text = sheet.read_text()
    line = text[: text.index('gutter = "0mm"')].count("\n") + 1
    sheet.write_text(text.replace('gutter = "0mm"', 'gutter = "0 furlongs"'))
    result = cli("--root", str(project), "build", "--jobs", "1")
    assert result.code == 2
    assert f"layouts/sheets/cards.toml:{line}: grid.gutter: unknown unit 'furlongs'" in result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


def test_the_calibration_sheet_is_built_once_per_paper(cli, project):
    build(cli, project, "--paper", "a4")
    out = project / "output"
    assert (out / "calibration-a4.pdf").is_file() and not (out / "calibration-letter.pdf").exists()
    entry = next(
        e
        for e in json.loads((out / "manifest.json").read_text())["artifacts"]
        if e["path"] == "calibration-a4.pdf"
    )
    assert (entry["game"], entry["kind"], entry["paper"], entry["pages"]) == (
        None,
        "calibration",
        "a4",
        2,
    )


def test_parallel_workers_build_what_one_process_builds(cli, project):
    build(cli, project, "--out", str(project / "serial"))
    result = cli("--root", str(project), "build", "--jobs", "2", "--out", str(project / "parallel"))
    assert result.code == 0, result.err
    serial = {p: h for p, (_, h) in files(project / "serial").items()}
    parallel = {p: h for p, (_, h) in files(project / "parallel").items()}
    assert serial == parallel and "mini2/mini2-pnp-letter.pdf" in parallel


def test_a_build_leaves_the_garbage_collector_as_it_found_it(cli, project):
    import gc

    gc.unfreeze()  # nothing frozen, as in the command's own process (the suite freezes)
    assert cli("--root", str(project), "build", "--jobs", "2").code == 0
    assert (
        gc.get_freeze_count() == 0
    )  # what the build froze is collectable again (a --watch process)
    assert cli("--root", str(project), "build", "--jobs", "2", "--only", "nothing").code == 2
    assert gc.get_freeze_count() == 0  # also after a build that stopped with bad input


def test_a_game_failing_its_rules_check_is_not_built_by_the_workers(cli, project):
    (project / "catalog" / "mini2" / "rules.toml").write_text(
        '[[counts]]\nname = "the deck"\nmatch = { set = "cards" }\ncount = 99\n'
    )
    result = cli("--root", str(project), "build", "--jobs", "2")
    assert result.code == 1
    assert "mini2: the rules check failed, so nothing was written for it" in result.err
    out = project / "output"
    assert (out / "mini" / "mini-pnp-letter.pdf").is_file() and not (out / "mini2").exists()
    # the failed check is remembered: the rebuild says it again without building mini2
    again = cli("--root", str(project), "build", "--jobs", "2")
    assert (
        again.code == 1
        and "mini2: the rules check failed" in again.err
        and not (out / "mini2").exists()
    )
    forced = cli("--root", str(project), "build", "--jobs", "2", "--force")
    assert forced.code == 1 and (out / "mini2" / "mini2-pnp-letter.pdf").is_file()


def _run(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--root", str(project), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_rebuild_with_nothing_changed_loads_no_catalog(project):
    assert _run(project, "--jobs", "1").returncode == 0
    probe = (
        "import sys; from cardstock.cli import main; code = main(sys.argv[1:]);"
        "print('loaded' if 'pydantic' in sys.modules or 'reportlab' in sys.modules else 'light', "
        "code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "--root", str(project), "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.stdout.split()[-2:] == ["light", "0"], done.stdout + done.stderr
    # and one changed card does load (and rebuild) its game
    csv = project / "catalog" / "mini" / "cards.csv"
    csv.write_text(csv.read_text().replace("Deal 1 damage.", "Deal 3 damage."))
    done = subprocess.run(
        [sys.executable, "-c", probe, "--root", str(project), "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.stdout.split()[-2:] == ["loaded", "0"], done.stdout + done.stderr
