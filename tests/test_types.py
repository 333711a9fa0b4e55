"""The types: mypy's strict rules hold for every module of cardstock, and the tests are
checked too, by the rules of `--strict` that do not ask for an annotation on every
function."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the rules `mypy --strict` turns on that a module's own settings can hold
STRICT = {
    "disallow_any_generics": True,
    "disallow_subclassing_any": True,
    "disallow_untyped_calls": True,
    "disallow_untyped_defs": True,
    "disallow_incomplete_defs": True,
    "check_untyped_defs": True,
    "disallow_untyped_decorators": True,
    "warn_return_any": True,
    "implicit_reexport": False,
}
# …and those that hold for every module checked, the tests included
EVERYWHERE = {"warn_redundant_casts", "warn_unused_ignores", "strict_equality", "extra_checks"}


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


def _settings() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_the_package_and_the_tests_pass_mypy():
    # `mypy` as tests/run calls it, so the run reads the cache tests/run's own check left
    # instead of checking all again
    run = _mypy()
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found")


def test_the_project_settings_are_strict_for_every_module_of_the_package():
    settings = _settings()
    assert set(settings["files"]) == {"cardstock", "tests"}
    assert "ignore-without-code" in settings["enable_error_code"]
    assert all(settings[rule] is True for rule in EVERYWHERE)
    (package,) = [o for o in settings["overrides"] if "cardstock.*" in o["module"]]
    assert set(package["module"]) == {"cardstock", "cardstock.*"}
    assert {k: v for k, v in package.items() if k != "module"} == STRICT
    # the other overrides are for libraries without type hints, never a cardstock module
    for override in settings["overrides"]:
        if override is package:
            continue
        modules = (
            override["module"] if isinstance(override["module"], list) else [override["module"]]
        )
        assert not any(m.startswith("cardstock") for m in modules), override
        assert set(override) == {"module", "ignore_missing_imports"}, override


def test_a_new_module_of_the_package_needs_annotations_and_no_bare_ignore(tmp_path):
    # `mypy` alone reads [tool.mypy]: the strict rules apply to new code of the package too
    (tmp_path / "cardstock").mkdir()
    (tmp_path / "cardstock" / "__init__.py").write_text("")
    new = tmp_path / "cardstock" / "new_module.py"
    new.write_text("def f(x):\n    return x\n\n\ny: int = 'a'  # type: ignore\n", encoding="utf-8")
    config = str(ROOT / "pyproject.toml")
    run = _mypy(
        "--config-file", config, "--cache-dir", "cache", "cardstock/new_module.py", cwd=tmp_path
    )
    assert run.returncode == 1
    assert "[no-untyped-def]" in run.stdout
    assert "[ignore-without-code]" in run.stdout


def test_a_new_test_may_leave_a_function_unannotated_but_not_an_ignore_bare(tmp_path):
    new = tmp_path / "test_new.py"
    new.write_text("def test_f(tmp_path):\n    assert tmp_path\n", encoding="utf-8")
    config = str(ROOT / "pyproject.toml")
    run = _mypy("--config-file", config, "--cache-dir", "cache", "test_new.py", cwd=tmp_path)
    assert run.returncode == 0, run.stdout
    new.write_text("y: int = 'a'  # type: ignore\n", encoding="utf-8")
    run = _mypy("--config-file", config, "--cache-dir", "cache", "test_new.py", cwd=tmp_path)
    assert run.returncode == 1
    assert "[ignore-without-code]" in run.stdout
