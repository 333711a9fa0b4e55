"""`catalog/<game>/rules.toml` → a validated `Rules`, every problem an Issue with file:line.

The file holds what the rulebook promises (declared counts), the constraints the catalog
must meet, the setup procedure the simulator runs, and deck-building limits. See
docs/rules-format.md. Names the file uses (sets, fields, piles, dice, rolled values) are
checked against the game here, so a typo is reported where it was made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..catalog.schema import Component, Game
from ..core.files import allowed, present
from ..core.files import shown as shown_path
from ..core.issues import Issues
from ..core.tomlpos import line_for, read_toml
from ..core.validation import dotted, issues_from, toml_loc
from .constraints import KINDS, Constraint, Count
from .coverage import Aside
from .decks import DeckRule, LimitField
from .examples import Example
from .facts import FACT_KINDS, Fact
from .filters import Filter, reference_problems, unknown_key
from .setup import BOX, STEP_KINDS, Roll, Setup, SetupModel, Step, TableValue, Variant
from .severity import Acknowledgment

LineOf = Callable[..., int | None]  # the rules.toml line of a key path given as arguments
Report = Callable[
    [ValidationError, tuple[Any, ...], type[BaseModel]], None
]  # a model's validation errors, at a key path


class RulesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    source: str | None = None  # where the rules come from
    seed: str | None = None  # the seed rulebook's file name, for every `cite`
    text: str | None = (
        None  # or the designer's own source text: a project file, relative to the game folder
    )
    aside: list[
        Aside
    ] = []  # what the source states that the rules set aside, with the reason (coverage.py)
    counts: list[dict[str, Any]] = []  # declared counts: kind "count" constraints
    constraints: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []  # what the rulebook states about components (facts.py)
    examples: list[dict[str, Any]] = []  # examples of play, recomputed (examples.py)
    setup: Setup | None = None
    decks: dict[str, DeckRule] = {}
    acknowledge: list[Acknowledgment] = []  # warnings the game accepts on purpose, with why


@dataclass
class Located:
    """A rule and where it is written."""

    rule: Any  # a Constraint, Fact or Example
    section: str  # counts | constraints | facts | examples
    index: int
    line: int | None

    @property
    def where(self) -> str:
        return f"{self.section}[{self.index}]"


@dataclass
class Rules:
    file: str  # display path of rules.toml
    source: str | None = None  # rules.toml's `source`; templates see it as `rules.source`
    seed: str | None = None  # rules.toml's `seed`: the file every `cite` line points into
    text: str | None = None  # rules.toml's `text`: the designer's own source, as written
    text_path: Path | None = None  # … and where it is
    asides: list[Aside] = field(default_factory=list)
    aside_lines: list[int | None] = field(default_factory=list)
    counts: list[Located] = field(default_factory=list)
    constraints: list[Located] = field(default_factory=list)
    facts: list[Located] = field(default_factory=list)
    examples: list[Located] = field(default_factory=list)
    setup: SetupModel | None = None
    decks: dict[str, DeckRule] = field(default_factory=dict)
    acknowledge: list[Acknowledgment] = field(default_factory=list)
    acknowledge_lines: list[int | None] = field(default_factory=list)
    setup_variants: list[tuple[str, SetupModel, int | None]] = field(
        default_factory=list
    )  # name, setup, line


def load_rules(
    path: Path, shown: str, root: Path, game: Game, components: list[Component], issues: Issues
) -> Rules | None:
    """Read and check one rules.toml; None (with issues added) when it has errors."""
    before = len(issues.errors)
    read, problem = read_toml(path, shown, root)
    if read is None:
        issues.extend([problem])
        return None
    data, lines = read

    def at(*loc: Any) -> int | None:
        return line_for(lines, toml_loc(loc))

    def report(exc: ValidationError, prefix: tuple[Any, ...], model: type[BaseModel]) -> None:
        issues.extend(
            issues_from(
                exc,
                shown,
                lambda loc: at(*prefix, *loc),
                lambda loc: dotted(prefix + toml_loc(loc)),
                model,
            )
        )

    try:
        raw = RulesFile.model_validate(data)
    except ValidationError as exc:
        report(exc, (), RulesFile)
        return None

    rules = Rules(
        file=shown,
        source=raw.source,
        seed=raw.seed,
        acknowledge=raw.acknowledge,
        acknowledge_lines=[at("acknowledge", i) for i in range(len(raw.acknowledge))],
        text=raw.text,
        asides=raw.aside,
        aside_lines=[at("aside", i) for i in range(len(raw.aside))],
    )
    if raw.seed is not None and raw.text is not None:
        issues.add(
            shown,
            at("text"),
            "text",
            "give the source either as `seed` (a file in the sources folder) or as `text` (a file of the project), not both",
        )
    if raw.text is not None:
        own = path.parent / raw.text
        if not present(own):
            issues.add(
                shown,
                at("text"),
                "text",
                f"the source text {raw.text!r} is not there ({shown_path(own, root)}); name a file of the project, relative to the game folder",
            )
        elif not allowed(own, root):
            issues.add(
                shown,
                at("text"),
                "text",
                f"the source text {raw.text!r} leads out of the project; cardstock reads only the project's own files",
            )
        rules.text_path = own
    for section, entries in (("counts", raw.counts), ("constraints", raw.constraints)):
        for i, entry in enumerate(entries):
            rule = _constraint(section, i, entry, shown, at, report, issues)
            if rule is None:
                continue
            _check_constraint_names(rule, (section, i), game, shown, at, issues)
            target = rules.counts if section == "counts" else rules.constraints
            target.append(Located(rule, section, i, at(section, i)))

    for i, entry in enumerate(raw.facts):
        fact = _fact(i, entry, shown, at, report, issues)
        if fact is not None:
            for key in fact.field_keys():
                problem = unknown_key(key, game)
                if problem:
                    issues.add(shown, at("facts", i), f"facts[{i}]", problem)
            for sub, msg in reference_problems(getattr(fact, "match", None), game):
                issues.add(
                    shown, at("facts", i, "match", *sub), dotted(("facts", i, "match", *sub)), msg
                )
            rules.facts.append(Located(fact, "facts", i, at("facts", i)))
    for i, entry in enumerate(raw.examples):
        try:
            example = Example.model_validate(entry)
        except ValidationError as exc:
            report(exc, ("examples", i), Example)
            continue
        rules.examples.append(Located(example, "examples", i, at("examples", i)))
    for what, located in (("fact", rules.facts), ("example", rules.examples)):
        seen: dict[str, int] = {}
        for loc in located:
            ident = getattr(loc.rule, "id", None)
            if ident is not None and ident in seen:
                issues.add(
                    shown,
                    at(loc.section, loc.index, "id"),
                    f"{loc.where}.id",
                    f"{what} id {ident!r} is already used by {loc.section}[{seen[ident]}]",
                )
            elif ident is not None:
                seen[ident] = loc.index

    for key, deck in raw.decks.items():
        for where, msg in reference_problems(deck.match, game):
            issues.add(
                shown,
                at("decks", key, "match", *where),
                dotted(("decks", key, "match", *where)),
                msg,
            )
        if isinstance(deck.limit, LimitField):
            problem = unknown_key(deck.limit.field, game)
            if problem:
                issues.add(
                    shown,
                    at("decks", key, "limit", "field"),
                    dotted(("decks", key, "limit", "field")),
                    problem,
                )
        rules.decks[key] = deck

    if raw.setup is not None:
        rules.setup = _setup(raw.setup, game, components, shown, at, report, issues)
        for k, variant in enumerate(raw.setup.variants):
            changed = _variant(raw.setup, k, variant, game, components, shown, at, report, issues)
            if changed is not None:
                rules.setup_variants.append((variant.name, changed, at("setup", "variants", k)))
    if len(issues.errors) > before:
        return None
    return rules


def _constraint(
    section: str,
    i: int,
    entry: dict[str, Any],
    shown: str,
    at: LineOf,
    report: Report,
    issues: Issues,
) -> Constraint | None:
    if section == "counts":
        kind = entry.get("kind", "count")
        if kind != "count":
            issues.add(
                shown,
                at(section, i, "kind"),
                f"{section}[{i}].kind",
                f"a declared count is always kind 'count'; put a {kind!r} rule under [[constraints]]",
            )
            return None
        model: type[Constraint] = Count
    else:
        kind = entry.get("kind")
        if kind is None:
            issues.add(
                shown,
                at(section, i),
                f"{section}[{i}].kind",
                f"a value is required here: one of {', '.join(KINDS)}",
            )
            return None
        if not isinstance(kind, str) or kind not in KINDS:
            what = (
                f"unknown constraint kind {kind!r}"
                if isinstance(kind, str)
                else "a constraint kind is a name, not a table or a list"
            )
            issues.add(
                shown,
                at(section, i, "kind"),
                f"{section}[{i}].kind",
                f"{what}; expected one of {', '.join(KINDS)}",
            )
            return None
        model = KINDS[kind]
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        report(exc, (section, i), model)
        return None


def _fact(
    i: int, entry: dict[str, Any], shown: str, at: LineOf, report: Report, issues: Issues
) -> Fact | None:
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in FACT_KINDS:  # missing, or not a name at all
        what = (
            "a value is required here"
            if kind is None
            else f"unknown fact kind {kind!r}"
            if isinstance(kind, str)
            else "a fact kind is a name, not a table or a list"
        )
        issues.add(
            shown,
            at("facts", i, "kind") or at("facts", i),
            f"facts[{i}].kind",
            f"{what}; expected one of {', '.join(FACT_KINDS)}",
        )
        return None
    model = FACT_KINDS[kind]
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        report(exc, ("facts", i), model)
        return None


def _check_constraint_names(
    rule: Constraint, loc: tuple[Any, ...], game: Game, shown: str, at: LineOf, issues: Issues
) -> None:
    for sub, msg in reference_problems(rule.match, game):
        issues.add(shown, at(*loc, "match", *sub), dotted((*loc, "match", *sub)), msg)
    for value in rule.field_keys:
        problem = unknown_key(value, game)
        if problem:
            attr = next(
                (
                    a
                    for a in (*rule.keys, "left", "right")
                    if _mentions(getattr(rule, a, None), value)
                ),
                "",
            )
            issues.add(
                shown,
                at(*loc, attr) if attr else at(*loc),
                dotted((*loc, attr)) if attr else dotted(loc),
                problem,
            )


def _mentions(param: Any, name: str) -> bool:
    if param == name:
        return True
    if isinstance(param, BaseModel):
        return any(_mentions(v, name) for v in param.model_dump().values())
    if isinstance(param, list):
        return name in param
    return False


def _variant(
    raw: Setup,
    k: int,
    variant: Variant,
    game: Game,
    components: list[Component],
    shown: str,
    at: LineOf,
    report: Report,
    issues: Issues,
) -> SetupModel | None:
    """The setup with a variant's changes applied, validated like the setup itself."""
    steps = [dict(s) for s in raw.steps]
    ok = True
    for j, change in enumerate(variant.change):
        loc = ("setup", "variants", k, "change", j)
        if change.step > len(steps):
            issues.add(
                shown,
                at(*loc, "step"),
                dotted((*loc, "step")),
                f"there is no step {change.step}; the setup has {len(steps)}",
            )
            ok = False
            continue
        for attr in ("count", "upto"):
            value = getattr(change, attr)
            if isinstance(value, TableValue):
                value, problem = _table_value(value, game)
                if problem:
                    issues.add(shown, at(*loc, attr), dotted((*loc, attr)), problem)
                    ok = False
                    continue
            if value is not None:
                steps[change.step - 1][attr] = value
    if not ok:
        return None
    return _setup(
        raw.model_copy(update={"steps": steps, "variants": []}),
        game,
        components,
        shown,
        at,
        report,
        issues,
    )


