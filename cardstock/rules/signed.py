"""Every text a player reads is as the designer signed it, against the source line it restates.

A rule fact holds what it was written for: its value, its forms, its places. A sentence of
a rulebook, a table's cell or a card's text that no fact holds was free: an edit turning it
round ("in front of you" to "in the middle of the table", "then draw back" to "then
discard") passed every check. So every text a player reads is listed in the game's
`signed.toml` (`signed_file`) as the designer signed it, each with the lines of the rules'
source it restates (`cites`) or why it is the designer's own (`own`). The check reads the
game's texts again and holds each to its signature:

- a text that reads otherwise than signed fails, quoting the words that changed, what was
  signed and the source lines it was signed against (the designer reads the two side by
  side and signs it again when it still says what the source does);
- a text not signed (a line added) or a signed text gone (a line deleted) fails;
- a text with words of its own that cites no source line and gives no `own` is a
  warning, when the game has a source; a cite past the source's last line fails. A
  designer's choice (game.toml's `designer_choices`) is the designer's own by its key, and
  a translation is held to its English (`translated`): neither is asked for a cite.

The texts are those `--mutate` edits (`player_texts.game_files`: the strings of game.toml
and rules.toml a player reads, rule facts' values among them, the cells of a table's prose
columns, what decides a face's boxes in faces.toml, every line of a rulebook or
quick-reference template) and each translation of the game (`.po` entries). A numeric
value or cell is data, held by the rules' counts and facts, and is not signed, except a
cell the source states nothing of: one a `[[mutate.designer_values]]` entry declares the
designer's own is signed, so changing it fails until signed again, and the finding gives
the entry's reason and what the source says instead of a cite. In a
build's gate a text not as signed is a warning (`checks(gate=True)`); `cardstock check`
fails on it.
A template line is found by its order among its file's lines (`difflib`), so a line added
or moved is one finding, not one for every line after it; every other text by its key.

A line another failing check of the same run already reports (a fact's form broken) is
not reported again here: each problem once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from ..core.issues import Issue
from .mutate_owned import scope
from .player_texts import GameFile, Region, game_texts, toml_values, vocabulary
from .signed_file import FILE, RULE, Signature, Signed
from .sources import SourceText, load_source
from .translated import numbers_translated, translations
from .verdicts import FAIL, PASS, WARN, Check

_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_WORD = re.compile(r"[^\W\d_]")  # a letter: a text without one has no words of its own
_TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)  # what a template renders, not its own words
_PROSE_WORDS = 4  # a table column is prose when one of its cells has this many words
_CONTEXT = 4  # words quoted on each side of a change


@dataclass(frozen=True, slots=True)
class Text:
    """One text a player reads, as the game's files hold it now."""

    at: str  # the file, as the project names it
    key: str | None  # where in it (None: a template line, placed by its order)
    says: str
    line: int | None
    words: bool  # it has words of its own (a template line only of tags has none)
    owner: int | None = None  # the `[[mutate.designer_values]]` entry that declares the cell


# ---------------------------------------------------------------- the texts


def _template_lines(text: str, shown: str, worded: set[int]) -> list[Text]:
    text = _COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return [
        Text(shown, None, raw.strip(), n, n in worded)
        for n, raw in enumerate(text.splitlines(), start=1)
        if raw.strip()
    ]


def _table_texts(table: GameFile, owner: Callable[[Region], int | None]) -> list[Text]:
    """A table's texts: the cells of its prose columns (a column is prose when one of its
    cells has `_PROSE_WORDS` words) and the cells a designer's values entry declares. Its
    cells are read one at a time: a cell that may be kept waits as its Text, and whether
    its column is prose is known once the table is read."""
    held: list[Text] = []
    column_of: list[int] = []  # each held text's column, or -1: a number its entry keeps
    columns: dict[str | None, int] = {}
    prose: set[int] = set()
    for r in table.regions():
        col = columns.setdefault(r.column, len(columns))
        if len(r.text.split()) >= _PROSE_WORDS:
            prose.add(col)
        declared = owner(r)
        if r.number and declared is None:
            continue
        key = f"{r.row_id or r.row}: {r.column}"
        held.append(Text(r.shown, key, r.text, r.line, not r.number, declared))
        column_of.append(-1 if r.number else col)
    out = []
    for t, col in zip(held, column_of):
        if col < 0 or col in prose:
            out.append(t)
        elif t.owner is not None:  # its reason is the entry's
            out.append(replace(t, words=False))
    return out


