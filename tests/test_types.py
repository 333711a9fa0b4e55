"""The package's types: mypy's strict rules hold for every module of cardstock."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_the_whole_package_passes_mypy_strict():
    # `mypy` as tests/run calls it (the settings below make it strict for every module), so
    # the run reads the cache tests/run's own check left instead of checking all again
    run = _mypy()
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found")


def test_the_project_settings_are_strict_for_every_module():
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert settings["strict"] is True
    assert "ignore-without-code" in settings["enable_error_code"]
    # the only overrides are for libraries without type hints, never a relaxed cardstock module
    for override in settings.get("overrides", []):
        modules = (
            override["module"] if isinstance(override["module"], list) else [override["module"]]
        )
        assert not any(m.startswith("cardstock") for m in modules), override
        assert set(override) == {"module", "ignore_missing_imports"}, override


def test_the_settings_refuse_an_unannotated_function_and_a_bare_ignore(tmp_path):
    # `mypy` alone reads [tool.mypy]: the strict rules apply to new code too
    new = tmp_path / "new_module.py"
    new.write_text("def f(x):\n    return x\n\n\ny: int = 'a'  # type: ignore\n", encoding="utf-8")
    run = _mypy("--config-file", "pyproject.toml", "--cache-dir", str(tmp_path / "cache"), str(new))
    assert run.returncode == 1
    assert "[no-untyped-def]" in run.stdout
    assert "[ignore-without-code]" in run.stdout
