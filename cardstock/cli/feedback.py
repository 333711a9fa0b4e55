"""`cardstock feedback`: playtesters' notes, listed by card, and imported from a form's export
(docs/playtest.md, "Playtest notes").

    cardstock feedback [GAME...]                     the cards with open notes, most first
    cardstock feedback --import FORM.csv [--game G]  keep a form's rows in playtest/feedback/

An import reads the export where it lies (it is the designer's own download), a row at a
time (`catalog.streamed`), keeps the rows that hold up and writes them to
`playtest/feedback/<FORM's name>.csv`; each row left out is reported once, located in the
export, and so is each note made on an older version of its card (kept, and shown as such
wherever notes are shown). A kept file of that name is added to only when it has the
header an import writes: one with other columns (a file the designer keeps by hand) is
left as it is and the import refused, so a kept file never holds rows its header does not
name. So is an import that would take the folder past what a read of it holds (its files,
their bytes and rows in all, the kept file's rows: `catalog.feedback.past_bounds`), at the
export's row that passes the bound: the next build would refuse the folder.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..catalog.feedback import (
    FOLDER,
    MAX_ROWS,
    Note,
    Scope,
    card_ids,
    notes_csv,
    notes_from,
    past_bounds,
    read_notes,
    stale,
)
from ..catalog.streamed import streamed_table
from ..catalog.tables import read_table, sniff_delimiter
from ..core.files import Unreadable, issue, read_bytes
from ..core.issues import Issue, Issues, escaped
from ..core.names import child, plain_name
from ..core.output import write_atomic
from ..init import first_link
from .common import EXIT_INPUT, EXIT_OK, load_catalogs, print_issues

if TYPE_CHECKING:
    from ..catalog.cells import Table
    from ..catalog.load import Catalog


def versions(catalogs: Sequence[Catalog]) -> dict[tuple[str, str], str]:
    """(game, card) → the version its front's mark prints now (cards without one left out):
    the faces are laid out, as a build lays them out."""
    from ..layout.faces import Faces

    out: dict[tuple[str, str], str] = {}
    for cat in catalogs:
        faces = Faces(cat)
        for record in faces.records.each():
            face = faces.outline(record, "front")
            if face is not None and face.version:
                out[(cat.id, record.shown.component.id)] = face.version
    return out


def cmd_feedback(args: argparse.Namespace) -> int:
    catalogs, code = load_catalogs(args, args.games or None)
    if code:
        return code
    if args.import_file is not None:
        return _import(args, catalogs)
    notes, problems = read_notes(args.root, catalogs)
    if problems:
        print_issues(problems)
        if any(p.level == "error" for p in problems):
            return EXIT_INPUT
    asked = {c.id for c in catalogs}
    notes = [n for n in notes if n.game in asked]
    now = versions(catalogs)
    if args.json:
        json.dump(_listing(catalogs, notes, now), sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
        return EXIT_OK
    _print_listing(catalogs, notes, now)
    return EXIT_OK


def _listing(
    catalogs: Sequence[Catalog], notes: Sequence[Note], now: dict[tuple[str, str], str]
) -> list[dict[str, object]]:
    """Each card with notes: its game, id, name, version now and notes, most open first."""
    names = {(c.id, comp.id): comp.name for c in catalogs for comp in c.components}
    by_card: dict[tuple[str, str], list[Note]] = {}
    for n in notes:
        by_card.setdefault((n.game, n.card), []).append(n)
    opened = Counter({k: sum(n.open for n in v) for k, v in by_card.items()})
    order = sorted(by_card, key=lambda k: (-opened[k], k))
    return [
        {
            "game": game,
            "card": card,
            "name": names.get((game, card), card),
            "version": now.get((game, card), ""),
            "open": opened[(game, card)],
            "notes": [
                {
                    "who": n.who,
                    "when": n.when,
                    "note": n.text,
                    "tags": list(n.tags),
                    "status": n.status,
                    "version": n.version,
                    "older": stale(n, now),
                    "at": f"{n.file}:{n.line}",
                }
                for n in by_card[(game, card)]
            ],
        }
        for game, card in order
    ]


def _print_listing(
    catalogs: Sequence[Catalog], notes: Sequence[Note], now: dict[tuple[str, str], str]
) -> None:
    listing = _listing(catalogs, notes, now)
    if not listing:
        print(f"no playtest notes (keep them in {FOLDER}/, or `cardstock feedback --import`)")
        return
    for card in listing:
        entries = card["notes"]
        assert isinstance(entries, list)
        print(
            escaped(
                f"{card['game']}/{card['card']}  {card['name']}  "
                f"(v {card['version'] or 'unmarked'}): {card['open']} open of {len(entries)}"
            )
        )
        for n in entries:
            older = f", older version {n['version']}" if n["older"] else ""
            tags = f" [{', '.join(n['tags'])}]" if n["tags"] else ""
            who = " ".join(str(x) for x in (n["who"], n["when"]) if x)
            status = "" if n["status"] == "open" else f" ({n['status']})"
            print(escaped(f"  - {who or 'someone'}{older}{status}: {n['note']}{tags}"))


def _import(args: argparse.Namespace, catalogs: Sequence[Catalog]) -> int:
    source = Path(args.import_file)
    shown = str(args.import_file)
    issues = Issues()
    game = args.game
    if game is not None and game not in {c.id for c in catalogs}:
        print_issues([Issue("--game", None, "", f"no game {game!r} among those read")])
        return EXIT_INPUT
    bad = plain_name(f"{source.stem}.csv")  # the notes are kept under the export's name
    if bad is not None:
        print_issues([Issue(shown, None, "", f"cannot keep notes under this name: {bad}")])
        return EXIT_INPUT
    mapping = next(
        (
            dict(c.game.playtest.columns)
            for c in catalogs
            if (game is None or c.id == game) and c.game.playtest.columns
        ),
        {},
    )
    left_out = Issues()
    # the export's rows are read as the notes are made of them: only those kept are held
    with streamed_table(
        source.resolve(), shown, source.resolve().parent, issues, MAX_ROWS + 1
    ) as table:
        found = (
            []
            if table is None
            else notes_from(table, card_ids(catalogs), left_out, mapping, Scope(game))
        )
        unreadable = table is None or table.failed
    if unreadable:
        print_issues(issues)
        return EXIT_INPUT
    if not found:  # nothing to keep: every problem is the export's, and nothing is written
        print_issues(list(left_out) or [Issue(shown, None, "", "no notes to import")])
        return EXIT_INPUT
    now = versions([c for c in catalogs if any(n.game == c.id for n in found)])
    reports = [
        Issue(i.file, i.line, i.field, f"left out: {i.message}", "warning") for i in left_out
    ]
    for n in found:
        if stale(n, now):
            reports.append(
                Issue(
                    n.file,
                    n.line,
                    "version",
                    f"made on an older version of {n.card} ({n.version}; it prints "
                    f"{now[(n.game, n.card)]} now): kept, and shown as on an older version",
                    "warning",
                )
            )
    reports.sort(key=lambda i: (i.line or 0, i.field))
    return _keep(args.root, source, found, len(left_out), reports, catalogs)


# the header of the file an import writes, one line: `game,card,version,…`
IMPORT_HEADER = notes_csv([]).decode("utf-8").rstrip("\n")


def _keep(
    root: Path,
    source: Path,
    found: list[Note],
    left_out: int,
    reports: list[Issue],
    catalogs: Sequence[Catalog],
) -> int:
    """Append the notes not kept yet to `playtest/feedback/<source's name>.csv`; the rows
    the file holds already stay as they are. A file there that cannot be read, or whose
    header is not the one an import writes, is left as it is and the import refused; so is
    an import that would take the folder past what its read holds (`past_bounds`).
    `reports` (on the export's rows) are said first, with the refusal if there is one."""
    target = child(root / FOLDER, f"{source.stem}.csv")
    shown = f"{FOLDER}/{target.name}"
    if first_link(root, [f"{FOLDER}/{target.name}"]) is not None:
        print_issues(
            [
                *reports,
                Issue(shown, None, "", "is a link: cardstock writes notes only into the project"),
            ]
        )
        return EXIT_INPUT
    if target.exists() and not target.is_file():
        print_issues(
            [*reports, Issue(shown, None, "", "is not a file: the notes are kept in a file")]
        )
        return EXIT_INPUT
    before = b""
    have: set[tuple[str, ...]] = set()
    held = 0  # the kept file's rows
    if target.is_file():
        try:
            before = read_bytes(target, root)
        except Unreadable as exc:
            print_issues([*reports, issue(shown, exc)])
            return EXIT_INPUT
    if before.strip():
        problems = Issues()
        table = read_table(target, shown, None, problems, root)
        wrong = _kept_header_problem(before, table, shown) if table is not None else None
        if table is None or wrong is not None:
            said = [wrong] if wrong is not None else list(problems)
            print_issues([*reports, *said])
            return EXIT_INPUT
        have = {_same(n) for n in notes_from(table, card_ids(catalogs), Issues())}
        held = len(table.rows)
    new = [n for n in found if _same(n) not in have]
    # what the file holds before the new rows: its rows, or the header an import writes
    head = (before if before.endswith(b"\n") else before + b"\n") if before.strip() else b""
    head = head or notes_csv([])
    refused = past_bounds(root, target, len(head), held, new)
    if refused is not None:
        print_issues([*reports, refused])
        return EXIT_INPUT
    if reports:
        print_issues(reports)
    data = head + notes_csv(new).split(b"\n", 1)[1]  # the rows without their header
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, data)
    print(
        f"imported {len(new)} note{'s' if len(new) != 1 else ''} into {shown} "
        f"({len(found) - len(new)} there already, {left_out} left out)"
    )
    return EXIT_OK


def _kept_header_problem(before: bytes, table: Table, shown: str) -> Issue | None:
    """Why the rows an import writes cannot be added to the kept file `before` (read as
    `table`): its header is not `IMPORT_HEADER` (other columns, another order, another
    separator), which it names beside the import's; None when they can."""
    lines = before.decode("utf-8-sig").split("\n")
    written = lines[table.header_line - 1].strip() if table.header_line <= len(lines) else ""
    if sniff_delimiter(written, ".csv") == "," and table.columns == IMPORT_HEADER.split(","):
        return None
    return Issue(
        shown,
        table.header_line,
        "",
        f"the kept file's header is {written[:200]!r}, but an import writes "
        f"{IMPORT_HEADER!r}: nothing was imported, and the file is left as it is. Rename "
        "the export (its notes are kept under its name) or give the file the import's header",
    )


def _same(n: Note) -> tuple[str, ...]:
    return (n.game, n.card, n.version, n.who, n.when, n.text)
