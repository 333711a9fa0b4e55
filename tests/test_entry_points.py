"""No entry point imports a project's files. A downloaded project (and the current folder)
may hold `reportlab_mods.py`, `reportlab_settings.py` (ReportLab imports both from anywhere
on the import path as it starts), `jinja2.py`, `svgwrite.py`, a `PIL/` package and a
`cardstock/` package; the `cardstock` command, `python -m cardstock` and `python build.py`,
run from inside the project or from elsewhere with `--root`, import none of them.

The one case Python itself decides before cardstock runs: `python -m cardstock` imports a
`cardstock/` folder of the current folder, as Python looks for the module there first, and
a file named like a standard-library module Python loads before the package runs.
`python -P -m cardstock` is the safe form, and is what is run with such a folder there;
`python -m cardstock` and `python -m cardstock.cli` import nothing from the current folder
once cardstock's package has begun to load."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, spread

from cardstock.cli import main

BIN = Path(sys.executable).parent
# name of a planted file → its path in a folder; each writes a marker file when imported
PLANTS = {
    "reportlab_mods": "reportlab_mods.py",
    "reportlab_settings": "reportlab_settings.py",
    "jinja2": "jinja2.py",
    "svgwrite": "svgwrite.py",
    "PIL": "PIL/__init__.py",
    "cardstock": "cardstock/__init__.py",
}
# a build that imports all of ReportLab, Jinja2, Pillow and svgwrite
BUILD = ["--jobs", "1", "--paper", "letter", "--only", "pnp,svg"]


def plant(folder: Path, markers: Path, *, package: bool = True) -> None:
    """Every planted module in `folder` (the `cardstock/` package only when `package`)."""
    for name, relative in PLANTS.items():
        if name == "cardstock" and not package:
            continue
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        marker = markers / f"{folder.name}-{name}"
        path.write_text(f"open({str(marker)!r}, 'w').close()\n")


def environment(tmp_path: Path, pythonpath: str | None = None) -> dict[str, str]:
    """A clean environment: a cache of the test's own (so the build imports the pipeline
    rather than answering from the cache), a home of its own, no import path of the
    caller's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env |= {"CARDSTOCK_CACHE": str(tmp_path / "cache"), "HOME": str(tmp_path / "home")}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    return env


def command(entry: str) -> list[str]:
    return {
        "cardstock": [str(BIN / "cardstock")],
        "python -m": [sys.executable, "-m", "cardstock"],
        "python -P -m": [sys.executable, "-P", "-m", "cardstock"],
        "python -m cardstock.cli": [sys.executable, "-m", "cardstock.cli"],
        "build.py": [sys.executable, str(ROOT / "build.py")],
    }[entry]


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A starter project and a current folder elsewhere, and the folder markers go to."""
    project, elsewhere, markers = tmp_path / "project", tmp_path / "elsewhere", tmp_path / "m"
    assert main(["init", str(project), "--name", "Moon Race"]) == 0
    elsewhere.mkdir()
    markers.mkdir()
    return project, elsewhere, markers


def run_in(cwd: Path, args: list[str], env: dict[str, str]) -> None:
    proc = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# `python -m cardstock` is run with a `cardstock/` folder in the current folder only in its
# safe form, `-P`: without it Python itself imports that folder, before cardstock runs
CASES = [
    ("cardstock", True),
    ("python -P -m", True),
    ("python -m", False),
    ("build.py", True),
]


# each case starts its own process: by default every entry point once, from inside the
# project or from elsewhere in turn (`spread`); CARDSTOCK_FULL=1 runs each from both
RUNS = [(entry, package, inside) for (entry, package), inside in spread(CASES, [True, False])]


@pytest.mark.parametrize(
    ("entry", "package", "inside"),
    RUNS,
    ids=[f"{e}-{'inside' if i else 'outside'}" for e, _, i in RUNS],
)
def test_no_entry_point_imports_a_projects_files(tmp_path, folders, entry, package, inside):
    project, elsewhere, markers = folders
    plant(project, markers, package=package or not inside)
    plant(elsewhere, markers, package=package or inside)
    cwd, root = (project, []) if inside else (elsewhere, ["--root", str(project)])
    run_in(cwd, [*command(entry), *root, *BUILD], environment(tmp_path))
    assert sorted(p.name for p in markers.iterdir()) == []
    assert (project / "output" / "moon-race" / "svg").is_dir()  # the build did run


def test_an_empty_entry_of_pythonpath_names_no_folder_to_import_from(tmp_path, folders):
    """`PYTHONPATH=:/x` (a common slip) puts the current folder on the path of every
    Python program, the installed command's too; cardstock takes it off."""
    project, _, markers = folders
    plant(project, markers, package=False)  # Python's own start-up would import cardstock/
    run_in(project, [*command("cardstock"), *BUILD], environment(tmp_path, pythonpath=":"))
    assert sorted(p.name for p in markers.iterdir()) == []


