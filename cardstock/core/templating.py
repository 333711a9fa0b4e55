"""Jinja2 for every template cardstock renders: one sandbox, with bounds.

Catalog text, layout templates, rulebook and quick-reference templates and the downloads
page may all come from someone else, so each of them is rendered by an environment made
here (`environment`), never by a plain `jinja2.Environment`. On top of Jinja2's sandbox
(no underscore attributes, no code):

- undefined names are errors, never printed blank;
- a value printed with ``{{ }}``, joined, formatted or given to a filter that makes text
  must be plain data: a function, method, class or object that would print as
  ``<... at 0x...>``, and Jinja2's own objects (``{{ self }}``, ``loop``, ``joiner``,
  ``cycler``, ``namespace()``), are refused (``{{ name.format_map }}``,
  ``'%r'|format(joiner)``; `template_values`);
- one render may produce at most `MAX_TEXT` characters, and so may any string or list it
  builds (``'x' * 3000000000`` is refused before it is made, and so is a ``join``, a
  ``sum``, a ``~``, a ``%`` or a filter whose text would be longer: the size of what a
  value would print as is counted before it is printed; `template_filters`);
- everything one render makes (each string, list and dict an operator, a filter or a call
  returns, each item it adds to a list) counts against `MAX_MADE` bytes, so a loop that
  keeps making large values stops while it runs, not when memory runs out;
- one render may take at most `MAX_STEPS` loop iterations and calls, and
  `MAX_CPU_SECONDS` of its thread's processor time (`template_budget`): every bound counts
  work, so a busy machine refuses nothing an idle one accepts; and all the renders of one
  build, or of another command, at most `MAX_PROCESS_CPU_SECONDS` together (each render
  charged its processor time as it ends: `template_budget.spending`);
- a template text is at most `MAX_SOURCE` characters and `MAX_TOKENS` tokens, and nests
  no deeper than Python's own stack allows (compiling costs time and memory per token);
- widths and precisions in ``%``, the ``format`` filter and ``str.format`` are at most
  `MAX_WIDTH`; powers and products of whole numbers at most `MAX_INT_BITS` bits;
- what a render prints is held to the rule a table's cell is (`core.files.CONTROL`): a
  control character other than tab and line feed, U+FFFE, U+FFFF or a lone surrogate, made
  by a string escape (``{{ "\\x01" }}``) or typed into a template file's own text, is
  refused at the template's line (`template_values.Unprintable`), so no SVG, HTML or EPUB
  file is made from it (cardstock's own renders that mark their text with such characters
  to cut it up again render in `plain()`, unchecked unless through `render`);
- a template reads other template files (``{% include %}``, ``{% import %}``,
  ``{% extends %}``) only through a `FileLoader`, inside its project; the environments of
  rule texts, layouts and catalog text have none, and a template file that names another
  is refused when it is checked (`check_template`, `syntax_problem`).

A breach raises `TemplateLimit` (a Jinja2 `SecurityError`), which callers report as an
Issue with the template's location like any other template error.
"""

from __future__ import annotations

import copy
import functools
import math
import os
import string
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    meta,
    nodes,
    pass_environment,
    pass_eval_context,
)
from jinja2.compiler import CodeGenerator, Frame
from jinja2.environment import Template
from jinja2.exceptions import SecurityError
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream
from jinja2.loaders import split_template_path
from jinja2.parser import Parser
from jinja2.sandbox import SandboxedEnvironment

from .files import Unreadable, present, read_text
from .files import issue as file_issue
from .issues import InputError, Issue
from .template_budget import (
    CALL_STEPS,
    MAX_COMPILED,
    MAX_INT_BITS,
    MAX_TEXT,
    MAX_TOKENS,
    TemplateLimit,
    budgeted,
    check_format_spec,
    check_percent_format,
    check_size,
    check_source,
    made,
    read_within_stack,
    tick,
)
from .template_filters import (
    bounded_filter,
    bounded_range,
    check_method,
    filter_checks,
    join,
    lipsum,
    sum_items,
)
from .template_values import (
    CHECKING,
    SCALARS,
    Unprintable,
    as_text,
    bounded_join,
    check_characters,
    check_typed,
    checking,
)


