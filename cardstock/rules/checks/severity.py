"""Severities: errors block the build, warnings report; a game may acknowledge a warning.

    [[acknowledge]]
    check = "colour-only"            # a check's rule text or a provider's name
    contains = "Red Realm"           # optional: only findings whose text says this
    reason = "the symbols differ in the printed deck; the lint cannot see the art"

A warning matched by an acknowledgment is shown with its reason and no longer counts: the
check reads `ack`. `--strict` (check and build) makes every warning that is left fail the
check. An acknowledgment cannot hide an error, and one that matches nothing is reported, so
a stale one does not linger.
"""

from __future__ import annotations

from pydantic import Field

from ..filters import Strict


class Acknowledgment(Strict):
    check: str = Field(min_length=1)
    contains: str | None = None
    reason: str = Field(min_length=1)

    def matches(self, rule: str, provider: str | None, text: str) -> bool:
        named = self.check.strip().lower() in {rule.strip().lower(), (provider or "").lower()}
        return named and (self.contains is None or self.contains.lower() in text.lower())
