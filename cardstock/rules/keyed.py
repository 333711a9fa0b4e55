"""Checks keyed like stages: each check's verdicts kept in the one cache under a hash of
exactly what it declares it reads, and run again only when that changes.

A check declares its reads once, beside the check (a `Provider`'s `reads`, a fact kind's
`reads`), as a tuple of the scopes below; a check that declares nothing reads `EVERYTHING`.
Each scope is one part of a game's input, hashed once per check of a game:

- `rules`: the bytes of the game's rules.toml;
- `game`: every file of the game's folder but its tables and rules.toml (game.toml, the
  rulebook's text, translations, the folder's templates and art);
- `data`: each component's row as loaded but its text fields (id, name, counts, sets,
  numbers, choices, where it is written);
- `texts`: each component's text fields (those of type `text`);
- `layouts`: the project's layouts and fonts and the shipped layouts it uses;
- `source`: the source rulebook the rules cite (the seed or the game's own text);
- `quickref`: what each reference card's sides read beyond their row, the text their
  quick-reference templates render to (a template may read the rules: `fact(id)`,
  `setup_step`); with `game`, `data`, `texts` and `layouts`, every input of every face.

A check's key is the hash of cardstock's own code (`core.cache.code_key`), the game, the
options the check runs with, what names the check (its name, or a rule's entry and line),
and the digest of each scope it reads. What a check found is kept as data (`Check`s, each
finding as `Issue.data()`), before acknowledgments and `--strict`, which the report applies
to kept and fresh verdicts alike; an entry that cannot be read back is run again. `RUNS`
counts the checks run rather than read back, by name, for the tests.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields as fields_of
from dataclasses import is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from ..core.cache import code_key, digest, key_of
from ..core.issues import Issue
from ..core.project import files_in, hash_files, shipped_in_use, shipped_layouts
from ..core.stage import Job
from .verdicts import Check

if TYPE_CHECKING:
    from ..catalog.load import Catalog

SCOPES = ("rules", "game", "data", "texts", "layouts", "source", "quickref")
EVERYTHING: tuple[str, ...] = SCOPES
KIND = "check"

# the checks run (not read back from the cache) in this process, by name
RUNS: Counter[str] = Counter()


class Reads:
    """The digests of one game's scopes, each worked out when a check first asks for it (one
    a game's check, never compared: a plain class)."""

    __slots__ = ("job", "options", "sources", "_digests", "_shown")

    def __init__(self, job: Job, options: str, sources: Path | None) -> None:
        self.job = job
        self.options = options  # what the check was asked with that its verdicts depend on
        self.sources = sources
        self._digests: dict[str, str] = {}
        # each model's `stable` text, by the model's id (the model kept beside it, so that the
        # id is not another's): the rules scope and each entry's key read the same models
        self._shown: dict[int, tuple[BaseModel, str]] = {}

    def digest(self, scope: str) -> str:
        found = self._digests.get(scope)
        if found is None:
            found = self._digests[scope] = _SCOPE[scope](self)
        return found

    def stable(self, value: Any) -> str:
        """`stable(value)`, each model's text worked out once for the check of this game (the
        models do not change while it runs)."""
        return stable(value, self._shown)

    def key(self, name: str, reads: Sequence[str] | None, *own: str) -> str:
        catalog = self.job.catalog
        reads = EVERYTHING if reads is None else reads
        return key_of(
            KIND,
            code_key(),
            catalog.id,
            str(self.sources),
            self.options,
            name,
            *own,
            *(f"{s}:{self.digest(s)}" for s in sorted(set(reads))),
        )

    def kept(
        self,
        name: str,
        reads: Sequence[str] | None,
        run: Callable[[], list[Check]],
        *own: str,
    ) -> list[Check]:
        """The checks `run` makes, read back from the cache when what they read is as it was
        when they were kept; else run, and kept."""
        cache = self.job.cache
        key = self.key(name, reads, *own)
        data = cache.get_json(KIND, key)
        if isinstance(data, list):
            try:
                return [check_from(d) for d in data]
            except (KeyError, TypeError, ValueError, IndexError):
                pass  # a damaged entry: run the check again
        RUNS[name] += 1
        checks = run()
        if all(_keepable(c) for c in checks):
            cache.put_json(KIND, key, [check_data(c) for c in checks])
        return checks


