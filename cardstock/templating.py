"""Jinja2 for catalog text and templates: sandboxed, undefined names are errors.

Catalog text may come from someone else, so it runs in Jinja2's sandbox (no attribute
access to internals, no code). A typo in a field name raises and is reported as an Issue,
never printed blank.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from .issues import Issue


def environment(**globals_: Any) -> SandboxedEnvironment:
    """A sandboxed environment with strict undefined names; no HTML autoescaping (output
    backends escape for their own format)."""
    env = SandboxedEnvironment(
        undefined=StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(globals_)
    return env


def render(
    text: str,
    context: Mapping[str, Any],
    *,
    file: str,
    line: Optional[int],
    field: str,
    env: Optional[SandboxedEnvironment] = None,
) -> tuple[str, Optional[Issue]]:
    """Render `text` with `context`. On any template problem, return the raw text and an
    Issue that says where and what went wrong."""
    env = env or environment()
    try:
        return env.from_string(text).render(**context), None
    except TemplateError as exc:
        return text, Issue(file, line, field, template_message(exc, "text", with_line=True))


def template_message(exc: TemplateError, what: str = "template", *, with_line: bool = False) -> str:
    """A Jinja2 error as a plain message about `what` ("text" in catalog fields, "template"
    in layouts); `with_line` adds a syntax error's line within the text."""
    kind = type(exc).__name__
    detail = getattr(exc, "message", None) or str(exc)
    if kind == "UndefinedError":
        return f"the {what} names something that does not exist: {detail}"
    if kind == "SecurityError":
        return f"the {what} tried something templates may not do: {detail}"
    if kind == "TemplateSyntaxError":
        sub = getattr(exc, "lineno", None) if with_line else None
        return f"template syntax error{f' on its line {sub}' if sub else ''}: {detail}"
    return f"the {what} cannot be rendered ({kind}): {detail}"
