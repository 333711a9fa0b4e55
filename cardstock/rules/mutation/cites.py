"""The `cite` edits: a rule's cited source line moved to the next line of the source that
has words and does not state what the rule states (a number, a name it gives as the
source's), as a designer who miscounted lines would cite it.

A cite is held to its lines wherever the source is present (`provenance.coverage`): the
numbers and names a rule states must be on the lines it cites. Only such cites are edited:
a rule that states neither (a paraphrase alone), or states a designer's value (`choice`),
is held to no line, and its cite is a pointer for a reader that no check can prove wrong.
A game whose source cannot be found (no seed in the folder `check --sources` or
`$CARDSTOCK_SOURCES` names, the project's `sources/` or `../shared/seeds/`) gets no cite
edits, and a cite into another source (`cite.seed`) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..player_texts import Sources
from ..provenance.coverage import Statement, line_numbers, statements
from ..reading.phrases import words_of
from ..sources import SourceText, load_source, sources_folder
from .changes import Change, Edit

if TYPE_CHECKING:
    from ...catalog.load import Catalog

# a `cite = { … line = N … }` inline table (its `line` number is group 1)
_CITE = re.compile(r"\bcite\s*=\s*\{([^{}]*?)\bline\s*=\s*(\d+)([^{}]*)\}")


def _source(catalog: Catalog, folder: Path | None) -> SourceText | None:
    """The game's source rulebook, from the sources `folder` (`check --sources`) or where
    `sources_folder` looks; None when it cannot be had."""
    rules = catalog.rules
    if rules is None or not (rules.seed or rules.text):
        return None
    text, _ = load_source(
        rules.seed or rules.text or "",
        own=rules.text_path,
        root=catalog.root,
        folder=sources_folder(folder),
    )
    return text


def moved_to(source: SourceText, st: Statement) -> int | None:
    """The first line after the rule's cited line (else before it) that has words, is not
    one of its cited lines, and leaves one of the rule's numbers or names unstated once it
    stands in the cited line's place; None when every such line states them all."""
    line = st.lines[0]
    others = " ".join(source.line(n) or "" for n in st.lines[1:])
    order: list[int] = [*range(line + 1, len(source.lines) + 1), *range(line - 1, 0, -1)]
    for k in order:
        said = source.line(k) or ""
        if k in st.lines or not said.strip():
            continue
        text = f"{said} {others}"
        have, plain = line_numbers(text), words_of(text)
        if any(n not in have for n in st.numbers) or any(
            not _holds(plain, words_of(name)) for name in st.checked_names
        ):
            return k
    return None


def _holds(plain: list[str], name: list[str]) -> bool:
    return any(plain[i : i + len(name)] == name for i in range(len(plain) - len(name) + 1))


def cite_edits(catalog: Catalog, sources: Sources, folder: Path | None = None) -> Iterable[Edit]:
    """Each cite of a rule held to its line, moved to a line that does not state it; the
    source read from the sources `folder` (`check --sources`) when one is given."""
    source = _source(catalog, folder)
    path = catalog.folder / "rules.toml"
    text = sources.texts.get(path)
    if source is None or text is None:
        return
    shown = catalog.display(path)
    starts = [0]
    for raw in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(raw))
    done: set[int] = set()
    for st in statements(catalog):
        if st.choice or st.source != source.name or st.line is None or ".claims[" in st.rule:
            continue
        if not (st.numbers or st.checked_names) or st.line > len(starts) - 1:
            continue
        m = _CITE.search(text, starts[st.line - 1])
        if m is None or m.start() in done or int(m.group(2)) != st.lines[0]:
            continue
        if re.search(r"\bseed\s*=", m.group(1) + m.group(3)):
            continue
        target = moved_to(source, st)
        if target is None:
            continue
        done.add(m.start())
        yield Edit(
            "cite",
            shown,
            text.count("\n", 0, m.start()) + 1,
            "cite line",
            str(st.lines[0]),
            str(target),
            (Change(path, m.start(2), m.end(2), str(target)),),
        )


__all__ = ["cite_edits", "moved_to"]
