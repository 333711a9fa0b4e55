"""The CI files `cardstock init` writes do what they say: their own shell steps, read from
the written YAML, run in order in a fresh project, install the very cardstock that wrote
them, check, build, and leave the downloads page and the files it lists in the folder each
file uploads (GitHub's artifact and Pages folder, GitLab's `public/`).

Nothing is fetched from outside this machine. A wheel of this checkout, made here from what
pyproject.toml lists (so a file left out of the package data fails here too), is published
at a loopback address as a repository's release would be; the designer's environment
installs it from there with pip (which records where it came from), and that
environment's `cardstock init` writes the project. The CI steps then run in another fresh
environment exactly as written: the install step installs what the file names, untouched
by the test. Both environments borrow the test environment's libraries. The steps that
`uses:` an action (check out, set up Python, upload) are GitHub's own and are not run: the
test reads where they upload from instead."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import site
import subprocess
import sys
import threading
import tomllib
import zipfile
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

GITHUB = ".github/workflows/cardstock.yml"
GITLAB = ".gitlab-ci.yml"


def _wheel_files() -> dict[str, bytes]:
    """Every file a wheel of this checkout holds, by its path in the wheel, as
    pyproject.toml's setuptools tables say: each package's modules and its package data."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    files: dict[str, bytes] = {}
    for package in config["packages"]:
        folder = ROOT / config.get("package-dir", {}).get(package, package.replace(".", "/"))
        into = package.replace(".", "/")
        found = list(folder.glob("*.py"))
        for pattern in config.get("package-data", {}).get(package, []):
            found += folder.glob(pattern)
        for path in found:
            if path.is_file() and "__pycache__" not in path.parts:
                files[f"{into}/{path.relative_to(folder).as_posix()}"] = path.read_bytes()
    return files


def make_wheel(dest: Path) -> Path:
    """A pure-Python wheel of this checkout (no build tool needed, nothing fetched)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = project["name"], project["version"]
    stem = f"{name.replace('-', '_')}-{version}"  # a wheel's file names spell the name so
    info = f"{stem}.dist-info"
    files = _wheel_files()
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Requires-Python: {project['requires-python']}\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: cardstock-tests\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    scripts = "".join(f"{k} = {v}\n" for k, v in project["scripts"].items())
    files[f"{info}/entry_points.txt"] = f"[console_scripts]\n{scripts}".encode()
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = dest / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in sorted(files.items()):
            z.writestr(path, data)
    return wheel


def fresh_environment(venv: Path) -> Path:
    """A virtual environment with no cardstock in it, its libraries borrowed from the test
    environment through a .pth file (so nothing is fetched)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    inner = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # the libraries only: a .pth line adds the folder, the editable cardstock's own .pth
    # in it is not read
    (Path(inner) / "borrowed.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    return venv


QUIET_PIP = {"PIP_NO_INDEX": "1", "PIP_NO_DEPS": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Iterator[str]:
    """The address a wheel of this checkout is published at, served from this machine's
    loopback address for as long as the module's tests run."""
    folder = tmp_path_factory.mktemp("release")
    wheel = make_wheel(folder)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{wheel.name}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def designer(tmp_path_factory, published) -> Path:
    """The designer's environment: cardstock installed with pip from where it is published,
    as a designer installs a release; its install records that address."""
    venv = fresh_environment(tmp_path_factory.mktemp("designer") / "venv")
    env = {**os.environ, **QUIET_PIP}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", published],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return venv


@pytest.fixture
def runner(tmp_path) -> Path:
    """The CI runner's environment, with no cardstock in it until the install step."""
    return fresh_environment(tmp_path / "runner")


def environment(venv: Path, variables: dict[str, str]) -> dict[str, str]:
    """The CI's environment: its own variables as the file sets them, the runner's Python
    first on PATH, and pip kept to the address the file names."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update({k: str(v) for k, v in variables.items()})
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"
    env.update(QUIET_PIP)
    return env


def shell(script: str, cwd: Path, env: dict[str, str]) -> None:
    """One step in bash as the runners run it: stop at the first failing command."""
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{script}\n{done.stdout}\n{done.stderr}"


def new_project(where: Path, designer: Path, published: str) -> Path:
    """A project as the designer's `cardstock init` makes it; its CI files name the address
    the designer's cardstock was installed from, with the wheel's hash."""
    folder = where / "moon"
    made = subprocess.run(
        [str(designer / "bin" / "cardstock"), "init", str(folder), "--name", "Moon"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert made.returncode == 0, made.stderr
    assert "cannot say which cardstock" not in made.stdout
    for rel in (GITHUB, GITLAB):
        text = (folder / rel).read_text(encoding="utf-8")
        assert f'CARDSTOCK_SPEC: "cardstock-pnp @ {published}#sha256=' in text, rel
    return folder


def assert_published(folder: Path, venv: Path) -> None:
    """`folder` holds the downloads page, the manifest and every file the manifest lists,
    made by the cardstock the install step installed."""
    assert (venv / "bin" / "cardstock").is_file()
    page = (folder / "index.html").read_text(encoding="utf-8")
    listed = json.loads((folder / "manifest.json").read_text())["artifacts"]
    paths = [a["path"] for a in listed]
    assert any(p.endswith("-pnp-letter.pdf") for p in paths), paths
    assert any(p.endswith("-rulebook.pdf") for p in paths), paths
    for path in paths:
        assert (folder / path).is_file(), path
    assert "moon/moon-pnp-letter.pdf" in page


def test_the_github_workflow_steps_check_build_and_fill_the_uploaded_folders(
    designer, published, runner, tmp_path
):
    venv = runner
    project = new_project(tmp_path, designer, published)
    workflow = yaml.safe_load((project / GITHUB).read_text(encoding="utf-8"))
    job = workflow["jobs"]["build"]
    variables = {**workflow.get("env", {}), **job.get("env", {})}
    ran = []
    for step in job["steps"]:
        if "run" in step:
            env = environment(venv, {**variables, **step.get("env", {})})
            shell(step["run"], project, env)
            ran.append(step["run"])
    assert ran[-1] == "cardstock build" and len(ran) == 3
    installed = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import cardstock; print(cardstock.__file__)"],
        cwd=project,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert installed.startswith(str(venv))  # the wheel's cardstock, not this checkout's
    uploads = {
        s["uses"].split("@")[0]: s["with"]["path"]
        for s in job["steps"]
        if "path" in s.get("with", {})
    }
    for action in ("actions/upload-artifact", "actions/upload-pages-artifact"):
        assert_published(project / uploads[action], venv)


def test_the_gitlab_jobs_build_and_fill_public(designer, published, runner, tmp_path):
    venv = runner
    project = new_project(tmp_path, designer, published)
    config = yaml.safe_load((project / GITLAB).read_text(encoding="utf-8"))
    env = environment(venv, config.get("variables", {}))
    for name in config["stages"]:  # each stage's jobs, in the order the stages run
        for job in (j for j in config.values() if isinstance(j, dict) and j.get("stage") == name):
            shell("\n".join(job["script"]), project, env)
    for kept in config["build"]["artifacts"]["paths"]:
        assert_published(project / kept, venv)
    assert config["pages"]["artifacts"]["paths"] == ["public"]
    assert_published(project / "public", venv)
