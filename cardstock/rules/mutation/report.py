"""The mutation test: does a fact catch every single edit of what a player reads?

`cardstock check GAME --mutate` makes each edit `edits.edits` lists, one at a time, in
memory: the edited files' new text is placed in the door (`core.files.placed`), and the
same read → validate → check the command runs reads it; nothing is written. The edited
game's check finds something the unedited game's does not when

- validation refuses it (an error of the input), or the check cannot run on it;
- a check fails on it (an error-level finding);
- or a check warns about it and the game does not acknowledge the warning — exactly the
  findings `--strict` fails on. An acknowledged warning (`[[acknowledge]]`) catches nothing.

A finding is new when its text (the check, the file, the line, the message) is not among
the unedited game's. An edit is **caught by a fact** when a new finding is a fact's: one
of a part that names what the edit contradicts (a count, a constraint, a fact, an example,
the setup, the source's lines, a check that holds a text to the data, the validation of
the input; `Finding.fact`, which the caller sets). A finding of another part (a
translation that still says the old words, an acknowledgment the edit leaves unmatched)
shows only that a text changed: it catches nothing, and the edit is a survivor that says
which part found it. The edits no fact catches are the **survivors**. A survivor the
designer accepts is listed in rules.toml with the reason, and is reported as accepted, not
caught:

    [[mutate.accept]]
    at = "layouts/vortex/rulebook.md.j2:12"     # the survivor's file:line (or the file alone)
    edit = "'first' -> 'last'"                 # and/or: text of the edit's description
    reason = "flavour, not a rule"

An accept entry that matches no survivor is itself a finding (it is stale: the edit is now
caught, or the text has moved). A table cell the designer chose because the source states
none is declared by a `[[mutate.designer_values]]` entry (`designer`): every edit of it,
caught or not, is an edit of the designer's value, listed apart and not counted among the
edits that contradict a stated fact; the exit status treats it like an accepted one.

The checking itself is the caller's (`judge`): this room runs before the validation and the
checks other rooms provide, so the command line hands in the function that runs them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..provenance.coverage import Checked, Coverage, checked
from .designer import DesignerValues, Scope, Stale, edited_column, stale
from .edits import KINDS, Edit, apply
from .settings import Accept


@dataclass(frozen=True, order=True)
class Finding:
    """One finding validation or the check fails on (or `--strict` would)."""

    text: str  # "check: file:line: field: message"
    part: str  # the part that found it: a part of the rules file, a provider, `input`
    fact: bool  # whether the part names what an edit contradicts (see the docstring)


# what a check of the project with these files placed finds
Judge = Callable[[Mapping[Path, bytes]], frozenset[Finding]]


@dataclass
class Outcome:
    """One edit and what the check made of it."""

    edit: Edit
    found: list[Finding]  # the new findings (none: nothing found it)
    accepted: str | None = None  # the reason an accept entry gives
    owned: int | None = None  # the designer_values entry whose cells it edits

    @property
    def caught(self) -> bool:
        """Whether a fact caught it: a new finding of a part that names it."""
        return any(f.fact for f in self.found)

    @property
    def stated(self) -> bool:
        """Whether it contradicts a stated fact: neither a designer's value nor accepted."""
        return self.owned is None and self.accepted is None

    def facts(self) -> list[Finding]:
        return [f for f in self.found if f.fact]


@dataclass
class MutationReport:
    """The mutation test of one game."""

    game: str
    outcomes: list[Outcome] = field(default_factory=list)
    stale: list[tuple[int, Accept, int | None]] = field(default_factory=list)  # index, entry, line
    rules_file: str | None = None
    baseline: frozenset[Finding] = frozenset()
    owned_stale: list[Stale] = field(default_factory=list)  # stale designer_values entries
    owned_lines: list[int | None] = field(default_factory=list)  # each entry's line

    @property
    def caught(self) -> int:
        return sum(1 for o in self.outcomes if o.caught)

    @property
    def survivors(self) -> list[Outcome]:
        """The edits that contradict a stated fact and no fact catches."""
        return [o for o in self.outcomes if o.stated and not o.caught]

    @property
    def accepted(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.caught and o.accepted is not None]

    @property
    def owned(self) -> list[Outcome]:
        """The edits of a designer's own value (`[[mutate.designer_values]]`), caught or not."""
        return [o for o in self.outcomes if o.owned is not None]

    def stated(self) -> tuple[int, int]:
        """The edits that contradict a stated fact, and how many of them a fact catches."""
        stated = [o for o in self.outcomes if o.stated]
        return len(stated), sum(1 for o in stated if o.caught)

    def parts(self) -> Counter[str]:
        """How many caught edits each part's findings catch."""
        return Counter(p for o in self.outcomes for p in sorted({f.part for f in o.facts()}))

    @property
    def ok(self) -> bool:
        return not self.survivors and not self.stale and not self.owned_stale

    def rate(self) -> float:
        return self.caught / len(self.outcomes) if self.outcomes else 1.0

    def by_kind(self) -> dict[str, list[Outcome]]:
        out: dict[str, list[Outcome]] = {k: [] for k in KINDS}
        for o in self.survivors:
            out.setdefault(o.edit.kind, []).append(o)
        return {k: v for k, v in out.items() if v}


