"""Records (`cardstock.records`): value classes that behave as the dataclasses they were,
without compiling their methods when the class is made.

Every record class in the package is compared with a dataclass made the standard way from
the same fields (same frozenness, slots, defaults, `repr`/`compare` flags): construction
with and without the defaults, `repr`, equality (a compared field changed, an uncompared
one changed, another class), hashing, freezing, pickling, copying and `replace`, and the
order of a record's `__dict__`, which the faces' content keys read. And a PnP build, run
in a fresh interpreter as a user runs it, makes no class of cardstock's whose methods were
compiled at run time."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import pkgutil
import subprocess
import sys
from typing import Any

import pytest

import cardstock
from cardstock import records
from conftest import ROOT



def _record_classes() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(cardstock.__path__, "cardstock."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and "__record_shown__" in value.__dict__:
                found.append(value)
    return sorted(found, key=lambda c: (c.__module__, c.__qualname__))


RECORDS = _record_classes()


def _twin(cls: type) -> Any:
    """The dataclass @dataclass would have made of the record's fields."""
    specs = []
    for f in dataclasses.fields(cls):
        kw: dict[str, Any] = {"repr": f.repr, "compare": f.compare}
        if f.default is not dataclasses.MISSING:
            kw["default"] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            kw["default_factory"] = f.default_factory
        specs.append((f.name, Any, dataclasses.field(**kw)))
    frozen = cls.__hash__ is not None and "__setattr__" in cls.__dict__
    twin = dataclasses.make_dataclass(cls.__name__, specs, frozen=frozen, slots="__slots__" in cls.__dict__,
                                      order="__lt__" in cls.__dict__)
    twin.__qualname__ = cls.__qualname__
    return twin, frozen


def _values(cls: type, tag: str) -> list[Any]:
    return [f"{tag}{i}" for i, _ in enumerate(dataclasses.fields(cls))]


def test_the_build_path_has_records_to_check():
    names = {f"{c.__module__}.{c.__qualname__}" for c in RECORDS}
    assert {"cardstock.layout.ops.Rect", "cardstock.layout.ops.Face", "cardstock.impose.plan.Page",
            "cardstock.markup.Paragraph", "cardstock.layout.text.Raw"} <= names
    assert len(RECORDS) >= 60


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_record_behaves_as_the_dataclass_it_replaces(cls):
    twin, frozen = _twin(cls)
    fields = dataclasses.fields(cls)
    args = _values(cls, "v")
    made, expected = cls(*args), twin(*args)
    assert dataclasses.is_dataclass(made) and [f.name for f in fields] == [f.name for f in dataclasses.fields(twin)]
    assert repr(made) == repr(expected)
    assert made == cls(*args) and not (made != cls(*args))
    assert made != expected  # another class, even with the same values
    if "__slots__" not in cls.__dict__:
        assert list(vars(made)) == [f.name for f in fields]  # declaration order (content keys read it)
    for i, f in enumerate(fields):
        changed = cls(*[*args[:i], "other", *args[i + 1:]])
        assert (made == changed) == (not f.compare) == (twin(*args) == twin(*[*args[:i], "other", *args[i + 1:]]))
    if frozen:
        assert hash(made) == hash(expected) == hash(cls(*args))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, fields[0].name, "x")
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, fields[0].name)
    else:
        with pytest.raises(TypeError):
            hash(made)
        setattr(made, fields[0].name, "x")
        assert getattr(made, fields[0].name) == "x"
        made = cls(*args)
    if "__lt__" in cls.__dict__:
        low, high = cls(*args), cls(*["w" + a for a in args])
        assert (low < high, low <= high, low > high, low >= high) == (True, True, False, False)
        assert sorted([high, low]) == [low, high]
    assert pickle.loads(pickle.dumps(made)) == made
    assert copy.copy(made) == made and copy.deepcopy(made) == made
    other = dataclasses.replace(made, **{fields[-1].name: "replaced"})
    assert getattr(other, fields[-1].name) == "replaced" and type(other) is cls
    # the defaults: only the fields without one given
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    short = [f"r{i}" for i in range(len(required))]
    assert repr(cls(*short)) == repr(twin(*short)) and cls(*short) == cls(*short)


PROBE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from cardstock.cli import main
code = main(["--root", sys.argv[2], "--out", sys.argv[3], "--paper", "letter", "--only", "pnp", "--jobs", "1"])
from cardstock import records
made = {m: records.generated_methods(sys.modules[m]) for m in sorted(sys.modules) if m.startswith("cardstock")}
print(json.dumps({"code": code, "generated": {m: g for m, g in made.items() if g}}))
"""


def test_a_pnp_build_compiles_no_class_methods(tmp_path):
    import json

    from test_cold_imports import _bench_game

    root = tmp_path / "project"
    _bench_game(root)
    env = {"PATH": "/usr/bin:/bin", "CARDSTOCK_CACHE": str(tmp_path / "cache"), "HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", PROBE, str(ROOT), str(root), str(tmp_path / "out")],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found["code"] == 0
    assert found["generated"] == {}