class BoundedTemplate(Template):
    """A template whose `render` runs under one budget of steps, bytes made and processor
    time (a render started from inside another one shares the outer budget)."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        """The template rendered, its text held to the rule of a cell when its environment
        holds its renders to it (`BoundedSandbox.checks_characters`)."""
        with checking(getattr(self.environment, "checks_characters", True)):
            text: str = budgeted(super().render, *args, **kwargs)
        return text

    def checked_render(self, context: Mapping[str, Any]) -> str:
        """`render`, its text held to the rule of a cell whatever its environment's habit:
        what `templating.render` gives is printed (a card's text, a rulebook)."""
        with checking(True):
            text: str = budgeted(super().render, context)
        return text

    def make_module(self, *args: Any, **kwargs: Any) -> Any:
        """The template's module (its names once rendered), as `render` checks its text."""
        with checking(getattr(self.environment, "checks_characters", True)):
            return super().make_module(*args, **kwargs)


class BoundedExpression:
    """An expression compiled by `BoundedSandbox.compile_expression`: evaluated under a
    budget like a template's render."""

    def __init__(self, expression: Callable[..., Any]) -> None:
        self._expression = expression

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return budgeted(self._expression, *args, **kwargs)


class TokenBudget(Extension):
    """Counts the tokens of every text the environment reads (a template or an expression)
    while Jinja2's own lexer makes them, and stops the read at `MAX_TOKENS`: a Jinja2
    extension's `filter_stream` sees each token before the parser does, so a text is
    never lexed twice and nothing past the bound is parsed or compiled."""

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        for n, token in enumerate(stream):
            if n >= MAX_TOKENS:
                raise TemplateLimit(
                    f"the template has more than {MAX_TOKENS:,} tokens (names, numbers, "
                    "operators and tags)"
                )
            yield token


def finalize(value: Any) -> Any:
    """What `{{ }}` prints: plain data only, never the repr of a function or an object,
    never more than `MAX_TEXT` characters, and no character a cell may not hold
    (`check_characters`, but in an unchecked render: `template_values.CHECKING`)."""
    if type(value) in SCALARS:
        if type(value) is str and CHECKING.get() is not False:
            check_characters(value)
        return value
    as_text(value)
    if isinstance(value, str) and CHECKING.get() is not False:  # Markup, a field's text
        check_characters(value)
    return value


# ---------------------------------------------------------------- the compiler hook


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles every `for` loop to iterate through `environment.loop_steps` (one step per
    item) and checks the length of every `~` concatenation."""

    def visit_For(self, node: nodes.For, frame: Frame) -> None:  # noqa: N802 - Jinja's visitor naming
        node = copy.copy(node)
        node.iter = nodes.Call(
            nodes.EnvironmentAttribute("loop_steps"),
            [node.iter],
            [],
            None,
            None,
            lineno=node.lineno,
        )
        super().visit_For(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802
        self.write("environment.checked_text(")
        node = copy.copy(node)
        node.nodes = [
            nodes.Call(
                nodes.EnvironmentAttribute("text_part"), [n], [], None, None, lineno=n.lineno
            )
            for n in node.nodes
        ]
        super().visit_Concat(node, frame)
        self.write(")")


# ---------------------------------------------------------------- the environment


class BoundedSandbox(SandboxedEnvironment):
    """Jinja2's sandbox with the bounds described in this module's docstring."""

    code_generator_class = _BoundedCodeGenerator
    template_class = BoundedTemplate
    intercepted_binops = frozenset({"*", "**", "%", "+"})
    # whether a render's text and a template's own text are held to the rule of a cell
    # (`template_values.check_characters`); `plain()` renders cardstock's own marked texts
    checks_characters = True

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.concat = bounded_join  # type: ignore[method-assign]  # Jinja documents replacing concat on an environment
        self.globals["range"] = bounded_range
        self.globals["lipsum"] = lipsum
        checks = filter_checks()
        self.filters = {
            name: bounded_filter(name, f, checks.get(name)) for name, f in self.filters.items()
        }
        self.filters["join"] = pass_eval_context(join)
        self.filters["sum"] = pass_environment(sum_items)
        self._strings: dict[tuple[str, str], Any] = {}

    def compiled(self, kind: str, text: str) -> Any:
        """A template ("t"), an expression ("e"), or an expression whose undefined names
        stay undefined ("u", rather than None) given as a string, compiled once by this
        environment (a layout repeats the same texts for every face; a `--watch` process
        keeps them from one build to the next); or only read, for its syntax and the names
        it uses: the tree of a template ("p") or of an expression ("x"), which a template's
        compiling then starts from (Jinja2 compiles a tree as it compiles a text); or the
        names a template reads that it is not given ("n": Jinja2's
        `meta.find_undeclared_variables` of its tree, which generates the template's code
        to find them); or every name the template loads anywhere but the environment's
        globals ("l", `names_loaded`: a walk of its tree, no code generated); or what a
        template file's check reads of its tree ("r": the names it reads that it does not
        set, and its tags that read another file, `_read_of`).
        Kept by the text itself, so an edited text is compiled anew; at most
        `MAX_COMPILED` are kept. A compile error is not kept: it is raised each time."""
        found = self._strings.get((kind, text))
        if found is None:
            if kind == "t":  # from the tree when the text was read for its syntax before
                found = self.from_string(self._strings.get(("p", text), text))
            elif kind == "p":
                found = self.parse(text)
            elif kind == "n":
                found = frozenset(meta.find_undeclared_variables(self.compiled("p", text)))
            elif kind == "l":  # as Jinja2's own finding, less the environment's globals
                found = names_loaded(self.compiled("p", text)) - self.globals.keys()
            elif kind == "r":
                found = _read_of(self.compiled("p", text))
            elif kind == "x":
                found = self._expression_tree(text)
            else:
                found = self.compile_expression(text, undefined_to_none=kind == "e")
            if len(self._strings) >= MAX_COMPILED:
                self._strings.clear()
            self._strings[(kind, text)] = found
        return found

    def _expression_tree(self, text: str) -> nodes.Expr:
        """An expression read (as `{{ … }}` would read it) without compiling it."""
        check_source(text)
        parser = Parser(self, text, state="variable")
        tree: nodes.Expr = read_within_stack(parser.parse_expression)
        if not parser.stream.eos:
            parser.fail(f"unexpected {parser.stream.current.value!r} after the expression")
        return tree

    # helpers the compiled code calls
    @staticmethod
    def loop_steps(iterable: Iterable[Any]) -> Iterator[Any]:
        for item in iterable:
            tick()
            yield item

    @staticmethod
    def checked_text(value: Any) -> Any:
        return made(value)

    @staticmethod
    def text_part(value: Any) -> Any:
        """A part of a `~` concatenation: plain data of a printable size."""
        as_text(value)
        return value

    def compile_expression(self, source: str, undefined_to_none: bool = True) -> Any:
        """An expression evaluated under a budget, like a template's render."""
        check_source(source)
        compile_ = super().compile_expression
        return BoundedExpression(read_within_stack(compile_, source, undefined_to_none))

    def parse(
        self, source: str, name: str | None = None, filename: str | None = None
    ) -> nodes.Template:
        check_source(source)
        if self.checks_characters:
            check_typed(source)
        tree: nodes.Template = read_within_stack(super().parse, source, name, filename)
        return tree

    def compile(
        self,
        source: Any,
        name: str | None = None,
        filename: str | None = None,
        raw: bool = False,
        defer_init: bool = False,
    ) -> Any:
        """Every template's text, given as a string or read by a loader, is bounded before
        it is compiled (`check_source`)."""
        if isinstance(source, str):
            check_source(source)
            if self.checks_characters:
                check_typed(source)
        with checking(None):  # a constant `{{ }}` that makes such a character: at render
            return read_within_stack(super().compile, source, name, filename, raw, defer_init)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if (
                    isinstance(seq, (str, list, tuple, bytes))
                    and isinstance(n, int)
                    and len(seq) * n > MAX_TEXT
                ):
                    raise TemplateLimit(
                        f"the template builds a text or list longer than {MAX_TEXT:,} items"
                    )
            if (
                isinstance(left, int)
                and isinstance(right, int)
                and left.bit_length() + right.bit_length() > MAX_INT_BITS
            ):
                raise TemplateLimit(
                    f"the template computes a number larger than {MAX_INT_BITS:,} bits"
                )
        elif operator == "**":
            if isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
                if right * math.log2(abs(left)) > MAX_INT_BITS:
                    raise TemplateLimit(
                        f"the template computes a number larger than {MAX_INT_BITS:,} bits"
                    )
        elif operator == "%":
            check_percent_format(left)
            if isinstance(left, str):
                as_text(right, MAX_TEXT - len(left))
        elif operator == "+":
            if (
                isinstance(left, (str, list, tuple))
                and isinstance(right, (str, list, tuple))
                and len(left) + len(right) > MAX_TEXT
            ):
                raise TemplateLimit(
                    f"the template builds a text or list longer than {MAX_TEXT:,} items"
                )
        result = super().call_binop(context, operator, left, right)
        return made(result)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        tick(CALL_STEPS)
        check_method(__obj, args, kwargs)
        return made(super().call(__context, __obj, *args, **kwargs))

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """`str.format` and `str.format_map` through a formatter whose widths are bounded."""
        inner = super().wrap_str_format(value)
        if inner is None:
            return None
        pattern = value.__self__

        @functools.wraps(inner)
        def bounded(*args: Any, **kwargs: Any) -> str:
            room = MAX_TEXT - len(pattern)
            for arg in (*args, *kwargs.values()):
                room -= as_text(arg, room)
            for _, _, spec, _ in string.Formatter().parse(pattern):
                if spec and "{" in spec:
                    raise TemplateLimit(
                        "a width given by a nested field is not allowed in templates"
                    )
                if spec:
                    check_format_spec(spec)
            text: str = check_size(inner(*args, **kwargs))
            return text

        return bounded


