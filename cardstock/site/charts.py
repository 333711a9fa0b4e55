"""Bar charts of a deck's numbers as SVG, drawn with Matplotlib.

Why Matplotlib: it is the most used and best kept plotting library in Python (releases
several times a year, wheels for every platform, typed), its SVG backend writes plain SVG
with text kept as text, and it can write the same bytes every time: `svg.hashsalt` fixes
the ids it would otherwise draw at random, and the metadata leaves out the date (and the
library's version, which is in the build's keys instead: `core.cache.LIBRARIES`). pygal,
the other SVG-first choice, is smaller and needs no NumPy, but it scopes each chart's
styles with a unique id made anew every run (unless told otherwise), links its tooltip
script from the web by default, and sees far fewer releases. The charts are drawn on a
`Figure` of their own (not pyplot's global state), so a build's workers can draw them side
by side; the library is imported only when a chart is drawn.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

HASHSALT = "cardstock"
METADATA = {"Date": None, "Creator": "cardstock", "Format": None, "Type": None}
BAR = "#4a6fa5"
WIDTH = 6.4  # inches: 640 px wide in a browser at 100 px per inch of the SVG
ROW = 0.28  # inches per bar of a horizontal chart
LABEL = 28  # characters a line of a bar's label: longer labels wrap (broken inside a word too)
LINE = 0.14  # inches each wrapped line adds to a horizontal chart's row


SHADES = ("#9db4d6", "#4a6fa5", "#1f3a63")  # light to dark: apart in greyscale too


def _wrapped(labels: Sequence[str]) -> list[str]:
    """Each label wrapped to lines of at most `LABEL` characters, so a long name (a card's
    full title, a sentence-long kind) takes rows, not the whole width of the chart."""
    return [textwrap.fill(str(label), LABEL, break_long_words=True) or "" for label in labels]


def _extra_lines(labels: Sequence[str]) -> int:
    """How many lines the wrapped labels add beyond one each."""
    return sum(label.count("\n") for label in labels)


def _svg(title: str, height: float, draw: Callable[[Any], None]) -> bytes:
    """A figure of the page's width and `height` inches, drawn by `draw(axes)`, as SVG;
    the title on the figure's left edge (above long labels too)."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(
        {
            "svg.hashsalt": HASHSALT,
            "svg.fonttype": "none",
            # the font Matplotlib ships: the layout never depends on the machine's fonts
            "font.family": "DejaVu Sans",
            "font.size": 9.0,
            "axes.spines.top": False,
            "axes.spines.right": False,
        }
    ):
        fig = Figure(figsize=(WIDTH, height))
        fig.suptitle(title, x=0.01, ha="left", fontsize=10.0)
        draw(fig.add_subplot())
        fig.tight_layout()
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata=METADATA)
    return out.getvalue().encode("utf-8")


def bar_chart(
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    *,
    axis: str,
    across: bool,
    copies: str = "copies",
) -> bytes:
    """One bar per label, as SVG: across (bars side by side over the values of a numeric
    field, `across`) or down (one row per value of a categorical field, in order); the
    count's axis named `copies` (in the page's language)."""

    labels = _wrapped(labels)

    def draw(ax: Any) -> None:
        positions = list(range(len(labels)))
        if across:
            bars = ax.bar(positions, values, color=BAR)
            ax.set_xticks(positions, list(labels))
            ax.set_xlabel(axis)
            ax.set_ylabel(copies)
        else:
            bars = ax.barh(positions, values, color=BAR)
            ax.set_yticks(positions, list(labels))
            ax.invert_yaxis()
            ax.set_xlabel(copies)
        ax.bar_label(bars, padding=2)

    down = 0.9 + ROW * len(labels) + LINE * _extra_lines(labels)
    return _svg(title, 2.6 if across else max(1.4, down), draw)


def odds_chart(
    title: str,
    kinds: Sequence[str],
    chances: Sequence[Sequence[float]],
    legend: Sequence[str] = (),
    axis: str = "chance (%)",
) -> bytes:
    """The chance of at least 1, 2, … of each kind (`chances[k - 1][i]`, 0 to 1), as
    groups of horizontal bars, one group per kind; `legend` names each k's bars (else
    "at least k"), `axis` the chances' axis (in the page's language)."""
    width = 0.8 / max(len(chances), 1)
    kinds = _wrapped(kinds)

    def draw(ax: Any) -> None:
        for k, row in enumerate(chances):
            positions = [i + (k - (len(chances) - 1) / 2) * width for i in range(len(kinds))]
            shade = SHADES[min(k, len(SHADES) - 1)]
            ax.barh(
                positions,
                [p * 100 for p in row],
                height=width,
                color=shade,
                label=legend[k] if k < len(legend) else f"at least {k + 1}",
            )
        ax.set_yticks(list(range(len(kinds))), list(kinds))
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel(axis)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)

    return _svg(title, max(1.6, 1.0 + ROW * 1.4 * len(kinds) + LINE * _extra_lines(kinds)), draw)
