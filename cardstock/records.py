"""Value classes whose comparison, hashing, printing and freezing are written once here.

`@dataclass` writes each class's methods as source text and compiles them when the class
is made: about 0.3 ms for a frozen class on Python 3.11, paid by every process that imports
it, and cardstock makes dozens of such classes before its first face is drawn. A *record*
is still a dataclass (`dataclasses.fields`, `replace`, `asdict` and `is_dataclass` work as
before), but it writes its own `__init__` in its class body, and `record` gives it shared
methods that behave like the generated ones:

- `==` compares two records of the same class by the fields that take part in comparison
  (`field(compare=False)` ones do not), in declaration order; another class gives
  `NotImplemented`;
- a frozen record hashes the same values; a mutable one is unhashable;
- an ordered record (`order=True`) compares with `<` and the others by the same values;
- `repr` shows `Class(name=value, ...)` for the fields with `repr=True`;
- a frozen record refuses assignment and deletion (`dataclasses.FrozenInstanceError`), so
  its `__init__` sets its fields with `object.__setattr__`, in declaration order;
- a frozen record with slots pickles and copies through its field values.

`records.generated_methods` lists the methods of a module's classes that were compiled at
run time (a test keeps the start-up path of a build free of them).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields
from operator import attrgetter
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar

T = TypeVar("T", bound=type)

__all__ = ["METHODS", "generated_methods", "record"]

# What dataclasses compiles per class (the methods a record shares instead).
METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__getstate__", "__setstate__",
           "__lt__", "__le__", "__gt__", "__ge__")


def _eq_hash(key: Callable[[Any], tuple[Any, ...]]) -> tuple[Callable[[Any, Any], Any], Callable[[Any], int]]:
    """`__eq__` and `__hash__` over one class's compared fields (closures: nothing compiled)."""

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __eq__, __hash__


def _order(key: Callable[[Any], tuple[Any, ...]]) -> dict[str, Callable[[Any, Any], Any]]:
    """`<`, `<=`, `>`, `>=` over the compared fields, as `order=True` gives a dataclass."""

    def __lt__(self: Any, other: Any) -> Any:
        return key(self) < key(other) if other.__class__ is self.__class__ else NotImplemented

    def __le__(self: Any, other: Any) -> Any:
        return key(self) <= key(other) if other.__class__ is self.__class__ else NotImplemented

    def __gt__(self: Any, other: Any) -> Any:
        return key(self) > key(other) if other.__class__ is self.__class__ else NotImplemented

    def __ge__(self: Any, other: Any) -> Any:
        return key(self) >= key(other) if other.__class__ is self.__class__ else NotImplemented

    return {"__lt__": __lt__, "__le__": __le__, "__gt__": __gt__, "__ge__": __ge__}


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)


def _key(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The compared fields' values as one tuple (attrgetter gives a bare value for one name)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _record(cls: Optional[T] = None, /, *, frozen: bool = False, slots: bool = False, order: bool = False) -> Any:
    """`@record` or `@record(frozen=True, slots=True, order=True)`: a dataclass with the
    shared methods above; the class must define `__init__` itself."""

    def wrap(cls: T) -> T:
        if "__init__" not in cls.__dict__:
            raise TypeError(f"{cls.__qualname__}: a record writes its own __init__")
        made: Any = dataclass(init=False, repr=False, eq=False, slots=slots)(cls)
        key = _key([f.name for f in fields(made) if f.compare])
        eq, hash_ = _eq_hash(key)
        if order:
            for name, method in _order(key).items():
                setattr(made, name, method)
        made.__record_shown__ = tuple(f.name for f in fields(made) if f.repr)
        made.__eq__ = eq
        made.__repr__ = _repr
        if frozen:
            made.__hash__ = hash_
            made.__setattr__ = _setattr
            made.__delattr__ = _delattr
            if slots:
                made.__getstate__ = _getstate
                made.__setstate__ = _setstate
        else:
            made.__hash__ = None
        return made  # type: ignore[no-any-return]

    return wrap if cls is None else wrap(cls)


if TYPE_CHECKING:  # a type checker sees the dataclass a record is
    from dataclasses import dataclass as record  # noqa: F401
else:
    record = _record


def generated_methods(module: ModuleType) -> list[str]:
    """`Class.method` for each method of the module's classes whose code was compiled at
    run time (dataclasses' generated methods come from a string, not from a file)."""
    found = []
    for name, value in vars(module).items():
        if not isinstance(value, type) or value.__module__ != module.__name__:
            continue
        for method in METHODS:
            code = getattr(value.__dict__.get(method), "__code__", None)
            if code is not None and code.co_filename == "<string>":
                found.append(f"{name}.{method}")
    return found
