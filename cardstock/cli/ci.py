"""`cardstock ci`, and the CI files `cardstock init` writes: a GitHub Actions workflow and a
GitLab CI file that install cardstock, check the games' rules, build, keep `output/` and
publish the downloads page to Pages (`docs/publishing.md`).

The files are Jinja2 templates in `cardstock/workflows/` (data, with `[[ name ]]` for a
value so that GitHub's `${{ … }}` passes through). What pip installs is one variable of
each file, `CARDSTOCK_SPEC`: the very cardstock that writes the file, from where it was
installed (`cli.installed`), never a bare package name. Where that cannot be known the
variable is empty, a comment above it says why, and the job stops at its first step with
a message saying what to set.

A project's file is never written through a link, never outside the project, and never
replaced unless asked: one already there that differs is a located refusal (`--force`
replaces it; `init` keeps it), one that holds what cardstock writes is left as it is, so
running the command again changes nothing. An existing file is read through the
project's one door (`core.files`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from .. import __version__
from ..core.files import Unreadable, allowed, present, read_bytes
from ..core.issues import Issue
from ..core.output import WriteError, write_atomic
from ..init import first_link
from .installed import Source, this_install

# Each file: where it goes in the project, and its template in cardstock/workflows/.
FILES: tuple[tuple[str, str], ...] = (
    (".github/workflows/cardstock.yml", "github.yml.j2"),
    (".gitlab-ci.yml", "gitlab-ci.yml.j2"),
)
PYTHON = "3.12"  # the Python the CI runs cardstock on (it needs 3.11 or later)


def spec_note(source: Source) -> str:
    """The comment lines above `CARDSTOCK_SPEC` (indented as the files' variables are):
    where its value comes from, or why it is empty and what to put there."""
    if source.spec:
        lines = [
            "What pip installs: the cardstock that wrote this file, from where it was",
            "installed (the install's own record of its source). Any pip requirement that",
            "names one build works here: a wheel's address or its path in this repository,",
            "or a git address at a commit.",
        ]
    else:
        lines = [
            f"Empty: the cardstock that wrote this file {source.reason},",
            "which a CI runner cannot install from, so the build job stops at its first",
            'step. Set it to a wheel\'s address ("cardstock-pnp @ https://…/….whl") or a',
            'git address at a commit ("cardstock-pnp @ git+https://…/cardstock@<commit>");',
            "docs/publishing.md says how.",
        ]
    return "\n".join(f"  # {line}" for line in lines)


# a template's note to whoever edits it, at its top (`[#- … -#]`), and each value it names
_NOTE = re.compile(r"\A\[#-.*?-#\]\n", re.S)
_VALUE = re.compile(r"\[\[ (\w+) \]\]")


def render(template: str, source: Source) -> bytes:
    """One template of `cardstock/workflows/` with its values filled in for a cardstock
    installed from `source`. The templates name four values (`[[ version ]]`,
    `[[ spec ]]`, `[[ spec_note ]]`, `[[ python ]]`) and have no logic, so the values are
    put in place and nothing else: GitHub's own `${{ expression }}` passes through as
    written. A name the template gives that is not a value is an error."""
    values = {
        "version": __version__,
        "spec": source.spec,
        "spec_note": spec_note(source),
        "python": PYTHON,
    }
    written = (resources.files("cardstock") / "workflows" / template).read_text(encoding="utf-8")
    text = _VALUE.sub(lambda m: values[m.group(1)], _NOTE.sub("", written))
    return text.encode("utf-8")


@dataclass
class Plan:
    """What writing the CI files into a project will do, decided before anything is written."""

    root: Path
    source: Source  # where the running cardstock was installed from
    write: dict[str, bytes] = field(default_factory=dict)  # relative path → the new bytes
    same: list[str] = field(default_factory=list)  # already hold what cardstock writes
    kept: list[str] = field(default_factory=list)  # the project's own, left as they are


def _named(path: Path) -> str:
    """How a message names `path`: relative to the current folder when inside it."""
    here = os.path.abspath(path)
    cwd = os.getcwd()
    return os.path.relpath(here, cwd) if here.startswith(cwd + os.sep) else here


def _below(root: Path, path: Path) -> list[Path]:
    """The folders between `root` and `path`, `root` left out."""
    return [f for f in path.parents if f != root and f.is_relative_to(root)]


def plan(root: Path, *, force: bool, keep: bool) -> tuple[Plan, list[Issue]]:
    """What to write into the project `root`: every file that is missing, and the ones that
    differ when `force` (else they are kept when `keep`, refused when not); the problems
    that stop it (a link on the way, a file where a folder goes, a file out of the project
    or one that cannot be read)."""
    out, issues = Plan(root, this_install(project=root)), []
    for rel, template in FILES:
        path = root / rel
        link = first_link(root, [rel])
        if link is not None:
            issues.append(
                Issue(
                    _named(link),
                    None,
                    "",
                    "is a link: cardstock writes CI files only into the project's own folders "
                    "(remove the link)",
                )
            )
            continue
        if not allowed(path, root):
            issues.append(Issue(_named(path), None, "", "is outside the project"))
            continue
        blocked = next((f for f in _below(root, path) if f.exists() and not f.is_dir()), None)
        if blocked is not None:
            issues.append(Issue(_named(blocked), None, "", "is a file where a folder goes"))
            continue
        data = render(template, out.source)
        if not present(path):
            out.write[rel] = data
            continue
        try:
            old = read_bytes(path, root)
        except Unreadable as exc:
            issues.append(Issue(_named(path), None, "", f"cannot read the file: {exc}"))
            continue
        if old == data:
            out.same.append(rel)
        elif force:
            out.write[rel] = data
        elif keep:
            out.kept.append(rel)
        else:
            issues.append(
                Issue(
                    _named(path),
                    None,
                    "",
                    "is already there and differs from what cardstock writes; it is left as "
                    "it is (cardstock ci --force replaces it)",
                )
            )
    return out, issues


def write(todo: Plan) -> tuple[list[Path], list[Issue]]:
    """Write what `todo` planned; the files written, or the problem that stopped it."""
    written: list[Path] = []
    for rel, data in todo.write.items():
        path = todo.root / rel
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        except (OSError, WriteError) as exc:
            reason = exc.reason if isinstance(exc, WriteError) else (exc.strerror or str(exc))
            return written, [Issue(_named(path), None, "", f"cannot write the file: {reason}")]
        written.append(path)
    return written, []


def report(todo: Plan, written: list[Path]) -> list[str]:
    """The lines the command prints: each file and what became of it, then what is left to
    do by hand."""
    lines = [f"wrote {_named(p)}" for p in written]
    lines += [f"{_named(todo.root / rel)} is up to date" for rel in todo.same]
    lines += [f"kept your own {_named(todo.root / rel)}" for rel in todo.kept]
    lines += unknown_source(todo)
    if written:
        lines.append(
            "to publish the downloads page, turn Pages on once: on GitHub, Settings > Pages > "
            'Source: "GitHub Actions"; on GitLab, the pages job publishes by itself '
            "(docs/publishing.md)"
        )
    return lines


def unknown_source(todo: Plan) -> list[str]:
    """The line saying the files written cannot name the cardstock to install, or none."""
    if todo.source.spec or not todo.write:
        return []
    return [
        f"the CI files cannot say which cardstock to install: this cardstock "
        f"{todo.source.reason}; their build job stops until CARDSTOCK_SPEC in them names "
        "a wheel's address or a git address at a commit (docs/publishing.md)"
    ]
