"""An int or number field's `min`, `max` and `default` are numbers its row model can be
built from, refused at the key's line by the validation pass otherwise: finite, an int
field's whole and within `catalog.fields.MOST_INT_BOUND`, `min` at most `max`, the default
between them. (`max = inf` on an int field stopped every command with an internal
SchemaError; `min = nan` on a number field was taken.) The values a choice field lists are
bounded too: `MOST_CHOICES`, each of `MAX_CHOICE` characters (every refused cell's message
lists them all)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

from cardstock.catalog.fields import MAX_CHOICE, MOST_CHOICES, MOST_INT_BOUND

GAME = Path("catalog") / "mini" / "game.toml"
SHOWN = "catalog/mini/game.toml"
CHIPS = """
[[sets]]
id = "chips"
name = "Chips"
kind = "token"
group = "Chips"
rows = [{ id = "chip", name = "Chip", count = 1 }]
"""


def _project(tmp_path: Path, declared: str) -> Path:
    """The mini game with a set of chips added, whose field `power` is declared in a table
    of its own, a key a line."""
    root = tmp_path / "project"
    shutil.copytree(FIXTURES / "catalog" / "mini", root / "catalog" / "mini")
    path = root / GAME
    path.write_text(
        path.read_text(encoding="utf-8") + CHIPS + f"\n[sets.fields.power]\n{declared}\n", "utf-8"
    )
    return root


def _line(root: Path, start: str) -> int:
    lines = (root / GAME).read_text(encoding="utf-8").splitlines()
    return max(n for n, line in enumerate(lines, 1) if line.startswith(start))


def _refused(cli, root: Path, key: str, message: str) -> None:
    result = cli("--root", str(root), "build")
    assert result.code == 2, result.err
    where = f"{SHOWN}:{_line(root, key + ' = ')}: sets[3].fields.power.{key}: "
    assert where + message in result.err, result.err
    assert result.err.count(where) == 1, result.err
    assert "internal error" not in result.err
    assert not (root / "output").exists()


WHOLE = f"expected a whole number from -{MOST_INT_BOUND:,} to {MOST_INT_BOUND:,}"


class TestIntFieldBounds:
    @pytest.mark.parametrize("key", ["min", "max", "default"])
    @pytest.mark.parametrize(
        ("value", "said"),
        [
            ("inf", "expected a finite number, got inf"),
            ("-inf", "expected a finite number, got -inf"),
            ("nan", "expected a finite number, got nan"),
            ("9.5", f"{WHOLE} (cardstock's limit for an int field), got 9.5"),
            ("1e300", f"{WHOLE} (cardstock's limit for an int field), got 1e+300"),
            (str(MOST_INT_BOUND + 1), f"{WHOLE} (cardstock's limit for an int field)"),
            (f"-{MOST_INT_BOUND * 10}", f"{WHOLE} (cardstock's limit for an int field)"),
        ],
    )
    def test_a_bound_no_row_model_can_hold_is_refused_at_its_line(
        self, cli, tmp_path, key, value, said
    ):
        root = _project(tmp_path, f'type = "int"\n{key} = {value}')
        _refused(cli, root, key, said)

    def test_the_repro_s_inline_declaration_is_refused_at_its_line(self, cli, tmp_path):
        root = _project(tmp_path, 'type = "int"')
        path = root / GAME
        text = path.read_text(encoding="utf-8")
        old = 'fields.strength = { type = "int", min = 0, max = 9 }'
        path.write_text(text.replace(old, old.replace("max = 9", "max = inf")), "utf-8")
        result = cli("--root", str(root), "check")
        assert result.code == 2, result.err
        line = _line(root, "fields.strength = ")
        assert (
            f"{SHOWN}:{line}: sets[0].fields.strength.max: expected a finite number, got inf"
        ) in result.err, result.err

    def test_a_max_below_min_is_refused_at_max(self, cli, tmp_path):
        root = _project(tmp_path, 'type = "int"\nmin = 5\nmax = 3')
        _refused(cli, root, "max", "expected a number of at least min (5), got 3")

    def test_a_default_outside_min_and_max_is_refused_at_default(self, cli, tmp_path):
        root = _project(tmp_path, 'type = "int"\nmin = 1\nmax = 9\ndefault = 12')
        _refused(cli, root, "default", "expected a number of at most max (9), got 12")
        root = _project(tmp_path / "low", 'type = "int"\nmin = 1\nmax = 9\ndefault = 0')
        _refused(cli, root, "default", "expected a number of at least min (1), got 0")

    def test_bounds_at_the_limit_load_and_the_rows_read_within_them(self, cli, tmp_path):
        root = _project(
            tmp_path,
            f'type = "int"\nmin = -{MOST_INT_BOUND}\nmax = {MOST_INT_BOUND}\ndefault = 0\n'
            "[sets.fields.weight]\n"
            'type = "number"\nmin = -1e300\nmax = 1.5e300\ndefault = 2.5',
        )
        result = cli("--root", str(root), "catalog", "--json", "mini")
        assert result.code == 0, result.err
        assert '"power": 0' in result.out and '"weight": 2.5' in result.out, result.out


class TestNumberFieldBounds:
    @pytest.mark.parametrize("key", ["min", "max", "default"])
    @pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
    def test_a_bound_that_is_no_finite_number_is_refused_at_its_line(
        self, cli, tmp_path, key, value
    ):
        root = _project(tmp_path, f'type = "number"\n{key} = {value}')
        _refused(cli, root, key, f"expected a finite number, got {value}")

    @pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
    def test_a_cell_that_is_no_finite_number_is_refused_at_its_row(self, cli, tmp_path, value):
        root = _project(tmp_path, 'type = "number"')
        path = root / GAME
        row = 'rows = [{ id = "chip", name = "Chip", count = 1 }]'
        text = path.read_text(encoding="utf-8")
        assert row in text
        path.write_text(text.replace(row, row[:-2] + f', power = "{value}" }}]'), "utf-8")
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        said = f"{SHOWN}:{_line(root, 'rows = ')}: power: expected a finite number, got '{value}'"
        assert result.err.count(said) == 1, result.err
        assert not (root / "output").exists()

    def test_a_max_below_min_is_refused_at_max(self, cli, tmp_path):
        root = _project(tmp_path, 'type = "number"\nmin = 2.5\nmax = 0.5')
        _refused(cli, root, "max", "expected a number of at least min (2.5), got 0.5")

    def test_a_text_default_is_refused_at_default(self, cli, tmp_path):
        root = _project(tmp_path, 'type = "number"\ndefault = "many"')
        _refused(cli, root, "default", "expected a number, got 'many'")


class TestChoiceFieldBounds:
    def test_more_choices_than_the_bound_are_refused_at_the_line(self, cli, tmp_path):
        listed = ", ".join(f'"c{i}"' for i in range(MOST_CHOICES + 1))
        root = _project(tmp_path, f'type = "choice"\nchoices = [{listed}]')
        _refused(
            cli,
            root,
            "choices",
            f"expected at most {MOST_CHOICES} entries (cardstock's limit), got {MOST_CHOICES + 1}",
        )

    def test_a_choice_longer_than_the_bound_is_refused_at_the_line(self, cli, tmp_path):
        long = "c" * (MAX_CHOICE + 1)
        root = _project(tmp_path, f'type = "choice"\nchoices = ["a", "{long}"]')
        result = cli("--root", str(root), "build")
        assert result.code == 2, result.err
        assert (
            f"{SHOWN}:{_line(root, 'choices = ')}: sets[3].fields.power.choices[1]: expected a "
            f"text of at most {MAX_CHOICE} characters (cardstock's limit), got {MAX_CHOICE + 1}"
        ) in result.err, result.err
        assert not (root / "output").exists()

    def test_choices_at_the_bounds_load(self, cli, tmp_path):
        listed = ", ".join(f'"{i:0{MAX_CHOICE}d}"' for i in range(MOST_CHOICES))
        root = _project(tmp_path, f'type = "choice"\nchoices = [{listed}]')
        result = cli("--root", str(root), "list")
        assert result.code == 0, result.err
