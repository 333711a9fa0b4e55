"""Where a text a player reads comes from, stated once per kind of text.

rules.toml's `[provenance]` names kinds of texts by a pattern, `"FILE KEY"`, and gives the
source lines they restate:

    [provenance]
    "game.toml tables.limits.*" = [82]          # every text of that table
    "realms.csv *: text" = [12, 14]             # every card's text (a cell is "row: column")
    "rules.toml setup.*" = [25]

FILE is the file as named from the game's folder (or from the project, for a layout's
files); in KEY a `*` stands for any part of the key, every other character for itself. A
template line names its lines beside it, with a comment at its start that prints nothing:
`{# source 12, 14 #}`. A rule fact's value restates what its fact's `cite` names. A text
that no pattern and no comment names is the designer's own. A text's words are never
copied: editing one changes nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.issues import Issue
from ..sources import load_source
from .texts import Text, texts

if TYPE_CHECKING:
    from ...catalog.load import Catalog

_SOURCE = re.compile(r"^\{#\s*source\s+([\d,\s]+?)\s*#\}")
_FACT_VALUE = re.compile(r"^facts\[([^\]]+)\]\.value")


@dataclass(frozen=True)
class Stated:
    """A text's provenance: the source lines it restates (none: the designer's own), and
    what states it (a `[provenance]` pattern, a template comment, a fact's cite)."""

    cites: tuple[int, ...]
    by: str

    @property
    def own(self) -> bool:
        return not self.cites

    def shown(self, source: str | None) -> str:
        if self.own:
            return "the designer's own"
        lines = ", ".join(str(n) for n in self.cites)
        plural = "s" if len(self.cites) > 1 else ""
        return f"restates {source or 'the source'} line{plural} {lines} ({self.by})"


OWN = Stated((), "named by no provenance")


def pattern(key: str) -> re.Pattern[str]:
    """A `[provenance]` key's KEY part as a regular expression: `*` is any part of a key."""
    return re.compile("^" + ".*".join(re.escape(p) for p in key.split("*")) + "$")


def split(entry: str) -> tuple[str, str]:
    """A `[provenance]` key as its file and its key pattern (no key: every text there)."""
    file, _, key = entry.strip().partition(" ")
    return file, key.strip() or "*"


def _file_matches(file: str, at: str) -> bool:
    return at == file or at.endswith("/" + file)


def template_cites(line: str) -> tuple[int, ...]:
    """The source lines a template line's leading `{# source … #}` comment names."""
    m = _SOURCE.match(line)
    if m is None:
        return ()
    return tuple(int(n) for n in re.findall(r"\d+", m.group(1)))


def _fact_cites(catalog: Catalog) -> dict[str, tuple[int, ...]]:
    """Each rule fact's cited lines, by the name its value's key gives it (its `id`)."""
    return {
        str(loc.rule.id if loc.rule.id else i): tuple(loc.rule.cite.lines)
        for i, loc in enumerate(catalog.rules.facts)
        if getattr(loc.rule, "cite", None) is not None
    }


def provenance(catalog: Catalog) -> Callable[[Text], Stated]:
    """How to find a text's provenance in `catalog` (`OWN` when nothing names it)."""
    rules = catalog.rules
    entries = [
        (split(k), pattern(split(k)[1]), tuple(v), rules.provenance_line(k))
        for k, v in (rules.provenance.items() if rules is not None else [])
    ]
    facts = _fact_cites(catalog) if rules is not None else {}
    lines: dict[str, list[str]] = {}

    def template_line(t: Text) -> tuple[int, ...]:
        if t.at not in lines:
            path = catalog.root / t.at
            lines[t.at] = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
        held = lines[t.at]
        return template_cites(held[t.line - 1]) if t.line and t.line <= len(held) else ()

    def of(t: Text) -> Stated:
        if t.key is None:
            cites = template_line(t)
            return Stated(cites, f"{t.at}:{t.line}") if cites else OWN
        for (file, _), key_re, cites, line in entries:
            if _file_matches(file, t.at) and key_re.match(t.key):
                return Stated(cites, f"{rules.file}:{line}" if line else rules.file)
        m = _FACT_VALUE.match(t.key)
        if m is not None and m.group(1) in facts:
            return Stated(facts[m.group(1)], f"fact '{m.group(1)}'")
        return OWN

    return of


def cited_at(catalog: Catalog) -> dict[tuple[str, int], list[tuple[str | None, list[int], str]]]:
    """The texts that restate source lines, by the file and line each is at: (its key, the
    lines it restates, what it says). `check --coverage --mutate`: a caught edit of one
    checks the lines it restates, and the names it states of them."""
    if catalog.rules is None:
        return {}
    of = provenance(catalog)
    out: dict[tuple[str, int], list[tuple[str | None, list[int], str]]] = {}
    for t in texts(catalog):
        stated = of(t)
        if t.line is not None and stated.cites:
            out.setdefault((t.at, t.line), []).append((t.key, list(stated.cites), t.says))
    return out


def problems(catalog: Catalog, folder: Path | None) -> list[Issue]:
    """What the game's provenance states wrongly: a line past the source's end, in a
    `[provenance]` entry or a template's comment (with a source at hand)."""
    rules = catalog.rules
    name = rules.text or rules.seed
    if not name:
        return []
    source = load_source(name, own=rules.text_path, root=catalog.root, folder=folder)[0]
    if source is None:
        return []
    out: list[Issue] = []
    stated: Iterable[tuple[str, int | None, str, tuple[int, ...]]] = [
        (rules.file, rules.provenance_line(k), f"provenance.{k}", tuple(v))
        for k, v in rules.provenance.items()
    ]
    of = provenance(catalog)
    stated = [
        *stated,
        *((t.at, t.line, "source", of(t).cites) for t in texts(catalog) if t.key is None),
    ]
    for at, line, key, cites in stated:
        past = [n for n in cites if source.line(n) is None]
        if past:
            out.append(
                Issue(
                    at,
                    line,
                    key,
                    f"line {past[0]} is past the end of {source.name} ({len(source.lines)} lines)",
                )
            )
    return out


__all__ = ["OWN", "Stated", "cited_at", "pattern", "problems", "provenance", "split"]
