"""Each language's order of names: CLDR's tailoring of the Unicode Collation Algorithm,
applied to the default table pyuca ships.

`cardstock/locale/collation.toml` holds, for each language whose readers order some
letters otherwise than the default table (DUCET) does, the rules CLDR states for it, in
CLDR's notation: `&N<ñ<<<Ñ` is "after N comes ñ, a letter of its own, and Ñ, its
capital". `tailor` writes the default table with such rules applied: each weight of the
table is renumbered so that a new letter gets a weight of its own between its neighbours,
and every other character keeps its relative place. pyuca reads the result through its
public constructor, `Collator(filename)`.

A tailored table is made once and kept in cardstock's cache (kind `collation`), keyed by
the rules and the bytes of the default table; each process writes it to a temporary file
for pyuca to read, once per language. A language with no entry gets pyuca's own table.

Notation read (a subset of CLDR's, which docs/languages.md lists): a reset `&X` or
`&[before 1]X`, then relations `<` (a letter of its own), `<<` (the same letter with a
mark), `<<<` (a capital or a variant form) and `=` (sorts as the same); white space means
nothing. Expansions (`/`), contexts (`|`), other `[…]` options and quoting are not read: a
rule that uses them is a problem, not a silent approximation.
"""

from __future__ import annotations

import re
import tempfile
import tomllib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .cache import digest, key_of, open_cache

RULES = Path(__file__).resolve().parents[1] / "locale" / "collation.toml"
FORMAT = 1  # bump when `tailor` writes a table differently: kept tables are then remade

Weight = tuple[int, ...]  # a weight of the default table is (w,); a new one extends it
Element = tuple[str, Weight, Weight, Weight]  # variable mark, primary, secondary, tertiary

COMMON = ((0x0020,), (0x0002,))  # the secondary and tertiary of a plain letter
BEFORE = 1 << 30  # above any counter: a weight "just before" sorts after all others below
LIMITS = (0x8000, 0xFFFF, 0xFFFF)  # primaries from 8000 on are implicit ones: kept
# a pattern's text: `re.compile` makes it when first asked and keeps it (a build that
# never asks does not compile it)
_OPERATOR = r"(&\[before1\]|&|<<<|<<|<|=)"
_STRENGTH = {"<": 1, "<<": 2, "<<<": 3, "=": 0}
_ENTRY = r"^([0-9A-F ]+);((?:\s*\[[.*][0-9A-F]{4}\.[0-9A-F]{4}\.[0-9A-F]{4}\])+)"
_ELEMENT = r"\[([.*])([0-9A-F]{4})\.([0-9A-F]{4})\.([0-9A-F]{4})\]"


@dataclass(frozen=True)
class Problem:
    """Why rules cannot be applied (said of cardstock's own data: a test reads each)."""

    message: str


@dataclass
class Reset:
    """`&anchor` (or `&[before 1]anchor`) and the relations that follow it, in order."""

    anchor: str
    before: bool
    relations: list[tuple[int, str]] = field(default_factory=list)


def parse(rules: str) -> list[Reset] | Problem:
    """The resets of `rules` in CLDR's notation, or what in them is not read."""
    parts = [p for p in re.compile(_OPERATOR).split("".join(rules.split())) if p]
    resets: list[Reset] = []
    for op, text in zip(parts[::2], parts[1::2]):
        if (
            not re.compile(_OPERATOR).fullmatch(op)
            or re.compile(_OPERATOR).fullmatch(text)
            or set(text) & set("[]/|'\\")
        ):
            return Problem(f"{op}{text}: notation cardstock does not read")
        if op.startswith("&"):
            resets.append(Reset(text, op != "&"))
        elif not resets:
            return Problem(f"{op}{text}: a relation before any reset (&)")
        else:
            resets[-1].relations.append((_STRENGTH[op], text))
    if len(parts) % 2 or not resets:
        return Problem(f"{rules.strip()!r}: rules end without a letter, or have no reset")
    return resets


