"""The report's plots, drawn with matplotlib and returned as PNG data URIs, so the page that
holds them is one file that opens offline.

Figures are built with matplotlib's object API (``Figure`` and its Agg canvas), never through
``pyplot``: no global figure state, no display backend, safe to call from any thread. Every
text on a plot arrives already translated.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping, Sequence
from io import BytesIO
from typing import Any, NamedTuple

from matplotlib.figure import Figure


class Formats(NamedTuple):
    """How the reader's language writes the numbers on the axes."""

    number: Callable[[float], str]
    percent: Callable[[float], str]


COLOURS = ("#1f5f8b", "#c2552b", "#3f8f4f", "#8b3f8f", "#8f7a1f", "#4f4f4f")


def _data_uri(fig: Figure) -> str:
    buffer = BytesIO()
    fig.savefig(buffer, format="png", dpi=80, bbox_inches="tight", metadata={"Software": None})
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _figure(height: float = 3.0) -> tuple[Figure, Any]:
    fig = Figure(figsize=(7.0, height))
    ax = fig.subplots()
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", alpha=0.3)
    return fig, ax


def seat_chart(
    series: Sequence[tuple[str, Sequence[Mapping[str, Any]], float]],
    xlabel: str,
    ylabel: str,
    fair: str,
    fmt: Formats,
) -> str:
    """Win rate by seat with 95% intervals, one series per configuration (label, seat rows,
    fair share); the dashed line of a series' colour is its fair share, 1/players."""
    fig, ax = _figure()
    width = 0.8 / len(series)
    for i, (label, rows, share) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        xs = [row["seat"] + 1 + (i - (len(series) - 1) / 2) * width for row in rows]
        rates = [row["rate"] for row in rows]
        errors = [
            [r - row["ci95"][0] for r, row in zip(rates, rows, strict=True)],
            [row["ci95"][1] - r for r, row in zip(rates, rows, strict=True)],
        ]
        ax.bar(xs, rates, width=width * 0.9, color=colour, alpha=0.8, label=label)
        ax.errorbar(xs, rates, yerr=errors, fmt="none", ecolor="black", capsize=3, linewidth=1)
        ax.hlines(share, 0.5, len(rows) + 0.5, colors=colour, linestyles="dashed", linewidth=1)
    ax.set_xticks(range(1, max(len(rows) for _, rows, _ in series) + 1))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.yaxis.set_major_formatter(lambda v, _: fmt.percent(v))
    ax.plot([], [], color="black", linestyle="dashed", linewidth=1, label=fair)
    _legend(ax)
    return _data_uri(fig)


def _legend(ax: Any) -> None:
    """Beside the plot, where it hides no bar."""
    ax.legend(fontsize="small", frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0))


def distribution_chart(
    series: Sequence[tuple[str, Mapping[float, int]]],
    xlabel: str,
    ylabel: str,
    fmt: Formats,
) -> str:
    """Overlaid histograms of counted values (value → how often), each as a share of its own
    total so that series of different sizes compare."""
    fig, ax = _figure()
    low = min(min(counts) for _, counts in series if counts)
    high = max(max(counts) for _, counts in series if counts)
    bins: Any = 40
    if high - low <= 60 and all(float(v).is_integer() for _, counts in series for v in counts):
        bins = [v - 0.5 for v in range(int(low), int(high) + 2)]  # one bar per whole value
    for i, (label, counts) in enumerate(series):
        total = sum(counts.values())
        if not total:
            continue
        ax.hist(
            list(counts),
            weights=[n / total for n in counts.values()],
            bins=bins,
            range=(low, high) if not isinstance(bins, list) else None,
            histtype="stepfilled",
            alpha=0.45,
            color=COLOURS[i % len(COLOURS)],
            edgecolor=COLOURS[i % len(COLOURS)],
            label=label,
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.xaxis.set_major_formatter(lambda v, _: fmt.number(v))
    ax.yaxis.set_major_formatter(lambda v, _: fmt.percent(v))
    if len(series) > 1:
        _legend(ax)
    return _data_uri(fig)


def usage_chart(
    names: Sequence[str],
    winners: Sequence[float],
    others: Sequence[float],
    labels: tuple[str, str],
    xlabel: str,
    fmt: Formats,
) -> str:
    """Mean uses per game by the seats that won and by the others, one pair of bars per action
    kind or card: where the bars differ, using it goes with winning (or losing)."""
    fig, ax = _figure(height=0.9 + 0.32 * len(names))
    ys = range(len(names))
    ax.barh([y - 0.2 for y in ys], winners, height=0.4, color=COLOURS[0], label=labels[0])
    ax.barh([y + 0.2 for y in ys], others, height=0.4, color=COLOURS[1], label=labels[1])
    ax.set_yticks(list(ys), list(names))
    ax.invert_yaxis()
    ax.grid(axis="x", alpha=0.3)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel(xlabel)
    ax.xaxis.set_major_formatter(lambda v, _: fmt.number(v))
    _legend(ax)
    return _data_uri(fig)
