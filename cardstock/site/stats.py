"""The `stats` stage: `output/<game>/stats/`, the numbers behind each deck as a page.

`index.html` shows each deck's make-up by every categorical field and the spread of each
numeric field (tables, and a bar chart of each: `cardstock.site.charts`), then the odds
each setup deals (`cardstock.rules.stats.odds`) with what the setup simulation found beside
them. The same numbers are in `stats.json` and in three CSV files (`composition.csv`,
`numbers.csv`, `odds.csv`), made from the same data the page is. The page is plain HTML
with no script; the charts are SVG files beside it.

The page's words are cardstock's own (`WORDS`): messages of cardstock's catalog
(`cardstock/locale/`, read by `cardstock.core.toolwords` before any stage runs and handed
here as the catalog's `tool_words`), never of a game's translation, so a language edition
prints them in its language with no work of the game's translator, with its numbers and
percentages as the language writes them (Babel, `cardstock.core.localized`). What
`cardstock stats` prints, the CSV and the JSON are a designer's data and stay as they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import Any

from ..catalog.kinds import kind_said
from ..catalog.load import Catalog
from ..core import localized
from ..core.csv_cells import csv_bytes
from ..core.output import Artifact, artifact
from ..core.stage import Job, StageResult
from ..core.toolwords import ENGLISH, ToolWords
from ..rules.proportions import EXACT_MOST, at_least
from ..rules.stats.decks import deck_stats, shown
from ..rules.stats.odds import EVENTS, HAND, game_odds, simulated
from .charts import bar_chart, odds_chart
from .quoted import WORDS as QUOTED_WORDS
from .quoted import Quoted, quoted

RUNS = 2000  # deals the page's simulation runs for each step and player count
SEED = 1  # the rules check's seed: the same deals


def stats_data(catalog: Catalog, runs: int = RUNS) -> dict[str, Any]:
    """Every number of the page, as JSON-able data (what `stats.json` holds)."""
    decks = []
    for d in deck_stats(catalog):
        decks.append(
            {
                "id": d.id,
                "name": d.name,
                "kind": d.kind,
                "copies": d.copies,
                "cards": [{"name": k, "copies": v} for k, v in d.cards.items()],
                "fields": [
                    {
                        "field": t.field,
                        "type": t.type,
                        "multi": t.multi,
                        "counts": [{"value": k, "copies": v} for k, v in t.counts.items()],
                    }
                    for t in d.tallies
                ],
                "numbers": [
                    {
                        "field": s.field,
                        "counts": [{"value": v, "copies": k} for v, k in s.counts.items()],
                        "blank": s.blank,
                        "mean": None if s.mean is None else round(s.mean, 4),
                        "median": s.median,
                    }
                    for s in d.spreads
                ],
            }
        )
    odds = game_odds(catalog)
    if runs:  # as many deals as the page's work allows (a game of many copies has fewer)
        runs = simulated(catalog, odds, runs, SEED)
    rows = [
        {
            "setup": o.setup,
            "players": o.players,
            "step": o.step,
            "words": o.words,
            "event": o.event,
            "kind": o.kind,
            "pile": o.pile,
            "of_kind": o.of_kind,
            "drawn": o.drawn,
            "at_least": o.at_least,
            "probability": round(float(o.p), 6),
            "exact": f"{o.p.numerator}/{o.p.denominator}" if isinstance(o.p, Fraction) else None,
            "simulated": None
            if o.interval is None
            else {
                "runs": o.runs,
                "hits": o.hits,
                "low": round(o.interval[0], 6),
                "high": round(o.interval[1], 6),
                "within": o.within,
            },
        }
        for o in odds
    ]
    return {
        "game": catalog.id,
        "title": catalog.game.title,
        "decks": decks,
        "odds": {"runs": runs, "seed": SEED, "events": EVENTS, "rows": rows},
    }


def percent(p: float, lang: str | None = None) -> str:
    """A chance as the page shows it, two decimals, as the language writes a percentage
    ("7.41%" in English, "7,41 %" in French, its space a no-break one)."""
    return localized.percent(p, lang, 2)


# The page's own words, each a message of cardstock's catalog (`cardstock.pot`)
TITLE = "{title}: the numbers behind each deck"
DOWNLOADS = "Downloads"
ODDS = "Odds of the setup"
COPIES = ("{n} copy", "{n} copies")
PLAYERS = ("{n} player", "{n} players")
DECK = "{copies} of {kinds}."
EACH = "Copies of each"
NAME = "name"
COPIES_HEAD = "copies"
BY = "By {field}"
BY_MULTI = "By {field} (a copy counts once for each it shows)"
BLANK = "{n} without a value"
NONE_BLANK = "every copy has a value"
SPREAD = "mean {mean}, median {median}; {rest}"
ODDS_INTRO = (
    "Each chance is exact (hypergeometric, from the pile's counts); below it, how often it "
    "happened in {runs} simulated deals of the setup (seed {seed}, the rules check's), "
    "with the simulation's 99 % interval. {inside} of {total} chances lie within it; "
    "about 1 in 100 would lie outside by chance alone."
)
# ODDS_INTRO when some chance is drawn from a pile too large to count exactly
ODDS_INTRO_FLOAT = (
    "Each chance is worked out from the pile's counts (hypergeometric): exactly, except "
    "from a pile of more than {most} copies, where it is worked out in floating point. "
    "Below it, how often it happened in {runs} simulated deals of the setup (seed {seed}, "
    "the rules check's), with the simulation's 99 % interval. {inside} of {total} chances "
    "lie within it; about 1 in 100 would lie outside by chance alone."
)
NO_ODDS = "No setup step deals from a pile whose counts are the same every time."
STEP = "{setup}, step {step}: {words}"
SIMULATED = "simulated {rate} [{low}, {high}]"
OF = "{part} of {whole}"
ODDS_HEAD = ("kind", "at least k", "drawn", "in the pile")
CHART_BY = "{deck} by {field}"  # a chart's title: a deck's copies by a field's values
CHART_OF = "{deck}: {field}"  # a chart's title: a number field's spread
CHART_STEP = "{setup}, step {step} ({players})"  # a chart's title: a step's chances
CHART_AT_LEAST = "at least {k}"  # a step's chart: the bars of k or more of a kind
CHART_CHANCE = "chance (%)"  # a step's chart: the chances' axis
WORDS = (
    CHART_AT_LEAST,
    CHART_CHANCE,
    CHART_BY,
    CHART_OF,
    CHART_STEP,
    TITLE,
    DOWNLOADS,
    ODDS,
    *COPIES,
    *PLAYERS,
    DECK,
    EACH,
    NAME,
    COPIES_HEAD,
    BY,
    BY_MULTI,
    BLANK,
    NONE_BLANK,
    SPREAD,
    ODDS_INTRO,
    ODDS_INTRO_FLOAT,
    NO_ODDS,
    STEP,
    SIMULATED,
    OF,
    *ODDS_HEAD,
    *EVENTS.values(),
    *QUOTED_WORDS,
)


@dataclass(frozen=True)
class Say:
    """The page's words and numbers in a language: `words` cardstock's own in it (the
    English `msgid` where its catalog gives none), `lang` the language numbers follow,
    `quoted` the game's field names and values as the language prints them (none: as the
    data writes them)."""

    words: ToolWords = ENGLISH
    lang: str | None = None
    quoted: Quoted = Quoted()

    def __call__(self, message: str, **values: Any) -> str:
        return self.words(message, **values)

    def n(self, value: float, digits: int = 0) -> str:
        return localized.number(value, self.lang, digits)

    def g(self, value: float) -> str:
        """A mean or median: its digits as given (up to four), in the language's marks."""
        digits = len(f"{value:g}".partition(".")[2]) if "e" not in f"{value:g}" else 4
        return self.n(value, digits)

    def pct(self, p: float) -> str:
        return percent(p, self.lang)

    def count(self, forms: tuple[str, str], n: int) -> str:
        return self.words.count(*forms, n, self.n(n))

    def kinds(self, kind: str, n: int) -> str:
        return kind_said(self.words, kind, n, self.n(n))


