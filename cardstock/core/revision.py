"""A project's files as they were at a git revision, read through `git` itself.

A project may come from someone else, and its repository with it, so git is run as a
plain reader:

- a fixed program and fixed arguments (`rev-parse`, `ls-tree`, `cat-file --batch`), never
  a shell; the revision is passed after `--end-of-options` and may not start with `-`;
- none of these commands runs a hook, a filter, a text conversion or a pager; the
  repository's own settings that could run a program on a read (`core.fsmonitor`,
  `core.hooksPath`) are overridden on the command line, the user's and the system's
  configuration files are not read, and the environment holds only what git needs;
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

from .files import MAX_BYTES

MAX_TOTAL = 512 * 1024 * 1024  # bytes read from one revision
MAX_FILES = 50_000
TIMEOUT = 120.0  # seconds one git command may take
INPUTS = ("catalog", "layouts", "fonts")  # what a build reads from a project
SHA = re.compile(r"^[0-9a-f]{40}(?:[0-9a-f]{24})?$")


class RevisionError(Exception):
    """A revision that cannot be read; the message says why in plain words."""


def _env() -> dict[str, str]:
    keep = {k: os.environ[k] for k in ("PATH", "HOME", "SYSTEMROOT", "TMPDIR") if k in os.environ}
    return {
        **keep,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_PAGER": "cat",
        "LC_ALL": "C",
    }


def _git(root: Path, args: Sequence[str], *, stdin: bytes = b"", limit: int = 1 << 20) -> bytes:
    """Run `git <args>` in `root`; its output, at most `limit` bytes."""
    git = shutil.which("git")
    if git is None:
        raise RevisionError(
            "git is not installed, so a git revision cannot be read; give a saved manifest.json instead"
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
                command, cwd=root, stdin=given, stdout=subprocess.PIPE, stderr=said, env=_env()
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
            raise RevisionError(
                lines[0].removeprefix("fatal: ") if lines else f"git exited with status {code}"
            )
    return b"".join(chunks)


def resolve(root: Path, ref: str) -> str:
    """The commit `ref` names in the repository holding `root` (a RevisionError when it
    names none, or `root` is in no repository)."""
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


__all__ = ["INPUTS", "RevisionError", "files_at", "materialise", "resolve"]
