"""``backroom play``: one person against bots in a terminal.

The terminal only translates: it shows the game's board for the human seat, the events that
seat may see, and the legal actions as a numbered list; every rule is the engine's.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from backroom.bots import Bot, Observation, make_bot
from backroom.engine.actions import action_from_json
from backroom.engine.errors import BadOptions, IllegalAction
from backroom.engine.events import Event, Msg
from backroom.engine.files import check_writable
from backroom.engine.game import Game, State, load
from backroom.engine.record import Record
from backroom.engine.rng import derive_seed
from backroom.games import get_game
from backroom.i18n import catalog, format_number, seat_names, translate
from backroom.sim.playout import seat_bots

Renderer = Callable[[dict[str, Any], str, Sequence[str]], RenderableType]
Action = tuple[Any, ...]

STEPS_ABOVE = 12
"""A longer menu is chosen in steps: first the card, then what to do with it (Corruption offers
78 plays at once). A JSON action is accepted at either step, so nothing is out of reach."""


def board_renderer(game: Game) -> Renderer:
    """The terminal board the game's manifest names, or a readable dump of the view for a game
    that declares none."""
    if game.manifest.terminal is None:
        return lambda view, lang, names: Pretty(view)
    render: Renderer = load(game.manifest.terminal)
    return render


def play_command(args: argparse.Namespace, console: Console, options: dict[str, Any]) -> int:
    game = get_game(args.game)
    players = min(game.max_players, game.min_players + 2) if args.players is None else args.players
    game.check_players(players)
    resolved = game.resolve_options(options)
    if args.save:
        check_writable(args.save)
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    human = None if args.watch else args.seat - 1
    if human is not None and not 0 <= human < players:
        raise BadOptions("error.seat_range", low=1, high=players, value=args.seat)
    others = [s for s in range(players) if s != human]
    kinds = dict(zip(others, seat_bots(args.bots, len(others)), strict=True))
    bots = {seat: make_bot(kind, game, derive_seed(seed, 1000 + seat)) for seat, kind in kinds.items()}
    lang: str = args.lang
    record = Record(
        game.id,
        players,
        resolved,
        seed,
        game.rules_version,
        bots=[kinds.get(s, "") for s in range(players)],
        you=human,
    )
    table = TerminalTable(game, record, bots, lang, console)
    input_ended = not table.run(console.input)
    if args.save:
        table.record.save(Path(args.save))
        console.print(translate(lang, "ui.saved", {"path": args.save}))
    return 1 if input_ended else 0


class TerminalTable:
    """A game in progress at a terminal: the state, the bots, and what the human has seen."""

    def __init__(
        self,
        game: Game,
        record: Record,
        bots: dict[int, Bot],
        lang: str,
        console: Console,
    ) -> None:
        """``record`` holds the game's settings and seats (no action yet); the table adds each
        action to it as it is played."""
        self.game = game
        self.human = record.you
        self.bots = bots
        self.names = seat_names(lang, record.players, record.names, record.bots, record.you)
        self.lang = lang
        self.console = console
        self.render = board_renderer(game)
        self.recall = game.human_recall(record.options)
        self.state, events = game.start(record.players, record.options, record.seed)
        self.record = record
        console.rule(translate(lang, f"{game.id}.name"))
        if record.you is None:  # a watcher sees every card anyway; watching reads no keys
            console.print(translate(lang, "ui.seed_line", {"seed": record.seed}))
        else:  # the seed would deal every hidden card again elsewhere: it is shown once the game ends
            console.print(translate(lang, "ui.keys"))
        self.show_events(events)

    def t(self, key: str, **params: Any) -> str:
        return translate(self.lang, key, params, self.names)

    def show_events(self, events: list[Event]) -> None:
        for event in events:
            if event.visible_to(self.human):
                text = translate(self.lang, f"{self.game.id}.event.{event.kind}", event.params, self.names)
                self.console.print(f"  [dim]•[/] {text}", soft_wrap=True)

    def board(self, view: dict[str, Any]) -> RenderableType:
        return self.render(view, self.lang, self.names)

    def seen(self) -> dict[str, Any]:
        """What the human sees (a watcher: everything)."""
        return self.state.view(self.human, recall=self.recall if self.human is not None else True)

    def run(self, ask: Callable[[str], str]) -> bool:
        """Play to the end, or until the human leaves (``q``); False if the input ended first.
        A player is told the deal's seed only then."""
        ended = self.play(ask)
        if self.human is not None:
            self.console.print(self.t("ui.seed_line", seed=self.record.seed))
        return ended

    def play(self, ask: Callable[[str], str]) -> bool:
        state = self.state
        while True:
            actors = state.actors()
            if not actors:
                break
            seat = actors[0]
            try:
                action = (
                    self.ask_human(state, seat, ask)
                    if seat == self.human
                    else self.bots[seat].choose(Observation(state, seat))
                )
            except EOFError:
                self.console.print(self.t("ui.abandoned"))
                return False
            if action is None:
                self.console.print(self.t("ui.abandoned"))
                return True
            events = state.apply(seat, action)
            self.record.actions.append((seat, action))
            self.show_events(events)
        self.show_end(state)
        return True

    def steps(self, state: State, legal: list[Action]) -> list[tuple[str, list[Action]]]:
        """The menu's entries: one per action, or for a long list one per group of actions,
        each with the actions it stands for. A group is every action whose label names the same
        ``card`` (first the card, then its use), or whose label has a ``.step`` message and
        names the same ``to_seat`` (Illuminati's gifts: first to whom, then how much)."""
        labels = [state.label(action) for action in legal]
        if len(legal) <= STEPS_ABOVE:
            return [(self.t(label.key, **label.params), [a]) for label, a in zip(labels, legal, strict=True)]
        groups: dict[Any, list[Action]] = {}
        for label, action in zip(labels, legal, strict=True):
            groups.setdefault(self.group_title(label) or action, []).append(action)
        entries = []
        for title, actions in groups.items():
            if len(actions) == 1:
                label = state.label(actions[0])
                entries.append((self.t(label.key, **label.params), actions))
            else:
                entries.append((self.t(title[0], name=title[1], count=len(actions)), actions))
        return entries

    def group_title(self, label: Msg) -> tuple[str, str] | None:
        """The message and name of the step ``label`` belongs to, or None if it stands alone."""
        card = label.params.get("card")
        if card is not None:
            return "ui.step_card", self.t(f"{self.game.id}.card.{card}")
        if "to_seat" in label.params and f"{label.key}.step" in catalog(self.lang):
            return "ui.step_group", self.t(f"{label.key}.step", to_seat=label.params["to_seat"])
        return None

    def ask_human(self, state: State, seat: int, ask: Callable[[str], str]) -> tuple[Any, ...] | None:
        """The human's action, or None when they leave (``q``); EOFError when the input ends."""
        legal = state.legal_actions(seat)
        view = self.seen()
        # In another seat's turn the human is asked in a window: to answer, not to move.
        asked = "ui.your_move" if view.get("active", seat) == seat else "ui.your_answer"
        self.console.print(Panel(self.board(view), title=self.t(asked), border_style="cyan"))
        entries = self.steps(state, legal)
        first_step = True
        self.show_menu(entries, first_step)
        while True:
            low = 1 if first_step else 0  # 0: back to every group
            answer = ask(self.t("ui.prompt", low=low, high=len(entries))).strip().lower()
            if answer in ("q", "quit", "exit"):
                return None
            if answer in ("?", "h", "help"):
                # The rules in short, as `backroom games GAME` prints them: a game's one-line
                # summary alone (Illuminati's: "Secret conspiracies build power structures…")
                # may say nothing of how a turn goes.
                rules = f"{self.game.id}.rules"
                text = self.t(rules if rules in catalog(self.lang) else f"{self.game.id}.summary")
                self.console.print(text)
                continue
            if answer == "0" and not first_step:  # back from a card's uses to every card
                entries, first_step = self.steps(state, legal), True
                self.show_menu(entries, first_step)
                continue
            number = self.menu_number(answer, len(entries))
            if number is not None and len(entries[number - 1][1]) > 1:
                group = entries[number - 1][1]
                entries = [(self.t(state.label(a).key, **state.label(a).params), [a]) for a in group]
                first_step = False
                self.show_menu(entries, first_step)
                continue
            chosen = self.parse_answer(answer, [actions[0] for _, actions in entries])
            if chosen is None:
                self.console.print(f"[yellow]{self.t('ui.bad_choice', low=low, high=len(entries))}[/]")
                continue
            try:
                state.clone().apply(seat, chosen)
            except IllegalAction as refused:
                self.console.print(
                    f"[yellow]{translate(self.lang, refused.key, refused.params, self.names)}[/]"
                )
                continue
            return chosen

    def show_menu(self, entries: list[tuple[str, list[Action]]], first_step: bool) -> None:
        menu = Table.grid(padding=(0, 2))
        for number, (text, _) in enumerate(entries, 1):
            menu.add_row(f"[bold cyan]{number}[/]", text)
        if not first_step:
            menu.add_row("[bold cyan]0[/]", self.t("ui.step_back"))
        self.console.print(menu)

    @staticmethod
    def menu_number(answer: str, size: int) -> int | None:
        """The entry (from 1) that ``answer`` picks in a menu of ``size``, or None: not a
        number ("²" is a digit to ``str.isdigit`` yet no number to ``int``), out of range, or
        longer than the menu's numbers (5,000 digits exceed what ``int`` reads)."""
        if not answer.isdecimal() or len(answer.lstrip("0")) > len(str(size)):
            return None
        number = int(answer)
        return number if 1 <= number <= size else None

    @staticmethod
    def parse_answer(answer: str, menu: list[Action]) -> Action | None:
        """A number from the menu (the first action of its entry), or any legal action written
        as JSON (``["snap", 1, 0]``), whichever step the menu is at."""
        number = TerminalTable.menu_number(answer, len(menu))
        if number is not None:
            return menu[number - 1]
        if answer.startswith("["):
            try:
                return action_from_json(json.loads(answer))
            except (ValueError, RecursionError):  # not JSON, not of the action shape, or too deep
                return None
        return None

    def show_end(self, state: State) -> None:
        outcome = state.outcome()
        assert outcome is not None
        self.console.print(
            Panel(self.board(self.seen()), title=self.t("ui.final_board"), border_style="magenta")
        )
        table = Table(title=self.t("ui.results"))
        for key in ("ui.col_place", "ui.col_player", "ui.col_score"):
            table.add_column(self.t(key))
        for seat in sorted(range(state.players), key=lambda s: outcome.ranks[s]):
            table.add_row(
                str(outcome.ranks[seat]), self.names[seat], format_number(self.lang, outcome.scores[seat])
            )
        self.console.print(table)
        self.console.print(self.t(f"{self.game.id}.end.{outcome.reason}"))
        if outcome.tiebreak:
            self.console.print(self.t(f"{self.game.id}.tiebreak.{outcome.tiebreak}"))
        winners = ", ".join(self.names[s] for s in outcome.winners)
        self.console.print(f"[bold green]{self.t('ui.winners', names=winners)}[/]")
