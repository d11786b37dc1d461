"""Illuminati, the game of conspiracies (Steve Jackson Games, 2nd edition; Spanish edition
Edge 2007), 2 to 8 players.

Each player is a secret conspiracy, an Illuminati card, and builds a power structure of groups
under it: every group hangs from a free outward arrow of its master. On your turn your cards
collect their income, you draw a card (groups go to the uncontrolled area, specials to your
hand) and take two actions, chiefly attacks: to control a group (your attacking group's Power
and its helpers' Transferable Power against the target's Resistance), to neutralize one of
another player's groups (+6) or to destroy a group (Power against Power), with +4 for each
identical alignment and -4 for each opposite one (reversed to destroy), the target's nearness
to its Illuminati and the money everyone spends; two dice at or under the number succeed, 11
and 12 always fail. The first player controlling enough groups (13 at 2-3 players down to 8
at 7-8), or meeting its Illuminati's special goal, at the end of a turn wins; players meeting
one together share the win.

Rulebook: ``shared/seeds/004_4e82edb1c2a01e67.txt``; card data with provenance:
``cards.json`` and ``SOURCES.md``; rulings: ``docs/games/illuminati.md``.

Not registered yet: the money transfers, moving and giving groups, the special cards' effects,
and deals are still to come (see the rulings' last section).
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.spec import ActionSpec, Param
from backroom.engine.window import WindowRule
from backroom.games.illuminati import concealment, lasers, specials
from backroom.games.illuminati.cards import (
    ACTIONS_PER_TURN,
    ALIGNMENTS,
    CONTROLLABLE,
    EXTRA_INCOME_BY_PLAYERS,
    FACE,
    FREE_TRANSFERS,
    GAME_ID,
    GROUP_FACES,
    GROUPS,
    ILLUMINATI,
    ILLUMINATI_FACES,
    INCOME,
    MAX_CANCELLED,
    MAX_PLAYERS,
    MAX_SPEND,
    MIN_PLAYERS,
    MODES,
    PASS_INCOME,
    POWER,
    SIDES,
    SPECIAL_CARDS,
    SPECIAL_FACES,
    TURN_LIMIT,
    data_status,
)
from backroom.games.illuminati.state import IlluminatiState

CLAIM_LIMIT = max(max(POWER[c] + 1, INCOME[c]) for c in ILLUMINATI) + 1
"""The highest claim of a face-down Illuminati: income or Power (+1 with secret goals), +1
exaggerating (ruling 32)."""
CLAIM_STEPS = 2 * CLAIM_LIMIT + 1
"""A face-down seat's claims, which only rise, and its turning up, in a whole game."""
ATTACK_STEPS = 4 + len(CONTROLLABLE)
"""An attack's own decisions: the target, the attacker, at most one aid per card, the
announcement and the placement (or the cancel)."""


