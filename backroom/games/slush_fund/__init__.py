"""Slush Fund (Caisse noire; Steve Finn, Dr. Finn's Games 2008), for 2 to 4 players.

Rich CEOs bribe five politicians (President, Vice-President and three more, in rank order).
Two players lay them in a row; three or four put four of them around the President. On a turn
you either (a) reveal the top three cards of the deck (a Time card is set aside at once and
replaced), put one into the public slush fund and play the other two, or (b) if the fund holds
at least three cards, take any three from it and play all three in the order you choose.
Playing a card, one at a time and in view of all: Money and VP cards go on your own bribery
pile at a politician (others see only its top card and size); a Scandal lies openly on a
politician (the fifth removes it with every pile on it); a Thief takes a money card from an
opponent's pile onto your own pile at the same politician; a Spy moves a Scandal and looks at
an opponent's pile; a Money Transfer moves one of your money cards between your piles. Used
power cards leave the game; any card may be discarded instead. The tenth Time card ends the
game at once. Each politician goes to the most money (then the most money cards; still tied,
to all tied) and is worth 7 VP, -1 per Scandal, +1 per VP card in the winner's own pile. Most
VP wins; ties go to whoever won the President, then the Vice-President, and so on.

Rulebook: ``shared/seeds/001_1ea7ea3beec3d275.txt``; data with provenance: ``deck.json``;
rulings and the data status: ``docs/games/slush-fund.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.spec import ActionSpec, Param
from backroom.games.slush_fund.cards import (
    BUILT_IN,
    DATA,
    GAME_ID,
    MONEY,
    POLS,
    VP,
    Deck,
    data_sources,
    data_status,
    load_deck_file,
)
from backroom.games.slush_fund.state import SlushFundState

MAX_ACTIONS_PER_TURN = 9
"""Option (b): three takes, then three cards, a Spy being two actions (play, look)."""


class SlushFund(Game):
    id = GAME_ID
    min_players = DATA["players"]["min"]
    max_players = DATA["players"]["max"]
    rules_version = 3
    state_class: ClassVar[type[State]] = SlushFundState
    manifest = Manifest(
        package="backroom.games.slush_fund",
        bots={"heuristic": "backroom.games.slush_fund.bot:HeuristicBot"},
        terminal="backroom.games.slush_fund.terminal:render",
        observation="backroom.games.slush_fund.observation:ENCODER",
        board="slush-fund.js",
        rollout="backroom.games.slush_fund.rollout:rollout",
        evaluate="backroom.games.slush_fund.rollout:evaluate",
        search="playout=rollout:c=0.1:margin=1:horizon=0",
    )
    options = (
        OptionSpec("deck_file", "", local=True),
        OptionSpec("turn_limit", 200, low=20, high=2000),
    )
    """``deck_file``: path of a corrected deck (JSON, same ``cards`` list as ``deck.json``);
    empty for the built-in proposed counts. The state keeps the resolved deck, so a saved
    position replays exactly even if the file changes later. ``turn_limit``: ruling 15, a
    safety bound (discarded cards feed the slush fund, so turns that only take from it could
    go on for ever)."""

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Options are checked when a table is made, deck file included, not at the deal."""
        options = super().resolve_options(given)
        self.deck_for(options)
        return options

    def deck_for(self, options: dict[str, Any]) -> Deck:
        """The built-in deck, or the table's deck file (already a string: options are checked)."""
        path: str = options["deck_file"]
        return load_deck_file(path) if path else BUILT_IN

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        return SlushFundState.deal(players, self.deck_for(options), seed, options["turn_limit"])

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """Turns are capped by the turn limit (ruling 15); each turn is at most
        ``MAX_ACTIONS_PER_TURN`` actions."""
        return MAX_ACTIONS_PER_TURN * options["turn_limit"]

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Cards by face (of this table's deck), politicians 0-4, opponents by seat; a
        ``transfer_copy`` names which card of its face, counted from the top of the pile (2 up
        to the most copies of a money face in the deck)."""
        deck = self.deck_for(options)
        faces = tuple(dict.fromkeys(deck.faces))
        money = tuple(f for f in faces if deck.kinds[deck.faces.index(f)] == MONEY)
        bribes = tuple(f for f in faces if deck.kinds[deck.faces.index(f)] in (MONEY, VP))
        copies = max([2, *(deck.faces.count(f) for f in money)])
        face = Param("card", faces)
        pol = Param("politician", range(POLS))
        seat = Param("target", range(players))
        return (
            ActionSpec("draw"),
            ActionSpec("take", face),
            ActionSpec("stash", face),
            ActionSpec("bribe", Param("card", bribes), pol),
            ActionSpec("scandal", pol),
            ActionSpec("thief", seat, pol),
            ActionSpec("spy_move", Param("from", range(POLS)), Param("to", range(POLS))),
            ActionSpec("spy"),
            ActionSpec("look", seat, pol),
            ActionSpec("no_look"),
            ActionSpec(
                "transfer", Param("from", range(POLS)), Param("card", money), Param("to", range(POLS))
            ),
            ActionSpec(
                "transfer_copy",
                Param("from", range(POLS)),
                Param("card", money),
                Param("copy", range(2, copies + 1)),
                Param("to", range(POLS)),
            ),
            ActionSpec("discard", face),
        )

    def test_variants(self) -> list[dict[str, Any]]:
        return [{}]

    def data_status(self) -> list[dict[str, Any]]:
        """Rows ``{item, value, status, source, codes}`` (``Game.data_status``): each fact of the
        game data and whether it is sourced or a proposed default."""
        return data_status()

    def data_sources(self) -> dict[str, dict[str, Any]]:
        return data_sources()


GAME = SlushFund()