def test_build_py_in_a_checkout_that_is_the_current_folder(tmp_path, folders):
    """The shipped games are built from the checkout itself, `python build.py` in it: the
    script's folder is then the project, and only cardstock's own package is imported
    from it."""
    project, _, markers = folders
    checkout = tmp_path / "checkout"
    shutil.copytree(project, checkout)
    shutil.copy(ROOT / "build.py", checkout / "build.py")
    (checkout / "cardstock").symlink_to(ROOT / "cardstock", target_is_directory=True)
    plant(checkout, markers, package=False)
    run_in(checkout, [sys.executable, "build.py", *BUILD], environment(tmp_path))
    assert sorted(p.name for p in markers.iterdir()) == []


def test_reportlab_takes_a_blocked_module_for_one_that_is_not_there(tmp_path):
    """`confine` blocks ReportLab's optional modules by a None in `sys.modules`, which makes
    `import` raise ImportError: the very error ReportLab expects when there is none."""
    code = (
        "import sys; from cardstock.core.importpath import confine; confine()\n"
        "import reportlab, reportlab.rl_config\n"
        "assert sys.modules['reportlab_mods'] is None\n"
        "try:\n    import reportlab_settings\nexcept ImportError:\n    print('blocked')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment(tmp_path)
    )
    assert proc.returncode == 0 and proc.stdout == "blocked\n", proc.stderr


# every module of the standard library a project may name a file after (those Python
# imports while it starts are there already, and are not imported again)
STDLIB = sorted(n for n in sys.stdlib_module_names if not n.startswith("_") or n == "__future__")


def plant_stdlib(folder: Path, markers: Path) -> None:
    """A module in `folder` named after each of the standard library's, leaving a marker
    when imported that says whether cardstock's package had begun to load by then."""
    for name in STDLIB:
        marker = markers / name
        (folder / f"{name}.py").write_text(
            "import sys\n"
            f"when = 'after' if 'cardstock' in sys.modules else 'before'\n"
            f"open({str(marker)!r}, 'w').write(when)\n"
        )


@pytest.mark.parametrize(
    "entry", ["cardstock", "python -P -m", "python -m", "python -m cardstock.cli", "build.py"]
)
def test_no_entry_point_imports_a_projects_file_named_like_a_standard_module(
    tmp_path, folders, entry
):
    project, _, markers = folders
    plant_stdlib(project, markers)
    run_in(project, [*command(entry), *BUILD], environment(tmp_path))
    imported = {p.name: p.read_text() for p in markers.iterdir()}
    if entry in ("python -m", "python -m cardstock.cli"):
        # Python looks in the current folder for what it imports before cardstock's package
        # runs (the README says so, and names the safe commands); once it runs, nothing
        assert [name for name, when in imported.items() if when == "after"] == []
    else:
        assert imported == {}
    assert (project / "output" / "moon-race" / "svg").is_dir()  # the build did run
