"""`cardstock init [DIR] [--name GAME]`: write a small, complete project to start from.

The starter project ships inside the package (`cardstock/starter/`): a deck from a CSV with
art, an icon of the game's own, a back, a `rules.toml` and a rulebook template. `--bare`
writes `cardstock/bare/` instead: a commented game file with a back and one set over a
one-row table, and a rulebook that lists the components, with nothing to delete (no icons,
art, rules or card layout), for a designer bringing a project of their own. It builds
and passes the rules check as written, and its comments teach the format. Nothing is
fetched. `_game_` in a path and `@GAME_ID@` / `@GAME_TITLE@` in a file become the game's
id and title. A `.gitignore` keeps what a build writes and a virtual environment out of a
first commit; one already there gains only the lines it lacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

from .catalog.fields import slugify as slug
from .core.files import Unreadable, read_bytes
from .core.issues import Issue
from .core.names import child, plain_name
from .core.output import write_atomic

PLACEHOLDER_DIR = "_game_"
GITIGNORE = ".gitignore"
# what a build writes, a virtual environment, Python's caches: never part of the project
IGNORED = ("output/", ".venv/", "__pycache__/")


def _files(
    base: Traversable, prefix: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], Traversable]]:
    out: list[tuple[tuple[str, ...], Traversable]] = []
    for entry in sorted(base.iterdir(), key=lambda e: e.name):
        if entry.name.startswith((".", "__")):
            continue
        if entry.is_dir():
            out += _files(entry, prefix + (entry.name,))
        else:
            out.append((prefix + (entry.name,), entry))
    return out


def starter_files(game_id: str, title: str, bare: bool = False) -> dict[str, bytes]:
    """The starter project's files for one game: relative path → bytes. `bare`: the bare
    one (`cardstock/bare/`), for a designer bringing tables of their own."""
    out: dict[str, bytes] = {}
    for parts, entry in _files(resources.files("cardstock") / ("bare" if bare else "starter")):
        rel = "/".join(game_id if p == PLACEHOLDER_DIR else p for p in parts)
        data = entry.read_bytes()
        if rel.endswith((".toml", ".csv", ".j2", ".svg", ".md")):
            text = (
                data.decode("utf-8")
                .replace("@GAME_ID@", game_id)
                .replace("@GAME_TITLE@", _toml_safe(title))
            )
            data = text.encode("utf-8")
        out[rel] = data
    return out


def _toml_safe(title: str) -> str:
    return title.replace("\\", "").replace('"', "'")


def _gitignore(path: Path) -> bytes | None:
    """The project's `.gitignore` with the `IGNORED` lines: a new one, or the one already
    there with the lines it lacks added at its end; None when it has them all (or is a
    link, which init never writes through)."""
    if path.is_symlink():
        return None
    try:  # through the project's one door: a regular file, bounded, inside the folder
        old = read_bytes(path, path.parent) if path.exists() else b""  # kept byte for byte
    except Unreadable:  # a folder, a pipe or a huge file named .gitignore: left alone
        return None
    have = {line.strip() for line in old.decode("utf-8", errors="replace").splitlines()}
    missing = [line for line in IGNORED if line not in have and line.rstrip("/") not in have]
    if not missing:
        return None
    head = old + (b"\n" if old and not old.endswith(b"\n") else b"")
    lines = "".join(line + "\n" for line in missing)
    return head + ("# what cardstock builds, and Python's own files\n" + lines).encode("utf-8")


def _steps(folder: Path, rel: str) -> list[Path]:
    """Each folder and the file below `folder` that writing `rel` goes through."""
    parts = Path(rel).parts
    return [folder.joinpath(*parts[: i + 1]) for i in range(len(parts))]


def first_link(folder: Path, rels: Iterable[str]) -> Path | None:
    """The first folder or file below `folder` that writing one of `rels` would go through
    and that is a link (which cardstock never writes through), or None."""
    return next((path for rel in rels for path in _steps(folder, rel) if path.is_symlink()), None)


def init_project(
    folder: Path, name: str | None, bare: bool = False
) -> tuple[list[Path], list[Issue]]:
    """Write the starter project (the bare one when `bare`) into `folder`; the files
    written, or the problems."""
    title = (name or folder.resolve().name or "My game").strip()
    game_id = slug(title)
    shown = str(folder)
    if not game_id:
        return [], [
            Issue(
                shown,
                None,
                "--name",
                f"{title!r} gives no usable game id; give a name with letters or digits",
            )
        ]
    bad = plain_name(game_id)  # the game's folder is named so
    if bad is not None:
        return [], [Issue(shown, None, "--name", f"{title!r} gives no usable game id: {bad}")]
    if name is None and title == title.lower() and "-" in title:
        title = title.replace("-", " ")
    title = title[:1].upper() + title[1:]
    files = starter_files(game_id, title, bare)
    linked = first_link(folder, files)
    if linked is not None:
        return [], [
            Issue(
                str(linked),
                None,
                "",
                "is a link: cardstock init writes only into real folders "
                "(remove the link or choose another folder)",
            )
        ]
    taken = [rel for rel in files if (folder / rel).exists()]
    if taken:
        where = child(folder / "catalog", game_id)
        return [], [
            Issue(
                str(where),
                None,
                "",
                f"a project is already there ({taken[0]} exists); choose another folder or --name",
            )
        ]
    written: list[Path] = []
    try:
        for rel, data in files.items():
            target = folder / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)
            written.append(target)
        ignore = _gitignore(folder / GITIGNORE)
        if ignore is not None:
            write_atomic(folder / GITIGNORE, ignore)
            written.append(folder / GITIGNORE)
    except OSError as exc:
        return written, [Issue(shown, None, "", f"cannot write the project: {exc.strerror or exc}")]
    return written, []
