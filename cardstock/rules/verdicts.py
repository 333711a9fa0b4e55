"""A rule check's verdict: its status, summary and findings (`Check`), as the report
(`report`) and the checks built outside it (`provenance`) make it; what one rule's check
found (`Outcome`, its reasons `Problem`), as every constraint, fact and example returns
it; and a check that is no rule of the rules file (`Provider`), whose findings the report
makes a verdict of.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.issues import Issue

if TYPE_CHECKING:
    from ..catalog.schema import Component
    from ..core.stage import GameCheck

PASS, FAIL, WARN, SKIP, ACK = "pass", "fail", "warn", "skip", "ack"


class Check:
    """The outcome of one rule check of a game, and where its finding is (reported, never
    compared: a plain class)."""

    __slots__ = (
        "section",
        "rule",
        "status",
        "summary",
        "file",
        "line",
        "components",
        "findings",
        "provider",
        "acknowledged",
        "cite",
        "choice",
    )

    def __init__(
        self,
        section: str,
        rule: str,
        status: str,
        summary: str,
        file: str | None = None,
        line: int | None = None,
        components: list[str] | None = None,
        findings: list[Issue] | None = None,
        provider: str | None = None,
        acknowledged: list[tuple[Issue, str]] | None = None,
        cite: dict[str, Any] | None = None,
        choice: str | None = None,
    ) -> None:
        self.section = section  # a key of SECTIONS
        self.rule = rule
        self.status = status  # pass | fail | warn | skip
        self.summary = summary
        self.file = file
        self.line = line
        self.components: list[str] = [] if components is None else components
        self.findings: list[Issue] = [] if findings is None else findings
        self.provider = provider  # the name of a provider's check (`Provider.name`)
        # (finding, reason)
        self.acknowledged: list[tuple[Issue, str]] = [] if acknowledged is None else acknowledged
        self.cite = cite  # {seed, line, says}: where the rule comes from
        self.choice = choice  # the designer's choice the rule states

    @property
    def where(self) -> str:
        if self.file is None:
            return ""
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def public(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "rule": self.rule,
            "status": self.status,
            "summary": self.summary,
            "file": self.file,
            "line": self.line,
            "components": self.components,
            "findings": [issue_json(i) for i in self.findings],
            "acknowledged": [{**issue_json(i), "reason": why} for i, why in self.acknowledged],
            "cite": self.cite,
            "choice": self.choice,
        }


def issue_json(i: Issue, *, text: bool = True) -> dict[str, Any]:
    """An issue for JSON output; `text` adds the rendered `file:line: field: message` line."""
    out: dict[str, Any] = {
        "file": i.file,
        "line": i.line,
        "field": i.field,
        "message": i.message,
        "level": i.level,
    }
    if text:
        out["text"] = i.render()
    return out


__all__ = ["ACK", "FAIL", "PASS", "SKIP", "WARN", "Check", "Provider", "issue_json"]


@dataclass
class Problem:
    """One reason a check failed; located at a component when it is about one."""

    message: str
    component: Component | None = None
    field: str = ""
    at: tuple[str, int | None] | None = (
        None  # (file, line) when it is about another place (a table row, a setup step)
    )


@dataclass
class Outcome:
    ok: bool
    summary: str  # one line: the figure or the first reason
    components: list[Component] = field(default_factory=list)  # every component involved
    problems: list[Problem] = field(default_factory=list)


class Provider:
    """A check that is no rule of the rules file: one of the rules room's own (`checks.own`)
    or one another room provides (print safety from the layouts, the rulebook's
    consistency from the books, `cardstock.stages.CHECKS`). Its name (for `--only` and
    acknowledgments), the section (a key of `report.SECTIONS`) and title it is reported
    under, and the check itself. `draws`: it reads each face's drawing, not only its outline
    and what it found: it runs before the others (still reported in their order), so that
    the faces are laid out for it and a big game's drawings are not read back from the cache
    (`Faces.outlines`). `guess`: its findings are readings of words that can mean otherwise
    (a joke name), warnings `--strict` does not turn into failures: it fails only for what a
    check can prove. `reads`: the parts of a game's input it reads (`keyed.SCOPES`), by
    which its verdict is kept and read back; None: all of them. Made once, never compared: a
    plain class."""

    __slots__ = ("name", "section", "title", "run", "draws", "guess", "reads")

    def __init__(
        self,
        name: str,
        section: str,
        title: str,
        run: GameCheck,
        draws: bool = False,
        guess: bool = False,
        reads: tuple[str, ...] | None = None,
    ) -> None:
        self.name, self.section, self.title, self.run, self.draws = name, section, title, run, draws
        self.guess, self.reads = guess, reads