class UnreadableTemplate(TemplateError):
    """A template file the door refused (core/files): no data can make it usable."""


class FileLoader(BaseLoader):
    """Templates from one folder (and its subfolders), each read through the one door for
    input files (core/files: inside the project `root` or cardstock's own folders, a
    regular file, bounded): what `{% include %}` and `{% extends %}` may reach. A template
    an environment loaded stays its compiled template while its file holds the same text
    (Jinja2 asks `uptodate` before it uses what it compiled): an environment kept for the
    process compiles each file once, and again only after an edit."""

    def __init__(self, folder: Path, root: Path) -> None:
        self.folder = folder
        self.root = root

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))  # ".." is not found
        if not present(path):
            raise TemplateNotFound(template)
        try:
            text = read_text(path, self.root)
        except Unreadable as exc:
            raise UnreadableTemplate(f"cannot read the template file {template!r}: {exc}") from None
        return text, os.path.normpath(path), functools.partial(self._unchanged, path, text)

    def _unchanged(self, path: Path, text: str) -> bool:
        try:
            return read_text(path, self.root) == text
        except Unreadable:
            return False


# what a template's tag that reads another template file is called in a message
_FILE_TAGS: dict[type[nodes.Node], str] = {
    nodes.Include: "{% include %}",
    nodes.Import: "{% import %}",
    nodes.FromImport: "{% from … import %}",
    nodes.Extends: "{% extends %}",
}
_OTHER_FILES = (
    "reads another template file, which only the downloads page's templates may do: write "
    "the text into this template (a macro of it can repeat a part)"
)


