"""``backroom games [GAME]``: what can be played, with what options and how sure the data is."""

from __future__ import annotations

from rich.console import Console
from rich.padding import Padding
from rich.table import Table

from backroom.bots import bot_kinds
from backroom.engine.game import Game
from backroom.games import all_games, get_game
from backroom.i18n import catalog, format_number, text, translate


def show_games(console: Console, lang: str, game_id: str | None) -> int:
    if game_id is not None:
        show_game(console, lang, get_game(game_id))
        return 0
    table = Table(title=translate(lang, "ui.games_title"))
    # The id and each option are typed back, so they are kept whole (one option, one bot a
    # line): the name wraps first, so 80 columns show every id and default.
    table.add_column(translate(lang, "ui.col_id"), no_wrap=True)
    for key in ("ui.col_name", "ui.col_players", "ui.col_bots"):
        table.add_column(translate(lang, key))
    table.add_column(translate(lang, "ui.col_options"), no_wrap=True)
    for game in all_games():
        table.add_row(
            game.id,
            translate(lang, f"{game.id}.name"),
            f"{game.min_players}–{game.max_players}",
            "\n".join(bot_kinds(game)),
            "\n".join(f"{o.name}={typed(o.default)}" for o in game.options) or "—",
        )
    console.print(table)
    console.print(translate(lang, "ui.games_hint"))
    return 0


def typed(value: object) -> str:
    """An option's value as ``--option NAME=VALUE`` takes it back: ``true``, ``off``, ``60``. The
    lists showed Python's ``False`` and ``'standard'``, and ``--option memory_aid=False``, typed
    as shown, was refused (the value is read as JSON)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def show_game(console: Console, lang: str, game: Game) -> None:
    console.print(f"[bold]{translate(lang, f'{game.id}.name')}[/] ({game.id})")
    console.print(translate(lang, f"{game.id}.summary"))
    console.print(translate(lang, "ui.players_range", {"low": game.min_players, "high": game.max_players}))
    if f"{game.id}.rules" in catalog(lang):
        console.print()
        console.print(translate(lang, f"{game.id}.rules"))
    if game.options:
        options = Table(title=translate(lang, "ui.options_title"))
        for key in ("ui.col_option", "ui.col_default", "ui.col_allowed", "ui.col_meaning"):
            options.add_column(translate(lang, key), overflow="fold")
        for spec in game.options:
            allowed = "\n".join(spec.choices) if spec.choices else ""
            if spec.low is not None:
                allowed = f"{spec.low}–{spec.high}"
            options.add_row(
                spec.name,
                typed(spec.default) or '""',
                allowed,
                translate(lang, f"{game.id}.option.{spec.name}.help"),
            )
        console.print(options)
    rows = game.data_status()
    if rows:
        data = Table(title=translate(lang, "ui.data_title"))
        for key in ("ui.col_item", "ui.col_value", "ui.col_status", "ui.col_source"):
            data.add_column(translate(lang, key), overflow="fold")  # a path or address whole, over lines
        for row in rows:
            status = translate(lang, f"ui.status.{row['status']}")
            style = "yellow" if row["status"] != "sourced" else "green"
            data.add_row(
                text(lang, row["item"]),
                text(lang, row["value"]),
                f"[{style}]{status}[/]",
                text(lang, row["source"]),
            )
        console.print(data)
        legend = game.data_sources()
        cited = {code for row in rows for code in row.get("codes", ())}
        lines = [(code, text(lang, line)) for code, line in legend.items() if code in cited]
        if lines:  # a grid, so that a long line wraps under its own text, not under its code
            grid = Table.grid(padding=(0, 1))
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column()
            for code, line in lines:
                grid.add_row(code, line)
            console.print(translate(lang, "ui.data_legend"))
            console.print(Padding(grid, (0, 0, 0, 2)), highlight=False)
    if game.windows:
        console.print(f"[bold]{translate(lang, 'ui.windows_title')}[/]")
        for rule in game.windows:
            order = translate(lang, rule.order)
            closes = translate(lang, f"ui.window_closes.{rule.closes}")
            console.print(f"  {translate(lang, f'{game.id}.window.{rule.name}')}: {order}; {closes}")
    show_actions(console, lang, game)
    console.print(translate(lang, "ui.bots_available", {"bots": ", ".join(bot_kinds(game))}))


SHOWN_VALUES = 4
"""A parameter with more values than this says how many: Illuminati's faces, every one listed,
made one line of 27,000 characters."""


def show_actions(console: Console, lang: str, game: Game) -> None:
    """The numbered action space, one kind a line: its arguments, how many actions it numbers
    and what it does."""
    space = game.action_space(game.max_players)
    console.print(
        translate(
            lang, "ui.actions_available", {"count": space.num_distinct_actions, "players": game.max_players}
        )
    )
    grid = Table.grid(padding=(0, 1))
    grid.add_column(overflow="fold")
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column()
    for spec in space.specs:
        label = translate(lang, f"{game.id}.kind.{spec.kind}")
        shown = spec.describe(SHOWN_VALUES, lambda n: translate(lang, "ui.param_values", {"count": n}))
        grid.add_row(shown, format_number(lang, spec.size), label)
    console.print(Padding(grid, (0, 0, 0, 2), expand=False), highlight=False)
