"""`cardstock init` and `cardstock ci` write a GitHub Actions workflow and a GitLab CI file
that check, build and publish a project: valid YAML with the jobs, permissions and
concurrency Pages needs; never written through a link or over the project's own file
(unless `--force`); the same bytes again the second time. The workflows' own steps are run
in tests/cli/test_ci_writer_run.py."""

from __future__ import annotations

import os
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
import yaml
from conftest import ROOT

from cardstock.cli import ci
from cardstock.cli.installed import this_install

GITHUB = ".github/workflows/cardstock.yml"
GITLAB = ".gitlab-ci.yml"


def load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def triggers(workflow: dict) -> dict:
    """The workflow's `on:` (YAML 1.1, as PyYAML reads it, takes the bare word for True)."""
    found = workflow.get("on", workflow.get(True))
    assert isinstance(found, dict), workflow
    return found


@pytest.fixture
def project(tmp_path, cli) -> Path:
    folder = tmp_path / "moon"
    assert cli("init", str(folder), "--name", "Moon").code == 0
    return folder


def uses(job: dict) -> dict[str, dict]:
    """The job's `uses:` steps by action name (without the version), each step itself."""
    return {s["uses"].split("@")[0]: s for s in job["steps"] if "uses" in s}


def test_init_writes_both_files_and_the_github_workflow_has_what_pages_needs(project):
    workflow = load(project / GITHUB)
    assert set(triggers(workflow)) == {"push", "pull_request", "workflow_dispatch"}
    assert workflow["permissions"] == {"contents": "read"}  # the least, except where needed
    assert workflow["env"]["CARDSTOCK_SPEC"] == this_install().spec
    build, pages = workflow["jobs"]["build"], workflow["jobs"]["pages"]
    runs = [s["run"] for s in build["steps"] if "run" in s]
    assert runs[0].endswith('\npython -m pip install "$CARDSTOCK_SPEC"\n')
    assert runs[1:] == ["cardstock check --strict", "cardstock build"]
    actions = uses(build)
    assert actions["actions/upload-artifact"]["with"]["path"] == "output/"
    assert actions["actions/upload-pages-artifact"]["with"]["path"] == "output/"
    assert "default_branch" in actions["actions/upload-pages-artifact"]["if"]
    # the publishing job: its own permissions, one deployment at a time, never cancelled
    assert pages["needs"] == "build"
    assert pages["permissions"] == {"pages": "write", "id-token": "write"}
    assert pages["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    assert pages["environment"]["name"] == "github-pages"
    assert pages["environment"]["url"] == "${{ steps.deployment.outputs.page_url }}"
    assert "pull_request" in pages["if"] and "default_branch" in pages["if"]
    assert list(uses(pages)) == ["actions/configure-pages", "actions/deploy-pages"]
    assert uses(pages)["actions/deploy-pages"]["id"] == "deployment"
    every = [s["uses"] for job in workflow["jobs"].values() for s in job["steps"] if "uses" in s]
    assert all(u.startswith("actions/") and "@v" in u for u in every), every


def test_the_gitlab_file_builds_keeps_output_and_publishes_public_from_the_default_branch(
    project,
):
    config = load(project / GITLAB)
    assert config["variables"]["CARDSTOCK_SPEC"] == this_install().spec
    script = config["build"]["script"]
    assert script[0].endswith('\npython -m pip install "$CARDSTOCK_SPEC"\n')
    assert script[1:] == ["cardstock check --strict", "cardstock build"]
    assert config["build"]["artifacts"]["paths"] == ["output/"]
    pages = config["pages"]
    assert pages["needs"] == ["build"]
    assert pages["artifacts"]["paths"] == ["public"]
    assert pages["rules"] == [{"if": "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"}]
    assert config["stages"] == ["build", "deploy"]
    assert config["default"]["image"].startswith("python:3.")


def test_the_templates_are_packaged_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["cardstock"]
    for _, template in ci.FILES:
        rel = f"workflows/{template}"
        assert (ROOT / "cardstock" / rel).is_file()
        assert any(fnmatch(rel, pat) for pat in patterns), f"{rel} would be left out"


def test_ci_writes_into_an_existing_project_and_again_changes_nothing(project, cli):
    for rel in (GITHUB, GITLAB):
        (project / rel).unlink()
    first = cli("--root", str(project), "ci")
    assert first.code == 0, first.err
    assert "wrote" in first.out and "Pages" in first.out
    before = {rel: (project / rel).read_bytes() for rel in (GITHUB, GITLAB)}
    stamps = {rel: os.stat(project / rel).st_mtime_ns for rel in (GITHUB, GITLAB)}
    again = cli("--root", str(project), "ci")
    assert again.code == 0, again.err
    assert again.out.count("is up to date") == 2 and "wrote" not in again.out
    assert {rel: (project / rel).read_bytes() for rel in before} == before
    assert {rel: os.stat(project / rel).st_mtime_ns for rel in stamps} == stamps  # untouched
    forced = cli("--root", str(project), "ci", "--force")  # the same bytes: nothing to do
    assert forced.code == 0 and "wrote" not in forced.out


def test_ci_refuses_to_replace_the_projects_own_file_unless_forced(project, cli):
    own = b"# my own workflow\n"
    (project / GITHUB).write_bytes(own)
    refused = cli("--root", str(project), "ci")
    assert refused.code == 2
    assert f"{project / GITHUB}: is already there and differs" in refused.err
    assert "--force" in refused.err
    assert (project / GITHUB).read_bytes() == own
    forced = cli("--root", str(project), "ci", "--force")
    assert forced.code == 0, forced.err
    assert (project / GITHUB).read_bytes() == ci.render("github.yml.j2", this_install())


def test_init_keeps_a_workflow_the_folder_already_has(tmp_path, cli):
    folder = tmp_path / "moon"
    (folder / ".github" / "workflows").mkdir(parents=True)
    (folder / GITHUB).write_bytes(b"name: mine\n")
    made = cli("init", str(folder), "--name", "Moon")
    assert made.code == 0, made.err
    assert "kept your own .github/workflows/cardstock.yml" in made.out
    assert (folder / GITHUB).read_bytes() == b"name: mine\n"
    assert (folder / GITLAB).read_bytes() == ci.render("gitlab-ci.yml.j2", this_install())


@pytest.mark.parametrize("linked", [".github", ".github/workflows", GITHUB, GITLAB])
def test_nothing_is_written_through_a_link(project, cli, tmp_path, linked):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for rel in (GITHUB, GITLAB):
        (project / rel).unlink()
    (project / ".github" / "workflows").rmdir()
    (project / ".github").rmdir()
    link = project / linked
    link.parent.mkdir(parents=True, exist_ok=True)
    target = elsewhere / "target"
    if linked.endswith(".yml"):
        target.write_bytes(b"outside\n")
    else:
        target.mkdir()
    link.symlink_to(target)
    result = cli("--root", str(project), "ci", "--force")
    assert result.code == 2
    assert f"{link}: is a link" in result.err
    assert not (project / GITLAB).exists() or linked == GITLAB  # nothing written at all
    assert not (project / GITHUB).exists() or linked.startswith(".github")
    outside = sorted(p.relative_to(elsewhere).as_posix() for p in elsewhere.rglob("*"))
    assert outside == ["target"]  # nothing made beside or under it
    if linked.endswith(".yml"):
        assert target.read_bytes() == b"outside\n"


def test_init_refuses_a_linked_workflow_folder_before_writing_anything(tmp_path, cli):
    folder = tmp_path / "moon"
    folder.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (folder / ".github").symlink_to(tmp_path / "elsewhere")
    made = cli("init", str(folder), "--name", "Moon")
    assert made.code == 2
    assert "is a link" in made.err
    assert sorted(p.name for p in folder.iterdir()) == [".github"]
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_workflow_that_cannot_be_read_is_a_located_refusal(project, cli):
    (project / GITLAB).unlink()
    (project / GITLAB).mkdir()  # a folder where the file goes
    result = cli("--root", str(project), "ci", "--force")
    assert result.code == 2
    assert f"{project / GITLAB}: cannot read the file: it is a folder" in result.err
    assert (project / GITLAB).is_dir()


def test_ci_outside_a_project_is_refused(tmp_path, cli):
    result = cli("--root", str(tmp_path), "ci")
    assert result.code == 2
    assert "holds no catalog/ folder" in result.err
    assert list(tmp_path.iterdir()) == []


def test_a_file_where_the_workflow_folder_goes_is_refused_before_anything_is_written(project, cli):
    for rel in (GITHUB, GITLAB):
        (project / rel).unlink()
    (project / ".github" / "workflows").rmdir()
    (project / ".github").rmdir()
    (project / ".github").write_bytes(b"not a folder\n")
    result = cli("--root", str(project), "ci")
    assert result.code == 2
    assert f"{project / '.github'}: is a file where a folder goes" in result.err
    assert not (project / GITLAB).exists()
