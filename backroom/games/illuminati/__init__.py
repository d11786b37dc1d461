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

Registered: terminal board (``terminal.py``), research observation (``observation.py``), the
``heuristic`` bot (``bot.py``), the estimate that search cuts playouts with (``estimate.py``), golden
playthroughs.
"""

from __future__ import annotations

from typing import Any, ClassVar

from backroom.engine.actions import Action
from backroom.engine.events import Event
from backroom.engine.game import Game, Manifest, State
from backroom.engine.options import OptionSpec
from backroom.engine.spec import ActionSpec, Param
from backroom.engine.window import WindowRule
from backroom.games.illuminati import concealment, deals, lasers, specials
from backroom.games.illuminati.cards import (
    ACTIONS_PER_TURN,
    ALIGNMENTS,
    CONTROLLABLE,
    EXTRA_INCOME_BY_PLAYERS,
    FACE,
    FREE_TRANSFERS,
    GAME_ID,
    GIFTS_OUT_OF_TURN,
    GROUP_FACES,
    GROUPS,
    ILLUMINATI,
    ILLUMINATI_FACES,
    INCOME,
    MAX_COUNTERS,
    MAX_OFFERS,
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
    data_sources,
    data_status,
)
from backroom.games.illuminati.state import IlluminatiState

CLAIM_LIMIT = max(max(POWER[c] + 1, INCOME[c]) for c in ILLUMINATI) + 1
"""The highest claim of a face-down Illuminati: income or Power (+1 with secret goals), +1
exaggerating (ruling 38)."""
CLAIM_STEPS = 2 * CLAIM_LIMIT + 1
"""A face-down seat's claims, which only rise, and its turning up, in a whole game."""
ATTACK_STEPS = 4 + len(CONTROLLABLE)
"""An attack's own decisions: the target, the attacker, at most one aid per card, the
announcement and the placement (or the cancel)."""


