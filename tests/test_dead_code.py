"""No code of the package is dead: vulture (a dead-code finder, run here on the package's
source) finds no function, method, class, property or import that nothing uses. The names
it cannot see used are listed once, each with who calls it: a library calling back into
cardstock by a name of its protocol. Variables and attributes are not asked about: most are
set for a library to read (ReportLab's, ElementTree's, zipfile's)."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT
from vulture import Vulture

KINDS = ("function", "method", "class", "property", "import")
# who calls each name vulture cannot see called
CALLED_BY_A_LIBRARY = {
    # ReportLab's document template, at each page and flowable
    "beforeDrawPage": "reportlab",
    "afterDrawPage": "reportlab",
    "beforePage": "reportlab",
    "beforeDocument": "reportlab",
    "afterFlowable": "reportlab",
    # http.server's request handler and server
    "handle_error": "http.server",
    "readinto": "http.server",
    "version_string": "http.server",
    "do_GET": "http.server",
    "do_HEAD": "http.server",
    "log_message": "http.server",
    "send_error": "http.server",
    # Jinja2: an extension's token filter, a loader, and what compiled templates call
    "filter_stream": "jinja2",
    "get_source": "jinja2",
    "loop_steps": "jinja2",
    "checked_text": "jinja2",
    "text_part": "jinja2",
    # logging's handler, fontTools' pen, random's generator
    "emit": "logging",
    "_moveTo": "fontTools",
    "_lineTo": "fontTools",
    "_curveToOne": "fontTools",
    "_closePath": "fontTools",
    "getrandbits": "random",
    # the defaults cardstock ships are checked by its tests, not again in every build
    "shipped_value_problems": "tests/layout/test_layout_check_shipped.py",
}
# Pydantic calls its validators by their decorators
DECORATORS = ["@field_validator", "@model_validator"]


def unused(paths: list[Path]) -> list[str]:
    """What vulture finds unused under `paths`, less the names a library calls."""
    v = Vulture(ignore_decorators=DECORATORS)
    v.scavenge([str(p) for p in paths])
    return sorted(
        f"{_shown(Path(item.filename))}:{item.first_lineno} {item.typ} {item.name}"
        for item in v.get_unused_code(min_confidence=60)
        if item.typ in KINDS and item.name not in CALLED_BY_A_LIBRARY
    )


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def test_no_function_class_or_import_of_the_package_is_dead():
    assert unused([ROOT / "cardstock"]) == []


def test_a_function_nothing_calls_is_found(tmp_path: Path):
    module = tmp_path / "module.py"
    module.write_text("def used():\n    return 1\n\n\ndef forgotten():\n    return used()\n")
    assert [line.split(" ", 1)[1] for line in unused([module])] == ["function forgotten"]
