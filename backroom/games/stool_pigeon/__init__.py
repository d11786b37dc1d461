"""Stool Pigeon (Soplón; Nate Miller, Barrel Aged Games; Spanish edition Tranjis Games 2025).

Each family keeps a face-down District of cards; the lowest total when the game ends wins.
A turn: draw the top card, swap it into your District, and play the card it replaced. Family
cards act (Matón looks, Conductora swaps blind, Sicario looks then swaps, Capo removes one of
your cards or adds a card to another District); a Witness (or the Primo) lets anyone be first
to eliminate a Witness of the same number from any District, at the price of a penalty card if
wrong. The Soplón cannot be played and is worth the top draw-pile card at the end. Instead of a
turn you may close: your District becomes immune to Family cards and everyone else plays once
more. Ties: fewer cards, then the lowest single card.

Rulebook: ``shared/seeds/003_1366dfa301d66c84.txt``; rulings: ``docs/games/stool-pigeon.md``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.provenance import legend, message, row
from backroom.engine.spec import ActionSpec, Param
from backroom.engine.window import WindowRule
from backroom.games.stool_pigeon.cards import DATA, DECK_SIZE, GAME_ID, MAX_SLOTS
from backroom.games.stool_pigeon.state import StoolPigeonState


class StoolPigeon(Game):
    id = GAME_ID
    min_players = DATA["players"]["min"]
    max_players = DATA["players"]["max"]
    rules_version = 2
    low_score_wins = True
    state_class: ClassVar[type[State]] = StoolPigeonState
    windows = (WindowRule("snap", "stool-pigeon.window.snap.order", "first_claim"),)
    manifest = Manifest(
        package="backroom.games.stool_pigeon",
        bots={"heuristic": "backroom.games.stool_pigeon.bot:HeuristicBot"},
        terminal="backroom.games.stool_pigeon.terminal:render",
        observation="backroom.games.stool_pigeon.observation:ENCODER",
        board="stool-pigeon.js",
        rollout="backroom.games.stool_pigeon.rollout:rollout",
        erratic="backroom.games.stool_pigeon.rollout:erratic",
        search="playout=rollout:depth=1:margin=0.75:model=1",
    )
    options = (
        OptionSpec("memory_aid", False),
        OptionSpec("round_limit", 20, low=2, high=200),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        return StoolPigeonState.deal(players, options, seed)

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """Turns are capped by the round limit, plus the last turns owed after a close (a close
        on the last allowed turn still gives every other seat its turn). One turn is at most
        draw, swap and either three Family steps (the Sicario: look, pick, switch) or a window:
        each miss in a window draws a penalty card,
        and no card reaches the discard pile during a window, so at most ``DECK_SIZE`` misses,
        each followed by at most one pass per seat, plus the final hit and the give."""
        per_window = (DECK_SIZE + 1) * (players + 1) + 1
        return (options["round_limit"] * players + players) * (4 + per_window)

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """A blind swap is two decisions (``pick`` then ``switch``): one index per pair of slots
        would make the space 74,506 actions at six players instead of 1,738."""
        seat = Param("target", range(players))
        slot = Param("slot", range(MAX_SLOTS))
        return (
            ActionSpec("draw"),
            ActionSpec("close"),
            ActionSpec("swap", slot),
            ActionSpec("keep"),
            ActionSpec("peek", seat, slot),
            ActionSpec("pick", seat, slot),
            ActionSpec("switch", seat, slot),
            ActionSpec("remove", slot),
            ActionSpec("add", seat),
            ActionSpec("snap", seat, slot),
            ActionSpec("pass"),
            ActionSpec("give", slot),
        )

    def test_variants(self) -> list[dict[str, Any]]:
        return [{}, {"memory_aid": True, "round_limit": 3}]

    def data_status(self) -> list[dict[str, Any]]:
        """The player count and every card of ``deck.json``, named as the game names them."""
        sources, players = DATA["sources"], DATA["players"]
        item = "stool-pigeon.data.item"
        rows = [
            row(
                GAME_ID,
                message(f"{item}.players"),
                message("ui.data.players", low=players["min"], high=players["max"]),
                players,
                sources,
            )
        ]
        for entry in DATA["cards"]:
            value = message(
                "stool-pigeon.data.cards",
                count=entry["count"],
                value="?" if entry["value"] is None else entry["value"],
            )
            card = message(f"stool-pigeon.card.{entry['face']}")
            rows.append(row(GAME_ID, message(f"{item}.card", card=card), value, entry, sources))
        return rows

    def data_sources(self) -> dict[str, dict[str, Any]]:
        return legend(GAME_ID, DATA["sources"])

    def human_recall(self, options: dict[str, Any]) -> bool:
        """A human seat's view shows remembered cards only with the table's memory aid on."""
        return bool(options["memory_aid"])


GAME = StoolPigeon()