# what a rule entry of each section reads besides itself (a fact: what its kind declares)
ENTRY_READS: dict[str, tuple[str, ...]] = {
    "counts": ("data", "named"),
    "constraints": ("data", "named"),
    "examples": ("game", "data", "texts"),
}


def entry_reads(section: str, rule: Any, texts: set[str], shown: str) -> tuple[str, ...] | None:
    """The scopes a rule entry's check reads: its section's or its fact kind's, a fact's
    source too, and "named" made `texts` when the entry (`shown`, `stable`) names a text
    field."""
    reads = getattr(rule, "reads", None) if section == "facts" else ENTRY_READS.get(section)
    if reads is None:
        return None
    if section == "facts":
        reads = (*reads, "source")
    shown_rule = repr(rule) if "named" in reads else ""  # the entry's repr, made once
    named = "named" in reads and any(
        f"'{t}'" in shown_rule or f'"{t}"' in shown_rule for t in texts
    )
    return tuple(r for r in reads if r != "named") + (("texts",) if named else ())


def entry_key(loc: Any, file: str, seed: str | None, shown: str) -> tuple[str, ...]:
    """What names a rule entry's check: the entry as read (its model with what loading
    worked out for it, `shown`), where it is written and the source its cites name."""
    return (shown, loc.where, str(loc.line), file, seed or "")


def stable(value: Any, shown: dict[int, tuple[BaseModel, str]] | None = None) -> str:
    """`value` as text that is the same in every process: a set's items and a mapping's keys
    in sorted order (a set's `repr` follows the process's string hashes), a model or a
    dataclass by its fields (and a model's private attributes). `shown`: the texts of the
    models already worked out, by their ids, read and added to."""
    if value is None or isinstance(value, (str, int, float)):
        return repr(value)
    if isinstance(value, BaseModel):
        known = None if shown is None else shown.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        private = getattr(value, "__pydantic_private__", None) or {}
        fields = {k: getattr(value, k) for k in type(value).model_fields}
        text = f"{type(value).__name__}({stable(fields, shown)}, {stable(private, shown)})"
        if shown is not None:
            shown[id(value)] = (value, text)
        return text
    if is_dataclass(value) and not isinstance(value, type):
        own = {f.name: getattr(value, f.name) for f in fields_of(value)}
        return f"{type(value).__name__}({stable(own, shown)})"
    if isinstance(value, Mapping):
        items = (f"{stable(k, shown)}: {stable(v, shown)}" for k, v in value.items())
        return "{" + ", ".join(sorted(items)) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(stable(v, shown) for v in value)) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(stable(v, shown) for v in value) + "]"
    return repr(value)


def _keepable(check: Check) -> bool:
    """A check whose verdict stands for its inputs: not one a bug stopped (`report`'s
    "the check … stopped with …") and nothing acknowledged yet."""
    return not check.acknowledged and not check.summary.startswith(f"the check {check.provider} ")


def check_data(c: Check) -> dict[str, Any]:
    return {
        "section": c.section,
        "rule": c.rule,
        "status": c.status,
        "summary": c.summary,
        "file": c.file,
        "line": c.line,
        "components": c.components,
        "findings": [i.data() for i in c.findings],
        "provider": c.provider,
        "cite": c.cite,
        "choice": c.choice,
    }


def check_from(d: dict[str, Any]) -> Check:
    line = d["line"]
    if line is not None and not isinstance(line, int):
        raise TypeError("line")
    return Check(
        section=str(d["section"]),
        rule=str(d["rule"]),
        status=str(d["status"]),
        summary=str(d["summary"]),
        file=None if d["file"] is None else str(d["file"]),
        line=line,
        components=[str(c) for c in d["components"]],
        findings=[Issue.from_data(i) for i in d["findings"]],
        provider=None if d["provider"] is None else str(d["provider"]),
        cite=d["cite"],
        choice=None if d["choice"] is None else str(d["choice"]),
    )


# ---------------------------------------------------------------- scopes


def _text_fields(catalog: Catalog) -> dict[str, set[str]]:
    """Each set's fields of type `text`, by the set's id."""
    return {
        s.id: {name for name, spec in catalog.game.fields_of(s).items() if spec.type == "text"}
        for s in catalog.game.sets
    }