class Illuminati(Game):
    id = GAME_ID
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 7
    state_class: ClassVar[type[State]] = IlluminatiState
    windows = (
        WindowRule("spending", "illuminati.window.spending.order", "all_answered"),
        WindowRule("deal", "illuminati.window.deal.order", "all_answered", passes=("decline",)),
        WindowRule("offer", "illuminati.window.offer.order", "all_answered", passes=("withdraw",)),
        WindowRule("secrets", "illuminati.window.secrets.order", "all_answered"),
    )
    manifest = Manifest(
        package="backroom.games.illuminati",
        bots={"heuristic": "backroom.games.illuminati.bot:HeuristicBot"},
        terminal="backroom.games.illuminati.terminal:render",
        observation="backroom.games.illuminati.observation:ENCODER",
        evaluate="backroom.games.illuminati.estimate:evaluate",
        search="playout=heuristic:horizon=0:margin=1:c=0.1:iterations=500",
    )
    options = (
        OptionSpec("round_limit", TURN_LIMIT, low=5, high=500),
        OptionSpec("goal_extra", 0, low=0, high=20),
        OptionSpec("leaving", 0, low=0, high=1),
        OptionSpec("very_long", False),
        OptionSpec("secret_goals", False),
        OptionSpec("hidden_illuminati", concealment.OFF, choices=concealment.MODES),
    )
    """``round_limit``: ruling 12, the safety bound on a game's length. ``leaving``: 1 offers
    ``leave`` ("Dejar la partida", ruling 31) to the player on turn, for tables where a player
    may go; off by default, so that bots and random play do not walk out of games. The advanced
    rules ("Reglas avanzadas"), each on its own or combined: ``goal_extra``, "Para que sea más
    larga aumenta el número de Grupos necesarios para cumplir el Objetivo básico.";
    ``very_long``, the "partida muy larga" scored on points; ``secret_goals``, "Objetivos
    secretos"; ``hidden_illuminati``, "ILLUMINATI OCULTOS", ``face_down`` or with its alternative
    rule ``exaggerating`` (the rulings' advanced section). Seven and eight players need no
    option: their incomes are the rule.
    """

    def setup(self, players: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        state, events = IlluminatiState.deal(players, seed, options)
        state.leaving = bool(options["leaving"])
        return state, events

    def max_actions(self, players: int, options: dict[str, Any]) -> int:
        """The UFOs, or with secret goals or hidden Illuminati every seat, choose a goal (one action each); a
        face-down seat claims and turns up at most ``CLAIM_STEPS`` times. The game stops after ``round_limit *
        players`` turns (ruling 12). A turn has at most ``ACTIONS_PER_TURN`` attacks made, each of at most
        ``ATTACK_STEPS`` decisions, a first spending round of ``players`` answers; transfers: the two free
        ones, one per action, one after each capture and, in the two redistributions (the Gnomes' or the
        Bermuda Triangle's power, White Collar Crime), fewer than the cards (ruling 22), each of two decisions
        and one ``more`` per ``MAX_SPEND`` MB in play (ruling 28); two moves of two decisions; the Bermuda
        Triangle's lays, two decisions a group, and two ends of a redistribution; one drop per group; one gift
        per special card; the Recyclers' draw; the Lasers' change; an accusation per action; and the end.
        Every raise or gift of money burns or moves at least 1 MB and is followed by at most ``players``
        answers. The MB ever in play are at most the Illuminati's first income plus, per turn, every printed
        income, the largest Illuminati income and the 5 MB of a turn passed. Each attack's dice are answered
        by at most ``players`` passes, as is the start of a turn, and a bribe takes two decisions; a special
        is played once in a game (discarded for good), each play asked about by at most ``players`` seats
        (Secrets Man Was Not Meant to Know, then perhaps a replacement) and reopening a round of at most
        ``players`` answers. Each of a turn's ``MAX_OFFERS`` offers, and of each seat's
        ``GIFTS_OUT_OF_TURN`` offers in windows, takes its opening, one step per group and per special each
        way, one per MB each way, the proposal, the answer, and a lay or a loss per group, and as much again
        for each of its ``MAX_COUNTERS`` counter-offers; each build takes out, before adding, at most what
        an offer holds, so it is at most twice that long. What an offer brings may be given again on the
        turn (each special and MB once more). Each seat gives ``GIFTS_OUT_OF_TURN`` times a turn out of its
        actions, each such gift letting the player on turn give once more. A seat leaves once. Each group
        laid (captured, moved, received) asks at most one arrow per puppet. That makes ``bound``, without
        cancelled attacks. Ruling 7: between two other decisions (at most ``bound``) each attack (mode,
        target, attacking group) is cancelled at most once, after at most ``ATTACK_STEPS`` decisions."""
        turns = options["round_limit"] * players
        extra = EXTRA_INCOME_BY_PLAYERS.get(players, 0)
        income = sum(max(0, INCOME[c]) for c in CONTROLLABLE) + extra + PASS_INCOME
        money = players * (max(INCOME[:8]) + extra) + turns * income
        attacks = ACTIONS_PER_TURN * (ATTACK_STEPS + players + 1)
        transfers = (FREE_TRANSFERS + 2 * ACTIONS_PER_TURN + 2 * len(CONTROLLABLE)) * (2 + money // MAX_SPEND)
        moves = 2 * ACTIONS_PER_TURN + 2 * len(GROUPS) + 2
        per_turn = attacks + transfers + moves + len(GROUPS) + len(SPECIAL_CARDS) + 3 + ACTIONS_PER_TURN
        offer = 4 + 2 * ACTIONS_PER_TURN + 2 * len(SPECIAL_CARDS) + len(GROUPS) + 2 * money
        lays = 2 * ACTIONS_PER_TURN + len(CONTROLLABLE) + ACTIONS_PER_TURN * MAX_OFFERS
        settles = lays * len(GROUPS)
        negotiations = MAX_OFFERS + players * GIFTS_OUT_OF_TURN
        negotiation = 2 * offer * (1 + MAX_COUNTERS) + len(SPECIAL_CARDS) + money
        deals_per_turn = settles + negotiations * negotiation + 2 * players * GIFTS_OUT_OF_TURN
        rolls = ACTIONS_PER_TURN * players + 2 + players
        specials_played = len(SPECIAL_CARDS) * (2 * players + 4)
        bound = (
            1
            + turns * (per_turn + rolls + money + deals_per_turn)
            + money * (players + 1)
            + specials_played
            + 2 * players
            + players * CLAIM_STEPS
        )
        cancellable = len(MODES) * len(GROUPS) * len(CONTROLLABLE)
        return bound + (bound + 1) * cancellable * ATTACK_STEPS

    def action_specs(self, players: int, options: dict[str, Any]) -> tuple[ActionSpec, ...]:
        """Cards by face; money 1..``MAX_SPEND`` MB a raise, a transfer's amount in parts of
        up to ``MAX_SPEND`` MB (ruling 28); arrows by printed side."""
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
            ActionSpec("more"),
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
            ActionSpec("offer", Param("to_seat", range(players))),
            ActionSpec("offer_give", Param("card", GROUP_FACES + SPECIAL_FACES)),
            ActionSpec("offer_take", Param("card", GROUP_FACES + SPECIAL_FACES)),
            ActionSpec("offer_money", Param("side", deals.MONEY_SIDES), mb),
            ActionSpec(
                "offer_remove", Param("side", deals.MONEY_SIDES), Param("card", GROUP_FACES + SPECIAL_FACES)
            ),
            ActionSpec("offer_remove_mb", Param("side", deals.MONEY_SIDES), mb),
            ActionSpec("propose"),
            ActionSpec("withdraw"),
            ActionSpec("accept"),
            ActionSpec("decline"),
            ActionSpec("counter"),
            ActionSpec("receive", Param("master_card", faces), Param("arrow", SIDES)),
            ActionSpec("lose", Param("card", GROUP_FACES)),
            ActionSpec("leave"),
            ActionSpec("replace", Param("card", SPECIAL_FACES)),
            ActionSpec("settle", Param("arrow", SIDES)),
            ActionSpec("accuse", Param("target_seat", range(players)), Param("card", ILLUMINATI_FACES)),
            ActionSpec("claim", Param("claim", concealment.CLAIMS), Param("amount", range(CLAIM_LIMIT + 1))),
            ActionSpec("reveal"),
            ActionSpec("end"),
        )

    def test_variants(self) -> list[dict[str, Any]]:
        """Every option at least once, combined where they touch different rules: each variant
        is a whole run of the conformance suite and the research adapters' checks."""
        return [
            {},
            {"very_long": True},
            {"hidden_illuminati": concealment.FACE_DOWN, "leaving": 1},
            {"hidden_illuminati": concealment.EXAGGERATING, "secret_goals": True, "goal_extra": 4},
        ]

    def data_status(self) -> list[dict[str, Any]]:
        return data_status()

    def data_sources(self) -> dict[str, dict[str, Any]]:
        return data_sources()

    def window_pass(self, state: State, seat: int, passes: frozenset[Action]) -> Action | None:
        """An offer the player on turn builds in its action phase is its turn (ruling 29), though
        ``withdraw`` is a window's pass elsewhere: its move timer runs, its bot answers."""
        if isinstance(state, IlluminatiState) and deals.building_on_turn(state):
            return None
        return super().window_pass(state, seat, passes)


GAME = Illuminati()
