"""Corruption (Corrupción; Bruno Faidutti, Atlas Games 1999), for 3 to 7 builders.

Each player holds ten cards in their colour: bribes of $1,000 to $10,000, a district attorney,
two reporters and a hitman. Four rounds. Each round six new contracts are dealt, two under each
government body (City Hall, County Seat, State Capitol); unwon contracts stay. Starting with the
leading player (highest total contract value, then more contracts; drawn in round one), players
place one card at a time, six each: under a contract, or (bribes only, always face down) in a
body's Swiss bank account. In round r each player's first r cards are face up. Then every card
is revealed and the contracts are awarded, in the order the cards were played: Swiss bribes are
assigned to a contract of their body at half value; hitmen kill a character on their contract;
contracts with a district attorney are cancelled (they stay, bribes go back); each reporter
allows its owner to remove one non-Swiss bribe from its contract; the highest total wins, a tie wins nothing.
Characters leave the game once played; bribes come back. After round four the highest total
contract value wins (ruling: then more contracts; then a shared win).

Variants (option ``variant``): Río Abajo (a different face-up pattern), Stud Libre (the leader
picks the face-up positions each round), Cerrado (all face down, no characters); option
``black_book``: Pequeño Libro Negro, two looks each at a face-down card on a contract.

Rulebook: ``shared/seeds/000_cc2ae405b88df7bc.txt``; data and its provenance:
``contracts.json``; rulings: ``docs/games/corruption.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.errors import BadOptions
from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.spec import ActionSpec, Param
from backroom.engine.window import WindowRule
from backroom.games.corruption.cards import (
    BLACK_BOOK_CARDS,
    BODIES,
    DATA,
    DECK_SIZE,
    GAME_ID,
    KINDS,
    PLAYS_PER_ROUND,
    ROUNDS,
    VARIANTS,
    data_sources,
    data_status,
    load_contracts,
)
from backroom.games.corruption.state import CorruptionState


class Corruption(Game):
    id = GAME_ID
    min_players = DATA["players"]["min"]
    max_players = DATA["players"]["max"]
    rules_version = 2
    state_class: ClassVar[type[State]] = CorruptionState
    windows = (WindowRule("black_book", "corruption.window.black_book.order", "all_answered", ("decline",)),)
    manifest = Manifest(
        package="backroom.games.corruption",
        bots={"heuristic": "backroom.games.corruption.bot:HeuristicBot"},
        terminal="backroom.games.corruption.terminal:render",
        observation="backroom.games.corruption.observation:ENCODER",
        board="corruption.js",
        # Playouts by the heuristic bot: a random playout scatters every bribe, so it barely
        # tells one move from another; 300 such playouts cost what 1000 random ones did
        # (docs/bots.md, Corruption).
        search="playout=heuristic:iterations=300",
    )
    options = (
        OptionSpec("variant", "standard", choices=VARIANTS),
        OptionSpec("black_book", False),
        OptionSpec("contracts_file", "", local=True),
        OptionSpec("first_leader", -1, low=-1, high=DATA["players"]["max"] - 1),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        if options["first_leader"] >= players:
            raise BadOptions(
                "error.option_out_of_range",
                option="first_leader",
                low=-1,
                high=players - 1,
                value=options["first_leader"],
            )
        return CorruptionState.deal(players, options, seed)

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """Per round: Stud Libre's positions (at most six picks and a done), six cards each,
        at most one award decision per card, and in a Little Black Book window at most one
        decline per other seat after each card. Looks are two per seat in the whole game."""
        cards = PLAYS_PER_ROUND * players
        per_round = (PLAYS_PER_ROUND + 1) + 2 * cards
        if options["black_book"]:
            per_round += cards * (players - 1)
        return ROUNDS * per_round + BLACK_BOOK_CARDS * players

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Cards by face (ten faces, two reporters being one), contracts by their index in the
        table's list of 24, bodies 0-2, this round's plays by their public order."""
        contract = Param("contract", range(DECK_SIZE))
        play = Param("play", range(PLAYS_PER_ROUND * players))
        return (
            ActionSpec("play", Param("card", KINDS), contract),
            ActionSpec("swiss", Param("card", KINDS), Param("body", range(len(BODIES)))),
            ActionSpec("look", play),
            ActionSpec("decline"),
            ActionSpec("face_up", Param("position", range(PLAYS_PER_ROUND))),
            ActionSpec("positions_done"),
            ActionSpec("assign", contract),
            ActionSpec("kill", play),
            ActionSpec("remove", play),
            ActionSpec("no_removal"),
        )

    def test_variants(self) -> list[dict[str, Any]]:
        """Every variant once, and the Little Black Book both alone and with Stud Libre."""
        return [
            {},
            {"variant": "rio_abajo"},
            {"variant": "stud_libre", "black_book": True},
            {"variant": "cerrado", "first_leader": 2},
            {"black_book": True},
        ]

    def data_status(self, contracts_file: str = "") -> list[dict[str, Any]]:
        """Rows ``{"item", "value", "status", "source", "codes"}`` (``Game.data_status``) for
        every fact and card the game uses, built-in or from a table's corrected contract file."""
        return data_status(load_contracts(contracts_file))

    def data_sources(self) -> dict[str, dict[str, Any]]:
        return data_sources()


GAME = Corruption()