def text_field_names(catalog: Catalog) -> set[str]:
    """Every field of type `text` of any set of the game."""
    return set().union(*_text_fields(catalog).values())


def _rows(catalog: Catalog, texts: bool) -> str:
    by_set = _text_fields(catalog)
    out = []
    for c in catalog.components:
        own = by_set.get(c.set, set())
        fields = {k: v for k, v in c.fields.items() if (k in own) == texts}
        head: list[Any] = (
            [c.id] if texts else [c.id, c.name, c.kind, c.group, c.count, c.set, c.back]
        )
        if not texts:
            head += [c.size, c.designer_choice, c.file, c.line]
        out.append([*head, fields])
    return digest(json.dumps(out, sort_keys=True, default=repr).encode())


def _rules(reads: Reads) -> str:
    catalog = reads.job.catalog
    path = catalog.folder / "rules.toml"
    held = hash_files([path], catalog.folder) if path.is_file() else "none"
    # the model too (a test edits it in memory), but its table of lines, which the file's
    # bytes fix: the table is about half of the model's text
    return key_of(held, reads.stable(_but_lines(catalog.rules)))


def _but_lines(rules: Any) -> Any:
    """The rules file's model as the rules scope reads it: its fields but `lines`."""
    if not is_dataclass(rules) or isinstance(rules, type):
        return rules
    return {f.name: getattr(rules, f.name) for f in fields_of(rules) if f.name != "lines"}


def _game(reads: Reads) -> str:
    catalog = reads.job.catalog
    folder = catalog.folder
    tables = {(folder / s.table).resolve() for s in catalog.game.sets if s.table}
    tables.add((folder / "rules.toml").resolve())
    held = hash_files([p for p in files_in(folder) if p.resolve() not in tables], folder)
    loaded = (  # what the catalog holds besides its rows, as loaded (or edited in memory)
        catalog.game,
        catalog.lang,
        catalog.edition,
        catalog.words,
        catalog.plurals,
        catalog.plural_forms,
        catalog.wording,
        catalog.source_topics,
        catalog.notes,
        catalog.shared_ids,
        catalog.lines,
    )
    return key_of(held, reads.stable(loaded))


def _data(reads: Reads) -> str:
    catalog = reads.job.catalog
    return _rows(catalog, texts=False)


def _texts(reads: Reads) -> str:
    catalog = reads.job.catalog
    return _rows(catalog, texts=True)


def _layouts(reads: Reads) -> str:
    catalog = reads.job.catalog
    root = catalog.root
    return key_of(
        hash_files(files_in(root / "layouts"), root),
        hash_files(shipped_in_use(root), shipped_layouts()),
        hash_files(files_in(root / "fonts"), root),
    )


def _source(reads: Reads) -> str:
    catalog, sources = reads.job.catalog, reads.sources
    rules = catalog.rules
    name = getattr(rules, "text", None) or getattr(rules, "seed", None)
    if not name:
        return "none"
    from .sources import load_source  # the source reader, for a game with a rules.toml

    source, problem = load_source(name, own=rules.text_path, root=catalog.root, folder=sources)
    if source is None:
        return key_of("missing", problem or "")
    return key_of(source.name, source.shown, digest("\n".join(source.lines).encode()))


def _quickref(reads: Reads) -> str:
    """The rendered sides of every reference card (their records, which the faces read
    too, so a check that lays the faces out renders them once)."""
    job = reads.job
    records = job.faces.records
    sides = []
    for c in job.catalog.components:
        if c.kind != "reference":
            continue
        for side, ref in sorted(records.of(c).quickref.items()):
            refused = None if ref.refused is None else repr(ref.refused.issues)
            sides.append([c.id, side, ref.text, [repr(i) for i in ref.problems], refused])
    return digest(json.dumps(sides).encode())


_SCOPE: dict[str, Callable[[Reads], str]] = {
    "rules": _rules,
    "game": _game,
    "data": _data,
    "texts": _texts,
    "layouts": _layouts,
    "source": _source,
    "quickref": _quickref,
}

__all__ = [
    "EVERYTHING",
    "KIND",
    "RUNS",
    "SCOPES",
    "Reads",
    "check_data",
    "check_from",
    "entry_key",
    "entry_reads",
    "stable",
    "text_field_names",
]