def saying(catalog: Catalog) -> Say:
    """The page's words as the catalog's language prints them."""
    return Say(catalog.tool_words, catalog.lang, quoted(catalog, catalog.tool_words))


def chart_name(deck: str, field: str) -> str:
    return f"{deck}.{field}.svg"


def _table(head: list[str], rows: list[list[str]], cls: str = "") -> str:
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    attr = f' class="{cls}"' if cls else ""
    return f"<table{attr}><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _figure(deck: str, field: str, alt: str) -> str:
    return (
        f'<figure><img src="{escape(chart_name(deck, field))}" alt="{escape(alt)}" '
        'loading="lazy"></figure>'
    )


def _copies(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'}"


def _pair(table: str, figure: str) -> str:
    """A table and its chart side by side, where the page is wide enough."""
    return f'<div class="pair">{table}{figure}</div>'


def _deck_html(d: dict[str, Any], say: Say) -> str:
    copies = say.count(COPIES, d["copies"])
    parts = [
        f'<section id="deck-{escape(d["id"])}"><h2>{escape(d["name"])}</h2>',
        f"<p>{escape(say(DECK, copies=copies, kinds=say.kinds(d['kind'], len(d['cards']))))}</p>",
        f"<details><summary>{escape(say(EACH))}</summary>",
        _table(
            [say(NAME), say(COPIES_HEAD)],
            [[escape(c["name"]), say.n(c["copies"])] for c in d["cards"]],
        ),
        "</details>",
    ]
    q = say.quoted
    for f in d["fields"]:
        name = q.label(d["id"], f["field"])
        parts.append(f"<h3>{escape(say(BY_MULTI if f['multi'] else BY, field=name))}</h3>")
        said = [(q.value(d["id"], f["field"], c["value"]), c["copies"]) for c in f["counts"]]
        rows = [[escape(v), say.n(n)] for v, n in said]
        alt = ", ".join(f"{v}: {say.n(n)}" for v, n in said)
        figure = _figure(d["id"], f["field"], f"{say(BY, field=name)} ({d['name']}): {alt}")
        parts.append(_pair(_table([name, say(COPIES_HEAD)], rows, "counts"), figure))
    for s in d["numbers"]:
        name = q.label(d["id"], s["field"])
        parts.append(f"<h3>{escape(name)}</h3>")
        summary = say(BLANK, n=say.n(s["blank"])) if s["blank"] else say(NONE_BLANK)
        if s["mean"] is not None:
            summary = say(SPREAD, mean=say.g(s["mean"]), median=say.g(s["median"]), rest=summary)
        parts.append(f"<p>{escape(summary)}.</p>")
        rows = [[shown(c["value"]), say.n(c["copies"])] for c in s["counts"]]
        figure = ""
        if s["counts"]:
            alt = ", ".join(f"{shown(c['value'])}: {say.n(c['copies'])}" for c in s["counts"])
            figure = _figure(d["id"], s["field"], f"{d['name']}, {name}: {alt}")
        parts.append(_pair(_table([name, say(COPIES_HEAD)], rows, "counts"), figure))
    parts.append("</section>")
    return "\n".join(parts)


def _cell(row: dict[str, Any], say: Say) -> str:
    text = say.pct(row["probability"])
    sim = row["simulated"]
    if sim is None:
        return text
    rate = sim["hits"] / sim["runs"] if sim["runs"] else 0.0
    mark = "" if sim["within"] else ' class="outside"'
    low, high = say.pct(sim["low"]), say.pct(sim["high"])
    return (
        f"{text}<br><small{mark}>{say(SIMULATED, rate=say.pct(rate), low=low, high=high)}</small>"
    )


def _groups(odds: dict[str, Any]) -> dict[tuple[str, int, str], list[dict[str, Any]]]:
    """The odds rows by setup, step and event, in order."""
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in odds["rows"]:
        groups.setdefault((r["setup"], r["step"], r["event"]), []).append(r)
    return groups


def odds_chart_name(setups: list[str], setup: str, step: int) -> str:
    return f"odds-{setups.index(setup) + 1}-step-{step}.svg"


def _hand_chances(group: list[dict[str, Any]]) -> tuple[int, list[str], list[list[float]]]:
    """For a chart of a dealing step at its fewest players: the kinds, and the chance of
    at least 1, 2 and 3 of each (worked out again from the pile's counts, so the chances
    the tables leave out as near 0 or 1 are drawn too)."""
    fewest = min(r["players"] for r in group)
    piles: dict[str, tuple[int, int, int]] = {}
    for r in group:
        if r["players"] == fewest:
            piles.setdefault(r["kind"], (r["pile"], r["of_kind"], r["drawn"]))
    most = min(3, max(drawn for _, _, drawn in piles.values()))
    chances = [
        [float(at_least(t, a, h, k)) for t, a, h in piles.values()] for k in range(1, most + 1)
    ]
    return fewest, list(piles), chances


def _odds_html(odds: dict[str, Any], say: Say) -> str:
    """One table per setup, step and event: a row per kind and k, a column per player
    count; a chart of each dealing step's chances."""
    groups = _groups(odds)
    setups = list(dict.fromkeys(r["setup"] for r in odds["rows"]))
    rows = odds["rows"]
    outside = sum(1 for r in rows if r["simulated"] and not r["simulated"]["within"])
    counted = {
        "runs": say.n(odds["runs"]),
        "seed": odds["seed"],
        "inside": say.n(len(rows) - outside),
        "total": say.n(len(rows)),
    }
    if any(r["exact"] is None for r in rows):  # says which chances are not exact
        intro = say(ODDS_INTRO_FLOAT, most=say.n(EXACT_MOST), **counted)
    else:
        intro = say(ODDS_INTRO, **counted)
    parts = [f'<section id="odds"><h2>{escape(say(ODDS))}</h2>', f"<p>{escape(intro)}</p>"]
    if not rows:
        parts.append(f"<p>{escape(say(NO_ODDS))}</p>")
    for (setup, step, event), group in groups.items():
        players = sorted({r["players"] for r in group})
        heading = say(
            STEP,
            setup=say.quoted.setup(setup),
            step=say.n(step),
            words=say.quoted.step(setup, step, group[0]["words"]),
        )
        parts.append(f"<h3>{escape(heading)}</h3><p>{escape(say(odds['events'][event]))}.</p>")
        if event == HAND:
            fewest, kinds, chances = _hand_chances(group)
            alt = "; ".join(
                f"{say.quoted.kind(kind)}: "
                + ", ".join(f"{say.pct(c[i])} ≥ {k + 1}" for k, c in enumerate(chances))
                for i, kind in enumerate(kinds)
            )
            name = odds_chart_name(setups, setup, step)
            parts.append(
                f'<figure><img src="{escape(name)}" alt="{escape(alt)}" loading="lazy">'
                f"<figcaption>{escape(say.count(PLAYERS, fewest))}</figcaption></figure>"
            )
        cells: dict[tuple[str, int, int], dict[int, dict[str, Any]]] = {}
        for r in group:
            cells.setdefault((r["kind"], r["drawn"], r["at_least"]), {})[r["players"]] = r
        table = []
        for (kind, drawn, k), by_n in cells.items():
            first = next(iter(by_n.values()))
            pile = say(OF, part=say.n(first["of_kind"]), whole=say.n(first["pile"]))
            line = [escape(say.quoted.kind(kind)), say.n(k), say.n(drawn), escape(pile)]
            line += [_cell(by_n[n], say) if n in by_n else "–" for n in players]
            table.append(line)
        head = [say(h) for h in ODDS_HEAD] + [say.count(PLAYERS, n) for n in players]
        # a table wider than a phone scrolls: a region of its own, reached by the keyboard,
        # named by its step and event (a step may have a table for each of its events)
        name = escape(f"{heading}: {say(odds['events'][event])}")
        scroll = f'class="scroll" role="region" tabindex="0" aria-label="{name}"'
        parts.append(f"<div {scroll}>{_table(head, table, 'odds')}</div>")
    parts.append("</section>")
    return "\n".join(parts)


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem;
  line-height: 1.4; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
td:not(:first-child) { font-variant-numeric: tabular-nums; }
figure { margin: 0.5rem 0; flex: 1 1 24rem; } figure img { max-width: 100%; height: auto; }
.scroll { overflow-x: auto; }
.pair { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
small { color: #555; } small.outside { color: #a00; font-weight: bold; }
"""


def stats_page(data: dict[str, Any], say: Say | None = None) -> str:
    """The page, from `stats_data`, in `say`'s language (the source's when None)."""
    say = say or Say()
    title = say(TITLE, title=data["title"])
    nav = " · ".join(
        f'<a href="#deck-{escape(d["id"])}">{escape(d["name"])}</a>' for d in data["decks"]
    )
    body = "\n".join(_deck_html(d, say) for d in data["decks"])
    lang = escape(say.lang or localized.SOURCE)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"<header>\n<h1>{escape(title)}</h1>\n"
        f'<p><a href="../../index.html">{escape(say(DOWNLOADS))}</a> · '
        '<a href="stats.json">stats.json</a> · <a href="composition.csv">composition.csv</a>'
        ' · <a href="numbers.csv">numbers.csv</a> · <a href="odds.csv">odds.csv</a></p>\n'
        f'<nav><p>{nav} · <a href="#odds">{escape(say(ODDS))}</a></p></nav>\n</header>\n'
        f"<main>\n{body}\n{_odds_html(data['odds'], say)}\n</main>\n</body>\n</html>\n"
    )


def stats_text(data: dict[str, Any]) -> str:
    """The numbers as `cardstock stats GAME` prints them: each deck's counts, then each
    setup step's odds, a column per player count (the simulation's figures are in the
    JSON, the CSV and the page)."""
    lines = [f"{data['title']} ({data['game']})"]
    for d in data["decks"]:
        lines.append(f"\n{d['name']} ({d['id']}): {_copies(d['copies'])}")
        for f in d["fields"]:
            counts = ", ".join(f"{c['value']} {c['copies']}" for c in f["counts"])
            lines.append(f"  {f['field']}: {counts}")
        for n in d["numbers"]:
            counts = ", ".join(f"{shown(c['value'])}×{c['copies']}" for c in n["counts"])
            mean = "" if n["mean"] is None else f" (mean {n['mean']:g}, median {n['median']:g})"
            blank = f", {n['blank']} blank" if n["blank"] else ""
            lines.append(f"  {n['field']}: {counts}{blank}{mean}")
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in data["odds"]["rows"]:
        groups.setdefault((r["setup"], r["step"], r["event"]), []).append(r)
    for (setup, step, event), rows in groups.items():
        players = sorted({r["players"] for r in rows})
        lines.append(f"\n{setup}, step {step}: {rows[0]['words']}")
        lines.append(f"  {data['odds']['events'][event]}; players: {players}")
        table: dict[tuple[str, int, int], dict[int, float]] = {}
        for r in rows:
            key = (r["kind"], r["drawn"], r["at_least"])
            table.setdefault(key, {})[r["players"]] = r["probability"]
        for (kind, drawn, k), by_n in table.items():
            cells = "  ".join(percent(by_n[n]) if n in by_n else "–" for n in players)
            lines.append(f"  {kind}, at least {k} of {drawn}: {cells}")
    checked = [r["simulated"] for r in data["odds"]["rows"] if r["simulated"]]
    if checked:
        inside = sum(1 for c in checked if c["within"])
        lines.append(
            f"\n{inside} of {len(checked)} chances lie within the 99 % interval of "
            f"{data['odds']['runs']} simulated deals (about 1 in 100 would not by chance)"
        )
    return "\n".join(lines) + "\n"


def stats_output(catalog: Catalog, *, runs: int = RUNS, as_json: bool = False) -> str:
    """What `cardstock stats GAME` prints: the numbers as text, or as JSON (`stats.json`)."""
    data = stats_data(catalog, runs)
    if as_json:
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    return stats_text(data)


def _csv(head: list[str], rows: list[list[Any]]) -> bytes:
    return csv_bytes([head, *rows])


def stats_csvs(data: dict[str, Any]) -> dict[str, bytes]:
    """The CSV files, by name, from `stats_data`."""
    composition = [
        [d["id"], f["field"], c["value"], c["copies"]]
        for d in data["decks"]
        for f in [
            {
                "field": "name",
                "counts": [{"value": c["name"], "copies": c["copies"]} for c in d["cards"]],
            },
            *d["fields"],
        ]
        for c in f["counts"]
    ]
    numbers = [
        [d["id"], s["field"], shown(c["value"]), c["copies"]]
        for d in data["decks"]
        for s in d["numbers"]
        for c in s["counts"]
    ]
    keys = ["setup", "players", "step", "event", "kind", "pile", "of_kind", "drawn", "at_least"]
    odds = [
        [r[k] for k in keys]
        + [r["probability"], r["exact"]]
        + (
            [r["simulated"][k] for k in ("runs", "hits", "low", "high", "within")]
            if r["simulated"]
            else [""] * 5
        )
        for r in data["odds"]["rows"]
    ]
    return {
        "composition.csv": _csv(["deck", "field", "value", "copies"], composition),
        "numbers.csv": _csv(["deck", "field", "value", "copies"], numbers),
        "odds.csv": _csv(
            [*keys, "probability", "exact", "runs", "hits", "low", "high", "within"], odds
        ),
    }


def charts(data: dict[str, Any], say: Say | None = None) -> dict[str, bytes]:
    """Each deck's bar charts and each dealing step's chances, by file name, from
    `stats_data`, titled in the language of `say` (the field's name and values as the page
    quotes them, `say.quoted`)."""
    say = say or Say()
    q = say.quoted
    out: dict[str, bytes] = {}
    for d in data["decks"]:
        for f in d["fields"]:
            name = q.label(d["id"], f["field"])
            labels = [q.value(d["id"], f["field"], c["value"]) for c in f["counts"]]
            values = [c["copies"] for c in f["counts"]]
            out[chart_name(d["id"], f["field"])] = bar_chart(
                say(CHART_BY, deck=d["name"], field=name),
                labels,
                values,
                axis=name,
                across=False,
                copies=say(COPIES_HEAD),
            )
        for s in d["numbers"]:
            if not s["counts"]:
                continue
            labels = [shown(c["value"]) for c in s["counts"]]
            values = [c["copies"] for c in s["counts"]]
            name = q.label(d["id"], s["field"])
            out[chart_name(d["id"], s["field"])] = bar_chart(
                say(CHART_OF, deck=d["name"], field=name),
                labels,
                values,
                axis=name,
                across=True,
                copies=say(COPIES_HEAD),
            )
    setups = list(dict.fromkeys(r["setup"] for r in data["odds"]["rows"]))
    for (setup, step, event), group in _groups(data["odds"]).items():
        if event == HAND:
            fewest, kinds, chances = _hand_chances(group)
            players = say.count(PLAYERS, fewest)
            title = say(CHART_STEP, setup=q.setup(setup), step=say.n(step), players=players)
            said = [q.kind(k) for k in kinds]
            legend = [say(CHART_AT_LEAST, k=say.n(k + 1)) for k in range(len(chances))]
            out[odds_chart_name(setups, setup, step)] = odds_chart(
                title, said, chances, legend, say(CHART_CHANCE)
            )
    return out


def build_stats(job: Job) -> StageResult:
    """`output/<game>/stats/`: the page, its charts, CSV and JSON."""
    catalog = job.catalog
    data = stats_data(catalog)
    folder = Path(job.build.out) / catalog.id / "stats"
    made: list[Artifact] = []
    page = stats_page(data, saying(catalog)).encode("utf-8")
    made.append(artifact(catalog.id, "stats-html", folder / "index.html", page))
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    made.append(artifact(catalog.id, "stats-json", folder / "stats.json", text.encode("utf-8")))
    for name, body in stats_csvs(data).items():
        made.append(artifact(catalog.id, "stats-csv", folder / name, body))
    for name, svg in charts(data, saying(catalog)).items():
        made.append(artifact(catalog.id, "stats-chart", folder / name, svg))
    return StageResult(made)