def _asks_cite(key: str, value: str) -> bool:
    """Whether a TOML string is asked for a cite: not a designer's choice (the designer's
    own) nor a rule fact's value (its fact cites the source), and of a face's boxes only a
    text with words outside its template tags."""
    if key.startswith(("designer_choices", "facts[")):
        return False
    if key.startswith("layouts."):
        return key.endswith(".text") and bool(_WORD.search(_TAGS.sub("", value)))
    return True


def _owners(catalog: Any) -> Callable[[Region], int | None]:
    """Which `[[mutate.designer_values]]` entry declares a table cell, if one does: a value
    the source states nothing of is held by its signature (the entry gives the reason)."""
    rules = catalog.rules
    entries = rules.designer_values if rules is not None else []
    if not entries:
        return lambda r: None
    scopes = [scope(e, catalog.game, catalog.components) for e in entries]

    def owner(r: Region) -> int | None:
        if r.column is None:
            return None
        row = scopes[0].row_of(r.shown, r.line)
        cell = (r.shown, r.column.lower(), row)
        return next(
            (i for i, sc in enumerate(scopes) if cell in sc.cells or cell in sc.texts), None
        )

    return owner


def texts(catalog: Any) -> list[Text]:
    """The game's texts a player reads, in file order: game.toml's and rules.toml's, the
    tables' (prose cells, and the cells a designer's values entry declares), the
    templates', then each translation's."""
    owner = _owners(catalog)
    out: list[Text] = []
    templates: list[Text] = []
    visible: dict[str, list[str]] = vocabulary()["visible"]
    for f in game_texts(catalog):
        if f.kind == "table":
            out += _table_texts(f, owner)
        elif f.kind == "template":
            regions = list(f.regions())
            if regions:
                worded = {r.line for r in regions if _WORD.search(r.text)}
                templates += _template_lines(f.text, f.shown, worded)
        elif any(True for _ in f.regions()):  # a TOML file's strings, as read (multi-line too)
            for key, value, line in toml_values(
                f.path, f.shown, catalog.root, visible.get(f.path.name, [])
            ):
                out.append(Text(f.shown, key, value, line, _asks_cite(key, value)))
    out += templates
    for read in translations(catalog):
        t = read.t
        for key, e in [*t.entries.items(), *((f"msgid {k}", e) for k, e in t.messages.items())]:
            if e.text:
                out.append(Text(t.file, key, e.text, e.line, False))  # held to its English
    return out


# ---------------------------------------------------------------- held to the signatures


@dataclass(frozen=True)
class Change:
    """A text that is not as signed: changed (both), added (`signed` None) or gone (`now`
    None)."""

    now: Text | None
    signed: Signature | None
    index: int | None  # the signature's place in signed.toml
    near: int | None = None  # a gone template line: the line of the file it stood before


