"""Politburó, lucha de poder (3rd edition; rules at xabrakadabra.wordpress.com), 2 to 5 players.

Each player runs three candidates (health 10, loyalty 5) for General Secretary of the party.
On your turn you draw up to your hand size (5, +1 per office you hold, -1 per candidate you
lost), then play cards from your hand on any candidate (Demagogia raises loyalty, Difamación
lowers it, Agresión lowers health), assign basic cards face down to your own candidates (two
at most) and discard; or you discard your hand, draw seven and discard two. One card of a type
per turn on the same candidate (the Ministers of the Interior and of Propaganda may add a
second once per round). Out of your turn you activate one candidate a turn, once a round, to
play its assigned cards: an attack, or its self-only defence against an attack on it
(Guardaespaldas cancels an Agresión, Vengativo returns it, Favorito cancels a Difamación,
Manipulador sends it elsewhere). Special cards are played from the hand at any time: online,
each event a card can answer opens a reaction window for exactly the seats holding an answer.
Loyalty gives offices (Industria 10, Interior 14, Propaganda 17, NKVD 21, Secretario General
25), each with a power used once a round; the Secretary General wins at once. Health 0 is
death (unless cured), negative loyalty at the end of a round is Siberia; each round ends with
+1 loyalty for every candidate in play.

Rulebook: ``shared/seeds/002_afd13eeeb37cd482.txt``; data with provenance: ``deck.json``;
rulings: ``docs/games/politburo.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.spec import ActionSpec, Param
from backroom.engine.window import WindowRule
from backroom.games.politburo.cards import (
    AGRESION_FACES,
    BASIC_FACES,
    DATA,
    DECK_SIZE,
    FACE_TYPE,
    FACES,
    GAME_ID,
    HEALTH_DEFENCE,
    LOYALTY_DEFENCE,
    NC,
    OFFICES,
    ON_CANDIDATE,
    ON_OFFICE,
    PLAIN,
    ROUND_LIMIT,
    data_sources,
    data_status,
)
from backroom.games.politburo.state import PolitburoState

STEPS_PER_CARD = 2
"""At most two decisions follow a card (¡Contraataque!: the Agresión to add, then whom)."""
WINDOWS_PER_CARD = 3 + 2 * NC
"""Windows a card can open: Traición, the defence, the office window, and per candidate a
cure window and a Patriotismo window."""
CARD_MOVES_PER_TURN = 3 * DECK_SIZE
"""Each card leaves a hand or a candidate at most three times a turn (assigned, played, and
once more after Contrabando or the Industria draw brought it back)."""


class Politburo(Game):
    id = GAME_ID
    min_players = DATA["players"]["min"]
    max_players = DATA["players"]["max"]
    rules_version = 6
    state_class: ClassVar[type[State]] = PolitburoState
    windows = (WindowRule("reaction", "politburo.window.reaction.order", "all_answered"),)
    manifest = Manifest(
        package="backroom.games.politburo",
        bots={"heuristic": "backroom.games.politburo.bot:HeuristicBot"},
        terminal="backroom.games.politburo.terminal:render",
        observation="backroom.games.politburo.observation:ENCODER",
        board="politburo.js",
        evaluate="backroom.games.politburo.estimate:evaluate",
        search="playout=heuristic:horizon=0:lap=1:margin=1:c=0.1:iterations=300:actions=6000",
    )
    options = (OptionSpec("round_limit", ROUND_LIMIT, low=5, high=500),)
    """``round_limit``: ruling 14, the safety bound on a game's length."""

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        return PolitburoState.deal(players, seed, options["round_limit"])

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """Setup: at most five cards and a pass per seat. A turn (with the windows after it):
        at most ``CARD_MOVES_PER_TURN`` card moves, each followed by at most
        ``STEPS_PER_CARD`` decisions and ``WINDOWS_PER_CARD`` windows of at most one answer
        or pass per seat, plus the pass, the redraw, the two office powers and a pass per
        seat at the end of the turn. A round is at most ``players`` turns and the round-end
        window (bounded like a turn); the game stops after ``round_limit`` rounds (ruling 14).
        """
        per_card = 1 + STEPS_PER_CARD + WINDOWS_PER_CARD * players
        per_turn = CARD_MOVES_PER_TURN * per_card + 4 + players
        return 6 * players + options["round_limit"] * (players + 1) * per_turn

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Cards by face, candidates 0-14, offices 0-4."""
        cand = Param("candidate", range(NC))
        offensive = tuple(f for f in BASIC_FACES if FACE_TYPE[f] < 3)
        defensive = tuple(f for f in BASIC_FACES if FACE_TYPE[f] in HEALTH_DEFENCE + LOYALTY_DEFENCE)
        return (
            ActionSpec("pass"),
            ActionSpec("redraw"),
            ActionSpec("discard", Param("card", FACES)),
            ActionSpec("assign", Param("card", BASIC_FACES), cand),
            ActionSpec("play", Param("card", offensive), cand),
            ActionSpec("use", Param("source", range(NC)), Param("card", offensive), cand),
            ActionSpec("defend", Param("card", defensive), Param("from", ("hand", "assigned"))),
            ActionSpec("special", Param("card", PLAIN)),
            ActionSpec("special_on", Param("card", ON_CANDIDATE), cand),
            ActionSpec("special_office", Param("card", ON_OFFICE), Param("office", range(len(OFFICES)))),
            ActionSpec("smuggle", Param("card", FACES)),
            ActionSpec("target", cand),
            ActionSpec("add", Param("card", AGRESION_FACES)),
            ActionSpec("industry"),
            ActionSpec("industry_discard"),
            ActionSpec("industry_return"),
            ActionSpec("industry_swap", Param("card", FACES)),
            ActionSpec("nkvd", cand),
        )

    def data_status(self) -> list[dict[str, Any]]:
        return data_status()

    def data_sources(self) -> dict[str, dict[str, Any]]:
        return data_sources()


GAME = Politburo()
