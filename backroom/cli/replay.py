"""``backroom replay FILE``: a saved game, action by action, as one seat saw it or as a whole."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from backroom.engine.errors import BadOptions, EngineError
from backroom.engine.events import Event, Msg
from backroom.engine.record import Record, replay_steps
from backroom.games import get_game
from backroom.i18n import seat_names, translate


def replay_command(args: argparse.Namespace, console: Console) -> int:
    lang: str = args.lang
    record = Record.load(Path(args.file))
    game = get_game(record.game)
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and not 0 <= seat < record.players:
        raise BadOptions("error.seat_range", low=1, high=record.players, value=args.seat)
    # "(you)" is the player who saved the game, for as long as the replay is seen as it saw it
    # or as a whole: seen by another seat, it would name the wrong one.
    you = record.you if seat is None or seat == record.you else None
    names = seat_names(lang, record.players, record.names, record.bots, you)
    console.rule(
        translate(lang, "ui.replay_title", {"game": translate(lang, f"{game.id}.name"), "seed": record.seed})
    )
    seen_by = {} if seat is None else {"number": seat + 1, "name": names[seat]}
    console.print(translate(lang, "ui.replay_seen_by" if seen_by else "ui.replay_seen_by_all", seen_by))
    steps = replay_steps(game, record)
    state, _, _, events = next(steps)
    show_events(console, lang, game.id, events, seat, names)
    for number, (actor, action) in enumerate(record.actions, 1):
        if not state.is_legal(actor, action):  # an edited or damaged record: say where it breaks
            reason = Msg(state.why_illegal(actor, action), {})
            raise EngineError("error.record_action_refused", number=number, reason=reason)
        label = state.label(action)  # before the action: it may take away what the label names
        text = translate(lang, label.key, label.params, names)
        played = translate(lang, "ui.replay_action", {"name": names[actor], "action": text})
        console.print(f"[bold]{number:>4}[/] {played}", soft_wrap=True)
        state, _, _, events = next(steps)
        show_events(console, lang, game.id, events, seat, names)
        stop = wait_for_enter(console, lang) if args.step else None
        if stop is not None:
            console.print(translate(lang, stop))
            return 0
    outcome = state.outcome()
    if outcome is None:
        console.print(translate(lang, "ui.replay_unfinished"))
        return 0
    winners = ", ".join(names[s] for s in outcome.winners)
    console.print(f"[bold green]{translate(lang, 'ui.winners', {'names': winners})}[/]")
    return 0


def wait_for_enter(console: Console, lang: str) -> str | None:
    """Wait for Enter: None to go on, else the key of why the replay stops (``q``, as ``play``
    takes it to leave, or the input closed: the end of a piped file, Ctrl-D)."""
    try:
        answer = console.input(translate(lang, "ui.press_enter"))
    except EOFError:
        console.print()
        return "ui.replay_stopped"
    return "ui.replay_quit" if answer.strip().lower() == "q" else None


def show_events(
    console: Console, lang: str, game_id: str, events: list[Event], seat: int | None, names: list[str]
) -> None:
    for event in events:
        if seat is None or event.visible_to(seat):
            text = translate(lang, f"{game_id}.event.{event.kind}", event.params, names)
            whose = (
                f"{', '.join(names[s] for s in event.to)} → " if seat is None and event.to is not None else ""
            )
            console.print(f"       [dim]•[/] {escape(whose)}{text}", soft_wrap=True)
