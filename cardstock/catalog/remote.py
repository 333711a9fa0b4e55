"""Tables that live online, read from the copy pinned beside the catalog (docs/catalog-format.md,
"A table that lives online").

A set's `table` may be an https:// address (a published Google Sheet's CSV or XLSX export,
or any CSV, TSV, XLSX, JSON or YAML link). A build never goes online: it reads the copy
`cardstock pull` pinned in the game's folder, `pinned/<set id>.<type>`, as it reads any
table, and `pinned.toml` records where each copy came from, when it was pulled and the
hash of its bytes. Only `cardstock pull` (cli/pull.py) downloads, checks and replaces a
pinned copy.

    is_remote(table)                  whether a set's table is an address
    url_problem(url)                  what makes an address unusable (None: it is usable)
    read_pins(folder, root)           the game's pins, and what is wrong with pinned.toml
                                      (read bounded, its shape checked, at its lines)
    pinned_table(s, folder, root)     the pinned copy a set reads, or what stops it, and
                                      whether it is still the copy that was pulled
    edited_since(pin, folder, root)   what differs in a pinned copy changed since its pull
    file_problem(file)                what keeps a pin's `file` from naming a pinned copy
    pinned_file(folder, file)         the path of a pin's `file` (`core.names.child`)
    pins_toml(pins)                   pinned.toml's text
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..core.files import Unreadable, present, read_bytes
from ..core.files import shown as shown_path
from ..core.issues import Issue
from ..core.names import NotPlain, child, plain_name
from ..core.tomlpos import line_for, read_toml

if TYPE_CHECKING:
    from .schema import ComponentSet

PINS = "pinned.toml"  # in the game's folder
PINNED = "pinned"  # the folder of pinned copies, in the game's folder
PIN_KEYS = ("url", "file", "pulled", "sha256")  # a pin's keys in pinned.toml, all text
MAX_URL = 2048
# plain http:// is read from the designer's own machine only (a sheet served there to try)
LOOPBACK = ("localhost", "127.0.0.1", "::1")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
# a table's type by what an address says of it: its path's suffix, or the export format a
# spreadsheet service is asked for (Google Sheets: `format=csv`, `output=xlsx`)
TYPES = ("csv", "tsv", "xlsx", "json", "yaml", "yml")
FORMAT_QUERY = re.compile(r"(?:^|&)(?:format|output)=([a-z]+)(?:&|$)")


def is_remote(table: str) -> bool:
    """Whether a set's `table` names an address rather than a file of the game folder."""
    return bool(SCHEME.match(table))


def url_problem(url: str) -> str | None:
    """What makes `url` unusable as a table's address; None when it is usable."""
    if len(url) > MAX_URL:
        return f"an address of {len(url)} characters (at most {MAX_URL})"
    try:
        parts = urlsplit(url)
    except ValueError as exc:  # a bracket left open, an address that is not IPv6
        return f"the address cannot be read ({exc})"
    scheme = parts.scheme.lower()
    if scheme != "https" and not (scheme == "http" and loopback(url)):
        return (
            f"only https:// addresses are read, not {parts.scheme}:// (http:// only from "
            "this machine: localhost, 127.0.0.1 or [::1])"
        )
    if not parts.hostname:
        return "the address names no host"
    if parts.username is not None or parts.password is not None:
        return "the address holds a user name or password: share the sheet by link instead"
    if any(ord(c) < 33 or ord(c) == 127 for c in url):
        return "the address holds spaces or control characters"
    return None


def loopback(url: str) -> bool:
    """Whether `url` names this machine (`LOOPBACK`)."""
    try:
        return (urlsplit(url).hostname or "").lower() in LOOPBACK
    except ValueError:  # a port that is no number, a bracket left open
        return False


def table_type(url: str, content_type: str = "") -> str | None:
    """The table's type ("csv", "xlsx", …) by its address, else by the type the server
    gave it; None when neither says."""
    parts = urlsplit(url)
    suffix = parts.path.rsplit(".", 1)[-1].lower() if "." in parts.path.rsplit("/", 1)[-1] else ""
    if suffix in TYPES:
        return "yaml" if suffix == "yml" else suffix
    asked = FORMAT_QUERY.search(parts.query.lower())
    if asked and asked.group(1) in TYPES:
        return asked.group(1)
    kind = content_type.split(";")[0].strip().lower()
    return {
        "text/csv": "csv",
        "text/tab-separated-values": "tsv",
        "application/json": "json",
        "application/yaml": "yaml",
        "text/yaml": "yaml",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    }.get(kind)


@dataclass(frozen=True)
class Pin:
    """Where a set's pinned copy came from: its address, the file (relative to the game's
    folder), when it was pulled (UTC, ISO 8601) and the sha256 of its bytes."""

    set: str
    url: str
    file: str
    pulled: str
    sha256: str

    def age(self, now: datetime | None = None) -> str:
        """How long ago it was pulled, in words ("today", "3 days ago")."""
        try:
            then = datetime.fromisoformat(self.pulled)
        except ValueError:
            return "at an unknown time"
        days = ((now or datetime.now(UTC)) - then).days
        return "today" if days < 1 else "1 day ago" if days == 1 else f"{days} days ago"


