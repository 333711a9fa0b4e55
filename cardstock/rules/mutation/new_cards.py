"""The **added** edits: a card the designer adds, whose prose turns a rule round.

For each row of a component table with more than one copy whose prose (a cell of more than
three words) restates a rule (a word of the vocabulary standing where the `says` of a rule
fact that names no place of its own puts its value, `prose_contradictions.rule_words`: a
fact that names its places states its rule there), one edit adds a card right after it:
the same row under a new id and name (`-new`, " New"), one copy, the first such word turned
round so that the new card says the fact's opposite, and one copy fewer of the row it comes
from, so that every count and total holds. A word turned in a card's own ability is not
edited: a new card's ability is the designer's, and turning it contradicts nothing stated.
No fact lists the new card by its id, so only a check that reads every card's prose can
catch it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..player_texts import Region, records
from .changes import Change, Edit

# a cell's edits of words: `edits.word_edits` with the game's vocabulary
Turned = Callable[[Region], Iterable[Edit]]
# whether a text says a rule fact's opposite where the fact's `says` puts its value
Contradicts = Callable[[str], bool]


def _prose(region: Region) -> bool:
    return not region.number and len(region.text.split()) > 3


def new_card_edits(
    tables: list[tuple[Path, str, str]],
    regions: list[Region],
    turned: Turned,
    contradicts: Contradicts,
) -> Iterable[Edit]:
    """One new card after each row of more than one copy that has prose to turn (see the
    module's docstring), in table and row order."""
    by_row: dict[tuple[Path, str], list[Region]] = {}
    for r in regions:
        if r.row_id is not None:
            by_row.setdefault((r.path, r.row_id), []).append(r)
    for path, shown, text in tables:
        found = records(text, ",")
        if not found:
            continue
        header = [text[a:b].strip() for a, b in found[0]]
        if not {"id", "name", "count"} <= set(header):
            continue
        at = {c: header.index(c) for c in ("id", "name", "count")}
        for spans in found[1:]:
            if len(spans) != len(header):
                continue
            row_id = text[slice(*spans[at["id"]])].strip()
            count = text[slice(*spans[at["count"]])].strip()
            if not count.isdigit() or int(count) < 2:
                continue
            edit = next(
                (
                    e
                    for r in by_row.get((path, row_id), [])
                    if _prose(r) and not contradicts(r.text)
                    for e in turned(r)
                    if contradicts(_edited(r, e))
                ),
                None,
            )
            if edit is not None:
                yield _added(path, shown, text, spans, at, edit)


def _edited(region: Region, edit: Edit) -> str:
    """The region's text with the edit's one change made."""
    (c,) = edit.changes
    a, b = c.start - region.start, c.end - region.start
    return region.text[:a] + c.new + region.text[b:]


def _added(
    path: Path,
    shown: str,
    text: str,
    spans: list[tuple[int, int]],
    at: dict[str, int],
    edit: Edit,
) -> Edit:
    """The row of `spans` written again after itself as a new card with `edit`'s change
    made in it, and its own count one fewer."""
    start = text.rfind("\n", 0, spans[0][0]) + 1
    end = spans[-1][1] + (1 if spans[-1][1] < len(text) and text[spans[-1][1]] == '"' else 0)
    (change,) = edit.changes
    new = {
        at["id"]: text[slice(*spans[at["id"]])].strip() + "-new",
        at["name"]: text[slice(*spans[at["name"]])].strip() + " New",
        at["count"]: "1",
    }
    row = ""
    for k in range(len(spans) - 1, -1, -1):  # from the end, so the offsets before hold
        a, b = spans[k]
        cell = text[a:b]
        if k in new:
            cell = new[k]
        elif a <= change.start and change.end <= b:
            cell = text[a : change.start] + change.new + text[change.end : b]
        row = cell + text[b : spans[k + 1][0] if k + 1 < len(spans) else end] + row
    row = text[start : spans[0][0]] + row
    count = int(text[slice(*spans[at["count"]])].strip())
    a, b = spans[at["count"]]
    name = text[slice(*spans[at["name"]])].strip()
    return Edit(
        "added",
        shown,
        edit.line,
        f"a card added after {name} ({edit.where})",
        edit.before,
        edit.after,
        (Change(path, a, b, str(count - 1)), Change(path, end, end, "\n" + row)),
        edit.context,
    )


__all__ = ["new_card_edits"]
