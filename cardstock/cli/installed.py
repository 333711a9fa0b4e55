"""Where the running cardstock was installed from, as a pip requirement another machine can
install the same program from: the install's own record of its source (PEP 610's
`direct_url.json`, which pip writes beside an install made from a URL, a version-control
repository or a folder), read through `importlib.metadata`.

Only a source a CI runner can reach and that names one build is usable: a wheel or archive
at an http(s) address (with its hash when pip recorded one), a git, Mercurial, Subversion
or Bazaar repository at a remote address, at the commit that was installed, or a wheel the
project's own repository holds (installed from a file inside the project: the runner's
checkout has it at the same place). Any other folder or file on this computer, an install
from a package index (which index, and what a name there stands for, is not recorded) or
no install at all is a reason instead, said in the CI file and by the job that stops on
it. A bare distribution name is never the answer: on a public index it is whoever
registered it.
"""

from __future__ import annotations

import importlib.metadata
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

DISTRIBUTION = "cardstock-pnp"  # the distribution's name in pyproject.toml

# addresses another machine can reach; file: and anything unknown are this computer's
_REMOTE = ("http", "https", "ssh", "git")


# a requirement the CI files hold in a double-quoted YAML string a shell expands: none of
# these may be in it
_UNSAFE = frozenset("\"\\$`'") | {chr(c) for c in range(33)} | {chr(127)}


@dataclass(frozen=True)
class Source:
    """A pip requirement that installs this cardstock elsewhere (`spec`), or why none can
    be given (`reason`, a sentence fragment: "cardstock was installed …")."""

    spec: str = ""
    reason: str = ""


def _remote(url: str) -> bool:
    return urlsplit(url).scheme.lower() in _REMOTE


def _archive_hash(info: dict[str, Any]) -> str:
    """`#sha256=…` for an archive whose hash pip recorded (PEP 610's `hashes`, or the older
    single `hash`), else nothing; pip checks a hash given this way."""
    hashes = info.get("hashes")
    if isinstance(hashes, dict) and isinstance(hashes.get("sha256"), str):
        return f"#sha256={hashes['sha256']}"
    single = info.get("hash")
    if isinstance(single, str) and "=" in single:
        name, _, value = single.partition("=")
        return f"#{name}={value}"
    return ""


def from_record(
    record: dict[str, Any], name: str = DISTRIBUTION, project: Path | None = None
) -> Source:
    """The source a PEP 610 record names, as a requirement (`name @ url`, or the path of a
    wheel inside `project`, the project the CI files are for) or a reason."""
    found = _in_project(record, project) or _from_record(record, name)
    if found.spec and _UNSAFE.intersection(found.spec.partition(" @ ")[2] or found.spec):
        return Source(reason="was installed from an address a CI file cannot hold as it is")
    return found


def _in_project(record: dict[str, Any], project: Path | None) -> Source | None:
    """A wheel file inside the project, as a path from the project's folder (where the CI
    runs, in its checkout), or None."""
    url = record.get("url")
    if (
        project is None
        or not isinstance(url, str)
        or not isinstance(record.get("archive_info"), dict)
    ):
        return None
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or not parts.path.endswith(".whl"):
        return None
    try:
        rel = Path(unquote(parts.path)).resolve().relative_to(project.resolve())
    except (ValueError, OSError):
        return None
    return Source(spec=f"./{rel.as_posix()}")


def _from_record(record: dict[str, Any], name: str) -> Source:
    url = record.get("url")
    if not isinstance(url, str) or not url:
        return Source(reason="was installed from a source its install does not record")
    vcs = record.get("vcs_info")
    if isinstance(vcs, dict):
        commit, kind = vcs.get("commit_id"), vcs.get("vcs")
        if not _remote(url):
            return Source(reason="was installed from a repository on this computer")
        if not isinstance(commit, str) or not isinstance(kind, str) or not commit:
            return Source(reason="was installed from a repository at no recorded commit")
        subdirectory = record.get("subdirectory")
        tail = f"#subdirectory={subdirectory}" if isinstance(subdirectory, str) else ""
        return Source(spec=f"{name} @ {kind}+{url}@{commit}{tail}")
    if isinstance(record.get("dir_info"), dict):
        return Source(reason="was installed from a folder on this computer")
    archive = record.get("archive_info")
    if isinstance(archive, dict):
        if urlsplit(url).scheme.lower() not in ("http", "https"):
            return Source(reason="was installed from a file on this computer")
        return Source(spec=f"{name} @ {url.split('#')[0]}{_archive_hash(archive)}")
    return Source(reason="was installed from a source its install does not record")


def this_install(
    name: str = DISTRIBUTION, where: list[str] | None = None, project: Path | None = None
) -> Source:
    """Where the running cardstock came from (looked for on `where`, else on the import
    path), for the CI files of `project`. An installed distribution with a record is read;
    a `.egg-info` a source folder holds after a build records nothing and is passed over."""
    index = False
    found = (
        importlib.metadata.distributions(name=name)
        if where is None
        else importlib.metadata.distributions(name=name, path=where)
    )
    for dist in found:
        text = dist.read_text("direct_url.json")
        if text is not None:
            try:
                record = json.loads(text)
            except ValueError:
                return Source(reason="was installed from a source its install records unreadably")
            if isinstance(record, dict):
                return from_record(record, name, project)
        index = index or dist.read_text("INSTALLER") is not None
    if index:
        return Source(
            reason="was installed from a package index, and which index an install does not record"
        )
    return Source(reason="runs from its source folder, not from an install")
