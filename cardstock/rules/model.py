"""`catalog/<game>/rules.toml` → a validated `Rules`, every problem an Issue with file:line.

The file holds what the rulebook promises (declared counts), the constraints the catalog
must meet, the setup procedure the simulator runs, and deck-building limits. See
docs/rules-format.md. Names the file uses (sets, fields, piles, dice, rolled values) are
checked against the game here, so a typo is reported where it was made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError

from ..catalog.schema import Component, Game
from ..core.files import allowed, present
from ..core.files import shown as shown_path
from ..core.issues import Issues
from ..core.tomlpos import line_for, read_toml
from ..core.validation import dotted, issues_from, toml_loc
from .checks.constraints import KINDS, Constraint, Count
from .checks.deck_limits import DeckRule, LimitField
from .checks.examples import Example
from .checks.severity import Acknowledgment
from .facts.base import Fact
from .facts.kinds import FACT_KINDS
from .filters import Filter, reference_problems, unknown_key
from .provenance.coverage import Aside
from .setup.steps import BOX, STEP_KINDS, Roll, Setup, SetupModel, Step, TableValue, Variant


class RulesFile(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    source: str | None = Field(
        default=None,
        description="Where the rules come from, for the reader.",
        examples=["the 1995 rulebook, second printing"],
    )
    seed: str | None = Field(
        default=None,
        description="The seed rulebook's file name, which every `cite` line points into.",
        examples=["003-atmosfear.md"],
    )
    # or the designer's own source text: a project file, relative to the game folder
    text: str | None = Field(
        default=None,
        description="Or the designer's own rules text: a file relative to the game folder.",
        examples=["notes/rules.md"],
    )
    # what the source states that the rules set aside, with the reason (coverage.py)
    aside: list[Aside] = Field(
        default=[],
        description="What the source states that no rule checks, set aside with the reason.",
    )
    counts: list[dict[str, Any]] = Field(
        default=[],
        description="The totals the rulebook's component list states, each a `count` constraint.",
        examples=[[{"name": "Key cards", "match": {"set": "keys"}, "count": 6}]],
    )
    constraints: list[dict[str, Any]] = Field(
        default=[],
        description="Rules about values, each of a `kind` (count, range, compare, …).",
        examples=[[{"kind": "range", "name": "ranks", "field": "rank", "min": 1, "max": 12}]],
    )
    facts: list[dict[str, Any]] = Field(
        default=[],
        description="What the rulebook states about components: named cards and their "
        "values, rule tables.",
        examples=[[{"kind": "card", "card": "harbinger", "fields": {"rank": 12}}]],
    )
    examples: list[dict[str, Any]] = Field(
        default=[],
        description="Examples of play: the cards in each and the outcomes it claims, "
        "recomputed from the catalog.",
        examples=[
            [
                {
                    "id": "round-1",
                    "cards": {"hero": "azrael"},
                    "claims": [{"id": "hit", "value": "hero.strength", "equals": 8}],
                }
            ]
        ],
    )
    setup: Setup | None = Field(
        default=None,
        description="The setup procedure, step by step, which a seeded simulator runs for "
        "every player count.",
    )
    decks: dict[str, DeckRule] = Field(
        default={}, description="Limits on a deck a player builds (`cardstock check-deck`)."
    )
    acknowledge: list[Acknowledgment] = Field(
        default=[],
        description="Warnings the game accepts on purpose, each with the reason.",
    )
    provenance: dict[str, list[PositiveInt]] = Field(
        default={},
        description="The source lines each kind of text a player reads restates: a pattern "
        "'FILE KEY' (`*` any part of the key) and its lines (docs/rules-format.md, 'Provenance').",
        examples=[{"game.toml tables.limits.*": [82], "cards.csv *: text": [12, 14]}],
    )
    hidden_columns: list[str] = Field(
        default=[],
        description="Columns of the component tables no player reads (the designer's notes): "
        "the card-text check does not read them, nor does the mutation test edit them.",
        examples=[["derivation"]],
    )
    own_texts: dict[str, Annotated[str, Field(min_length=1)]] = Field(
        default={},
        description="The printed texts no check reads that are the designer's own, one a "
        "line: a pattern 'FILE KEY' (`*` any part of the key, as `provenance` writes them) "
        "and why (docs/rules-format.md, 'Texts no check reads').",
        examples=[{"game.toml title": "the game's name", "game.toml tables.*.title": "captions"}],
    )
    # read and checked by the mutation test alone (`rules.mutation.settings`), when it runs
    mutate: dict[str, Any] = Field(
        default={},
        description="The mutation test's settings (`cardstock check --mutate`): surviving "
        "edits accepted and the designer's own values. Read and checked when the mutation test "
        "runs; its keys are listed below, as the mutation test reads them.",
        examples=[{"accept": [{"at": "layouts/vortex/rulebook.md.j2:12", "reason": "flavour"}]}],
    )


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
    hidden: list[str] = field(default_factory=list)  # hidden_columns: the columns no player reads
    own_texts: dict[str, str] = field(default_factory=dict)  # texts declared the designer's
    # [mutate], as written: the mutation test reads and checks it (`rules.mutation.settings`)
    mutate: dict[str, Any] = field(default_factory=dict)
    lines: Mapping[Any, int] = field(default_factory=dict)  # each key path's line
    # name, setup, line
    setup_variants: list[tuple[str, SetupModel, int | None]] = field(default_factory=list)
    # [provenance]: the source lines each kind of text restates (`provenance.stated`)
    provenance: dict[str, list[int]] = field(default_factory=dict)
    provenance_lines: dict[str, int | None] = field(default_factory=dict)

    def provenance_line(self, key: str) -> int | None:
        return self.provenance_lines.get(key)


@dataclass
class _Reading:
    """One rules.toml being checked: where its problems are reported (the file, its lines)
    and the game its names are checked against."""

    shown: str  # display path of rules.toml
    lines: Mapping[Any, int]  # key path -> line, from `read_toml`
    issues: Issues
    game: Game
    components: list[Component]

    def at(self, *loc: Any) -> int | None:
        """The rules.toml line of a key path."""
        return line_for(self.lines, toml_loc(loc))

    def add(self, loc: tuple[Any, ...], message: str) -> None:
        """A problem at key path `loc`, shown at its line and as its dotted path."""
        self.issues.add(self.shown, self.at(*loc), dotted(loc), message)

    def report(self, exc: ValidationError, prefix: tuple[Any, ...], model: type[BaseModel]) -> None:
        """A model's validation errors, for the model read at key path `prefix`."""
        self.issues.extend(
            issues_from(
                exc,
                self.shown,
                lambda loc: self.at(*prefix, *loc),
                lambda loc: dotted(prefix + toml_loc(loc)),
                model,
            )
        )


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
    ctx = _Reading(shown, lines, issues, game, components)
    try:
        raw = RulesFile.model_validate(data)
    except ValidationError as exc:
        ctx.report(exc, (), RulesFile)
        return None

    rules = Rules(
        file=shown,
        source=raw.source,
        seed=raw.seed,
        acknowledge=raw.acknowledge,
        acknowledge_lines=[ctx.at("acknowledge", i) for i in range(len(raw.acknowledge))],
        text=raw.text,
        asides=raw.aside,
        aside_lines=[ctx.at("aside", i) for i in range(len(raw.aside))],
        hidden=raw.hidden_columns,
        own_texts=raw.own_texts,
        mutate=raw.mutate,
        lines=lines,
    )
    if "hidden" in raw.mutate:
        ctx.add(
            ("mutate", "hidden"),
            "the columns no player reads are the top-level key `hidden_columns`, read by the "
            "card-text check as well as the mutation test: move the list there",
        )
    _read_source_text(raw, rules, path, root, ctx)
    _read_constraints(raw, rules, ctx)
    _read_facts(raw, rules, ctx)
    _read_examples(raw, rules, ctx)
    _check_ids(rules, ctx)
    _read_decks(raw, rules, ctx)
    _read_setup(raw, rules, ctx)
    rules.provenance = {k: list(v) for k, v in raw.provenance.items()}
    rules.provenance_lines = {k: ctx.at("provenance", k) for k in raw.provenance}
    for k in raw.provenance:
        if not k.strip() or k.startswith(" "):
            ctx.add(
                ("provenance", k), "name a file, then a key pattern: 'game.toml tables.limits.*'"
            )
    if len(issues.errors) > before:
        return None
    return rules