def run(
    game: str,
    texts: Mapping[Path, str],
    edits: Iterable[Edit],
    judge: Judge,
    accepts: Sequence[Accept] = (),
    accept_lines: Sequence[int | None] = (),
    rules_file: str | None = None,
    progress: Callable[[int], None] | None = None,
    owned: Sequence[tuple[DesignerValues, Scope]] = (),
    owned_lines: Sequence[int | None] = (),
) -> MutationReport:
    """Each edit judged against the unedited game (see the module's docstring); a survivor
    an accept entry names is accepted, else an edit a `designer_values` entry holds (caught
    or not) is owned."""
    baseline = judge({})
    lines = [owned_lines[i] if i < len(owned_lines) else None for i in range(len(owned))]
    report = MutationReport(game, rules_file=rules_file, baseline=baseline, owned_lines=lines)
    for k, e in enumerate(edits):
        new = sorted(judge(apply(texts, e)) - baseline)
        report.outcomes.append(Outcome(e, new))
        if progress is not None:
            progress(k + 1)
    used = [False] * len(accepts)
    for o in report.outcomes:
        if o.caught:
            continue
        for i, a in enumerate(accepts):
            if a.matches(o.edit):
                o.accepted, used[i] = a.reason, True
                break
    for i, a in enumerate(accepts):
        if not used[i]:
            line = accept_lines[i] if i < len(accept_lines) else None
            report.stale.append((i, a, line))
    for o in report.outcomes:
        if o.accepted is None:
            o.owned = next((i for i, (_, sc) in enumerate(owned) if sc.holds(o.edit)), None)
    # a declaration explains the edits of its cells that survive
    facts = [
        (o.edit, o.caught, o.facts()[0].text if o.caught else None, None if o.caught else o.owned)
        for o in report.outcomes
    ]
    report.owned_stale = stale(owned, facts, owned_lines)
    return report


def summary_line(report: MutationReport) -> str:
    """`N of M edits caught by a fact`; of the edits that contradict a stated fact (all but
    the designer's values and the accepted survivors), how many a fact catches and the
    share; the designer's values and the accepted ones, listed apart; the survivors."""
    stated, caught = report.stated()
    share = caught / stated * 100 if stated else 100.0
    line = (
        f"{report.caught} of {len(report.outcomes)} edits caught by a fact; of the {stated} "
        f"edits that contradict a stated fact, {caught} caught by a fact ({share:.1f} %), "
        f"{stated - caught} survive"
    )
    if report.owned:
        held = sum(1 for o in report.owned if o.caught)
        lines = ",".join(str(n) for n in report.owned_lines if n is not None)
        where = f"{report.rules_file}:{lines}" if lines else f"{report.rules_file}"
        line += (
            f"; {len(report.owned)} edit a designer's own value the source does not state "
            f"({where}; {held} of them caught), listed apart"
        )
    if report.accepted:
        line += f"; {len(report.accepted)} accepted"
    return line


def stated_rate(report: MutationReport) -> float:
    """The share a fact catches of the edits that contradict a stated fact: all but the
    designer's values and the accepted survivors (1.0 when there are none)."""
    stated, caught = report.stated()
    return caught / stated if stated else 1.0


def render(report: MutationReport, *, verbose: bool = False) -> str:
    """The report: the count line, every survivor at its file:line with the edit, the
    accepted ones with their reasons, and every stale accept entry."""
    out = [f"{report.game} — mutation test", f"  {summary_line(report)}"]
    kinds = Counter(o.edit.kind for o in report.outcomes)
    caught = Counter(o.edit.kind for o in report.outcomes if o.caught)
    out.append("  " + ", ".join(f"{k} {caught[k]}/{kinds[k]}" for k in KINDS if kinds[k]))
    parts = report.parts()
    if parts:
        out.append("  caught by: " + ", ".join(f"{p} {n}" for p, n in sorted(parts.items())))
    if report.survivors:
        out.append(f"  survivors ({len(report.survivors)}):")
        out += [f"    {o.edit.at}: {o.edit.describe()}{_only(o)}" for o in report.survivors]
    if report.accepted:
        out.append(f"  accepted ({len(report.accepted)}):")
        out += [f"    {o.edit.at}: {o.edit.describe()} — {o.accepted}" for o in report.accepted]
    if report.owned:
        out.append(f"  designer's values ({len(report.owned)}):")
        out += [
            f"    {o.edit.at}: {o.edit.describe()} — {_entry(report, o.owned)}"
            + (" (caught)" if o.caught else "")
            for o in report.owned
        ]
    for i, a, line in report.stale:
        where = f"{report.rules_file}:{line}" if line is not None else f"{report.rules_file}"
        out.append(f"  {where}: mutate.accept[{i}]: matches no surviving edit ({a.reason})")
    for st in report.owned_stale:
        where = f"{report.rules_file}:{st.line}" if st.line is not None else f"{report.rules_file}"
        out.append(f"  {where}: mutate.designer_values[{st.index}]: {st.message}")
    if verbose:
        out.append("  caught:")
        for o in report.outcomes:
            if o.caught:
                out.append(f"    {o.edit.at}: {o.edit.describe()}")
                out.append(f"      by {o.facts()[0].text}")
    return "\n".join(out)


