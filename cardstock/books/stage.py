"""The `rulebook` stage's entry: the typesetting it needs (ReportLab's Platypus, the PDF
reader that imposes booklets) is imported when a rulebook is written, not by every build."""

from __future__ import annotations

from ..core.stage import Job, StageResult


def build_rulebook(job: Job) -> StageResult:
    from .rulebook import build_rulebook as write

    return write(job)