def _read_source_text(raw: RulesFile, rules: Rules, path: Path, root: Path, ctx: _Reading) -> None:
    """`text`: the designer's own source, a file of the project (and never with `seed`)."""
    if raw.seed is not None and raw.text is not None:
        ctx.add(
            ("text",),
            "give the source either as `seed` (a file in the sources folder) "
            "or as `text` (a file of the project), not both",
        )
    if raw.text is None:
        return
    own = path.parent / raw.text
    if not present(own):
        ctx.add(
            ("text",),
            f"the source text {raw.text!r} is not there ({shown_path(own, root)}); "
            "name a file of the project, relative to the game folder",
        )
    elif not allowed(own, root):
        ctx.add(
            ("text",),
            f"the source text {raw.text!r} leads out of the project; "
            "cardstock reads only the project's own files",
        )
    rules.text_path = own


def _read_constraints(raw: RulesFile, rules: Rules, ctx: _Reading) -> None:
    """The declared counts and the constraints, each with the names it uses checked."""
    for section, entries in (("counts", raw.counts), ("constraints", raw.constraints)):
        for i, entry in enumerate(entries):
            rule = _constraint(section, i, entry, ctx)
            if rule is None:
                continue
            _check_constraint_names(rule, (section, i), ctx)
            target = rules.counts if section == "counts" else rules.constraints
            target.append(Located(rule, section, i, ctx.at(section, i)))