def _only(o: Outcome) -> str:
    """What found a survivor that no fact catches, when something did."""
    parts = sorted({f.part for f in o.found})
    return f" (found only by {', '.join(parts)}: a text changed, no fact names it)" if parts else ""


def _entry(report: MutationReport, index: int | None) -> str:
    """Where the designer_values entry that explains a survivor is written."""
    line = (
        report.owned_lines[index] if index is not None and index < len(report.owned_lines) else None
    )
    return f"designer's value, {report.rules_file}:{line}" if line else "designer's value"


def coverage_checked(
    report: MutationReport,
    coverage: Iterable[Coverage],
    cited_at: Mapping[tuple[str, int], list[tuple[str | None, list[int], str]]] | None = None,
) -> list[Checked]:
    """Each source's stated facts, checked or not by this mutation test's edits
    (`cited_at`: the texts that restate source lines, by the file and line each is at,
    `provenance.stated.cited_at`): a caught edit of one checks the lines it restates, and
    the names it states of them."""
    edits = [(o.edit.kind, o.edit.before, o.caught) for o in report.outcomes]
    failed = {f.text for o in report.outcomes for f in o.facts()}
    at = cited_at or {}
    said: dict[int, list[str]] = {}
    for o in report.outcomes:
        if not o.caught:
            continue
        for key, cites, says in at.get((o.edit.shown, o.edit.line), []):
            if _edits_text(o.edit, key):
                for n in cites:
                    said.setdefault(n, []).append(says)
    return [checked(cov, edits, failed, frozenset(said), said) for cov in coverage]


def _edits_text(e: Edit, key: str | None) -> bool:
    """Whether an edit at a text's line edits that text: a table's cell edit only
    the text of its column (a row's cells share a line)."""
    column = edited_column(e)
    if column is None or key is None or ": " not in key:
        return True
    return key.rsplit(": ", 1)[1].lower() == column.lower()


def render_checked(game: str, found: list[Checked], *, verbose: bool = False) -> str:
    """Per source: `facts stated / facts checked`, by kind, and the facts not checked (with
    `verbose`, every fact)."""
    out: list[str] = []
    for c in found:
        stated, done = c.tally()
        kinds = ", ".join(
            f"{k}s {c.tally(k)[1]}/{c.tally(k)[0]}" for k in ("number", "name", "sentence")
        )
        out.append(f"{game} — {c.source.shown}: {stated} facts stated / {done} checked ({kinds})")
        for what, line, text, hit in c.facts:
            if verbose or not hit:
                mark = "checked" if hit else "NOT CHECKED"
                out.append(f"    {c.source.name}:{line}  {what:<8} {text[:60]:<60} {mark}")
    if not found:
        out.append(f"{game}: no source text")
    return "\n".join(out)


def public(report: MutationReport) -> dict[str, object]:
    """The report as JSON."""
    return {
        "game": report.game,
        "edits": len(report.outcomes),
        "caught": report.caught,
        "stated": report.stated()[0],
        "stated_caught": report.stated()[1],
        "caught_by": dict(sorted(report.parts().items())),
        "kinds": {
            k: {
                "edits": sum(1 for o in report.outcomes if o.edit.kind == k),
                "caught": sum(1 for o in report.outcomes if o.edit.kind == k and o.caught),
            }
            for k in KINDS
        },
        "survivors": [_edit_json(o) for o in report.survivors],
        "accepted": [{**_edit_json(o), "reason": o.accepted} for o in report.accepted],
        "designer_values": [
            {**_edit_json(o), "entry": o.owned, "line": _line(report, o.owned)}
            for o in report.owned
        ],
        "stale": [
            {"index": i, "line": line, "at": a.at, "edit": a.edit, "reason": a.reason}
            for i, a, line in report.stale
        ]
        + [
            {"designer_values": s.index, "line": s.line, "message": s.message}
            for s in report.owned_stale
        ],
    }


def _line(report: MutationReport, index: int | None) -> int | None:
    return (
        report.owned_lines[index] if index is not None and index < len(report.owned_lines) else None
    )


def _edit_json(o: Outcome) -> dict[str, object]:
    e = o.edit
    return {"kind": e.kind, "at": e.at, "where": e.where, "before": e.before, "after": e.after}


__all__ = [
    "Accept",
    "Judge",
    "Finding",
    "MutationReport",
    "Outcome",
    "coverage_checked",
    "public",
    "render_checked",
    "render",
    "run",
    "stated_rate",
    "summary_line",
]