@dataclass
class Table:
    """The default table's entries, by the code points they are for."""

    head: list[str]  # @version and @implicitweights lines, kept as they are
    entries: dict[tuple[int, ...], list[Element]]
    after: list[dict[Weight, int]] = field(default_factory=lambda: [{}, {}, {}])
    before: dict[Weight, int] = field(default_factory=dict)

    @classmethod
    def read(cls, text: str) -> Table:
        head: list[str] = []
        entries: dict[tuple[int, ...], list[Element]] = {}
        for line in text.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith("@"):
                head.append(line)
            elif found := re.compile(_ENTRY).match(line):
                key = tuple(int(c, 16) for c in found[1].split())
                entries[key] = [
                    (m, (int(p, 16),), (int(s, 16),), (int(t, 16),))
                    for m, p, s, t in re.compile(_ELEMENT).findall(found[2])
                ]
        return cls(head, entries)

    def elements(self, text: str) -> list[Element] | None:
        """`text`'s collation elements, the longest entry first at each place (None when
        a character has no entry)."""
        points = [ord(c) for c in unicodedata.normalize("NFD", text)]
        longest = max(len(k) for k in self.entries)
        out: list[Element] = []
        i = 0
        while i < len(points):
            for n in range(min(longest, len(points) - i), 0, -1):
                found = self.entries.get(tuple(points[i : i + n]))
                if found is not None:
                    out += found
                    i += n
                    break
            else:
                return None
        return out

    def next_to(self, level: int, weight: Weight) -> Weight:
        """A new weight right after `weight`: before those already put after it."""
        n = self.after[level].get(weight, 0)
        self.after[level][weight] = n + 1
        return (*weight, -n)

    def just_before(self, weight: Weight) -> Weight:
        """A new primary right before `weight`: after those already put before it."""
        n = self.before.get(weight, 0)
        self.before[weight] = n + 1
        return (*weight[:-1], weight[-1] - 1, BEFORE + n)

    def related(self, prev: list[Element], strength: int) -> list[Element]:
        """The elements of a string `strength` after `prev` (`=`: the same)."""
        mark, p, s, t = prev[-1]
        if strength == 1:
            last: Element = (".", self.next_to(0, p), *COMMON)
        elif strength == 2:
            last = (mark, p, self.next_to(1, s), COMMON[1])
        elif strength == 3:
            last = (mark, p, s, self.next_to(2, t))
        else:
            last = prev[-1]
        return [*prev[:-1], last]

    def apply(self, reset: Reset) -> Problem | None:
        prev = self.elements(reset.anchor)
        if not prev:
            return Problem(f"&{reset.anchor}: not in the default table")
        relations = list(reset.relations)
        if reset.before:
            if not relations or relations[0][0] != 1:
                return Problem(f"&[before 1]{reset.anchor}: must be followed by <")
            prev = [*prev[:-1], (".", self.just_before(prev[-1][1]), *COMMON)]
            self.entries[_key(relations.pop(0)[1])] = prev
        for strength, text in relations:
            prev = self.related(prev, strength)
            self.entries[_key(text)] = prev
        return None

    def written(self) -> str | Problem:
        """The table in the default table's format, every weight renumbered to an
        integer in the same order."""
        numbers: list[dict[Weight, int]] = []
        for level in range(3):
            used = sorted({(e[1], e[2], e[3])[level] for es in self.entries.values() for e in es})
            mapping: dict[Weight, int] = {}
            last = 0
            for w in used:
                if w[0] >= LIMITS[level]:  # pyuca's own ranges (implicit weights) stay
                    mapping[w] = w[0]
                    continue
                last = 0 if w == (0,) else max(w[0], last + 1) if len(w) == 1 else last + 1
                mapping[w] = last
            if last >= LIMITS[level] or any(len(w) > 1 for w in used if w[0] >= LIMITS[level]):
                return Problem(f"level {level + 1}: weights run past {LIMITS[level]:04X}")
            numbers.append(mapping)
        lines = list(self.head)
        for key in sorted(self.entries):
            ces = "".join(
                f"[{m}{numbers[0][p]:04X}.{numbers[1][s]:04X}.{numbers[2][t]:04X}]"
                for m, p, s, t in self.entries[key]
            )
            lines.append(f"{' '.join(f'{c:04X}' for c in key)} ; {ces}")
        return "\n".join(lines) + "\n"


def _key(text: str) -> tuple[int, ...]:
    return tuple(ord(c) for c in unicodedata.normalize("NFD", text))


def tailor(default: str, rules: str) -> str | Problem:
    """The default table's text (`allkeys.txt` format) with `rules` applied."""
    resets = parse(rules)
    if isinstance(resets, Problem):
        return resets
    table = Table.read(default)
    for reset in resets:
        problem = table.apply(reset)
        if problem is not None:
            return problem
    return table.written()


def entries() -> dict[str, dict[str, Any]]:
    """The languages' entries of `collation.toml`, by language code (read when a
    language's collator is first made)."""
    with RULES.open("rb") as f:
        return tomllib.load(f)


def rules_for(lang: str | None) -> str | None:
    """The rules of `lang` (`sv`, `sv-FI`, `nb_NO`: the region falls back to the
    language), None for the default order."""
    if not lang:
        return None
    code = lang.replace("_", "-").lower()
    known = entries()
    for name in (code, code.split("-")[0]):
        entry = known.get(name)
        while entry is not None and "same_as" in entry:
            entry = known.get(str(entry["same_as"]))
        if entry is not None:
            return str(entry["rules"])
    return None


def _default_table() -> bytes:
    """The bytes of the default table pyuca reads when given none."""
    from pyuca import Collator  # type: ignore[import-untyped]

    name = f"allkeys-{Collator.UCA_VERSION}.txt"
    return resources.files("pyuca").joinpath(name).read_bytes()


def kept_table(rules: str) -> bytes | Problem:
    """The default table tailored by `rules`, from the cache, else made and kept there."""
    default = _default_table()
    key = key_of(f"collation {FORMAT}", rules, digest(default))
    cache = open_cache()
    try:
        kept = cache.get("collation", key)
        if kept is not None:
            return kept
        made = tailor(default.decode("utf-8"), rules)
        if isinstance(made, Problem):
            return made
        data = made.encode("utf-8")
        cache.put("collation", key, data)
        return data
    finally:
        cache.close()


def load(table: bytes) -> Any:
    """A `pyuca.Collator` reading `table` (written to a temporary file for it)."""
    from pyuca import Collator

    with tempfile.TemporaryDirectory(prefix="cardstock-collation-") as folder:
        path = Path(folder) / "allkeys.txt"
        path.write_bytes(table)
        return Collator(str(path))


@cache
def collator(lang: str | None) -> Any:
    """The `pyuca.Collator` that orders names as a reader of `lang` does: the language's
    tailored table, else the default one (also when its rules cannot be applied, which
    the tests of cardstock's data rule out). Each is made once per process and language."""
    from pyuca import Collator

    rules = rules_for(lang)
    table = None if rules is None else kept_table(rules)
    return Collator() if table is None or isinstance(table, Problem) else load(table)
