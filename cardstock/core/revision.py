"""A project's files as they were at a git revision, read through `git` itself.

A project may come from someone else, and its repository with it, so git is run as a
plain reader of the project's own repository only:

- the repository is the folder `.git` at the project's top (`own_repository`): not a file
  naming one elsewhere (`gitdir: …`, as a linked worktree or a submodule has), not a
  link, holding no link that leads out of the project, and borrowing no objects from
  outside it (`objects/info/alternates`, `commondir`) nor including configuration from
  anywhere (`[include]`, `[includeIf "…"]`: see `_includes`); git is given it as
  `GIT_DIR`, the project as its work tree and as its ceiling, so it never looks above the
  project for another repository;
- a fixed program and fixed arguments (`rev-parse`, `ls-tree`, `cat-file --batch`), never
  a shell; the revision is passed after `--end-of-options` and may not start with `-`;
- none of these commands runs a hook, a filter, a text conversion or a pager; the
  repository's own settings that could run a program on a read (`core.fsmonitor`,
  `core.hooksPath`) are overridden on the command line, the user's and the system's
  configuration files are not read, no transport may run (a partial clone would otherwise
  fetch a missing object through a program its settings name), and the environment holds
  only what git needs;
- every command is stopped after `TIMEOUT` seconds, and its output is read up to a size
  limit (git is stopped there); a file larger than the door's limit
  (`cardstock.core.files.MAX_BYTES`) is refused, as is a tree of more than `MAX_TOTAL`
  bytes or `MAX_FILES` files; links and submodules in the tree are left out.

`materialise` writes the project's inputs at a revision (`catalog/`, `layouts/`, `fonts/`)
into a folder of the caller's, which reads them as a project of its own.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from .files import MAX_BYTES, Unreadable, present, read_bytes, read_text, shown

MAX_TOTAL = 512 * 1024 * 1024  # bytes read from one revision
MAX_FILES = 50_000
TIMEOUT = 120.0  # seconds one git command may take
INPUTS = ("catalog", "layouts", "fonts")  # what a build reads from a project
SHA = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")
POINTER_BYTES = 64 * 1024  # the most read of `alternates`, `commondir` or `config`
# What opens every section of a git configuration file that makes git read another file:
# `[include]` and `[includeIf "…"]`. Git takes a section's name from the characters right
# after its `[` (no space may come between), lowercased as ASCII; a header may begin a
# line, follow spaces, or follow another header on the same line (`[core][include]`), so
# the bytes are searched everywhere, not only at the start of a line (see `_includes`).
INCLUDE = re.compile(rb"\[include", re.IGNORECASE)  # a bytes pattern: ASCII case only


class RevisionError(Exception):
    """A revision that cannot be read; the message says why in plain words."""


def _inside(real: str, base: str) -> bool:
    return real == base or real.startswith(base.rstrip(os.sep) + os.sep)


def _small_text(path: Path, project: Path) -> str:
    """One of the repository's small pointer files, read through the door of
    `cardstock.core.files` (a regular file inside the project)."""
    try:
        return read_text(path, project, limit=POINTER_BYTES)
    except Unreadable as exc:
        raise RevisionError(f"{shown(path, project)}: cannot be read: {exc}") from None


def _includes(folder: Path, project: Path) -> None:
    """No configuration file git reads from the repository folder `folder` (`config`,
    `config.worktree`) makes git read another file.

    Git offers no way to turn includes off for a repository's own configuration: the
    environment leaves out only the system's and the user's files (`GIT_CONFIG_NOSYSTEM`,
    `GIT_CONFIG_GLOBAL`), and `--no-includes` is an option of the command `git config`
    alone. So the file is searched, as bytes, for every place such a section can open
    (`INCLUDE`), and one found anywhere is refused at its line, even inside a comment or
    a value: a harmless file refused is a smaller loss than a parser of cardstock's own
    that could read the file otherwise than git does."""
    for name in ("config", "config.worktree"):
        config = folder / name
        if not present(config):
            continue
        try:
            data = read_bytes(config, project, limit=POINTER_BYTES)
        except Unreadable as exc:
            raise RevisionError(f"{shown(config, project)}: cannot be read: {exc}") from None
        found = INCLUDE.search(data)
        if found is not None:
            number = data.count(b"\n", 0, found.start()) + 1
            raise RevisionError(
                f"{shown(config, project)}:{number}: includes configuration from another "
                "file ([include] or [includeIf], wherever it stands on the line, in any "
                "case), which cardstock does not read"
            )


def _links_stay_inside(folder: Path, project: Path) -> None:
    """Every link under `folder` leads inside `project`, and nothing there is a pipe, a
    device or a socket (git would wait on a pipe)."""
    real_project = os.path.realpath(project)
    pending = [folder]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                path = Path(entry.path)
                if entry.is_symlink():
                    if not _inside(os.path.realpath(path), real_project):
                        raise RevisionError(
                            f"{shown(path, project)} is a link that leads out of the project; "
                            "cardstock reads only a repository inside the project"
                        )
                elif entry.is_dir():
                    pending.append(path)
                elif not entry.is_file():
                    raise RevisionError(
                        f"{shown(path, project)} is not a regular file (a pipe, a device or a "
                        "socket)"
                    )


def _pointed(line: str, base: Path) -> str:
    """The folder a line of `alternates` or `commondir` names (relative to `base`), resolved;
    a C-quoted path git cannot have written is taken for the root folder, outside any
    project."""
    if line.startswith('"'):  # a path with unusual characters, quoted as git quotes it
        try:
            raw = line[1:-1].encode("utf-8").decode("unicode_escape").encode("latin-1")
            line = raw.decode("utf-8", "surrogateescape")
        except (UnicodeError, ValueError):
            return os.path.realpath(os.sep)
    return os.path.realpath(base / line)


def _objects_stay_inside(objects: Path, project: Path, seen: set[str]) -> None:
    """The object folder `objects` borrows objects from no folder outside `project`
    (`info/alternates`, followed as far as git follows it)."""
    alternates = objects / "info" / "alternates"
    if not present(alternates):
        return
    real_project = os.path.realpath(project)
    for number, line in enumerate(_small_text(alternates, project).splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        real = _pointed(line, objects)
        if not _inside(real, real_project):
            raise RevisionError(
                f"{shown(alternates, project)}:{number}: borrows objects from a folder outside "
                "the project; cardstock reads only a repository inside the project"
            )
        if real not in seen and os.path.isdir(real):
            seen.add(real)
            _links_stay_inside(Path(real), project)
            _objects_stay_inside(Path(real), project, seen)


def own_repository(root: Path) -> Path:
    """The project's own repository, the folder `.git` at its top, once it is seen to hold
    nothing from outside the project (see the module's docstring); a RevisionError names
    what is wrong and where."""
    project = Path(os.path.realpath(root))
    repo = project / ".git"
    where = shown(repo, project)
    if os.path.islink(repo):
        raise RevisionError(
            f"{where} is a link; cardstock reads only a .git folder inside the project"
        )
    if os.path.isfile(repo):
        raise RevisionError(
            f"{where} is a file naming a repository elsewhere (a linked worktree or a "
            "submodule); cardstock reads only a .git folder inside the project"
        )
    if not present(repo):
        raise RevisionError(f"{where}: the project has no git repository of its own")
    if not os.path.isdir(repo):
        raise RevisionError(f"{where} is not a folder")
    _links_stay_inside(repo, project)
    folders = [repo]  # the repository's folders whose settings and objects git reads
    common = repo / "commondir"
    if present(common):
        shared = _pointed(_small_text(common, project).strip(), repo)
        if not _inside(shared, str(project)):
            raise RevisionError(
                f"{shown(common, project)}:1: names a repository outside the project; "
                "cardstock reads only a repository inside the project"
            )
        if shared != str(repo) and os.path.isdir(shared):  # git reads its config too
            _links_stay_inside(Path(shared), project)
            folders.append(Path(shared))
    for folder in folders:
        _objects_stay_inside(folder / "objects", project, set())
        _includes(folder, project)
    return repo


def _env(repo: Path) -> dict[str, str]:
    """The environment git runs in: the repository, its work tree and ceiling named, the
    user's and the system's configuration left out, no transport allowed."""
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "SYSTEMROOT", "TMPDIR") if k in os.environ}
    return {
        **keep,
        "GIT_DIR": str(repo),
        "GIT_WORK_TREE": str(repo.parent),
        "GIT_CEILING_DIRECTORIES": str(repo.parent),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_ALLOW_PROTOCOL": "",  # an empty list: no transport, whatever the settings say
        "GIT_NO_LAZY_FETCH": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_PAGER": "cat",
        "LC_ALL": "C",
    }


def _git(root: Path, args: Sequence[str], *, stdin: bytes = b"", limit: int = 1 << 20) -> bytes:
    """Run `git <args>` on the project `root`'s own repository; its output, at most `limit`
    bytes."""
    repo = own_repository(root)
    git = shutil.which("git")
    if git is None:
        raise RevisionError(
            "git is not installed, so a git revision cannot be read; "
            "give a saved manifest.json instead"
        )
    command = [
        git,
        "--no-pager",
        "-c",
        "core.fsmonitor=false",
        "-c",
        f"core.hooksPath={os.devnull}",
        "-c",
        "core.untrackedCache=false",
        *args,
    ]
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as said:
        given.write(stdin)
        given.seek(0)
        try:
            proc = subprocess.Popen(
                command,
                cwd=repo.parent,
                stdin=given,
                stdout=subprocess.PIPE,
                stderr=said,
                env=_env(repo),
            )
        except OSError as exc:
            raise RevisionError(f"git cannot be run: {exc.strerror or exc}") from None
        assert proc.stdout is not None
        chunks: list[bytes] = []
        size = 0
        stopped: list[bool] = []

        def stop() -> None:  # a git that hangs is stopped, even while it is read
            stopped.append(True)
            proc.kill()

        watchdog = threading.Timer(TIMEOUT, stop)
        watchdog.start()
        try:
            while True:  # read at most `limit` bytes, then stop git
                chunk = proc.stdout.read(min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    proc.kill()
                    raise RevisionError(f"git said more than the {limit:,} bytes cardstock reads")
            code = proc.wait()
        finally:
            watchdog.cancel()
            proc.stdout.close()
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        if stopped:
            raise RevisionError(f"git took more than {TIMEOUT:.0f}s")
        if code != 0:
            said.seek(0)
            lines = said.read(4096).decode("utf-8", "replace").strip().splitlines()
            errors = [x for x in lines if not x.startswith("warning: ")] or lines
            raise RevisionError(
                errors[0].removeprefix("fatal: ") if errors else f"git exited with status {code}"
            )
    return b"".join(chunks)


def resolve(root: Path, ref: str) -> str:
    """The commit `ref` names in the project `root`'s own repository (a RevisionError when
    it names none, or the project has no repository of its own)."""
    if not ref or ref.startswith("-") or any(c in ref for c in "\0\n"):
        raise RevisionError(f"{ref!r} is not a revision")
    out = (
        _git(root, ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"])
        .decode("ascii", "replace")
        .strip()
    )
    if not SHA.match(out):
        raise RevisionError(f"no commit is named {ref!r}")
    return out


def files_at(root: Path, commit: str, folders: Sequence[str] = INPUTS) -> dict[str, bytes]:
    """Path (relative to `root`, posix) → bytes of every regular file under `folders` at
    `commit` (a full commit id, as `resolve` gives)."""
    if not SHA.match(commit):
        raise RevisionError(f"{commit!r} is not a commit id")
    listing = _git(root, ["ls-tree", "-r", "-z", "-l", commit, "--", *folders], limit=64 << 20)
    blobs: list[tuple[str, str, int]] = []
    total = 0
    for record in listing.split(b"\0"):
        if not record:
            continue
        head, _, name = record.partition(b"\t")
        mode, kind, sha, length = head.decode("ascii").split()
        path = name.decode("utf-8", "surrogateescape")
        if kind != "blob" or mode not in ("100644", "100755"):  # links and submodules are left out
            continue
        parts = PurePosixPath(path).parts
        if (
            not parts
            or PurePosixPath(path).is_absolute()
            or ".." in parts
            or parts[0] not in folders
        ):
            continue
        if int(length) > MAX_BYTES:
            raise RevisionError(
                f"{path} is larger than the {MAX_BYTES >> 20} MB cardstock reads from one file"
            )
        total += int(length)
        blobs.append((path, sha, int(length)))
    if total > MAX_TOTAL or len(blobs) > MAX_FILES:
        raise RevisionError(
            f"the revision holds more than cardstock reads ({len(blobs)} files, {total >> 20} MB)"
        )
    if not blobs:
        return {}
    data = _git(
        root,
        ["cat-file", "--batch"],
        stdin="".join(f"{sha}\n" for _, sha, _ in blobs).encode("ascii"),
        limit=total + 200 * len(blobs),
    )
    out: dict[str, bytes] = {}
    at = 0
    for path, sha, size in blobs:
        end = data.index(b"\n", at)
        header = data[at:end].split()
        if len(header) != 3 or header[0].decode("ascii") != sha or int(header[2]) != size:
            raise RevisionError(f"git gave something else than {path}")
        out[path] = data[end + 1 : end + 1 + size]
        at = end + 1 + size + 1
    return out


def materialise(root: Path, ref: str, dest: Path) -> str:
    """The project's inputs at `ref` written into `dest` (an empty folder); the commit."""
    commit = resolve(root, ref)
    for path, data in files_at(root, commit).items():
        target = dest.joinpath(*PurePosixPath(path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return commit


__all__ = ["INPUTS", "RevisionError", "files_at", "materialise", "own_repository", "resolve"]
