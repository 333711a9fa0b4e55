"""How sure a share counted over random runs is: the Wilson score interval, and the rule a
setup simulation stops by (`enough_runs`): as many runs as its report's figures need; and
the exact chance of a hand (`at_least`) where one can be counted instead.

A simulation that has not stopped on its own (no `runs` asked for) runs in batches of
`BATCH` and stops after a batch once, at 95 % confidence,

- no run failed and fewer than one setup in `FAILS_UNDER` can fail (the rule of three: no
  failure in n runs puts the failure rate under 3/n; not needed when no run can fail
  unless every run does, `alike`: the first batch then shows whether any fails), or some
  run failed (the failure is then proven, and its share is known to within `WITHIN`); and
- every share it reports (how often a redraw step redrew) is known to within `WITHIN`,

or once it has made `MOST_RUNS` runs. Each run's seed is its number's, so a run stopped
early made exactly the first runs a longer one would have.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

Z95 = 1.959963984540054  # the normal quantile of 0.975: a two-sided 95 % interval
Z99 = 2.5758293035489004  # the normal quantile of 0.995: a two-sided 99 % interval

BATCH = 1000  # runs between two looks at the figures
FAILS_UNDER = 1000  # with no failure: fewer than 1 setup in this many can fail
WITHIN = 0.02  # every share within 2 points either way
MOST_RUNS = 10_000  # the most runs a player count takes


def wilson(hits: int, runs: int, z: float = Z99) -> tuple[float, float]:
    """The Wilson score interval of a proportion (99 % by default)."""
    if runs == 0:
        return (0.0, 1.0)
    phat = hits / runs
    z2 = z * z
    centre = (phat + z2 / (2 * runs)) / (1 + z2 / runs)
    half = z / (1 + z2 / runs) * math.sqrt(phat * (1 - phat) / runs + z2 / (4 * runs * runs))
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    return (low, 1.0 if hits == runs else min(1.0, centre + half))


def known(hits: int, runs: int) -> bool:
    """Whether a share of `runs` is known to within `WITHIN` either way (95 %)."""
    low, high = wilson(hits, runs, Z95)
    return high - low <= 2 * WITHIN


def enough_runs(
    runs: int, failed: int, completed: int, shares: Iterable[int], alike: bool = False
) -> bool:
    """Whether `runs` runs (`failed` of them failed, `completed` completed, and `shares`:
    of the completed, how many did each reported thing) are as many as the figures need
    (the module's docstring); `alike`: no run can fail unless every run does."""
    if runs < BATCH or runs % BATCH:
        return False
    if failed == 0 and runs < 3 * FAILS_UNDER and not alike:  # the rule of three
        return False
    if failed and not known(failed, runs):
        return False
    return all(known(k, completed) for k in shares)


# Past this many copies in the pile, a hand's chances are worked out in floating point (each
# term from the logarithms of its binomial coefficients) instead of as exact fractions: the
# exact terms are whole numbers of about `total / 3` digits, and a hand of thousands from
# tens of thousands of copies sums thousands of them (20,000 copies and a hand of 5,000
# took minutes). Every shipped pile is under a tenth of this.
EXACT_MOST = 2_000

Chance = Fraction | float  # exact, or in floating point for a pile past `EXACT_MOST`


def at_least(total: int, of_kind: int, drawn: int, k: int) -> Chance:
    """The chance `drawn` copies taken at random from `total` hold at least `k` of the
    `of_kind` copies of a kind (hypergeometric): exact, or a float past `EXACT_MOST`."""
    if total > EXACT_MOST:
        return _float_tails(total, of_kind, drawn, k, k)[0]
    ways = sum(
        math.comb(of_kind, j) * math.comb(total - of_kind, drawn - j)
        for j in range(max(k, 0), min(of_kind, drawn) + 1)
    )
    return Fraction(ways, math.comb(total, drawn))


def at_least_each(total: int, of_kind: int, drawn: int, most: int) -> list[Chance]:
    """`at_least(total, of_kind, drawn, k)` for k = 1, 2, … `most`, worked out together
    (each term of the sum once)."""
    if most < 1:
        return []
    if total > EXACT_MOST:
        return _float_tails(total, of_kind, drawn, 1, most)
    terms = [
        math.comb(of_kind, j) * math.comb(total - of_kind, drawn - j)
        for j in range(1, min(of_kind, drawn) + 1)
    ]
    whole = math.comb(total, drawn)
    out: list[Chance] = []
    ways = sum(terms)
    for k in range(1, most + 1):
        out.append(Fraction(ways, whole))
        ways -= terms[k - 1] if k <= len(terms) else 0
    return out


def log_comb(n: int, k: int) -> float:
    """The natural logarithm of C(n, k)."""
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _float_tails(total: int, of_kind: int, drawn: int, first: int, last: int) -> list[Chance]:
    """The chances of at least k, for k = `first` … `last`, in floating point: each term
    of the distribution once (at most `drawn` + 1 of them), then summed from the top."""
    lo, hi = max(0, drawn - (total - of_kind)), min(of_kind, drawn)
    whole = log_comb(total, drawn)
    rest = total - of_kind
    pmf = [
        math.exp(log_comb(of_kind, j) + log_comb(rest, drawn - j) - whole)
        for j in range(lo, hi + 1)
    ]
    above = [0.0] * (len(pmf) + 1)  # above[i]: the chance of at least lo + i
    for i in range(len(pmf) - 1, -1, -1):
        above[i] = above[i + 1] + pmf[i]
    return [min(1.0, above[min(max(k - lo, 0), len(pmf))]) for k in range(first, last + 1)]


__all__ = [
    "BATCH",
    "EXACT_MOST",
    "FAILS_UNDER",
    "MOST_RUNS",
    "WITHIN",
    "Z95",
    "Z99",
    "Chance",
    "at_least",
    "at_least_each",
    "enough_runs",
    "log_comb",
    "known",
    "wilson",
]