class Illuminati(Game):
    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    state_class: ClassVar[type[State]] = IlluminatiState
    windows = (WindowRule("spending", "illuminati.window.spending.order", "all_answered"),)
    manifest = Manifest(package="backroom.games.illuminati")
    options = (
        OptionSpec("round_limit", TURN_LIMIT, low=5, high=500),
        OptionSpec("goal_extra", 0, low=0, high=20),
        OptionSpec("very_long", False),
        OptionSpec("secret_goals", False),
        OptionSpec("hidden_illuminati", concealment.OFF, choices=concealment.MODES),
    )
    """``round_limit``: ruling 12, the safety bound on a game's length. The advanced rules
    ("Reglas avanzadas"), each on its own or combined: ``goal_extra``, "Para que sea más larga
    aumenta el número de Grupos necesarios para cumplir el Objetivo básico."; ``very_long``, the
    "partida muy larga" scored on points (ruling 29); ``secret_goals``, "Objetivos secretos"
    (ruling 28); ``hidden_illuminati``, "ILLUMINATI OCULTOS", ``face_down`` or with its
    alternative rule ``exaggerating`` (ruling 32). Seven and eight players need no option:
    their incomes are the rule (ruling 30).
    """

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        return IlluminatiState.deal(players, seed, options)

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """The UFOs, or with secret goals or hidden Illuminati every seat, choose a goal (one
        action each); a face-down seat claims and turns up at most ``CLAIM_STEPS`` times. The game
        stops after ``round_limit * players`` turns (ruling 12). A turn has at most
        ``ACTIONS_PER_TURN`` attacks and ``MAX_CANCELLED`` cancelled ones, each of at most
        ``ATTACK_STEPS`` decisions, a first spending round of ``players`` answers and the
        transfer after a capture; four transfers and two moves of two decisions each; two
        redistributions (the Gnomes', White Collar Crime) of one two-step transfer per card
        and an end; one drop
        per group; one gift per special card; one gift of money per MB held; the Recyclers' draw;
        the Lasers' change; and the end. Every
        raise burns at least 1 MB and is followed by at most ``players`` answers. The MB ever
        in play are at most the Illuminati's first income plus, per turn, every printed income,
        the largest Illuminati income and the 5 MB of a turn passed. Each attack's dice are
        answered by at most ``players`` passes, as is the start of a turn, and a bribe takes
        two decisions; a special is played once in a game (discarded for good), each play
        reopening a round of at most ``players`` answers."""
        turns = options["round_limit"] * players
        attacks = (ACTIONS_PER_TURN + MAX_CANCELLED) * (ATTACK_STEPS + players + 1)
        transfers = 2 * (FREE_TRANSFERS + ACTIONS_PER_TURN) + 2 * ACTIONS_PER_TURN
        redistributions = 2 * (2 * len(CONTROLLABLE) + 1)
        per_turn = attacks + transfers + redistributions + len(GROUPS) + len(SPECIAL_CARDS) + 3
        extra = EXTRA_INCOME_BY_PLAYERS.get(players, 0)
        income = sum(max(0, INCOME[c]) for c in CONTROLLABLE) + extra + PASS_INCOME
        money = players * (max(INCOME[:8]) + extra) + turns * income
        rolls = ACTIONS_PER_TURN * players + 2 + players
        specials_played = len(SPECIAL_CARDS) * (players + 2)
        claims = players * CLAIM_STEPS
        return players + turns * (per_turn + rolls + money) + money * (players + 1) + specials_played + claims

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Cards by face; money 1..``MAX_SPEND`` MB a raise; arrows by printed side."""
        faces = tuple(FACE[c] for c in CONTROLLABLE)
        cards = Param("card", faces)
        mb = Param("mb", range(1, MAX_SPEND + 1))
        return (
            ActionSpec("attack", Param("mode", MODES), Param("target_card", GROUP_FACES)),
            ActionSpec("attacker", cards),
            ActionSpec("aid", cards),
            ActionSpec("announce", Param("privilege", ("open", "bavarian", *SPECIAL_FACES))),
            ActionSpec("spend", Param("source", ("group", "illuminati")), mb),
            ActionSpec("interfere", Param("side", ("for", "against")), mb),
            ActionSpec("pass"),
            ActionSpec("cancel"),
            ActionSpec("place", Param("arrow", SIDES)),
            ActionSpec("transfer", Param("from_card", faces), Param("to_card", faces)),
            ActionSpec("amount", Param("mb", (*range(MAX_SPEND + 1), "all"))),
            ActionSpec("move", Param("card", GROUP_FACES), Param("master_card", faces)),
            ActionSpec("drop", Param("card", GROUP_FACES)),
            ActionSpec("give_money", Param("to_seat", range(players)), mb),
            ActionSpec("give_special", Param("to_seat", range(players)), Param("card", SPECIAL_FACES)),
            ActionSpec("special", Param("card", specials.PLAIN)),
            ActionSpec("special_on", Param("card", specials.ON_CARD), Param("target_card", faces)),
            ActionSpec("unprivilege", Param("card", SPECIAL_FACES), Param("second_card", SPECIAL_FACES)),
            ActionSpec("bribe", Param("target_card", GROUP_FACES), Param("master_card", faces)),
            ActionSpec("recycle"),
            ActionSpec(
                "lasers",
                Param("target_card", GROUP_FACES),
                Param("operation", lasers.OPERATIONS),
                Param("alignment", ALIGNMENTS),
            ),
            ActionSpec("espionage", Param("target_seat", range(players))),
            ActionSpec("goal", Param("card", tuple(f for f in ILLUMINATI_FACES if f != "ufos"))),
            ActionSpec("accuse", Param("target_seat", range(players)), Param("card", ILLUMINATI_FACES)),
            ActionSpec("claim", Param("claim", concealment.CLAIMS), Param("amount", range(CLAIM_LIMIT + 1))),
            ActionSpec("reveal"),
            ActionSpec("end"),
        )

    def test_variants(self) -> list[dict[str, Any]]:
        return [
            {},
            {"goal_extra": 4},
            {"very_long": True},
            {"secret_goals": True},
            {"hidden_illuminati": concealment.FACE_DOWN},
            {"hidden_illuminati": concealment.EXAGGERATING, "secret_goals": True},
        ]

    def data_status(self) -> list[dict[str, str]]:
        return data_status()


GAME = Illuminati()