def read_pins(folder: Path, root: Path) -> tuple[dict[str, Pin], list[Issue]]:
    """The game's pins by set id, and what is wrong with `pinned.toml` (none when absent),
    each problem at the file's line (`path:line: field: message`). The file is read as
    every TOML file is (`core.tomlpos.read_toml`: bounded before it is parsed) and its
    shape checked here: `tables` a table of tables, each with the text `url`, `file`,
    `pulled` and `sha256`. A pin with a problem is left out."""
    path = folder / PINS
    if not present(path):
        return {}, []
    shown = shown_path(path, root)
    found, problem = read_toml(path, shown, root)
    if found is None:
        return {}, [problem]
    data, lines = found
    tables = data.get("tables", {})
    if not isinstance(tables, dict):
        at = line_for(lines, ("tables",))
        said = f"is {_kind(tables)}, not a table of pins (`[tables.<set id>]`)"
        return {}, [Issue(shown, at, "tables", said)]
    pins: dict[str, Pin] = {}
    problems: list[Issue] = []
    for set_id, entry in tables.items():
        where = f"tables.{_key(set_id)}"
        at = line_for(lines, ("tables", set_id))
        if not isinstance(entry, dict):
            said = f"is {_kind(entry)}, not a table of url, file, pulled and sha256"
            problems.append(Issue(shown, at, where, said))
            continue
        values: dict[str, str] = {}
        for key in PIN_KEYS:
            value = entry.get(key)
            if key == "pulled" and isinstance(value, datetime):  # written unquoted by hand
                value = value.isoformat()
            if not isinstance(value, str):
                said = "is missing" if value is None else f"is {_kind(value)}, not text"
                line = line_for(lines, ("tables", set_id, key))
                problems.append(Issue(shown, line, f"{where}.{key}", said))
                break
            values[key] = value
        else:
            bad = file_problem(values["file"])
            if bad is not None:
                line = line_for(lines, ("tables", set_id, "file"))
                said = f"{_quoted(values['file'])}: {bad}"
                problems.append(Issue(shown, line, f"{where}.file", said))
                continue
            pins[set_id] = Pin(set_id, **values)
    return pins, problems


def _kind(value: object) -> str:
    """A value of the wrong type, as a message names it."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "a table"
    return "a list" if isinstance(value, list) else "a date or time"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:60] + "…")


def file_problem(file: str) -> str | None:
    """What keeps a pin's `file` from naming a pinned copy: it is `pinned/<plain name>`
    (`core.names.plain_name`), as `cardstock pull` writes it; None when it is one."""
    folder, _, name = file.partition("/")
    if folder != PINNED:
        return f"a pinned copy is a file of the game's {PINNED}/ folder"
    return plain_name(name)


def pinned_file(folder: Path, file: str) -> Path:
    """Where the pinned copy `file` (`pinned/<name>`) of the game at `folder` is; raises
    `core.names.NotPlain` for a file that `file_problem` refuses."""
    bad = file_problem(file)
    if bad is not None:
        raise NotPlain(f"{file!r}: {bad}")
    return child(folder / PINNED, file.partition("/")[2])


def pinned_table(
    s: ComponentSet, folder: Path, root: Path
) -> tuple[Path | None, str | None, str | None]:
    """The pinned copy set `s` reads (its table an address), or what stops it; and, for a
    copy that can be read, what differs when it is no longer the copy that was pulled (its
    bytes' sha256 not the one pinned.toml holds: `edited_since`), else None."""
    url = s.table or ""
    problem = url_problem(url)
    if problem is not None:
        return None, problem, None
    pins, problems = read_pins(folder, root)
    if problems:  # said at the set's `table`, which reads the pin: where in pinned.toml
        first = replace(
            problems[0],
            message=f"{problems[0].message} ({PINS} is written by `cardstock pull`: run "
            f"`cardstock pull {folder.name}` to write it anew)",
        )
        return None, first.render(), None
    pin = pins.get(s.id)
    if pin is None or pin.url != url:
        said = "is not pulled yet" if pin is None else "was pulled from another address"
        return None, f"the table at {url} {said}: run `cardstock pull {folder.name}`", None
    path = pinned_file(folder, pin.file)  # read_pins kept only pins whose file is plain
    if not present(path):
        return (
            None,
            f"the pinned copy {pin.file} is missing: run `cardstock pull {folder.name}`",
            None,
        )
    return path, None, edited_since(pin, path, root)


def edited_since(pin: Pin, path: Path, root: Path) -> str | None:
    """What differs when the pinned copy of `pin` (at `path`) is no longer the bytes that
    were pulled (changed by hand, or by another program): a warning's words saying how to
    settle it; None when its sha256 is the one pinned.toml holds, or when it cannot be read
    (the table's reader says why)."""
    try:
        data = read_bytes(path, root)
    except Unreadable:
        return None
    if sha256(data) == pin.sha256.lower():
        return None
    game = path.parent.parent.name
    return (
        f"differs from the copy of {pin.url} pulled {pin.pulled[:10]} (its sha256 is not "
        f"the one {PINS} holds: changed since the pull); pull again (`cardstock pull "
        f"{game}`) to read the sheet as it is, or, to keep this edit, make the table "
        "a file of the game's own (move it beside game.toml and name it in the set's "
        "`table`)"
    )


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pins_toml(pins: dict[str, Pin]) -> str:
    """`pinned.toml`'s text: a header saying what it is, then a table a pin, by set id."""
    lines = [
        "# Written by `cardstock pull`: where each pinned table came from. A build reads the",
        "# pinned copy and never goes online; pull again to take the sheet as it is now.",
    ]
    for set_id in sorted(pins):
        p = pins[set_id]
        lines += [
            "",
            f"[tables.{_key(set_id)}]",
            f"url = {_string(p.url)}",
            f"file = {_string(p.file)}",
            f"pulled = {_string(p.pulled)}",
            f"sha256 = {_string(p.sha256)}",
        ]
    return "\n".join(lines) + "\n"


def _string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _key(text: str) -> str:
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else _string(text)
