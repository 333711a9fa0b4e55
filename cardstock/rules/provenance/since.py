"""`cardstock check GAME --since REV`: every text a player reads that changed since a git
revision, with its provenance (`stated`) and the facts that hold it.

A text changed when a line it stands on differs from the file at the revision (the files
compared line by line, so a line moved or added elsewhere changes no other text); a text
the revision had and the game has no more is listed as removed, with its old words.

A fact holds a text when it names what the text is about: a template line that renders
`fact('id')`, a rule fact's own value, a fact whose parameters name the text's card (its
table row) or its game table, or whose `match` selects that card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from ...core.revision import RevisionError, files_at, resolve
from ..filters import Filter, compile_filter
from .stated import Stated, provenance
from .texts import Text, texts

_RENDERS = re.compile(r"""fact\(\s*['"]([^'"]+)['"]""")
_TABLE_KEY = re.compile(r"^tables\.([^.\[]+)")
_FACT_KEY = re.compile(r"^facts\[([^\]]+)\]")


@dataclass(frozen=True)
class Changed:
    """One text changed since the revision (`now` None: removed, `was` its old line)."""

    at: str
    line: int | None
    key: str | None
    now: str | None
    was: str | None
    stated: Stated | None
    facts: tuple[str, ...]


def _changed_lines(old: str, new: str) -> tuple[set[int], list[tuple[int, str]]]:
    """The new file's lines that differ from the old one's, and the old lines removed with
    nothing in their place (line numbers from 1)."""
    a, b = old.splitlines(), new.splitlines()
    changed: set[int] = set()
    removed: list[tuple[int, str]] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op in ("replace", "insert"):
            changed.update(range(j1 + 1, j2 + 1))
        elif op == "delete":
            removed += [(i + 1, a[i]) for i in range(i1, i2) if a[i].strip()]
    return changed, removed


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return set()


def holders(catalog: Any, lines: dict[str, list[str]]) -> Any:
    """How to find the facts that hold a text (their ids, or names when they have none)."""
    rules = catalog.rules
    facts = [loc.rule for loc in rules.facts] if rules is not None else []
    named = [(f, _strings(f.model_dump(exclude={"name", "cite", "choice"}))) for f in facts]
    by_id = {c.id: c for c in catalog.components}
    matches: dict[int, Any] = {}

    def label(f: Any) -> str:
        return str(f.id or f.name)

    def selects(i: int, f: Any, card: Any) -> bool:
        m = getattr(f, "match", None)
        if not isinstance(m, Filter) or m == Filter():
            return False
        if i not in matches:
            matches[i] = compile_filter(m)
        return bool(matches[i](card))

    def of(t: Text) -> tuple[str, ...]:
        if t.key is None:
            line = lines.get(t.at, [])
            said = line[t.line - 1] if t.line and t.line <= len(line) else ""
            return tuple(sorted(set(_RENDERS.findall(said))))
        if m := _FACT_KEY.match(t.key):
            return (m.group(1),)
        if m := _TABLE_KEY.match(t.key):
            return tuple(label(f) for f, s in named if m.group(1) in s)
        if ": " in t.key:
            row = t.key.rsplit(": ", 1)[0]
            card = by_id.get(row)
            return tuple(
                label(f)
                for i, (f, s) in enumerate(named)
                if row in s or (card is not None and selects(i, f, card))
            )
        return ()

    return of


def changed(catalog: Any, rev: str) -> tuple[list[Changed], str | None]:
    """The game's texts changed since `rev`, or why the revision cannot be read."""
    root = catalog.root
    folders = [f"catalog/{catalog.id}", f"layouts/{catalog.id}"]
    try:
        old = files_at(root, resolve(root, rev), folders)
    except RevisionError as e:
        return [], f"{catalog.id}: --since {rev}: {e}"
    now = texts(catalog)
    lines: dict[str, list[str]] = {}
    diffs: dict[str, tuple[set[int], list[tuple[int, str]]]] = {}
    for t in now:
        if t.at in diffs:
            continue
        path = root / t.at
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        lines[t.at] = text.splitlines()
        was = old.get(t.at)
        diffs[t.at] = _changed_lines(
            was.decode("utf-8", "replace") if was is not None else "", text
        )
    of, held = provenance(catalog), holders(catalog, lines)
    out: list[Changed] = []
    for t in now:
        lines_changed, _ = diffs[t.at]
        if t.line is not None and t.line in lines_changed:
            out.append(Changed(t.at, t.line, t.key, t.says, None, of(t), held(t)))
    for at, (_, removed) in sorted(diffs.items()):
        out += [Changed(at, n, None, None, w.strip(), None, ()) for n, w in removed]
    return out, None


def render(catalog: Any, rev: str, found: list[Changed]) -> str:
    """The list, one text a paragraph: where it is, its words, where it comes from, and the
    facts that hold it."""
    rules = catalog.rules
    source = (rules.seed or rules.text) if rules is not None else None
    head = f"{catalog.id} — {len(found)} text{'s' if len(found) != 1 else ''} changed since {rev}"
    out = [head]
    for c in found:
        where = f"{c.at}:{c.line}" + (f": {c.key}" if c.key else "")
        if c.now is None:
            out.append(f"  {where}: removed: {c.was!r}")
            continue
        out.append(f"  {where}: {c.now!r}")
        assert c.stated is not None
        out.append(f"      {c.stated.shown(source)}")
        held = ", ".join(c.facts) if c.facts else "no fact"
        out.append(f"      held by: {held}")
    return "\n".join(out)


__all__ = ["Changed", "changed", "render"]