def _read_facts(raw: RulesFile, rules: Rules, ctx: _Reading) -> None:
    """The facts, each with the fields and names it uses checked against the game."""
    for i, entry in enumerate(raw.facts):
        fact = _fact(i, entry, ctx)
        if fact is None:
            continue
        for key in fact.field_keys():
            problem = unknown_key(key, ctx.game)
            if problem:
                ctx.add(("facts", i), problem)
        for sub, msg in reference_problems(getattr(fact, "match", None), ctx.game):
            ctx.add(("facts", i, "match", *sub), msg)
        rules.facts.append(Located(fact, "facts", i, ctx.at("facts", i)))


def _read_examples(raw: RulesFile, rules: Rules, ctx: _Reading) -> None:
    for i, entry in enumerate(raw.examples):
        try:
            example = Example.model_validate(entry)
        except ValidationError as exc:
            ctx.report(exc, ("examples", i), Example)
            continue
        rules.examples.append(Located(example, "examples", i, ctx.at("examples", i)))


def _check_ids(rules: Rules, ctx: _Reading) -> None:
    """No two facts, and no two examples, share an id."""
    for what, located in (("fact", rules.facts), ("example", rules.examples)):
        seen: dict[str, int] = {}
        for loc in located:
            ident = getattr(loc.rule, "id", None)
            if ident is not None and ident in seen:
                ctx.add(
                    (loc.section, loc.index, "id"),
                    f"{what} id {ident!r} is already used by {loc.section}[{seen[ident]}]",
                )
            elif ident is not None:
                seen[ident] = loc.index


def _read_decks(raw: RulesFile, rules: Rules, ctx: _Reading) -> None:
    """The deck-building limits, with the names they use checked against the game."""
    for key, deck in raw.decks.items():
        for where, msg in reference_problems(deck.match, ctx.game):
            ctx.add(("decks", key, "match", *where), msg)
        if isinstance(deck.limit, LimitField):
            problem = unknown_key(deck.limit.field, ctx.game)
            if problem:
                ctx.add(("decks", key, "limit", "field"), problem)
        rules.decks[key] = deck


def _read_setup(raw: RulesFile, rules: Rules, ctx: _Reading) -> None:
    """`[setup]` and each variant of it, as the setup the simulator runs."""
    if raw.setup is None:
        return
    rules.setup = _setup(raw.setup, ctx)
    for k, variant in enumerate(raw.setup.variants):
        changed = _variant(raw.setup, k, variant, ctx)
        if changed is not None:
            rules.setup_variants.append((variant.name, changed, ctx.at("setup", "variants", k)))