def _table_value(v: TableValue, game: Game) -> tuple[Any, str | None]:
    t = game.tables.get(v.table)
    if t is None:
        return None, f"no table {v.table!r}; tables: {', '.join(game.tables) or 'none'}"
    cols = [str(c).lower() for c in t.columns]
    col = (
        len(cols) - 1
        if v.column is None
        else (cols.index(v.column.lower()) if v.column.lower() in cols else -1)
    )
    if col < 0:
        return None, f"table {v.table} has no column {v.column!r}"
    for r in t.rows:
        if str(r[0]).strip().lower() == str(v.row).strip().lower():
            value = r[col]
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if not isinstance(value, int) or isinstance(value, bool):
                return None, f"table {v.table}, row {v.row}: {value} is not a whole number"
            return value, None
    return None, f"table {v.table} has no row {v.row!r}"


def _setup(
    raw: Setup,
    game: Game,
    components: list[Component],
    shown: str,
    at: LineOf,
    report: Report,
    issues: Issues,
) -> SetupModel | None:
    ok = True
    players = game.players
    for i, n in enumerate(raw.players or []):
        if not players.min <= n <= players.max:
            issues.add(
                shown,
                at("setup", "players"),
                "setup.players",
                f"{n} players is outside the game's {players.min}–{players.max} (game.toml players)",
            )
            ok = False
    if BOX in raw.player_piles:
        issues.add(
            shown,
            at("setup", "player_piles"),
            "setup.player_piles",
            f"{BOX!r} is the pile every copy starts in; it cannot belong to a player",
        )
        ok = False
    steps: list[Step] = []
    step_lines: list[int | None] = []
    filled = {BOX}  # piles some earlier step puts copies into
    rolled: set[str] = set()
    by_id = {c.id: c for c in components}
    per_player = set(raw.player_piles)
    for i, entry in enumerate(raw.steps):
        loc = ("setup", "steps", i)
        kind = entry.get("do")
        if not isinstance(kind, str) or kind not in STEP_KINDS:  # missing, or not a name at all
            what = (
                "a value is required here"
                if kind is None
                else f"unknown step {kind!r}"
                if isinstance(kind, str)
                else "a step is a name, not a table or a list"
            )
            issues.add(
                shown,
                at(*loc, "do") or at(*loc),
                dotted((*loc, "do")),
                f"{what}; expected one of {', '.join(STEP_KINDS)}",
            )
            ok = False
            continue
        model = STEP_KINDS[kind]
        try:
            step = model.model_validate(entry)
        except ValidationError as exc:
            report(exc, loc, model)
            ok = False
            continue
        for attr in step.piles_read:
            name = getattr(step, attr)
            if name not in filled and name not in per_player:
                key = "from" if attr == "from_" else attr
                issues.add(
                    shown,
                    at(*loc, key),
                    dotted((*loc, key)),
                    f"no earlier step puts anything into pile {name!r}; piles so far: {', '.join(sorted(filled))}",
                )
                ok = False
        for attr in step.piles_written:
            filled.add(getattr(step, attr))
        names = [getattr(step, a) for a in (*step.piles_read, *step.piles_written)]
        if step.who is not None and not any(n in per_player for n in names):
            issues.add(
                shown,
                at(*loc, "who"),
                dotted((*loc, "who")),
                f"'who' applies to steps on player piles ({', '.join(sorted(per_player)) or 'none declared in setup.player_piles'})",
            )
            ok = False
        for attr in step.filters:
            f: Filter | None = getattr(step, attr)
            for sub, msg in reference_problems(f, game):
                issues.add(shown, at(*loc, attr, *sub), dotted((*loc, attr, *sub)), msg)
                ok = False
        for attr in step.keys:
            value = getattr(step, attr)
            problem = unknown_key(value, game) if value is not None else None
            if problem:
                issues.add(shown, at(*loc, attr), dotted((*loc, attr)), problem)
                ok = False
        for attr in step.counts:
            value = getattr(step, attr)
            if isinstance(value, str) and value not in rolled:
                issues.add(
                    shown,
                    at(*loc, attr),
                    dotted((*loc, attr)),
                    f"{value!r} is not a value rolled by an earlier step (roll … as = {value!r}); rolled so far: {', '.join(sorted(rolled)) or 'none'}",
                )
                ok = False
            elif isinstance(value, int) and value < 0:
                issues.add(
                    shown,
                    at(*loc, attr),
                    dotted((*loc, attr)),
                    f"expected a count of 0 or more, got {value}",
                )
                ok = False
        if isinstance(step, Roll):
            die = by_id.get(step.die)
            faces = die.fields.get(step.field) if die is not None else None
            if die is None:
                issues.add(
                    shown,
                    at(*loc, "die"),
                    dotted((*loc, "die")),
                    f"no component with id {step.die!r}",
                )
                ok = False
            elif not isinstance(faces, list) or not faces:
                issues.add(
                    shown,
                    at(*loc, "field"),
                    dotted((*loc, "field")),
                    f"{step.die} has no list of faces in field {step.field!r}",
                )
                ok = False
            else:
                rolled.add(step.as_)
                used_as_count = any(
                    e.get(a) == step.as_ for e in raw.steps[i + 1 :] for a in ("count", "upto")
                )
                if used_as_count and not all(str(x).strip().lstrip("-").isdigit() for x in faces):
                    issues.add(
                        shown,
                        at(*loc, "as"),
                        dotted((*loc, "as")),
                        f"{step.as_!r} is used as a count, but {step.die}'s faces are not all whole numbers: {', '.join(map(str, faces))}",
                    )
                    ok = False
        steps.append(step)
        step_lines.append(at(*loc))
    for name in raw.report or []:
        if name not in filled and name not in per_player:
            issues.add(
                shown,
                at("setup", "report"),
                "setup.report",
                f"no step puts anything into pile {name!r}; piles: {', '.join(sorted(filled))}",
            )
            ok = False
    if not ok:
        return None
    return SetupModel(
        players=raw.players,
        runs=raw.runs,
        player_piles=raw.player_piles,
        report=raw.report,
        steps=steps,
        lines=step_lines,
        line=at("setup"),
    )
