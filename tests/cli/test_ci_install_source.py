"""The CI files install the very cardstock that wrote them, named by where it was installed
from (the install's own PEP 610 record), never by a bare package name that whoever holds
the name on a package index would answer. Where the source cannot be known, the file says
why and its install step stops the job with a message saying what to set."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import InvalidRequirement, Requirement

from cardstock.cli import ci
from cardstock.cli.installed import DISTRIBUTION, Source, from_record, this_install

COMMIT = "5456c24e0b1f4c2a9d3e7f60a1b2c3d4e5f60718"
SHA256 = "9c1185a5c5e9fc54612808977ee8f548b2258d31a2f7fb4fcbd1e2fc5f0a7d3e"

# PEP 610 records as pip writes them, and what each becomes
KNOWN: dict[str, tuple[dict[str, Any], str]] = {
    "git": (
        {
            "url": "https://github.com/you/cardstock.git",
            "vcs_info": {"vcs": "git", "commit_id": COMMIT, "requested_revision": "v0.1.0"},
        },
        f"{DISTRIBUTION} @ git+https://github.com/you/cardstock.git@{COMMIT}",
    ),
    "git, a subfolder": (
        {
            "url": "ssh://git@gitlab.com/you/tools.git",
            "vcs_info": {"vcs": "git", "commit_id": COMMIT},
            "subdirectory": "cardstock",
        },
        f"{DISTRIBUTION} @ git+ssh://git@gitlab.com/you/tools.git@{COMMIT}#subdirectory=cardstock",
    ),
    "a published wheel": (
        {
            "url": "https://example.org/releases/cardstock_pnp-0.1.0-py3-none-any.whl",
            "archive_info": {"hash": f"sha256={SHA256}", "hashes": {"sha256": SHA256}},
        },
        f"{DISTRIBUTION} @ https://example.org/releases/cardstock_pnp-0.1.0-py3-none-any.whl"
        f"#sha256={SHA256}",
    ),
    "a wheel, the older single hash": (
        {"url": "https://example.org/c.whl", "archive_info": {"hash": f"sha256={SHA256}"}},
        f"{DISTRIBUTION} @ https://example.org/c.whl#sha256={SHA256}",
    ),
}

UNKNOWN: dict[str, tuple[dict[str, Any], str]] = {
    "an editable folder": (
        {"url": "file:///home/me/cardstock", "dir_info": {"editable": True}},
        "a folder on this computer",
    ),
    "a folder": ({"url": "file:///home/me/cardstock", "dir_info": {}}, "a folder"),
    "a local wheel": (
        {"url": "file:///tmp/cardstock_pnp-0.1.0-py3-none-any.whl", "archive_info": {}},
        "a file on this computer",
    ),
    "a local clone": (
        {"url": "file:///home/me/cardstock", "vcs_info": {"vcs": "git", "commit_id": COMMIT}},
        "a repository on this computer",
    ),
    "no commit": (
        {"url": "https://github.com/you/cardstock", "vcs_info": {"vcs": "git"}},
        "no recorded commit",
    ),
    "a quote in the address": (
        {"url": 'https://example.org/a"b.whl', "archive_info": {}},
        "cannot hold",
    ),
    "a shell variable in the address": (
        {"url": "https://example.org/$HOME.whl", "archive_info": {}},
        "cannot hold",
    ),
    "no address": ({"archive_info": {}}, "does not record"),
}


def names_one_build(spec: str) -> bool:
    """Whether a pip requirement installs one build from a stated place (a direct
    reference at a commit or with a hash, or a wheel file the project holds) rather than
    whatever a package index holds under a name."""
    if spec.startswith("./") and spec.endswith(".whl") and ".." not in spec.split("/"):
        return True
    try:
        req = Requirement(spec)
    except InvalidRequirement:
        return False
    if not req.url:
        return False
    if "+" in req.url.split(":", 1)[0]:  # git+…, hg+…: pinned to a commit
        return "@" in req.url.rsplit("/", 1)[-1]
    return "#sha256=" in req.url


def test_a_wheel_inside_the_project_is_named_by_its_path_there(tmp_path):
    wheel = tmp_path / "tools" / "cardstock_pnp-0.1.0-py3-none-any.whl"
    record = {"url": wheel.as_uri(), "archive_info": {"hashes": {"sha256": SHA256}}}
    found = from_record(record, project=tmp_path)
    assert found == Source(spec="./tools/cardstock_pnp-0.1.0-py3-none-any.whl")
    assert names_one_build(found.spec)
    # the same file for another project is a file on this computer
    assert "a file on this computer" in from_record(record, project=tmp_path / "other").reason
    spaced = {"url": (tmp_path / "my tools" / "c.whl").as_uri(), "archive_info": {}}
    assert "cannot hold" in from_record(spaced, project=tmp_path).reason


def test_the_rule_itself_refuses_a_bare_name():
    for bare in (
        "cardstock",
        "cardstock>=0.1.0",
        f"{DISTRIBUTION}==0.1.0",
        "cardstock[test]",
        "./c",
    ):
        assert not names_one_build(bare), bare
    assert not names_one_build(f"{DISTRIBUTION} @ https://example.org/c.whl")  # no hash
    assert not names_one_build(f"{DISTRIBUTION} @ git+https://github.com/you/cardstock")


@pytest.mark.parametrize("case", list(KNOWN))
def test_an_install_from_a_reachable_source_is_named_by_that_source(case):
    record, spec = KNOWN[case]
    assert from_record(record) == Source(spec=spec)
    assert names_one_build(spec)


@pytest.mark.parametrize("case", list(UNKNOWN))
def test_an_install_no_runner_can_reach_gives_a_reason_instead(case):
    record, said = UNKNOWN[case]
    found = from_record(record)
    assert found.spec == "" and said in found.reason


def files_for(source: Source) -> dict[str, tuple[str, list[str]]]:
    """Each CI file written for a cardstock from `source`: its CARDSTOCK_SPEC and the shell
    scripts of its steps."""
    github = yaml.safe_load(ci.render("github.yml.j2", source))
    gitlab = yaml.safe_load(ci.render("gitlab-ci.yml.j2", source))
    steps = [s["run"] for job in github["jobs"].values() for s in job["steps"] if "run" in s]
    scripts = [
        line for job in gitlab.values() if isinstance(job, dict) for line in job.get("script", [])
    ]
    return {
        "github": (github["env"]["CARDSTOCK_SPEC"], steps),
        "gitlab": (gitlab["variables"]["CARDSTOCK_SPEC"], scripts),
    }


SOURCES = [
    *(from_record(r) for r, _ in KNOWN.values()),
    *(from_record(r) for r, _ in UNKNOWN.values()),
    Source(spec="./tools/cardstock_pnp-0.1.0-py3-none-any.whl"),
]


@pytest.mark.parametrize("source", SOURCES, ids=[*KNOWN, *UNKNOWN, "a wheel in the project"])
def test_no_install_line_names_a_bare_package_name(source):
    for name, (spec, scripts) in files_for(source).items():
        assert spec == "" or names_one_build(spec), (name, spec)
        installs = [
            line.strip()
            for script in scripts
            for line in script.splitlines()
            if "pip install" in line
        ]
        assert installs == ['python -m pip install "$CARDSTOCK_SPEC"'], (name, installs)


def test_the_files_for_an_unknown_source_say_why_above_the_empty_spec():
    source = Source(reason="was installed from a folder on this computer")
    for template in ("github.yml.j2", "gitlab-ci.yml.j2"):
        text = ci.render(template, source).decode("utf-8")
        above = text.split('  CARDSTOCK_SPEC: ""', 1)[0].splitlines()[-5:]
        assert "installed from a folder on this computer" in above[0], above
        assert any("docs/publishing.md" in line for line in above), above


@pytest.mark.parametrize("which", ["github", "gitlab"])
def test_the_job_stops_with_a_message_when_the_spec_is_empty(tmp_path, which):
    spec, scripts = files_for(Source(reason="runs from its source folder, not from an install"))[
        which
    ]
    assert spec == ""
    # a `python` that leaves a mark: the install must stop before pip runs
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python").write_text(f"#!/bin/sh\ntouch {tmp_path / 'ran'}\n")
    (fake / "python").chmod(0o755)
    env = {**os.environ, "CARDSTOCK_SPEC": spec, "PATH": f"{fake}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", scripts[0]],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "CARDSTOCK_SPEC is empty" in done.stdout and "docs/publishing.md" in done.stdout
    assert not (tmp_path / "ran").exists()


def dist_info(folder: Path, files: dict[str, str]) -> None:
    info = folder / f"{DISTRIBUTION.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 0.1.0\n")
    for name, text in files.items():
        (info / name).write_text(text)


def test_the_install_record_is_read_from_the_installed_distribution(tmp_path):
    record, spec = KNOWN["git"]
    dist_info(tmp_path / "site", {"INSTALLER": "pip\n", "direct_url.json": json.dumps(record)})
    # a source folder's build leftover first on the path records nothing and is passed over
    leftover = tmp_path / "src" / f"{DISTRIBUTION.replace('-', '_')}.egg-info"
    leftover.mkdir(parents=True)
    (leftover / "PKG-INFO").write_text(
        f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 0.1.0\n"
    )
    where = [str(tmp_path / "src"), str(tmp_path / "site")]
    assert this_install(where=where) == Source(spec=spec)
    assert "source folder" in this_install(where=[str(tmp_path / "src")]).reason


def test_an_install_from_an_index_is_not_named_by_its_bare_name(tmp_path):
    dist_info(tmp_path, {"INSTALLER": "pip\n"})
    found = this_install(where=[str(tmp_path)])
    assert found.spec == "" and "package index" in found.reason


def test_init_in_this_checkouts_environment_writes_what_its_install_records(tmp_path, cli):
    """The test environment's cardstock is whatever it is (an editable folder, usually):
    `init` writes exactly what that install's record gives, and says so when it is
    nothing."""
    made = cli("init", str(tmp_path / "moon"), "--name", "Moon")
    assert made.code == 0, made.err
    here = this_install()
    written = yaml.safe_load((tmp_path / "moon" / ".gitlab-ci.yml").read_text())
    assert written["variables"]["CARDSTOCK_SPEC"] == here.spec
    assert ("cannot say which cardstock to install" in made.out) == (not here.spec)