def _constraint(section: str, i: int, entry: dict[str, Any], ctx: _Reading) -> Constraint | None:
    if section == "counts":
        kind = entry.get("kind", "count")
        if kind != "count":
            ctx.add(
                (section, i, "kind"),
                "a declared count is always kind 'count'; "
                f"put a {kind!r} rule under [[constraints]]",
            )
            return None
        model: type[Constraint] = Count
    else:
        kind = entry.get("kind")
        if kind is None:
            ctx.issues.add(
                ctx.shown,
                ctx.at(section, i),
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
            ctx.add((section, i, "kind"), f"{what}; expected one of {', '.join(KINDS)}")
            return None
        model = KINDS[kind]
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        ctx.report(exc, (section, i), model)
        return None


def _fact(i: int, entry: dict[str, Any], ctx: _Reading) -> Fact | None:
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in FACT_KINDS:  # missing, or not a name at all
        what = (
            "a value is required here"
            if kind is None
            else f"unknown fact kind {kind!r}"
            if isinstance(kind, str)
            else "a fact kind is a name, not a table or a list"
        )
        ctx.issues.add(
            ctx.shown,
            ctx.at("facts", i, "kind") or ctx.at("facts", i),
            f"facts[{i}].kind",
            f"{what}; expected one of {', '.join(FACT_KINDS)}",
        )
        return None
    model = FACT_KINDS[kind]
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        ctx.report(exc, ("facts", i), model)
        return None


def _check_constraint_names(rule: Constraint, loc: tuple[Any, ...], ctx: _Reading) -> None:
    for sub, msg in reference_problems(rule.match, ctx.game):
        ctx.add((*loc, "match", *sub), msg)
    for value in rule.field_keys:
        problem = unknown_key(value, ctx.game)
        if problem:
            attr = next(
                (
                    a
                    for a in (*rule.keys, "left", "right")
                    if _mentions(getattr(rule, a, None), value)
                ),
                "",
            )
            ctx.add((*loc, attr) if attr else loc, problem)


def _mentions(param: Any, name: str) -> bool:
    if param == name:
        return True
    if isinstance(param, BaseModel):
        return any(_mentions(v, name) for v in param.model_dump().values())
    if isinstance(param, list):
        return name in param
    return False


def _variant(raw: Setup, k: int, variant: Variant, ctx: _Reading) -> SetupModel | None:
    """The setup with a variant's changes applied, validated like the setup itself."""
    steps = [dict(s) for s in raw.steps]
    ok = True
    for j, change in enumerate(variant.change):
        loc = ("setup", "variants", k, "change", j)
        if change.step > len(steps):
            ctx.add((*loc, "step"), f"there is no step {change.step}; the setup has {len(steps)}")
            ok = False
            continue
        for attr in ("count", "upto"):
            value = getattr(change, attr)
            if isinstance(value, TableValue):
                value, problem = _table_value(value, ctx.game)
                if problem:
                    ctx.add((*loc, attr), problem)
                    ok = False
                    continue
            if value is not None:
                steps[change.step - 1][attr] = value
    if not ok:
        return None
    return _setup(raw.model_copy(update={"steps": steps, "variants": []}), ctx)


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


def _setup(raw: Setup, ctx: _Reading) -> SetupModel | None:
    """The validated setup, or None when any of it is wrong (every problem reported)."""
    ok = _setup_settings(raw, ctx)
    steps: list[Step] = []
    step_lines: list[int | None] = []
    check = _StepCheck(raw, ctx)
    for i, entry in enumerate(raw.steps):
        loc = ("setup", "steps", i)
        step = _step(entry, loc, ctx)
        if step is None:
            ok = False
            continue
        check.piles(step, loc)
        check.names(step, loc)
        if isinstance(step, Roll):
            check.roll(step, i, loc)
        steps.append(step)
        step_lines.append(ctx.at(*loc))
    check.reported_piles()
    if not (ok and check.ok):
        return None
    return SetupModel(
        players=raw.players,
        runs=raw.runs,
        player_piles=raw.player_piles,
        report=raw.report,
        steps=steps,
        lines=step_lines,
        line=ctx.at("setup"),
    )


def _setup_settings(raw: Setup, ctx: _Reading) -> bool:
    """Whether the player counts are the game's and the box is no player's pile."""
    ok = True
    players = ctx.game.players
    for n in raw.players or []:
        if not players.min <= n <= players.max:
            ctx.add(
                ("setup", "players"),
                f"{n} players is outside the game's {players.min}–{players.max} "
                "(game.toml players)",
            )
            ok = False
    if BOX in raw.player_piles:
        ctx.add(
            ("setup", "player_piles"),
            f"{BOX!r} is the pile every copy starts in; it cannot belong to a player",
        )
        ok = False
    return ok


def _step(entry: dict[str, Any], loc: tuple[Any, ...], ctx: _Reading) -> Step | None:
    """One step, validated as the kind its `do` names."""
    kind = entry.get("do")
    if not isinstance(kind, str) or kind not in STEP_KINDS:  # missing, or not a name at all
        what = (
            "a value is required here"
            if kind is None
            else f"unknown step {kind!r}"
            if isinstance(kind, str)
            else "a step is a name, not a table or a list"
        )
        ctx.issues.add(
            ctx.shown,
            ctx.at(*loc, "do") or ctx.at(*loc),
            dotted((*loc, "do")),
            f"{what}; expected one of {', '.join(STEP_KINDS)}",
        )
        return None
    model = STEP_KINDS[kind]
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        ctx.report(exc, loc, model)
        return None


class _StepCheck:
    """Checks the steps in their order against what the steps before them did: a pile is
    read only after some step filled it, a rolled value used only after it is rolled.
    `ok` turns False at the first problem."""

    def __init__(self, raw: Setup, ctx: _Reading):
        self.raw = raw
        self.ctx = ctx
        self.ok = True
        self.filled = {BOX}  # piles some earlier step puts copies into
        self.rolled: set[str] = set()
        self.by_id = {c.id: c for c in ctx.components}
        self.per_player = set(raw.player_piles)

    def problem(self, path: tuple[Any, ...], message: str) -> None:
        self.ctx.add(path, message)
        self.ok = False

    def piles(self, step: Step, loc: tuple[Any, ...]) -> None:
        """The piles a step takes from are filled; `who` is for steps on player piles."""
        for attr in step.piles_read:
            name = getattr(step, attr)
            if name not in self.filled and name not in self.per_player:
                key = "from" if attr == "from_" else attr
                self.problem(
                    (*loc, key),
                    f"no earlier step puts anything into pile {name!r}; "
                    f"piles so far: {', '.join(sorted(self.filled))}",
                )
        for attr in step.piles_written:
            self.filled.add(getattr(step, attr))
        names = [getattr(step, a) for a in (*step.piles_read, *step.piles_written)]
        if step.who is not None and not any(n in self.per_player for n in names):
            declared = ", ".join(sorted(self.per_player)) or "none declared in setup.player_piles"
            self.problem((*loc, "who"), f"'who' applies to steps on player piles ({declared})")

    def names(self, step: Step, loc: tuple[Any, ...]) -> None:
        """The step's filters, field names and counts name what the game and the steps
        before it have."""
        game = self.ctx.game
        for attr in step.filters:
            f: Filter | None = getattr(step, attr)
            for sub, msg in reference_problems(f, game):
                self.problem((*loc, attr, *sub), msg)
        for attr in step.keys:
            value = getattr(step, attr)
            problem = unknown_key(value, game) if value is not None else None
            if problem:
                self.problem((*loc, attr), problem)
        for attr in step.counts:
            value = getattr(step, attr)
            if isinstance(value, str) and value not in self.rolled:
                self.problem(
                    (*loc, attr),
                    f"{value!r} is not a value rolled by an earlier step (roll … as = {value!r}); "
                    f"rolled so far: {', '.join(sorted(self.rolled)) or 'none'}",
                )
            elif isinstance(value, int) and value < 0:
                self.problem((*loc, attr), f"expected a count of 0 or more, got {value}")

    def roll(self, step: Roll, i: int, loc: tuple[Any, ...]) -> None:
        """The die is a component with faces; a value used as a count is a whole number."""
        die = self.by_id.get(step.die)
        faces = die.fields.get(step.field) if die is not None else None
        if die is None:
            self.problem((*loc, "die"), f"no component with id {step.die!r}")
            return
        if not isinstance(faces, list) or not faces:
            self.problem(
                (*loc, "field"), f"{step.die} has no list of faces in field {step.field!r}"
            )
            return
        self.rolled.add(step.as_)
        used_as_count = any(
            e.get(a) == step.as_ for e in self.raw.steps[i + 1 :] for a in ("count", "upto")
        )
        if used_as_count and not all(str(x).strip().lstrip("-").isdigit() for x in faces):
            self.problem(
                (*loc, "as"),
                f"{step.as_!r} is used as a count, but {step.die}'s faces are not all "
                f"whole numbers: {', '.join(map(str, faces))}",
            )

    def reported_piles(self) -> None:
        """Every pile `report` names is one some step fills."""
        for name in self.raw.report or []:
            if name not in self.filled and name not in self.per_player:
                self.problem(
                    ("setup", "report"),
                    f"no step puts anything into pile {name!r}; "
                    f"piles: {', '.join(sorted(self.filled))}",
                )