class NoTemplateFiles(BaseLoader):
    """The loader of an environment whose templates read no other template file (rule
    texts, layouts, catalog text): a tag that would read one is refused as a breach of the
    sandbox, named by its kind only, never by the name or path it gives."""

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        raise SecurityError(
            "{% include %}, {% import %} and {% extends %} read other template files, which "
            "only the downloads page's templates may do"
        )


def _other_files(ast: nodes.Template, with_line: bool = False) -> list[tuple[int, str]]:
    """(line, message) of each tag of a template's tree that reads another template file,
    for a template rendered without a `FileLoader`: found when the template is checked,
    whatever file it names (inside the project, outside it, or none at all), and never
    naming that file. `with_line` puts the tag's line within the text in the message."""
    found = sorted((n.lineno, _FILE_TAGS[type(n)]) for n in ast.find_all(tuple(_FILE_TAGS)))
    where = " on its line {}" if with_line else ""
    return [(line, f"{tag}{where.format(line)} {_OTHER_FILES}") for line, tag in found]


def environment(*, loader: Any = None, autoescape: Any = False, **globals_: Any) -> BoundedSandbox:
    """The environment every template in cardstock is rendered with: the bounded sandbox,
    strict undefined names, no HTML autoescaping unless asked (the output backends escape
    for their own format; the downloads page asks for it)."""
    env = BoundedSandbox(
        # `{% trans %}` and `_()` mark the words of a template a translation gives
        # (docs/languages.md); a template is rendered in a language with that language's
        # `gettext` among the names it is given (`catalog.context`), else as written
        extensions=[TokenBudget, "jinja2.ext.i18n"],
        undefined=StrictUndefined,
        autoescape=autoescape,
        loader=loader if loader is not None else NoTemplateFiles(),
        finalize=finalize,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
        # no constant folding while compiling: Jinja2's optimizer visits an expression's
        # subtree again at each level it is nested in, a sixth of compiling the rule
        # templates' texts, to save work a template text does once at render; every
        # value is then made at render, under the bounds above
        optimized=False,
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(globals_)
    return env


_PLAIN: BoundedSandbox | None = None


def plain() -> BoundedSandbox:
    """The process's one environment of `environment()`'s defaults, for template texts
    rendered one at a time (a rulebook, a quick reference, a catalog cell): made once, so
    what it compiled is kept for the next render of the same text (`BoundedSandbox.compiled`)."""
    global _PLAIN
    if _PLAIN is None:
        _PLAIN = environment()
        # the rules checker's renders mark their text with control characters to cut it
        # up again (`rules.reading`): `render` checks the texts it gives itself
        _PLAIN.checks_characters = False
    return _PLAIN


def render(
    text: str,
    context: Mapping[str, Any],
    *,
    file: str,
    line: int | None,
    field: str,
    env: SandboxedEnvironment | None = None,
) -> tuple[str, Issue | None]:
    """Render `text` with `context`. On any template problem, return the raw text and an
    Issue that says where and what went wrong. The text and what it renders to are held to
    the rule of a cell (`template_values.check_characters`): one that breaks it is bad
    input, as a breach of the sandbox is."""
    env = env or plain()
    try:
        check_typed(text)  # a template file's own text (a cell's was checked as it was read)
        if isinstance(env, BoundedSandbox):
            return env.compiled("t", text).checked_render(context), None
        return check_characters(env.from_string(text).render(**context)), None
    except SecurityError as exc:  # a breach of the sandbox or its bounds: bad input, exit 2
        where = line if line is not None else error_line(exc)
        raise InputError(
            [Issue(file, where, field, template_message(exc, "text", with_line=line is not None))]
        ) from None
    except TemplateError as exc:
        where = line if line is not None else error_line(exc)
        return text, Issue(
            file, where, field, template_message(exc, "text", with_line=line is not None)
        )
    except (ArithmeticError, RecursionError, MemoryError, ValueError, TypeError) as exc:
        return text, Issue(
            file,
            line if line is not None else error_line(exc),
            field,
            f"the text cannot be rendered ({type(exc).__name__}): {exc}",
        )


def error_line(exc: BaseException, filename: str = "<template>") -> int | None:
    """The line of the template `filename` an error was raised on, read from the traceback
    Jinja2 rewrites so that template frames carry the template's own lines."""
    read = type(exc).__name__ == "TemplateSyntaxError" or isinstance(exc, Unprintable)
    line = getattr(exc, "lineno", None) if read else None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


class Breach(str):
    """A template message that reports a breach of the sandbox or its bounds (a
    SecurityError): callers that collect template messages as findings raise it as an
    InputError instead, since it is bad input, not a finding about the game."""


def template_message(exc: TemplateError, what: str = "template", *, with_line: bool = False) -> str:
    """A Jinja2 error as a plain message about `what` ("text" in catalog fields, "template"
    in layouts); `with_line` adds a syntax error's line within the text."""
    kind = type(exc).__name__
    detail = getattr(exc, "message", None) or str(exc)
    if isinstance(exc, UnreadableTemplate):
        return detail
    if kind == "UndefinedError":
        return f"the {what} names something that does not exist: {detail}"
    if isinstance(exc, TemplateLimit):
        return Breach(f"the {what} goes over a limit: {detail}")
    if isinstance(exc, Unprintable):
        return Breach(f"the {what} {detail}")
    if isinstance(exc, SecurityError):
        return Breach(f"the {what} tried something templates may not do: {detail}")
    if kind == "TemplateSyntaxError":
        sub = getattr(exc, "lineno", None) if with_line else None
        return f"template syntax error{f' on its line {sub}' if sub else ''}: {detail}"
    return f"the {what} cannot be rendered ({kind}): {detail}"


# ---------------------------------------------------------------- checking a template file


def check_template(
    path: Path, shown: str, names: set[str] | Callable[[], set[str]], field: str, root: Path
) -> list[Issue]:
    """A template file's syntax, and the names it reads that its context does not have
    (`names`, or a function giving them when the template must be checked)."""
    try:
        text = read_text(path, root)
        check_typed(text)
    except Unreadable as exc:
        return [file_issue(shown, exc, field)]
    except Unprintable as exc:  # refused as a cell holding it is: bad input
        return [Issue(shown, exc.lineno, field, template_message(exc), bad_input=True)]
    given = names if isinstance(names, set) else names()
    return [
        Issue(shown, line, field, message)
        for line, message in _template_problems(plain(), text, given)
    ]


def syntax_problem(kind: str, text: str, env: BoundedSandbox | None = None) -> str | None:
    """The syntax error of a template ("t") or an expression ("e"), None when it reads;
    for a template, also a tag that reads another template file (`_other_files`). Read once
    per process for each text (`BoundedSandbox.compiled`) by `env` (default: `plain()`):
    the environment that renders the text later compiles it from the tree read here."""
    try:
        tree = (env or plain()).compiled("p" if kind == "t" else "x", text)
    except TemplateError as exc:
        return template_message(exc)
    if kind == "t" and "{%" in text:
        found = _other_files(tree, with_line="\n" in text.strip())
        if found:
            return found[0][1]
    return None


def _template_problems(
    env: BoundedSandbox, text: str, names: set[str]
) -> list[tuple[int | None, str]]:
    """(line, message) of each problem of a template text: its syntax, the names it reads
    that neither `names` nor the environment's globals give."""
    try:
        read, files = env.compiled("r", text)  # a `--watch` process walks a tree once
    except TemplateError as exc:
        return [(getattr(exc, "lineno", None), str(template_message(exc)))]
    except RecursionError:
        return [(None, "the template nests too deeply to be read")]
    out: list[tuple[int | None, str]] = list(files)
    unknown = sorted(read - names - set(env.globals))
    for name in unknown:
        ast = env.compiled("p", text)
        line = next((n.lineno for n in ast.find_all(nodes.Name) if n.name == name), None)
        out.append(
            (
                line,
                f"the template names {name!r}, which it is not given; it has: "
                f"{', '.join(sorted(names))}",
            )
        )
    return out


# names every template may read without being given them
TEMPLATE_OWN = frozenset({"loop", "caller", "varargs", "kwargs", "self", "super"})


def _read_of(
    ast: nodes.Template,
) -> tuple[frozenset[str], tuple[tuple[int, str], ...]]:
    """What a template file's check needs of its tree, which depends on the tree alone:
    the names it reads that it does not set (`_names_read`) and its tags that read another
    file (`_other_files`)."""
    return frozenset(_names_read(ast)), tuple(_other_files(ast))


def names_loaded(ast: nodes.Template) -> frozenset[str]:
    """Every name a template's tree loads (a `Name` read, a namespace an assignment writes
    into), wherever it loads it, set in the template or not: a superset of the names it
    reads from its context (`meta.find_undeclared_variables`), found without generating
    its code. Giving a template a value for each of these that its context lacks renders
    it as giving one for each undeclared name does: a name the template has always set
    where it reads it never reaches the context."""
    found: set[str] = set()
    for node in ast.find_all((nodes.Name, nodes.NSRef)):
        if isinstance(node, nodes.NSRef) or (isinstance(node, nodes.Name) and node.ctx == "load"):
            found.add(node.name)
    return frozenset(found)


def _names_read(ast: nodes.Template) -> set[str]:
    """The names a template reads that it does not set itself (a loop variable, a
    `{% set %}`, a macro argument). Simpler than Jinja's own analysis, which generates
    the template's code, and enough to catch a misspelt name."""
    read: set[str] = set()
    own: set[str] = set(TEMPLATE_OWN)
    # one walk of the tree for the four kinds of node (the sets do not depend on the order)
    for node in ast.find_all((nodes.Name, nodes.Macro, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Name):
            (read if node.ctx == "load" else own).add(node.name)
        elif isinstance(node, nodes.Macro):
            own.add(node.name)
        elif isinstance(node, nodes.Import):
            own.add(node.target)
        else:
            assert isinstance(node, nodes.FromImport)
            own.update(n if isinstance(n, str) else n[-1] for n in node.names)
    return read - own
