"""`cardstock check GAME --since REV`: every text a player reads that changed since a git
revision, with its provenance (`provenance.stated`) and the facts that hold it.

A text with a key (a TOML value, a table's cell by its row and column) changed when its
words differ from those the game had at the revision under the same key; a template line
when it differs from the template then (the files compared line by line, so a line moved
or added elsewhere changes no other line). A text the revision had and the game has no
more is listed as removed, with its old words.

A fact holds a text when it names what the text is about: a template line that renders
`fact('id')`, a rule fact's own value, a fact whose parameters name the text's card (its
table row) or its game table, or whose `match` selects that card.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from ..catalog.load import Catalog, load_games
from ..core.revision import RevisionError, materialise
from .filters import Filter, compile_filter
from .model import load_rules
from .provenance.stated import Stated, provenance
from .provenance.texts import Text, texts

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


def holders(catalog: Catalog, lines: dict[str, list[str]]) -> Any:
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
        # any other text: a fact that names it by its key (a rule fact's place `{ file, key }`)
        return tuple(label(f) for f, s in named if t.key in s)

    return of


def changed(catalog: Catalog, rev: str) -> tuple[list[Changed], str | None]:
    """The game's texts changed since `rev`, or why the revision cannot be read. The game
    at `rev` is read from a copy of the project's inputs then (`core.revision`), in a
    temporary folder removed on return."""
    root = catalog.root
    with tempfile.TemporaryDirectory(prefix="cardstock-since-") as tmp:
        then = Path(tmp)
        try:
            materialise(root, rev, then)
        except RevisionError as e:
            return [], f"{catalog.id}: --since {rev}: {e}"
        was: list[Text] = []
        old_lines: dict[str, list[str]] = {}
        if (then / "catalog" / catalog.id / "game.toml").is_file():
            found, issues = load_games(then, [catalog.id], load_rules)
            if issues.errors or not found:
                first = issues.errors[0].render() if issues.errors else "no game"
                return [], f"{catalog.id}: --since {rev}: the game then does not read ({first})"
            was = texts(found[0])
            old_lines = {
                t.at: (then / t.at).read_text(encoding="utf-8").splitlines()
                for t in was
                if t.key is None
            }
    return compare(catalog, was, old_lines), None


def compare(catalog: Catalog, was: list[Text], old_lines: dict[str, list[str]]) -> list[Changed]:
    """The texts of `catalog` that differ from `was` (the texts then): a text with a key
    by its key and words, a template line by the lines around it (`old_lines`: each
    template's lines then)."""
    now = texts(catalog)
    root = catalog.root
    lines = {
        t.at: (root / t.at).read_text(encoding="utf-8").splitlines()
        for t in now
        if t.key is None and (root / t.at).is_file()
    }
    before = {(t.at, t.key): t.says for t in was if t.key is not None}
    diffs = {
        at: _changed_lines("\n".join(old_lines.get(at, [])), "\n".join(held))
        for at, held in lines.items()
    }
    of, held = provenance(catalog), holders(catalog, lines)
    out: list[Changed] = []
    for t in now:
        if t.key is None:
            hit = t.line is not None and t.line in diffs.get(t.at, (set(), []))[0]
        else:
            hit = before.get((t.at, t.key)) != t.says
        if hit:
            out.append(Changed(t.at, t.line, t.key, t.says, None, of(t), held(t)))
    keys = {(t.at, t.key) for t in now if t.key is not None}
    out += [
        Changed(t.at, t.line, t.key, None, t.says, None, ())
        for t in was
        if t.key is not None and (t.at, t.key) not in keys
    ]
    for at, (_, removed) in sorted(diffs.items()):
        out += [Changed(at, n, None, None, w.strip(), None, ()) for n, w in removed]
    return out


def render(catalog: Catalog, rev: str, found: list[Changed]) -> str:
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


__all__ = ["Changed", "changed", "compare", "render"]