def compare(now: list[Text], signed: Signed) -> tuple[list[Change], dict[int, Text]]:
    """What differs between the game's texts and their signatures, and which text each
    signature (by index) is found at."""
    changes: list[Change] = []
    found: dict[int, Text] = {}
    keyed = {(s.at, s.key): i for i, s in enumerate(signed.texts) if s.key is not None}
    used: set[int] = set()
    lines_now: dict[str, list[Text]] = {}
    for t in now:
        if t.key is None:
            lines_now.setdefault(t.at, []).append(t)
            continue
        i = keyed.get((t.at, t.key))
        if i is None:
            changes.append(Change(t, None, None))
            continue
        used.add(i)
        found[i] = t
        if signed.texts[i].says != t.says:
            changes.append(Change(t, signed.texts[i], i))
    lines_signed: dict[str, list[int]] = {}
    for i, s in enumerate(signed.texts):
        if s.key is None:
            lines_signed.setdefault(s.at, []).append(i)
        elif i not in used:
            changes.append(Change(None, s, i))
    for at in [*lines_now, *(a for a in lines_signed if a not in lines_now)]:
        changes += _aligned(lines_now.get(at, []), lines_signed.get(at, []), signed, found)
    return changes, found


def _aligned(
    now: list[Text], idx: list[int], signed: Signed, found: dict[int, Text]
) -> list[Change]:
    """A template's lines against its signed lines, in order."""
    out: list[Change] = []
    was = [signed.texts[i].says for i in idx]
    matcher = SequenceMatcher(None, was, [t.says for t in now], autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        for k in range(max(a2 - a1, b2 - b1)):
            i = idx[a1 + k] if a1 + k < a2 else None
            t = now[b1 + k] if b1 + k < b2 else None
            if i is not None and t is not None:
                found[i] = t
            if op == "equal":
                continue
            s = signed.texts[i] if i is not None else None
            near = now[min(b1, len(now) - 1)].line if now else None
            out.append(Change(t, s, i, near))
    return out


# ---------------------------------------------------------------- findings


def _quoted(text: str, limit: int = 160) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def changed_words(was: str, now: str) -> tuple[str, str]:
    """The stretch of each text where they differ, with `_CONTEXT` words either side."""
    a, b = was.split(), now.split()
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    lo = max(0, start - _CONTEXT)

    def stretch(words: list[str]) -> str:
        hi = min(len(words), len(words) - end + _CONTEXT)
        return ("… " if lo > 0 else "") + " ".join(words[lo:hi]) + (" …" if hi < len(words) else "")

    return stretch(a), stretch(b)


def _at(signed: Signed, index: int | None) -> str:
    line = signed.line(index) if index is not None else None
    return signed.file if line is None else f"{signed.file}:{line}"


def _fact_cites(catalog: Any) -> dict[str, list[int]]:
    """The source lines of each rule fact's `cite`, by the key path of its value (a fact
    by its `id`, as `player_texts` names it)."""
    return {
        f"facts[{loc.rule.id if loc.rule.id else i}].value": loc.rule.cite.lines
        for i, loc in enumerate(catalog.rules.facts)
        if getattr(loc.rule, "cite", None) is not None
    }


def _declared(catalog: Any, index: int | None) -> str:
    """A designer's values entry, as a finding quotes it."""
    rules = catalog.rules
    if index is None or rules is None or index >= len(rules.designer_values):
        return ""
    entry = rules.designer_values[index]
    lines = rules.designer_value_lines
    at = lines[index] if index < len(lines) else None
    where = rules.file if at is None else f"{rules.file}:{at}"
    return (
        f"; signed as the designer's value ({where}: {entry.reason}; source line "
        f"{entry.source.line}: {entry.source.says})"
    )


def _against(
    s: Signature, source: SourceText | None, name: str | None, cited: dict[str, list[int]]
) -> str:
    if s.own is not None:
        return f"; signed as the designer's own ({s.own})"
    lines = s.cites or cited.get(re.sub(r"\.value\b.*$", ".value", s.key or ""), [])
    if not lines:
        return ""
    quoted = [
        f"line {n}" + (f" {_quoted(line.strip(), 120)}" if (line := source.line(n)) else "")
        if source is not None
        else f"line {n}"
        for n in lines
    ]
    return f"; signed as restating {name or 'the source'} " + ", ".join(quoted)


def findings(
    catalog: Any, changes: list[Change], source: SourceText | None, taken: set[tuple[str, int]]
) -> list[Issue]:
    """One finding a change (`taken`: the places another failing check reports)."""
    name = catalog.rules.seed or catalog.rules.text
    sign = f"cardstock check {catalog.id} --sign"
    cited = _fact_cites(catalog)
    out: list[Issue] = []
    for c in changes:
        t, s = c.now, c.signed
        if t is not None and t.line is not None and (t.at, t.line) in taken:
            continue
        field = (t.key if t is not None else s.key if s is not None else None) or "text"
        if t is not None and s is not None:
            old, new = changed_words(s.says, t.says)
            why = _declared(catalog, t.owner) or _against(s, source, name, cited)
            meant = (
                "if the new value is the one meant"
                if t.owner is not None
                else "if it still says what its source does"
            )
            message = (
                f"reads {_quoted(new)} where it was signed as {_quoted(old)}{why}; "
                f"{meant}, sign it again ({sign})"
            )
            out.append(Issue(t.at, t.line, field, message))
        elif t is not None:
            out.append(
                Issue(
                    t.at,
                    t.line,
                    field,
                    f"is not signed: {_quoted(t.says)}; sign it ({sign}) and cite the "
                    "source line it restates",
                )
            )
        elif s is not None:
            out.append(
                Issue(
                    s.at,
                    c.near,
                    field,
                    f"a signed text is gone: {_quoted(s.says)}{_against(s, source, name, cited)} "
                    f"(signed at {_at(catalog.rules.signed, c.index)}); "
                    f"if it was meant to go, sign the game again ({sign})",
                )
            )
    return out


def uncited(
    catalog: Any, found: dict[int, Text], source: SourceText | None, has_source: bool
) -> list[Issue]:
    """Signatures of worded texts that cite nothing and give no reason (warnings, when the
    game has a source), and cites past the source's end (errors)."""
    signed: Signed = catalog.rules.signed
    out: list[Issue] = []
    for i, s in enumerate(signed.texts):
        t = found.get(i)
        if has_source and not s.cites and s.own is None and (t is None or t.words):
            out.append(
                Issue(
                    signed.file,
                    signed.line(i),
                    f"text[{i}]",
                    f"{_quoted(s.says, 80)} cites no line of the source and gives no "
                    "`own`: name the lines it restates, or why it is the designer's own",
                    "warning",
                )
            )
        if source is not None:
            past = [n for n in s.cites if source.line(n) is None]
            if past:
                out.append(
                    Issue(
                        signed.file,
                        signed.line(i),
                        f"text[{i}].cites",
                        f"line {past[0]} is past the end of {source.name} "
                        f"({len(source.lines)} lines)",
                    )
                )
    return out


# ---------------------------------------------------------------- --sign


_HEADER = """\
# The texts a player reads in this game, as signed: `cardstock check GAME --sign` writes
# this file (docs/rules-format.md, "Signed texts"). To each text with words of its own
# add `cites`, the lines of the rules' source it restates, or `own`, why it is the
# designer's own (a heading, flavour, a choice the source leaves open); signing again keeps
# both. A text that reads otherwise than signed fails the check.
"""


def signed_toml(now: list[Text], old: Signed | None) -> str:
    """signed.toml for the game's texts as they are, each keeping the cites and reason of
    the signature it is found at (a changed text keeps them too: signing says it still
    restates the same lines)."""
    by_text: dict[int, Signature] = {}
    if old is not None:
        _, found = compare(now, old)
        by_text = {id(t): old.texts[i] for i, t in found.items()}
    parts = [_HEADER]
    for t in now:
        was = by_text.get(id(t))
        parts.append(_entry(t, was))
    return "\n".join(parts)


def _entry(t: Text, was: Signature | None) -> str:
    lines = ["[[text]]", f"at = {_toml(t.at)}"]
    if t.key is not None:
        lines.append(f"key = {_toml(t.key)}")
    lines.append(f"says = {_toml(t.says)}")
    if was is not None and was.cites:
        lines.append(f"cites = [{', '.join(str(n) for n in was.cites)}]")
    if was is not None and was.own is not None:
        lines.append(f"own = {_toml(was.own)}")
    return "\n".join(lines) + "\n"


def _toml(text: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's."""
    return json.dumps(text, ensure_ascii=False)


def cited_at(catalog: Any) -> dict[tuple[str, int], list[tuple[str | None, list[int], str]]]:
    """The signed texts that cite source lines, by the file and line each is at now: (its
    key, the lines it cites, what it says). `check --coverage --mutate`: an edit caught in
    one checks the lines it cites, and the names it states of them."""
    signed: Signed | None = catalog.rules.signed if catalog.rules is not None else None
    if signed is None:
        return {}
    _, found = compare(texts(catalog), signed)
    out: dict[tuple[str, int], list[tuple[str | None, list[int], str]]] = {}
    for i, t in sorted(found.items()):
        if t.line is not None and signed.texts[i].cites:
            out.setdefault((t.at, t.line), []).append((t.key, list(signed.texts[i].cites), t.says))
    return out


# ---------------------------------------------------------------- the check


def checks(
    catalog: Any, others: Iterable[Check], folder: Path | None, *, gate: bool = False
) -> list[Check]:
    """The game's texts held to its signed.toml (`others`: the checks already run, whose
    failing findings are not reported again), and its translations' numbers to their
    English. In a build's gate (`gate`) a text not as signed is a warning: the build goes
    on, and `cardstock check` fails until the text is signed again."""
    return [_signed(catalog, others, folder, gate), *_translated(catalog)]


def _translated(catalog: Any) -> list[Check]:
    if not translations(catalog):
        return []
    found = [
        Issue(p.at[0], p.at[1], "translation", p.message)
        for p in numbers_translated(catalog)
        if p.at is not None
    ]
    return [
        Check(
            "texts",
            "every translation states the numbers its English states",
            FAIL if found else PASS,
            f"{len(found)} translation{'s' if len(found) != 1 else ''} with other numbers"
            if found
            else "as in English",
            findings=found,
        )
    ]


def _signed(catalog: Any, others: Iterable[Check], folder: Path | None, gate: bool) -> Check:
    rules = catalog.rules
    rule = RULE
    now = texts(catalog)
    if rules.signed is None:
        return Check(
            "texts",
            rule,
            WARN,
            f"no {FILE}: {sum(1 for t in now if t.words)} texts a player reads are not "
            f"signed (cardstock check {catalog.id} --sign)",
            rules.file,
        )
    name = rules.text or rules.seed
    source = (
        load_source(name, own=rules.text_path, root=catalog.root, folder=folder)[0]
        if name
        else None
    )
    taken = {(i.file, i.line) for c in others if c.status == FAIL for i in c.findings if i.line}
    changes, found = compare(now, rules.signed)
    found_issues = findings(catalog, changes, source, taken) + uncited(
        catalog, found, source, name is not None
    )
    errors = [i for i in found_issues if i.level == "error"]
    cited = sum(1 for s in rules.signed.texts if s.cites)
    summary = (
        f"{len(errors)} text{'s' if len(errors) != 1 else ''} not as signed"
        if errors
        else f"{len(now)} texts as signed, {cited} citing the source"
    )
    if len(found_issues) > len(errors):
        summary += f", {len(found_issues) - len(errors)} citing nothing"
    status = FAIL if errors else WARN if found_issues else PASS
    if gate and errors:
        status, summary = WARN, f"{summary} (the build goes on; cardstock check fails on it)"
        found_issues = [replace(i, level="warning") for i in found_issues]
    return Check("texts", rule, status, summary, rules.signed.file, findings=found_issues)


__all__ = [
    "FILE",
    "Change",
    "Text",
    "checks",
    "cited_at",
    "compare",
    "findings",
    "signed_toml",
    "texts",
    "uncited",
]
