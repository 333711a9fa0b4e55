"""The interpreter's import path made safe to run a command in someone else's project.

Python puts the folder a program starts from on the import path: the current folder for
`python -m cardstock`, the script's folder for `python build.py` (and an empty or relative
entry of `PYTHONPATH` names the current folder too). A downloaded project's `jinja2.py`
or `PIL/` there would be imported in place of the library. ReportLab, as it starts, also
imports the optional modules `reportlab_mods` and `reportlab_settings` from anywhere on the
path, so a project's `reportlab_mods.py` ran during a build.

`confine` is the first thing each entry point does (`build.py`, `cardstock.cli.run`, and
for `python -m` the package's `__init__`, which Python runs before the module it looks
for): it takes those folders off the path and makes ReportLab's optional
modules unimportable. A name that is None in `sys.modules` makes `import` raise
ImportError (Python's documented way to block a module), which ReportLab reads as "not
there"; it then reads only the user's own `~/.reportlab_mods` and `~/.reportlab_settings`.
The package's own modules are found through the package, not the path, so cardstock still
imports from where it was found.

What no code of cardstock can prevent: `python -m cardstock` looks for `cardstock` in the
current folder before any of this runs, so a `cardstock/` folder there is what runs, and
a file there named like a standard-library module Python imports before the package runs
is imported in its place (which ones depends on the Python version);
`python -P -m cardstock` (or `PYTHONSAFEPATH=1`) does not look there, and the installed
`cardstock` command never does.
"""

from __future__ import annotations

import os
import sys

# ReportLab's optional modules found anywhere on the path, imported by name as it starts
# (`reportlab/__init__.py`, `reportlab/rl_config.py`); its `local_rl_mods` and
# `local_rl_settings` are looked for inside the installed package only, and left alone
HOOKS = ("reportlab_mods", "reportlab_settings")


def _real(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):  # a path the system cannot resolve names no folder of ours
        return path


def _start_folders() -> set[str]:
    """The current folder and the started script's folder, resolved, both as written and
    with links followed (Python writes the script's folder with its links followed)."""
    folders: set[str] = set()
    try:
        here = os.getcwd()
        folders |= {here, _real(here)}
    except OSError:  # the current folder was removed: it can hold nothing to import
        pass
    script = sys.argv[0] if sys.argv else ""
    if script and os.path.isfile(script):
        folders |= {os.path.dirname(os.path.abspath(script)), os.path.dirname(_real(script))}
    return folders


def confine() -> None:
    """Take the current folder and the script's folder off `sys.path` (with every relative
    entry, which names a place inside the current folder), and make ReportLab's optional
    modules (`HOOKS`) unimportable. Call it before anything else is imported."""
    started = _start_folders()
    sys.path[:] = [
        entry
        for entry in sys.path
        if os.path.isabs(entry) and entry not in started and _real(entry) not in started
    ]
    for name in HOOKS:
        sys.modules[name] = None  # type: ignore[assignment]


__all__ = ["HOOKS", "confine"]
